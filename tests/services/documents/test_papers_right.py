"""The papers read right, rendered from the shipped forms and read back: verbs that
agree with the parties, no doubled punctuation, the foreign owner's country and
the way their letter goes, the affidavit's signer, both appeal routes of a joint
Order, the Registry named once, the Settings' newspaper, meeting place and logo."""

from __future__ import annotations

import struct
import zlib
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from docx import Document
from sqlalchemy import select

from concom_desk.services.abutters.importing import import_abutter_list
from concom_desk.services.abutters.mailing import make_mailing
from concom_desk.services.calendar.meeting_documents import agenda_context, legal_notice_context
from concom_desk.services.documents.context import filing_by_number, filing_context
from concom_desk.services.documents.rendering import render_template
from concom_desk.services.documents.template_examples import example_context
from concom_desk.store import Database
from concom_desk.store.models import CommissionSettings, Filing, Party
from tests.helpers.abutter_fixtures import GOOD_ROWS, add_filing, write_csv
from tests.helpers.calendar_samples import MARCH_3
from tests.helpers.docx_reading import W, full_text, paragraphs

FOREIGN_ROW = ("13-2", "2 MILL RD", "TREMBLAY JEAN", "12 RUE ST-DENIS", "MONTREAL", "QC",
               "H2X 1K4")


@pytest.fixture
def forsberg(db: Database, tmp_path: Path) -> int:
    """Two applicants on one filing, typed punctuation, a foreign abutter."""
    filing_id = add_filing(db, town="upton")
    with db.session() as s:
        filing = s.get(Filing, filing_id)
        filing.applicant = Party(name="Daniel and Susan Forsberg", address_line1="7 Elm St",
                                 city="Upton", state="MA", zip="01568")
        filing.work_description = "Septic repair near the Bordering Vegetated Wetland."
        filing.resource_areas = "Bordering Vegetated Wetland."
    import_abutter_list(db, filing_id, write_csv(tmp_path / "list.csv",
                                                 (*GOOD_ROWS, FOREIGN_ROW)))
    return filing_id


def test_letter_to_two_owners_says_have_filed(db: Database, forsberg: int,
                                              tmp_path: Path) -> None:
    make_mailing(db, forsberg, tmp_path, today=date(2026, 6, 2), signed_by="Jamie Park")
    text = full_text(tmp_path / "letters.docx")
    assert text.count("Daniel and Susan Forsberg have filed a Notice of Intent / Application "
                      "for Permit with the Upton Conservation Commission for the following "
                      "work: Septic repair near the Bordering Vegetated Wetland.") == 5
    assert " has filed" not in text
    assert ".." not in text and "., within" not in text and ", within ." not in text


def test_foreign_owner_letter_and_label_carry_the_country(db: Database, forsberg: int,
                                                          tmp_path: Path) -> None:
    make_mailing(db, forsberg, tmp_path, signed_by="Jamie Park")
    letters = paragraphs(tmp_path / "letters.docx")
    at = letters.index("Tremblay Jean")
    assert letters[at:at + 4] == ["Tremblay Jean", "12 Rue St-Denis", "Montreal QC H2X 1K4",
                                  "CANADA"]
    labels = [[p.text for p in cell.paragraphs]
              for cell in Document(str(tmp_path / "labels.docx")).tables[0]._cells]
    assert ["Tremblay Jean", "12 Rue St-Denis", "Montreal QC H2X 1K4", "CANADA"] in labels
    # No US address grows a stray line: every label ends with its city line.
    assert ["Smith Robert", "3 Elm St", "Upton, MA 01568"] in labels


def test_certified_mail_list_leaves_out_the_owner_it_cannot_reach(
        db: Database, forsberg: int, tmp_path: Path) -> None:
    result = make_mailing(db, forsberg, tmp_path, signed_by="Jamie Park")
    lines = paragraphs(tmp_path / "certified-mail-list.docx")
    assert "Tremblay Jean" not in lines
    listed = lines.index("Total Number of Pieces Listed by Sender")
    assert lines[listed + 1] == "4"  # five owners, four by certified mail
    table = Document(str(tmp_path / "certified-mail-list.docx")).tables[1]
    assert [row.cells[0].text for row in table.rows[1:]] == ["1", "2", "3", "4"]
    assert result.flags == (
        "Tremblay Jean: foreign address, which certified mail cannot reach (it is for US "
        "addresses only): left off the certified-mail list; send this letter by first-class "
        "mail, as the affidavit says",)


