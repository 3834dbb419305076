"""Cells a spreadsheet would run are neutralized; headers read as words."""

from __future__ import annotations

import pytest

from concom_desk.domain.spreadsheet_cells import (
    column_header,
    neutralize_cell,
    printable_cell,
    sheet_title,
)


@pytest.mark.parametrize(("text", "shown"), [
    ("=HYPERLINK(\"http://x\",\"click\")", "'=HYPERLINK(\"http://x\",\"click\")"),
    ("+1 508 555 0100", "'+1 508 555 0100"),
    ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"),
    ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
    ("\t=1+1", "'\t=1+1"),
    ("\r=1+1", "'\r=1+1"),
    ("John Smith", "John Smith"),
    ("12 Main St = corner lot", "12 Main St = corner lot"),
    ("", ""),
    ("'already quoted", "'already quoted"),
    (" =leading space", " =leading space"),
])
def test_neutralize_cell(text: str, shown: str) -> None:
    assert neutralize_cell(text) == shown


def test_control_characters_are_dropped_before_neutralizing() -> None:
    assert printable_cell("\x01=cmd") == "'=cmd"
    assert printable_cell("line one\nline two\x0b") == "line one\nline two"


@pytest.mark.parametrize(("column", "header"), [
    ("dep_file_no", "DEP file no."),
    ("applicant_id", "Applicant"),
    ("received", "Received"),
    ("created_utc", "Created UTC"),
    ("id", "ID"),
    ("green_card_returned", "Green card returned"),
    ("coc_requested", "COC requested"),
    ("abutter_notices", "Abutter notices"),
])
def test_column_header(column: str, header: str) -> None:
    assert column_header(column) == header


def test_sheet_titles_are_short_legal_and_unique() -> None:
    taken: set[str] = set()
    first = sheet_title("consultant_review_fee_payments_and_refunds", taken)
    second = sheet_title("consultant_review_fee_payments_and_refunds_x", taken)
    assert first == "Consultant review fee payments"
    assert second == "Consultant review fee payme (2)"
    assert len(second) <= 31
    assert sheet_title("a/b:c", set()) == "A b c"
