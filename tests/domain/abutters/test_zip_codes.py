"""ZIP codes: zeros Excel dropped are put back; anything else not 5 or 9 digits is refused."""

import pytest

from concom_desk.domain.abutters.zip_codes import ZipProblem, is_massachusetts_zip, normalize_zip


@pytest.mark.parametrize(("raw", "expected"), [
    (1545, "01545"),            # Excel number: Westborough lost its zero
    (1545.0, "01545"),          # the same read as a float
    (15451234, "01545-1234"),   # ZIP+4 stored as a number
    ("1545", "01545"),          # CSV written by Excel from the number
    ("01545", "01545"),
    ("01545-1234", "01545-1234"),
    ("015451234", "01545-1234"),
    ("02134 1234", "02134-1234"),
    (" 02568 ", "02568"),
    (90210, "90210"),
])
def test_zip_normalized(raw: object, expected: str) -> None:
    assert normalize_zip(raw) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(("raw", "words"), [
    ("", "missing ZIP"),
    ("123456", "not 5 or 9 digits"),
    ("12", "not 5 or 9 digits"),
    ("O1545", "other than digits"),
    (1545.5, "not a whole number"),
])
def test_bad_zip_says_why(raw: object, words: str) -> None:
    result = normalize_zip(raw)  # type: ignore[arg-type]
    assert isinstance(result, ZipProblem)
    assert words in result.reason


@pytest.mark.parametrize(("zip_code", "in_ma"), [
    ("01001", True), ("02791", True), ("02568", True), ("05501", True),
    ("03060", False), ("45292", False), ("00501", False),
])
def test_massachusetts_zip_range(zip_code: str, in_ma: bool) -> None:
    assert is_massachusetts_zip(zip_code) is in_ma
