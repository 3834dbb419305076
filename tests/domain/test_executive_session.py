"""The motion to go into executive session: one of MGL c.30A §21(a)'s ten purposes,
the chair's statement, the declaration purposes 3 and 6 need, and whether the
commission comes back (§21(b))."""

from __future__ import annotations

import pytest

from concom_desk.domain.executive_session import PURPOSES, entry_motion, purpose
from concom_desk.errors import UserError


def test_the_ten_purposes_of_section_21a_each_with_its_citation() -> None:
    assert [p.citation for p in PURPOSES] == [f"MGL c.30A §21(a)({n})" for n in range(1, 11)]
    # §21(a)(3) and (6) need the chair's declaration of a detrimental effect; no other does.
    assert [p.number for p in PURPOSES if p.declaration] == [3, 6]


def test_the_motion_names_purpose_statement_declaration_and_return() -> None:
    assert entry_motion(6, "  the purchase of the Maple Avenue parcel,\n Map 12 Lot 4 ",
                        reconvene=True) == (
        "To enter executive session under MGL c.30A §21(a)(6), to consider the purchase, "
        "exchange, lease or value of real property: the purchase of the Maple Avenue parcel, "
        "Map 12 Lot 4; the chair declared that an open meeting may have a detrimental effect "
        "on the negotiating position of the commission; and to reconvene in open session")
    assert entry_motion(5, "a complaint about the Pond Road filling", reconvene=False).endswith(
        "criminal complaints: a complaint about the Pond Road filling; and not to reconvene in "
        "open session")


def test_no_motion_without_the_chairs_statement_or_with_a_purpose_not_in_the_law() -> None:
    with pytest.raises(UserError, match="write the chair's statement of the subject"):
        entry_motion(3, "   ", reconvene=True)
    with pytest.raises(UserError, match="there is no purpose 11"):
        purpose(11)
