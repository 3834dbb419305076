"""Properties that hold for any input, checked with generated data."""

from hypothesis import given
from hypothesis import strategies as st

from concom_desk.domain.abutters.notices import group_notices
from concom_desk.domain.abutters.rows import AbutterRecord
from concom_desk.domain.abutters.tidy import match_key, tidy_address, tidy_name
from concom_desk.domain.abutters.zip_codes import normalize_zip

NAME_TEXT = st.text(alphabet=st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop'&,.-/ "
                                             "0123456789ÉÑ"), max_size=40)


@given(NAME_TEXT)
def test_tidying_twice_changes_nothing_more(text: str) -> None:
    once = tidy_name(text)
    assert tidy_name(once) == once
    assert tidy_address(tidy_address(text)) == tidy_address(text)


@given(NAME_TEXT)
def test_tidying_keeps_the_owner_recognizable(text: str) -> None:
    # Whatever the case and spacing done, the same owner still matches itself.
    assert match_key(tidy_name(text)) == match_key(text.upper())


@given(st.integers(min_value=1000, max_value=99999))
def test_a_zip_stored_as_a_number_gets_its_zeros_back(number: int) -> None:
    assert normalize_zip(number) == str(number).zfill(5)


@given(st.integers(min_value=1000, max_value=99999), st.integers(min_value=0, max_value=9999))
def test_zip_plus_four_as_a_number(zip5: int, plus4: int) -> None:
    number = zip5 * 10_000 + plus4
    assert normalize_zip(number) == f"{zip5:05d}-{plus4:04d}"


OWNERS = st.sampled_from(["Smith John", "SMITH  JOHN", "smith, john", "Doe Jane", "DOE JANE"])
STREETS = st.sampled_from(["12 Main St", "12 MAIN ST.", "PO Box 4", "P.O. Box 4"])


@given(st.lists(st.tuples(OWNERS, STREETS), max_size=30))
def test_every_row_lands_in_exactly_one_notice(rows: list[tuple[str, str]]) -> None:
    records = [AbutterRecord(n, owner, "", (street,), "Upton", "MA", "01568", "", f"p{n}", "")
               for n, (owner, street) in enumerate(rows, start=2)]
    notices = group_notices(records)
    listed = sorted(row for notice in notices for row in notice.rows)
    assert listed == [r.row for r in records]
    # two owners (Smith, Doe) at two addresses (12 Main St, PO Box 4): at most four notices
    assert len(notices) <= 4
    assert len({n.key for n in notices}) == len(notices)
