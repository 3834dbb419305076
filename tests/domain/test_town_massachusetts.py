"""The Massachusetts default (MGL c.131 §40, 310 CMR 10.00): hand-worked cases."""

from __future__ import annotations

import pytest

from tests.helpers.town_cases import Case, case_id, check

CASES = [
    # Received Thu 11/5/2026 + 21 = Thanksgiving -> Fri 11/27 (310 CMR 10.05(5)(a), 10.05(1)).
    Case("noi", {"received": "2026-11-05"}, "hearing_by", "2026-11-27", "310 CMR 10.05(5)(a)"),
    # Issued Fri 11/19/2027 + 10 business days, skipping Thanksgiving 11/25 -> Mon 12/6.
    Case("noi", {"received": "2027-09-01", "closed": "2027-11-01", "issued": "2027-11-19"},
         "appeal_ends", "2027-12-06", "310 CMR 10.05(7)(c): ten business days"),
    # Order issued Tue 2/29/2028 -> 2/28/2031; 30 days before -> Wed 1/29/2031.
    Case("noi", {"received": "2028-01-10", "closed": "2028-02-10", "issued": "2028-02-29"},
         "extension_request_by", "2031-01-29", "310 CMR 10.05(8)(a)"),
    # Emergency certification Thu 6/4/2026 + 30 = Sat 7/4 -> Mon 7/6.
    Case("emergency", {"issued": "2026-06-04"}, "emergency_work_complete_by", "2026-07-06",
         "310 CMR 10.06(3)"),
    # Hearing Mon 1/4/2027 -> notice by Thu 12/24/2026 (five business days).
    Case("noi", {"received": "2026-12-16", "hearing": "2027-01-04"}, "legal_notice_by",
         "2026-12-24", "310 CMR 10.05(5)(b)"),
]


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_massachusetts_default_deadline(case: Case) -> None:
    check("massachusetts", case)
