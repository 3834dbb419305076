"""Shutesbury (Wetlands Protection Bylaw §§ 1-14): hand-worked deadlines.

Expected dates counted by hand from the section cited and the default time rule
of DOMAIN.md (the bylaw has no time-computation rule of its own).
"""

from __future__ import annotations

import pytest

from tests.helpers.town_cases import Case, case_id, check

AT_FILING = "§ 5: notice to abutters at the same time as filing"
BOARDS = "§ 6: boards have 14 days from receipt of notice"
HEARING = "§ 5: commence the hearing within 21 days of receipt"
NOTICE = "§ 5: notice five working days prior to the hearing"
DECISION = "§ 5: permit or determination within 21 days of the close"
EXPIRES = "§ 7: three years; five for maintenance"
RENEWAL = "§ 7: renewal request received prior to expiration"
EMERGENCY = "§ 3b: notice within 24 hours; application within 21 days of commencement"

CASES = [
    Case("rda", {"received": "2026-06-12"}, "abutter_notice_by", "2026-06-12", AT_FILING),
    Case("noi", {"received": "2026-06-12"}, "abutter_notice_by", "2026-06-12", AT_FILING),
    Case("rda", {"received": "2026-06-12"}, "board_notice_by", "2026-06-12",
         "§ 6: copy to five boards at the same time"),
    # Boards notified Thu 11/12/2026 + 14 = Thu 11/26, Thanksgiving -> Fri 11/27.
    Case("noi", {"received": "2026-11-12", "boards_notified": "2026-11-12"},
         "board_comment_period_ends", "2026-11-27", BOARDS),
    # Received Fri 12/4/2026 + 21 = Fri 12/25, Christmas -> Mon 12/28.
    Case("noi", {"received": "2026-12-04"}, "hearing_by", "2026-12-28", HEARING),
    # Hearing Tue 7/6/2027: skip Mon 7/5 (July 4 observed), Fri 7/2 (1), Thu 1 (2),
    # Wed 6/30 (3), Tue 29 (4), Mon 28 (5).
    Case("rda", {"received": "2027-06-16", "hearing": "2027-07-06"}, "legal_notice_by",
         "2027-06-28", NOTICE),
    # Closed Fri 12/11/2026 + 21 = Fri 1/1/2027 -> Mon 1/4/2027.
    Case("noi", {"received": "2026-11-02", "closed": "2026-12-11"}, "decision_by",
         "2027-01-04", DECISION),
    # Issued Wed 11/25/2026 -> Sun 11/25/2029 (not moved); received before expiry: last
    # business day before it is Fri 11/23/2029, the day after Thanksgiving.
    Case("noi", {"received": "2026-10-01", "closed": "2026-11-10", "issued": "2026-11-25"},
         "expires", "2029-11-25", EXPIRES),
    Case("noi", {"received": "2026-10-01", "closed": "2026-11-10", "issued": "2026-11-25"},
         "extension_request_by", "2029-11-23", RENEWAL),
    # Maintenance permit issued Mon 1/4/2027 -> Sun 1/4/2032, not moved.
    Case("noi", {"received": "2026-11-02", "closed": "2026-12-11", "issued": "2027-01-04"},
         "expires", "2032-01-04", EXPIRES, ("maintenance",)),
    # Renewal of a permit expiring Mon 1/4/2027: before it, skipping Fri 1/1 and the weekend
    # -> Thu 12/31/2026. Renewed one year -> 1/4/2028.
    Case("extension", {"expiry": "2027-01-04"}, "extension_request_by", "2026-12-31", RENEWAL),
    Case("extension", {"expiry": "2027-01-04"}, "expires", "2028-01-04", RENEWAL),
    # Commenced on Thanksgiving Thu 11/26/2026: notice within 24 hours -> 11/27;
    # application 21 days from commencement -> Thu 12/17.
    Case("emergency", {"commenced": "2026-11-26"}, "emergency_notice_by", "2026-11-27",
         EMERGENCY),
    Case("emergency", {"commenced": "2026-11-26"}, "emergency_filing_by", "2026-12-17",
         EMERGENCY),
    # Commenced Mon 6/14/2027 + 21 = Mon 7/5 (July 4 observed) -> Tue 7/6.
    Case("emergency", {"commenced": "2027-06-14"}, "emergency_filing_by", "2027-07-06",
         EMERGENCY),
    # No appeal section in the bylaw: certiorari, MGL c.249 §4, 60 days from the vote
    # (Carney v. Framingham); no vote date: from issuance Wed 11-25 + 60 = Sun 2027-01-24
    # -> Mon 2027-01-25 (the program's reading, said in the label).
    Case("noi", {"received": "2026-10-01", "closed": "2026-11-10", "issued": "2026-11-25"},
         "appeal_ends", "2027-01-25", "MGL c.249 §4"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_shutesbury_deadline(case: Case) -> None:
    check("shutesbury", case)
