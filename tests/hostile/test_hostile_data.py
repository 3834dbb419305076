"""Data written to be markup: every text field of a filing, the commission's
name and address holding WordML, field codes and characters XML cannot hold.
Every document made from it opens as plain text (the characters as typed, no
field, no object), and the output scan finds nothing active."""

from __future__ import annotations

import csv
import dataclasses
from datetime import date
from pathlib import Path

import pytest

from concom_desk.domain.docx_safety import package_refusals
from concom_desk.services.abutters.importing import import_abutter_list
from concom_desk.services.commission.settings import CommissionSettings, save_settings
from concom_desk.services.documents.register import save_filing_document
from concom_desk.services.documents.template_examples import FILING_BASED_TEMPLATES
from concom_desk.services.filings.editing import save_filing
from concom_desk.services.filings.form import FilingForm, MailingAddress
from concom_desk.store import Database, open_database
from tests.helpers.docx_reading import full_text
from tests.helpers.hostile_files import CONTROL, FIELD_TEXT, WORDML, part

# A right-to-left override makes "Smith\u202egnp.exe" read "Smithexe.png" on paper;
# isolates and marks reorder text the same way.
BIDI = "Smith\u202egnp.exe \u2066x\u2069\u200f\u202a"
BIDI_CONTROLS = "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
HOSTILE = f"{WORDML} {FIELD_TEXT} {BIDI}{CONTROL}"
# What a reader sees of it: the characters typed, less the two XML cannot hold and the
# bidirectional controls.
SEEN = f"{WORDML} {FIELD_TEXT} Smithgnp.exe x"
# Choices, not typed text (the kind, the laws it is under, the commission's town and the
# site's flood zone, elevation and setting are picked from lists or checked as numbers;
# a value off the list is refused in one line, tested elsewhere).
NOT_TEXT = {"kind", "file_no", "dep_file_no", "parent_file_no", "id", "fee_waived", "laws",
            "town", "flood_zone", "flood_elevation", "setting"}


def hostile_form() -> FilingForm:
    values: dict[str, object] = {}
    for item in dataclasses.fields(FilingForm):
        if item.name in NOT_TEXT or item.type not in ("str", str):
            continue
        values[item.name] = f"{item.name}: {HOSTILE}"
    address = MailingAddress(street=f"1 {HOSTILE}", street2=HOSTILE, city=HOSTILE,
                             state="MA", zip="01568")
    # Under both laws (the default), so the WPA forms are made from the same text as the
    # bylaw's documents.
    return FilingForm(kind="noi", file_no="2026-66", dep_file_no="SE 315-0066",
                      received=date(2026, 11, 2),
                      hearing=date(2026, 11, 20), closed=date(2026, 11, 20),
                      issued=date(2026, 11, 24), fee_cents=5_000, applicant_mail=address,
                      owner_mail=address, representative_mail=address, **values)


@pytest.fixture
def hostile_db(tmp_path: Path):  # type: ignore[no-untyped-def]
    db = open_database(tmp_path / "hostile.sqlite", initials="JB")
    save_settings(db, CommissionSettings(
        town_id="massachusetts", name=f"Hostile {HOSTILE} Conservation Commission",
        address_lines=[HOSTILE, "Town Hall"], clerk_initials="JB"), today=date(2026, 11, 1))
    filing_id = save_filing(db, hostile_form())
    # The abutters too: an assessor's list whose owners and addresses are the same text.
    listing = tmp_path / "abutters.csv"
    with listing.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Owner", "Mailing Address", "City", "State", "Zip", "Map", "Lot"])
        writer.writerow([HOSTILE, f"2 Main Street {HOSTILE}", "Upton", "MA", "01568", "1", "2"])
    summary = import_abutter_list(db, filing_id, listing)
    assert summary.imported, summary.message
    yield db
    db.close()


@pytest.mark.parametrize("name", FILING_BASED_TEMPLATES)
def test_documents_from_hostile_data_are_plain_text(name: str, hostile_db: Database) -> None:
    made = save_filing_document(hostile_db, "2026-66", name, date(2026, 11, 24))
    assert package_refusals(made.path) == []
    text = full_text(made.path)
    assert SEEN in text  # the WordML and the field codes, as characters
    assert CONTROL not in text
    assert not set(BIDI_CONTROLS) & set(text)
    body = part(made.path, "word/document.xml")
    assert "<w:instrText>DDEAUTO" not in body
    assert "<w:fldSimple" not in body


def test_the_mailing_from_hostile_data_is_plain(hostile_db: Database, tmp_path: Path) -> None:
    from concom_desk.services.abutters.importing import find_filing
    from concom_desk.services.abutters.mailing import make_mailing

    with hostile_db.read_session() as session:
        filing_id = find_filing(session, "2026-66").id
    result = make_mailing(hostile_db, filing_id, tmp_path / "mailing", signed_by=HOSTILE)
    assert len(result.files) == 4
    for path in result.files:
        assert package_refusals(path) == [], path.name
        assert FIELD_TEXT in full_text(path), path.name
        # letters, labels and the 3877 list show the name in the record's order
        assert "Smithgnp.exe" in full_text(path), path.name
        assert not set(BIDI_CONTROLS) & set(full_text(path)), path.name
