"""Upton (ch. 330 wetlands regulations): hand-worked deadlines.

Expected dates counted by hand from the paragraph cited and Upton's own time
rule (ch. 330 "time periods", the same as the state's default, docs/towns.md).
"""

from __future__ import annotations

import pytest

from tests.helpers.town_cases import Case, case_id, check

ABUTTERS = "§ 330-10B: notice to abutters within 300 ft at the same time as filing"
ANRAD_ABUTTERS = "RDA/ANRAD ¶B: ANRAD abutter notice at filing; none for an RDA"
BOARDS = "§ 330-10C: boards have 14 days from receipt of the notice"
HEARING = "§ 330-10D / RDA ¶C: hearing within 21 days after receipt"
NOTICE = "§ 330-10D: not less than five business days prior"
ABSENT = "§ 330-10E: notify at least two business days before the continued hearing"
DECISION = "§ 330-10E / RDA ¶D: decision within 21 days of the close"
APPEAL = "appeals: within 21 days of the date of issuance of the decision"
EXPIRES = "permit decisions ¶D: three years; five for maintenance"
EXTENSION = "extensions ¶A: request at least 30 days prior to expiration"
COC = "certificates of compliance ¶C, ¶E: within 21 days of receipt"

CASES = [
    Case("noi", {"received": "2026-06-12"}, "abutter_notice_by", "2026-06-12", ABUTTERS),
    Case("anrad", {"received": "2026-06-12"}, "abutter_notice_by", "2026-06-12",
         ANRAD_ABUTTERS),
    Case("rda", {"received": "2026-06-12"}, "abutter_notice_by", None, ANRAD_ABUTTERS),
    # Boards notified Mon 6/15/2026 + 14 = Mon 6/29.
    Case("noi", {"received": "2026-06-12", "boards_notified": "2026-06-15"},
         "board_comment_period_ends", "2026-06-29", BOARDS),
    # No date of notice recorded: counted from receipt (the digital notice goes "upon
    # receipt"): Fri 6/12 + 14 = Fri 6/26.
    Case("noi", {"received": "2026-06-12"}, "board_comment_period_ends", "2026-06-26", BOARDS),
    # Boards notified Fri 6/5/2026 + 14 = Fri 6/19, Juneteenth -> Mon 6/22.
    Case("noi", {"received": "2026-06-04", "boards_notified": "2026-06-05"},
         "board_comment_period_ends", "2026-06-22", BOARDS),
    # Received Thu 11/5/2026 + 21 = Thu 11/26, Thanksgiving -> Fri 11/27.
    Case("noi", {"received": "2026-11-05"}, "hearing_by", "2026-11-27", HEARING),
    # RDA received Mon 3/30/2026 + 21 = Mon 4/20, Patriots' Day -> Tue 4/21.
    Case("rda", {"received": "2026-03-30"}, "hearing_by", "2026-04-21", HEARING),
    # Hearing Mon 1/4/2027, five business days back -> Thu 12/24/2026 (DOMAIN.md example).
    Case("noi", {"received": "2026-12-16", "hearing": "2027-01-04"}, "legal_notice_by",
         "2026-12-24", NOTICE),
    Case("anrad", {"received": "2026-12-16", "hearing": "2027-01-04"}, "legal_notice_by",
         "2026-12-24", NOTICE),
    # Continued hearing Tue 4/21/2026: skip Mon 4/20 (Patriots' Day), Fri 4/17 (1), Thu 4/16 (2).
    Case("noi", {"received": "2026-03-20", "hearing": "2026-04-07", "continued": "2026-04-21"},
         "absence_notice_by", "2026-04-16", ABSENT),
    # Closed Mon 6/14/2027 + 21 = Mon 7/5, July 4 (Sunday) observed -> Tue 7/6.
    Case("noi", {"received": "2027-05-20", "closed": "2027-06-14"}, "decision_by",
         "2027-07-06", DECISION),
    # RDA closed Wed 4/22/2026 + 21 = Wed 5/13.
    Case("rda", {"received": "2026-03-30", "closed": "2026-04-22"}, "decision_by",
         "2026-05-13", DECISION),
    # Issued Fri 12/4/2026 + 21 = Fri 12/25, Christmas -> Mon 12/28.
    Case("noi", {"received": "2026-10-01", "closed": "2026-11-20", "issued": "2026-12-04"},
         "appeal_ends", "2026-12-28", APPEAL),
    # Issued Fri 12/11/2026 + 21 = Fri 1/1/2027, New Year's Day -> Mon 1/4/2027.
    Case("rda", {"received": "2026-10-01", "closed": "2026-11-20", "issued": "2026-12-11"},
         "appeal_ends", "2027-01-04", APPEAL),
    # COC issued Thu 11/5/2026 + 21 -> Thanksgiving -> Fri 11/27.
    Case("coc", {"received": "2026-10-20", "issued": "2026-11-05"}, "appeal_ends",
         "2026-11-27", APPEAL),
    # Issued Tue 2/29/2028 -> 2/28/2031 (Fri); 30 days before = Wed 1/29/2031.
    Case("noi", {"received": "2028-01-10", "closed": "2028-02-10", "issued": "2028-02-29"},
         "expires", "2031-02-28", EXPIRES),
    Case("noi", {"received": "2028-01-10", "closed": "2028-02-10", "issued": "2028-02-29"},
         "extension_request_by", "2031-01-29", EXTENSION),
    # Maintenance: 2/29/2028 + 5 y = Mon 2/28/2033; 30 days before = Sat 1/29/2033, moved
    # earlier to Fri 1/28/2033.
    Case("noi", {"received": "2028-01-10", "closed": "2028-02-10", "issued": "2028-02-29"},
         "expires", "2033-02-28", EXPIRES, ("maintenance",)),
    Case("noi", {"received": "2028-01-10", "closed": "2028-02-10", "issued": "2028-02-29"},
         "extension_request_by", "2033-01-28", EXTENSION, ("maintenance",)),
    # RDA determination: 5/15/2026 -> 5/15/2029.
    Case("rda", {"received": "2026-03-30", "closed": "2026-04-22", "issued": "2026-05-15"},
         "expires", "2029-05-15", "RDA ¶D: valid for three years from issuance"),
    # Extension of a permit expiring Mon 7/19/2027: 30 days before = Sat 6/19/2027
    # (Juneteenth on a Saturday, not moved) -> earlier, Fri 6/18, a business day.
    Case("extension", {"expiry": "2027-07-19"}, "extension_request_by", "2027-06-18",
         EXTENSION),
    Case("extension", {"expiry": "2027-07-19"}, "expires", "2030-07-19",
         "extensions ¶A: once, for an additional three-year period"),
    # COC received Thu 12/3/2026 + 21 = Thu 12/24 (Christmas Eve is a business day).
    Case("coc", {"received": "2026-12-03"}, "coc_decision_by", "2026-12-24", COC),
    # No emergency procedure in the regulations.
    Case("emergency", {"issued": "2026-06-04"}, "emergency_work_complete_by", None,
         "ch. 330 has no emergency section"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_upton_deadline(case: Case) -> None:
    check("upton", case)
