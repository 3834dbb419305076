"""Bourne (BWR 1.00, 2000): hand-worked deadlines.

The scan dropped most digit 2s ("within 1 days" is within 21 days). Expected
dates counted by hand from the section cited and BWR 1.05(1) (the same rule as
DOMAIN.md's default: ten days or less in business days, from the day after).
"""

from __future__ import annotations

import pytest

from tests.helpers.town_cases import Case, case_id, check

RDA = "BWR 1.05(4)(b)1: determination within 21 days after receipt"
HEARING = "BWR 1.05(6)(a): hearing within 21 days of receipt"
RDA_ABUTTERS = "BWR 1.05(4)(a): abutters no less than five business days before the meeting"
RDA_NOTICE = "BWR 1.05(4)(b)1: notice not less than five days prior (business days, 1.05(1))"
NOI_ABUTTERS = "BWR 1.05(5)(e): abutters within 100 ft at the same time as filing"
DECISION = "BWR 1.05(7)(b): within 21 days of the close of the hearing"
LAPSE = "BWR 1.05(5)(b): NOI presumed expired one year after filing"
HEARING_REQUEST = "BWR 1.05(10)(c), (11)(g): hearing request within 10 days of the decision"
EXTENSION = "BWR 1.05(10)(a): request at least 30 days prior to expiration; three-year periods"
COC = "BWR 1.05(11)(a): decision within 21 days of receipt"

CASES = [
    # Received Mon 3/30/2026 + 21 = Mon 4/20 (Patriots' Day) -> Tue 4/21.
    Case("rda", {"received": "2026-03-30"}, "decision_by", "2026-04-21", RDA),
    Case("rda", {"received": "2026-03-30"}, "hearing_by", "2026-04-21", HEARING),
    # Meeting Mon 1/4/2027: five business days back -> Thu 12/24/2026.
    Case("rda", {"received": "2026-12-14", "hearing": "2027-01-04"}, "abutter_notice_by",
         "2026-12-24", RDA_ABUTTERS),
    Case("rda", {"received": "2026-12-14", "hearing": "2027-01-04"}, "legal_notice_by",
         "2026-12-24", RDA_NOTICE),
    # Meeting Tue 4/21/2026: skip Mon 4/20, Fri 17, Thu 16, Wed 15, Tue 14, Mon 13.
    Case("rda", {"received": "2026-04-01", "hearing": "2026-04-21"}, "abutter_notice_by",
         "2026-04-13", RDA_ABUTTERS),
    Case("noi", {"received": "2026-06-12"}, "abutter_notice_by", "2026-06-12", NOI_ABUTTERS),
    # Received Mon 6/14/2027 + 21 = Mon 7/5 (July 4 observed) -> Tue 7/6.
    Case("noi", {"received": "2027-06-14"}, "hearing_by", "2027-07-06", HEARING),
    Case("noi", {"received": "2027-06-14"}, "continuance_without_consent_by", "2027-07-06",
         "BWR 1.05(6)(c)1: without consent only within 21 days of receipt"),
    # Closed Thu 11/5/2026 + 21 = Thanksgiving -> Fri 11/27.
    Case("noi", {"received": "2026-10-15", "closed": "2026-11-05"}, "decision_by",
         "2026-11-27", DECISION),
    # Filed Tue 2/29/2028 -> presumed expired 2/28/2029; moot once the permit issued.
    Case("noi", {"received": "2028-02-29"}, "noi_presumed_expired", "2029-02-28", LAPSE),
    Case("noi", {"received": "2028-02-29", "closed": "2028-03-20", "issued": "2028-03-30"},
         "noi_presumed_expired", None, LAPSE),
    # Permit issued 3/30/2028 -> 3/30/2031; three years even for long projects (the five-year
    # term is written into the permit itself).
    Case("noi", {"received": "2028-02-29", "closed": "2028-03-20", "issued": "2028-03-30"},
         "expires", "2031-03-30", "BWR 1.05(7)(d): valid for three years"),
    # Extension decision issued Fri 11/19/2027: ten business days, skipping Thanksgiving
    # 11/25 -> Mon 12/6/2027 (DOMAIN.md example).
    Case("extension", {"received": "2027-10-01", "issued": "2027-11-19"},
         "hearing_request_by", "2027-12-06", HEARING_REQUEST),
    # COC decision issued Thu 12/17/2026: Fri 18 (1), 21-24 (2-5), skip 12/25, 28-31 (6-9),
    # skip 1/1, Mon 1/4/2027 (10).
    Case("coc", {"received": "2026-12-01", "issued": "2026-12-17"}, "hearing_request_by",
         "2027-01-04", HEARING_REQUEST),
    # COC request received Fri 5/28/2027 + 21 = Fri 6/18: a business day (Juneteenth falls on
    # Saturday 6/19/2027 and is not moved to the Friday).
    Case("coc", {"received": "2027-05-28"}, "coc_decision_by", "2027-06-18", COC),
    # Permit expiring Mon 7/19/2027: 30 days back = Sat 6/19 -> earlier, Fri 6/18.
    Case("extension", {"expiry": "2027-07-19"}, "extension_request_by", "2027-06-18",
         EXTENSION),
    Case("extension", {"expiry": "2027-07-19"}, "expires", "2030-07-19", EXTENSION),
    # Emergency issued Thu 6/4/2026 + 30 = Sat 7/4 -> Mon 7/6 (310 CMR 10.06(3) via BWR 1.06).
    Case("emergency", {"issued": "2026-06-04"}, "emergency_work_complete_by", "2026-07-06",
         "BWR 1.06(1); 310 CMR 10.06(3)"),
    # Amendment: abutters as for an NOI; newspaper notice only once a hearing is booked.
    Case("amendment", {"received": "2026-04-01"}, "abutter_notice_by", "2026-04-01",
         "BWR 1.05(8)(c): abutter notification as if filing an NOI"),
    Case("amendment", {"received": "2026-04-01", "hearing": "2026-04-21"}, "legal_notice_by",
         "2026-04-13", "BWR 1.05(8)(c): newspaper notice as for a new NOI"),
    Case("amendment", {"received": "2026-04-01"}, "legal_notice_by", None,
         "BWR 1.05(8)(c) sets no hearing deadline for an amendment"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_bourne_deadline(case: Case) -> None:
    check("bourne", case)
