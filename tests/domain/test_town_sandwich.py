"""Sandwich (Bylaws ch. 7, § 7.00): hand-worked deadlines.

Expected dates counted by hand from the section cited and the default time rule
of DOMAIN.md (the bylaw has no time-computation rule of its own).
"""

from __future__ import annotations

import pytest

from tests.helpers.town_cases import Case, case_id, check

HEARING = "§ 7.25 Part 3: commence the hearing within 21 days of receipt"
NOTICE = "§ 7.25 Part 2: published at least five working days prior"
DECISION = "§ 7.35 Part 1: within 21 days of the close of the hearing"
APPEAL = "§ 7.75: within sixty days of the date of the decision"
EXPIRES = "§ 7.35 Part 3: three years; five for maintenance"
RENEWAL = "§ 7.35 Part 3: renewal request received at least 60 days prior to expiration"
EMERGENCY_NOTICE = "§ 7.15(a): written notice within 24 hours of commencement"
EMERGENCY_FILING = "§ 7.15(e): application within 30 days of completion"

CASES = [
    # RDA received Fri 5/29/2026 + 21 = Fri 6/19, Juneteenth -> Mon 6/22.
    Case("rda", {"received": "2026-05-29"}, "hearing_by", "2026-06-22", HEARING),
    # NOI received Wed 10/21/2026 + 21 = Wed 11/11, Veterans Day -> Thu 11/12.
    Case("noi", {"received": "2026-10-21"}, "hearing_by", "2026-11-12", HEARING),
    # Hearing Mon 11/30/2026, five working days back: Fri 11/27 (1; the day after
    # Thanksgiving is a business day), skip Thu 11/26, Wed 25 (2), Tue 24 (3), Mon 23 (4),
    # Fri 20 (5) -> 11/20.
    Case("noi", {"received": "2026-11-10", "hearing": "2026-11-30"}, "legal_notice_by",
         "2026-11-20", NOTICE),
    # "Any person filing ... shall give notice thereof": on filing. The manner is left to
    # the commission's regulations (not in the bylaw); the day is the filing's.
    Case("noi", {"received": "2026-11-10"}, "abutter_notice_by", "2026-11-10",
         "§ 7.25 Part 1: 'Any person filing an application ... shall give notice thereof'"),
    Case("rda", {"received": "2026-11-10"}, "abutter_notice_by", "2026-11-10",
         "§ 7.25 Part 1: '... or a request for determination ... shall give notice'"),
    Case("noi", {"received": "2026-11-10"}, "board_notice_by", "2026-11-10",
         "§ 7.30 Part 1: notice to Town agencies at the same time; affidavit at filing"),
    # RDA closed Thu 6/11/2026 + 21 = Thu 7/2.
    Case("rda", {"received": "2026-05-29", "closed": "2026-06-11"}, "decision_by",
         "2026-07-02", DECISION),
    # Decided Tue 9/1/2026 + 60 = Sat 10/31 -> Mon 11/2.
    Case("noi", {"received": "2026-07-20", "closed": "2026-08-20", "decided": "2026-09-01",
                 "issued": "2026-09-04"}, "appeal_ends", "2026-11-02", APPEAL),
    # Only the issue date known (Fri 9/4/2026): + 60 = Tue 11/3.
    Case("noi", {"received": "2026-07-20", "closed": "2026-08-20", "issued": "2026-09-04"},
         "appeal_ends", "2026-11-03", APPEAL),
    # Issued Fri 7/24/2026 -> expires Tue 7/24/2029; 60 days before: 24 days to 6/30,
    # 30 to 5/31, 6 more -> Fri 5/25/2029 (Memorial Day is 5/28).
    Case("noi", {"received": "2026-05-01", "closed": "2026-07-01", "issued": "2026-07-24"},
         "expires", "2029-07-24", EXPIRES),
    Case("noi", {"received": "2026-05-01", "closed": "2026-07-01", "issued": "2026-07-24"},
         "extension_request_by", "2029-05-25", RENEWAL),
    # Maintenance permit issued Mon 7/20/2026 -> Sun 7/20/2031, never moved; 60 days
    # before: 20 days to 6/30, 30 to 5/31, 10 more -> Wed 5/21/2031.
    Case("noi", {"received": "2026-05-01", "closed": "2026-07-01", "issued": "2026-07-20"},
         "expires", "2031-07-20", EXPIRES, ("maintenance",)),
    Case("noi", {"received": "2026-05-01", "closed": "2026-07-01", "issued": "2026-07-20"},
         "extension_request_by", "2031-05-21", RENEWAL, ("maintenance",)),
    # Determination issued Tue 2/29/2028: at most three years -> 2/28/2031.
    Case("rda", {"received": "2028-01-10", "closed": "2028-02-10", "issued": "2028-02-29"},
         "expires", "2031-02-28", "§ 7.35 Part 3: definite period not to exceed three years"),
    # Renewal of a permit expiring Mon 7/19/2027: 60 days back = Thu 5/20/2027; +1 year.
    Case("extension", {"expiry": "2027-07-19"}, "extension_request_by", "2027-05-20", RENEWAL),
    Case("extension", {"expiry": "2027-07-19"}, "expires", "2028-07-19",
         "§ 7.35 Part 3: renewed once for an additional one-year period"),
    # Work commenced Sat 7/4/2026: the 24-hour clock runs out Sun 7/5 and is never moved.
    Case("emergency", {"commenced": "2026-07-04"}, "emergency_notice_by", "2026-07-05",
         EMERGENCY_NOTICE),
    # Completed Wed 12/2/2026 + 30 = Fri 1/1/2027, New Year's Day -> Mon 1/4/2027.
    Case("emergency", {"commenced": "2026-11-20", "completed": "2026-12-02"},
         "emergency_filing_by", "2027-01-04", EMERGENCY_FILING),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_sandwich_deadline(case: Case) -> None:
    check("sandwich", case)
