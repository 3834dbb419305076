"""Windows file names: reserved device names, forbidden characters, trailing dots
and spaces, the 260-character path limit, and never overwriting."""

from __future__ import annotations

from pathlib import Path

import pytest

from concom_desk.domain.safe_filename import MAX_PATH, clean_stem, is_reserved, safe_path


@pytest.mark.parametrize(("given", "expected"), [
    ("CON", "_CON"),  # device name
    ("aux", "_aux"),
    ("Nul", "_Nul"),
    ("COM1", "_COM1"),
    ("lpt9", "_lpt9"),
    ("COM10", "COM10"),  # only COM1-COM9 are devices
    ("Conway", "Conway"),  # starts like CON but is not
    ("Lot 5/6: Smith", "Lot 5 6 Smith"),
    ('a<b>c"d|e?f*g\\h', "a b c d e f g h"),
    ("Permit 2026-014.", "Permit 2026-014"),  # trailing dot
    ("Permit 2026-014   ", "Permit 2026-014"),  # trailing spaces
    ("tab\there\nnewline", "tab here newline"),  # control characters
    ("", "document"),
    ("...", "document"),
    ("Étang Road — O'Brien", "Étang Road — O'Brien"),  # accents and apostrophes are fine
])
def test_clean_stem(given: str, expected: str) -> None:
    assert clean_stem(given) == expected


@pytest.mark.parametrize("name", ["CON", "con.txt", "aux.docx", "AUX .docx", "prn.tar.gz",
                                  "LPT1", "com¹"])
def test_reserved_with_or_without_extension(name: str) -> None:
    assert is_reserved(name)


def test_aux_docx_becomes_a_usable_name(tmp_path: Path) -> None:
    path = safe_path(tmp_path, "aux.docx")
    assert path.name == "_aux.docx"
    assert not is_reserved(path.name)


def test_lot_with_slash_and_colon(tmp_path: Path) -> None:
    assert safe_path(tmp_path, "Lot 5/6: Smith").name == "Lot 5 6 Smith.docx"


def test_250_character_name_is_cut_to_fit_260(tmp_path: Path) -> None:
    folder = tmp_path / "documents" / "2026"
    path = safe_path(folder, "Permit " + "x" * 243)  # 250 characters
    assert len(str(path)) <= MAX_PATH
    assert path.suffix == ".docx" and path.name.startswith("Permit xxx")


def test_never_overwrites(tmp_path: Path) -> None:
    first = safe_path(tmp_path, "Permit 2026-014")
    first.write_text("1")
    second = safe_path(tmp_path, "Permit 2026-014")
    second.write_text("2")
    third = safe_path(tmp_path, "Permit 2026-014")
    assert [first.name, second.name, third.name] == [
        "Permit 2026-014.docx", "Permit 2026-014 (2).docx", "Permit 2026-014 (3).docx"]
    assert first.read_text() == "1"


def test_numbered_long_name_still_fits(tmp_path: Path) -> None:
    first = safe_path(tmp_path, "y" * 300)
    first.write_text("")
    second = safe_path(tmp_path, "y" * 300)
    assert second.name.endswith(" (2).docx")
    assert len(str(second)) <= MAX_PATH


def test_folder_too_deep(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="too deep"):
        safe_path(tmp_path / ("d" * 260), "Permit")
