"""Nantucket (Code ch. 136): hand-worked deadlines.

Every expected date below was counted on a paper calendar from the bylaw
paragraph cited and the time rule of DOMAIN.md (periods of 10 days or less in
business days; longer periods in calendar days, a last day on a weekend or
legal holiday moved to the next business day; "not less than N days before"
counted back and moved earlier; expiry dates never moved).
"""

from __future__ import annotations

import pytest

from tests.helpers.town_cases import Case, case_id, check

HEARING = "ch. 136 hearing ¶: hearing within 21 days of receipt"
RDA = "ch. 136 RDA ¶: determination within 21 days of receipt"
NOTICE = "ch. 136: notice not less than five days prior (5 days <= 10: business days)"
ABUTTERS = "ch. 136: abutters at least five days prior, certified mail RRR"
DECISION = "ch. 136 'Permit and conditions': within 21 days of the hearing"
APPEAL = "ch. 136: Superior Court not more than 20 days after issuance"
EXPIRES = "ch. 136 'Permit and conditions': expire three years from issuance"
RENEW = "ch. 136: unless renewed prior to expiration (last business day before)"
COC = "ch. 136: apply for COC within 21 days of occupancy permit"
EMERGENCY = "ch. 136 emergency: work completed within 30 days of issue"
EMERGENCY_FILING = "ch. 136 emergency: NOI/RDA within 21 days of commencement"

CASES = [
    # Received Mon 3/30/2026 + 21 = Mon 4/20, Patriots' Day -> Tue 4/21.
    Case("noi", {"received": "2026-03-30"}, "hearing_by", "2026-04-21", HEARING),
    # Hearing Tue 4/21: back over Mon 4/20 (Patriots' Day), Fri 17, Thu 16, Wed 15, Tue 14,
    # Mon 13 -> 4/13 (five business days).
    Case("noi", {"received": "2026-03-30", "hearing": "2026-04-21"}, "legal_notice_by",
         "2026-04-13", NOTICE),
    Case("noi", {"received": "2026-03-30", "hearing": "2026-04-21"}, "abutter_notice_by",
         "2026-04-13", ABUTTERS),
    # No hearing booked: counted back from the last lawful day, 4/21 -> 4/13.
    Case("noi", {"received": "2026-03-30"}, "legal_notice_by", "2026-04-13", NOTICE),
    # RDA received Fri 5/29/2026 + 21 = Fri 6/19, Juneteenth -> Mon 6/22.
    Case("rda", {"received": "2026-05-29"}, "decision_by", "2026-06-22", RDA),
    Case("rda", {"received": "2026-05-29"}, "hearing_by", "2026-06-22", RDA),
    # RDA meeting Mon 1/4/2027: skip Fri 1/1, Thu 12/31, Wed 30, Tue 29, Mon 28, skip Fri 12/25,
    # Thu 12/24 -> 12/24/2026.
    Case("rda", {"received": "2026-12-14", "hearing": "2027-01-04"}, "legal_notice_by",
         "2026-12-24", NOTICE),
    Case("rda", {"received": "2026-12-14", "hearing": "2027-01-04"}, "abutter_notice_by",
         "2026-12-24", ABUTTERS),
    # Received Mon 12/14/2026 + 21 = Mon 1/4/2027, a business day.
    Case("rda", {"received": "2026-12-14"}, "decision_by", "2027-01-04", RDA),
    # Hearing Thu 7/9/2026, back 5 business days: Wed 8, Tue 7, Mon 6, Fri 7/3 (July 4 is a
    # Saturday and is not moved, so Fri 7/3 is a business day), Thu 7/2 -> 7/2.
    Case("noi", {"received": "2026-06-19", "hearing": "2026-07-09"}, "legal_notice_by",
         "2026-07-02", NOTICE),
    # Closed Fri 6/12/2026 + 21 = Fri 7/3: a business day (Saturday holiday not moved).
    Case("noi", {"received": "2026-05-22", "closed": "2026-06-12"}, "decision_by",
         "2026-07-03", DECISION),
    # Received Mon 6/14/2027 + 21 = Mon 7/5, July 4 (Sunday) observed -> Tue 7/6.
    Case("noi", {"received": "2027-06-14"}, "hearing_by", "2027-07-06", HEARING),
    # Back from Tue 7/6/2027: skip Mon 7/5, weekend, Fri 2, Thu 1, Wed 6/30, Tue 29, Mon 28.
    Case("noi", {"received": "2027-06-14"}, "legal_notice_by", "2027-06-28", NOTICE),
    # Issued Fri 11/6/2026 + 20 = Thu 11/26, Thanksgiving -> Fri 11/27 (a business day).
    Case("noi", {"received": "2026-09-01", "closed": "2026-10-20", "issued": "2026-11-06"},
         "appeal_ends", "2026-11-27", APPEAL),
    # Issued Tue 2/29/2028 -> expires 2/28/2031 (no Feb 29); request by Thu 2/27/2031.
    Case("noi", {"received": "2028-01-10", "closed": "2028-02-10", "issued": "2028-02-29"},
         "expires", "2031-02-28", EXPIRES),
    Case("noi", {"received": "2028-01-10", "closed": "2028-02-10", "issued": "2028-02-29"},
         "extension_request_by", "2031-02-27", RENEW),
    # Issued Wed 11/25/2026 -> expires Sun 11/25/2029, not moved; last business day before
    # it: Sat/Sun skipped, Fri 11/23/2029 (day after Thanksgiving is a business day).
    Case("noi", {"received": "2026-10-01", "closed": "2026-11-10", "issued": "2026-11-25"},
         "expires", "2029-11-25", EXPIRES),
    Case("noi", {"received": "2026-10-01", "closed": "2026-11-10", "issued": "2026-11-25"},
         "extension_request_by", "2029-11-23", RENEW),
    # Occupancy Mon 1/11/2027 + 21 = Mon 2/1 (month end crossed).
    Case("noi", {"received": "2026-03-02", "closed": "2026-04-01", "issued": "2026-04-10",
                 "occupancy": "2027-01-11"}, "coc_application_by", "2027-02-01", COC),
    # Emergency issued Thu 6/4/2026 + 30 = Sat 7/4 -> Mon 7/6 (never Fri 7/3).
    Case("emergency", {"issued": "2026-06-04"}, "emergency_work_complete_by", "2026-07-06",
         EMERGENCY),
    # Commenced Tue 2/10/2026 + 21 = Tue 3/3 (February has 28 days in 2026).
    Case("emergency", {"commenced": "2026-02-10"}, "emergency_filing_by", "2026-03-03",
         EMERGENCY_FILING),
    # Extension: permit expiring Fri 7/20/2029 -> ask by Thu 7/19; one year -> 7/20/2030.
    Case("extension", {"expiry": "2029-07-20"}, "extension_request_by", "2029-07-19", RENEW),
    Case("extension", {"expiry": "2029-07-20"}, "expires", "2030-07-20",
         "ch. 136: three one-year extensions"),
    # The bylaw sets no appeal period for determinations and no clock for ANRADs.
    Case("rda", {"received": "2026-05-29", "issued": "2026-06-10"}, "appeal_ends", None,
         "ch. 136 appeal paragraph names permits only"),
    Case("anrad", {"received": "2026-05-29"}, "hearing_by", None,
         "ch. 136 has no ANRAD procedure"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_nantucket_deadline(case: Case) -> None:
    check("nantucket", case)