def test_affidavit_signed_by_who_mailed_counts_certified_apart(
        db: Database, forsberg: int, tmp_path: Path) -> None:
    make_mailing(db, forsberg, tmp_path, signed_by="Jamie Park")
    lines = paragraphs(tmp_path / "affidavit.docx")
    sworn = next(t for t in lines if "pains and penalties" in t)
    assert sworn.startswith("I, Jamie Park, certify")
    assert "Forsberg" not in sworn
    certified = lines.index("By certified mail, return receipt requested, to 4 owners:")
    first_class = lines.index("By first-class mail, to 1 owner whose address certified mail "
                              "cannot reach:")
    assert certified < first_class
    assert lines[first_class + 1] == ("1.\tTremblay Jean, 12 Rue St-Denis, Montreal QC "
                                      "H2X 1K4, CANADA (map/lot 13-2)")
    assert "Jamie Park\tDate" in lines


def _permit(db: Database, tmp_path: Path, dep_file_no: str = "",
            laws: str = "bylaw") -> list[str]:
    with db.session() as s:
        filing = filing_by_number(s, "2026-014")
        filing.dep_file_no = dep_file_no
        filing.laws = laws if not dep_file_no else "both"
        s.flush()
        context = filing_context(s, filing, "permit", date(2026, 7, 1))
    return paragraphs(render_template("permit", context, tmp_path / "permit.docx"))


def test_joint_order_gives_the_bylaw_and_the_superseding_order_routes(
        db: Database, forsberg: int, tmp_path: Path) -> None:
    lines = _permit(db, tmp_path, dep_file_no="SE 316-0412")
    bylaw = lines.index("Under the bylaw")
    act = lines.index("Under the Wetlands Protection Act (MGL c.131 §40)")
    # Upton's own route (Upton ch. 330, Appeals), then MassDEP's (310 CMR 10.05(7)(j)).
    assert lines[bylaw + 1].startswith("Any person may appeal this decision to the Superior "
                                       "Court under MGL c.249 §4 within 21 days")
    assert "Superseding Order of Conditions" in lines[act + 1]
    assert "within ten business days of the date of issuance of this Order" in lines[act + 1]
    assert "(MGL c.131 §40; 310 CMR 10.05(7)(j))" in lines[act + 1]
    assert bylaw < act < lines.index("Signatures")


def test_bylaw_only_order_keeps_the_bylaw_route(db: Database, forsberg: int,
                                                tmp_path: Path) -> None:
    lines = _permit(db, tmp_path)
    assert not any("Superseding" in line for line in lines)
    assert "Under the bylaw" not in lines
    assert any(line.startswith("Any person may appeal this decision") for line in lines)


def test_registry_named_once_and_taken_from_the_settings(db: Database, forsberg: int,
                                                         tmp_path: Path) -> None:
    lines = _permit(db, tmp_path)
    assert "Registry of Deeds" not in lines  # a line to fill in, not the label twice
    assert "____________________ Registry of Deeds" in lines
    with db.session() as s:
        s.scalars(select(CommissionSettings)).one().deeds_registry = "Worcester South"
    lines = _permit(db, tmp_path)
    at = lines.index("To be recorded at")
    assert lines[at + 1] == "Worcester South Registry of Deeds"


def test_signatures_kept_with_the_appeal_paragraph(db: Database, forsberg: int,
                                                   tmp_path: Path) -> None:
    _permit(db, tmp_path, dep_file_no="SE 316-0412")
    body = Document(str(tmp_path / "permit.docx")).paragraphs
    texts = [p.text for p in body]
    start = texts.index("Appeal")
    block = body[start:len(body) - 1]
    # From the appeal heading to the last signature, each paragraph keeps with the next.
    assert all(p.paragraph_format.keep_with_next or p.style.paragraph_format.keep_with_next
               for p in block), [p.text for p in block if not p.paragraph_format.keep_with_next]


