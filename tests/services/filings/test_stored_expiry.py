"""The expiry stored when a filing is issued is the one the record lists: the bylaw's
term where it sets one, else, under both laws, the Act's. Worked by hand; these dates
are legal cases, not compared with today."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.services.filings.editing import store_expiry
from concom_desk.store.models import Filing


def _issued_rda(town: str, laws: str) -> Filing:
    return Filing(file_no="2026-16", kind="rda", town=town, laws=laws, status="issued",
                  received=date(2026, 10, 18), hearing=date(2026, 11, 9),
                  closed=date(2026, 11, 9), issued=date(2026, 12, 4))


@pytest.mark.parametrize(("town", "laws", "expires"), [
    # Nantucket ch. 136 sets no term for a determination; the Act's: "valid for three
    # years from issuance" (310 CMR 10.05(3)(b)(3)): 2026-12-04 + 3 years.
    ("nantucket", "both", date(2029, 12, 4)),
    ("nantucket", "act", date(2029, 12, 4)),
    # Under the bylaw alone there is no term to store.
    ("nantucket", "bylaw", None),
])
def test_an_issued_determination_stores_the_term_the_record_lists(
        town: str, laws: str, expires: date | None) -> None:
    filing = _issued_rda(town, laws)
    store_expiry(filing)
    assert filing.expires == expires