def _png() -> bytes:
    """A 2×1 red PNG, made by hand (signature, IHDR, IDAT, IEND)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    header = struct.pack(">IIBBBBB", 2, 1, 8, 2, 0, 0, 0)
    pixels = zlib.compress(b"\x00\xff\x00\x00\xff\x00\x00")
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", pixels)
            + chunk(b"IEND", b""))


@pytest.mark.parametrize(("logo", "images"), [(b"", 0), (b"not an image", 0), (None, 1)])
def test_letterhead_logo_only_when_the_settings_have_one(
        db: Database, forsberg: int, tmp_path: Path, logo: bytes | None, images: int) -> None:
    with db.session() as s:
        settings = s.scalars(select(CommissionSettings)).one()
        # The column comes with the Settings' logo (another change); the documents read it.
        settings.letterhead_logo = _png() if logo is None else logo  # type: ignore[attr-defined]
        context = filing_context(s, filing_by_number(s, "2026-014"), "permit")
    out = render_template("permit", context, tmp_path / "permit.docx")
    body = Document(str(out)).element.body
    assert len(list(body.iter(f"{W}drawing"))) == images
    # The logo's paragraph (no text) sits above the commission's name.
    assert paragraphs(out)[images] == "Upton Conservation Commission"


def test_legal_notice_and_agenda_use_the_settings_and_no_doubled_stops(tmp_path: Path) -> None:
    common = {key: example_context("legal-notice")[key] for key in ("commission", "town",
                                                                    "today")}
    common["commission"]["newspaper"] = "The Milford Daily News"
    common["commission"]["meeting_place"] = "Upton Town Hall, Room 2"
    typed = tuple(replace(h, work_description="Septic repair.",
                          resource_areas="Bordering Vegetated Wetland.")
                  for h in MARCH_3.hearings)
    meeting = replace(MARCH_3, place="", hearings=typed)
    notice = full_text(render_template("legal-notice", legal_notice_context(meeting, common),
                                       tmp_path / "notice.docx"))
    assert "To The Milford Daily News: please publish once" in notice
    assert "at 7:00 PM at Upton Town Hall, Room 2 on the following" in notice
    assert "Septic repair, within Bordering Vegetated Wetland." in notice
    agenda = full_text(render_template("agenda", agenda_context(meeting, common),
                                       tmp_path / "agenda.docx"))
    assert "Upton Town Hall, Room 2" in agenda
    assert "Septic repair, within Bordering Vegetated Wetland. " in agenda
    for text in (notice, agenda):
        assert ".." not in text and ", within ." not in text


@pytest.mark.parametrize(("town", "chair", "under", "signed"), [
    # A town with its own bylaw: the Act and the bylaw for joint filings (MGL c.131 §40;
    # domain/laws.under_words). Each filing under one law only says so on its own line.
    # The bylaw cited as the permit cites it (a Nantucket notice named "the Nantucket
    # wetlands bylaw" and no chapter).
    ("upton", "Margaret Hale",
     "Under the Wetlands Protection Act (MGL c.131 §40) and the Upton wetlands bylaw (Town "
     "of Upton General Bylaws, Chapter 330, Wetlands Regulations), the "
     "Upton Conservation Commission will hold", "Margaret Hale, Chair"),
    ("nantucket", "Ernie Steinauer",
     "Under the Wetlands Protection Act (MGL c.131 §40) and the Nantucket wetlands bylaw "
     "(Code of the Town of Nantucket, Chapter 136, Wetlands), the "
     "Upton Conservation Commission will hold", "Ernie Steinauer, Chair"),
    # The state default: its law is the Act itself, named once. No chair among the members
    # yet: the line reads "Chair", not ", Chair".
    ("massachusetts", "",
     "Under the Wetlands Protection Act (MGL c.131 §40), the "
     "Upton Conservation Commission will hold", "Chair"),
])
def test_the_legal_notice_names_each_law_once_and_signs_for_the_chair(
        tmp_path: Path, town: str, chair: str, under: str, signed: str) -> None:
    from concom_desk.services.documents.context import town_context

    common = {key: example_context("legal-notice")[key] for key in ("commission", "today")}
    common["commission"]["chair"] = chair
    common["town"] = town_context(town, CommissionSettings(name="Upton Conservation Commission",
                                                           town=town))
    lines = paragraphs(render_template("legal-notice", legal_notice_context(MARCH_3, common),
                                       tmp_path / "notice.docx"))
    assert any(line.startswith(under) for line in lines), lines
    assert signed in lines
    assert not any(line.startswith(",") for line in lines)


def test_legal_notice_names_the_owner_and_the_areas_once(tmp_path: Path) -> None:
    common = {key: example_context("legal-notice")[key] for key in ("commission", "town",
                                                                    "today")}
    trust = replace(MARCH_3.hearings[0],
                    applicant="Scorton Shores Realty Trust, Mark Delaney, Trustee",
                    owner="Scorton Shores Realty Trust",
                    work_description="Repair of a timber stair within 100 ft of coastal bank "
                                     "and salt marsh",
                    resource_areas="Coastal Bank, Salt Marsh, Buffer Zone")
    meeting = replace(MARCH_3, hearings=(trust,))
    lines = paragraphs(render_template("legal-notice", legal_notice_context(meeting, common),
                                       tmp_path / "notice.docx"))
    line = next(text for text in lines if "filed by" in text)
    assert "Trustee for Scorton" not in line and line.count("Scorton Shores Realty Trust") == 1
    assert line.endswith("Repair of a timber stair within 100 ft of coastal bank and salt "
                         "marsh, within Buffer Zone."), line
