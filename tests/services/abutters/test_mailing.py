"""One click, four documents, read back with python-docx."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from docx import Document
from docx.shared import Inches
from sqlalchemy import select

from concom_desk.services.abutters.certified_mail_list import ADDRESSEE_COLUMN, ARTICLE_COLUMN
from concom_desk.services.abutters.importing import import_abutter_list
from concom_desk.services.abutters.labels import LABEL_COLUMNS
from concom_desk.services.abutters.mailing import (
    MAILING_FILES,
    MailingCancelled,
    make_mailing,
)
from concom_desk.store import Database
from concom_desk.store.models import AbutterNotice
from tests.helpers.abutter_fixtures import GOOD_ROWS, add_filing, write_csv
from tests.helpers.docx_reading import full_text, paragraphs

W_NS = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


@pytest.fixture
def filing(db: Database, tmp_path: Path) -> int:
    filing_id = add_filing(db)
    assert import_abutter_list(db, filing_id, write_csv(tmp_path / "list.csv", GOOD_ROWS)
                               ).imported
    return filing_id


def cell_text(cell: object) -> list[str]:
    return [p.text for p in cell.paragraphs]  # type: ignore[attr-defined]


def test_four_files(db: Database, filing: int, tmp_path: Path) -> None:
    result = make_mailing(db, filing, tmp_path / "out", today=date(2026, 6, 2))
    assert [p.name for p in result.files] == list(MAILING_FILES)
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == sorted(MAILING_FILES)
    assert result.notices == 4


def test_letters_one_per_notice_with_page_breaks(db: Database, filing: int,
                                                 tmp_path: Path) -> None:
    # Rendered from the shipped forms/abutter-letter.docx: one rendering, one letter a page.
    make_mailing(db, filing, tmp_path, today=date(2026, 6, 2))
    document = Document(str(tmp_path / "letters.docx"))
    texts = [p.text for p in document.paragraphs]
    # Four letters, each its own section numbered from 1: its footer reads "Page 1",
    # "Page 2" for this letter's pages, not "Page 3 of 4" of the mailing.
    sections = document.element.body.findall(f".//{W_NS}sectPr")
    assert len(sections) == 4
    assert all(s.find(f"{W_NS}pgNumType").get(f"{W_NS}start") == "1" for s in sections)
    assert all(s.find(f"{W_NS}footerReference") is not None for s in sections)
    footer = document.sections[0].footer._element
    assert [f.get(f"{W_NS}instr").strip() for f in footer.iter(f"{W_NS}fldSimple")] == \
        ["PAGE"]
    assert texts.count("June 2, 2026") == 4
    assert texts.count("Dear property owner:") == 4
    names = [t for t in texts if t in ("Smith Robert", "Greenway Land Trust Inc",
                                       "John & Mary O'Brien", "Pond Realty Trust")]
    assert names == ["Smith Robert", "Greenway Land Trust Inc", "John & Mary O'Brien",
                     "Pond Realty Trust"]
    at = texts.index("Pond Realty Trust")
    assert texts[at + 1:at + 4] == ["c/o R. Smith, Trustee", "PO Box 9", "Worcester, MA 01601"]
    assert any(t.startswith("You are receiving this notice as the owner of land (map/lot "
                            "12-35, 12-36)") for t in texts)
    hearing = ("The Commission will hold a public hearing on Tuesday, June 16, 2026 at "
               "7:00 PM at Upton Town Hall, Room 2.")
    assert sum(t.startswith(hearing) for t in texts) == 4
    assert not any("{{" in t or "{%" in t for t in texts)


def test_labels_avery_5160(db: Database, filing: int, tmp_path: Path) -> None:
    make_mailing(db, filing, tmp_path)
    document = Document(str(tmp_path / "labels.docx"))
    section = document.sections[0]
    assert (section.page_width, section.page_height) == (Inches(8.5), Inches(11))
    assert section.top_margin == Inches(0.5)
    assert section.left_margin == section.right_margin == Inches(0.1875)
    table = document.tables[0]
    assert len(table.rows) == 10
    assert all(row.height == Inches(1) for row in table.rows)
    widths = [table.columns[i].width for i in range(5)]
    assert widths == [Inches(2.625), Inches(0.125), Inches(2.625), Inches(0.125),
                      Inches(2.625)]
    first = table.rows[0].cells
    assert cell_text(first[LABEL_COLUMNS[0]]) == ["Smith Robert", "3 Elm St", "Upton, MA 01568"]
    assert cell_text(first[LABEL_COLUMNS[1]]) == ["Greenway Land Trust Inc", "PO Box 9",
                                                  "Hopedale, MA 01747"]
    assert cell_text(table.rows[1].cells[LABEL_COLUMNS[0]]) == [
        "Pond Realty Trust", "c/o R. Smith, Trustee", "PO Box 9", "Worcester, MA 01601"]


def test_certified_mail_list_3877(db: Database, filing: int,
                                  tmp_path: Path) -> None:
    with db.session() as s:
        first = s.scalars(select(AbutterNotice).order_by(AbutterNotice.id)).first()
        assert first is not None
        first.certified_article_no = "9400 1112 0108 0805 4830 16"
    make_mailing(db, filing, tmp_path)
    document = Document(str(tmp_path / "certified-mail-list.docx"))
    text = "\n".join(p.text for t in document.tables for r in t.rows for c in r.cells
                     for p in c.paragraphs)
    assert "Name and Address of Sender" in text
    assert "Upton Conservation Commission" in text
    assert "Affix Stamp Here (postmark and date of receipt)" in text
    # Abutters get a green card (Return Receipt, PS Form 3811), not the post office's
    # separate "Return Receipt for Merchandise" service, which was ticked.
    ticked = [line for line in text.splitlines() if line.startswith("☒")]
    assert ticked == ["☒ Certified Mail", "☒ Return Receipt (green card, PS Form 3811)"]
    assert "☐ Return Receipt for Merchandise" in text
    articles = document.tables[1]
    assert articles.rows[0].cells[ARTICLE_COLUMN].text == "Article Number"
    lines = articles.rows[1:]
    assert len(lines) == 4
    assert [r.cells[0].text for r in lines] == ["1", "2", "3", "4"]
    assert lines[0].cells[ARTICLE_COLUMN].text == "9400 1112 0108 0805 4830 16"
    assert cell_text(lines[2].cells[ADDRESSEE_COLUMN]) == ["John & Mary O'Brien", "1 Mill Rd",
                                                           "Upton, MA 01568"]
    totals = cell_text(document.tables[2].rows[0].cells[0])
    assert totals == ["Total Number of Pieces Listed by Sender", "4"]


def test_affidavit_of_service(db: Database, filing: int, tmp_path: Path) -> None:
    with db.session() as s:
        for notice in s.scalars(select(AbutterNotice)):
            notice.mailed_on = date(2026, 6, 1)
    # Signed by the person who mailed, named in the mailing dialog, not the applicant.
    make_mailing(db, filing, tmp_path, signed_by="Jamie  Park ")
    document = Document(str(tmp_path / "affidavit.docx"))
    texts = [p.text for p in document.paragraphs]
    sworn = next(t for t in texts if "pains and penalties of perjury" in t)
    assert sworn.startswith("I, Jamie Park, certify under the pains and penalties of perjury "
                            "that on June 1, 2026 I gave written notice")
    assert "(4 in all)" in sworn
    assert "By certified mail, return receipt requested, to 4 owners:" in texts
    assert "Jamie Park\tDate" in texts
    listed = [t for t in texts if t[:2] in ("1.", "2.", "3.", "4.")]
    assert listed == [
        "1.\tSmith Robert, 3 Elm St, Upton, MA 01568 (map/lot 12-33)",
        "2.\tGreenway Land Trust Inc, PO Box 9, Hopedale, MA 01747 (map/lot 12-35, 12-36)",
        "3.\tJohn & Mary O'Brien, 1 Mill Rd, Upton, MA 01568 (map/lot 13-1)",
        "4.\tPond Realty Trust, c/o R. Smith, Trustee, PO Box 9, Worcester, MA 01601 "
        "(map/lot 12-34)",
    ]


def test_affidavit_made_with_the_letters_leaves_a_line_for_the_mailing_date(
        db: Database, filing: int, tmp_path: Path) -> None:
    # The mailing run writes the affidavit before anything is mailed: it read
    # "that on  I gave written notice", with nowhere for the applicant to write the date.
    make_mailing(db, filing, tmp_path)
    document = Document(str(tmp_path / "affidavit.docx"))
    sworn = next(p.text for p in document.paragraphs if "pains and penalties" in p.text)
    assert "perjury that on ____________________ I gave written notice" in sworn


def test_affidavit_without_a_signer_leaves_a_line_never_the_applicant(
        db: Database, filing: int, tmp_path: Path) -> None:
    # It read "I, Jane Doe, certify": the applicant, who mailed nothing.
    result = make_mailing(db, filing, tmp_path)
    texts = paragraphs(tmp_path / "affidavit.docx")
    sworn = next(t for t in texts if "pains and penalties" in t)
    assert sworn.startswith("I, ________________________________, certify")
    assert "Name: ______________________\tDate" in texts
    assert not any("Jane Doe" in t and "certify" in t for t in texts)
    assert result.flags == ("The affidavit leaves a line for the name of the person who "
                            "mails: name them in the mailing dialog to have it printed",)


def test_a_filing_without_work_or_resource_areas_is_flagged(db: Database, filing: int,
                                                             tmp_path: Path) -> None:
    # The letters read "for the following work: , within ." and nothing said so.
    from concom_desk.store.models import Filing

    assert make_mailing(db, filing, tmp_path / "complete", signed_by="Jamie Park").flags == ()
    with db.session() as s:
        s.get(Filing, filing).resource_areas = ""
    result = make_mailing(db, filing, tmp_path / "blank", signed_by="Jamie Park")
    assert result.flags == (
        "Filing 2026-014 has no resource areas, so the letters do not say where the work "
        "is: fill them in (Edit… on the filing) and make the mailing again",)
    # And the letter says what it has, with no ", within ." left behind.
    letters = full_text(tmp_path / "blank" / "letters.docx")
    assert "for the following work: Build a deck within the buffer zone." in letters
    assert ", within ." not in letters and ".." not in letters


def test_cancel_leaves_nothing_behind(db: Database, filing: int,
                                      tmp_path: Path) -> None:
    out = tmp_path / "out"
    seen: list[str] = []

    def progress(done: int, total: int, what: str) -> bool:
        seen.append(what)
        return what != "labels"   # cancel at the first label

    with pytest.raises(MailingCancelled):
        make_mailing(db, filing, out, progress)
    assert list(out.iterdir()) == []
    assert "4 letters" in seen


def test_progress_reaches_the_total(db: Database, filing: int,
                                    tmp_path: Path) -> None:
    calls: list[tuple[int, int]] = []
    make_mailing(db, filing, tmp_path, lambda d, t, w: calls.append((d, t)) is None)
    assert calls[-1][0] == calls[-1][1] == 4 * 4 + 1


def test_no_abutters_is_a_clear_message(db: Database, tmp_path: Path) -> None:
    from concom_desk.errors import UserError

    filing_id = add_filing(db, file_no="2026-020")
    with pytest.raises(UserError, match="has no abutters yet; import the assessor's list"):
        make_mailing(db, filing_id, tmp_path)


def test_the_four_documents_are_in_the_register(db: Database, filing: int,
                                                tmp_path: Path) -> None:
    from concom_desk.paths import documents_dir
    from concom_desk.services.documents.register import sha256_of
    from concom_desk.store.models import GeneratedDocument

    make_mailing(db, filing, tmp_path / "out", today=date(2026, 6, 2))
    with db.read_session() as s:
        documents = s.scalars(select(GeneratedDocument).order_by(GeneratedDocument.id)).all()
        letters_id = documents[0].id
        linked = set(s.scalars(select(AbutterNotice.document_id)).all())
    assert [d.title for d in documents] == [
        "Abutter letters 2026-014 2026-06-02", "Abutter mailing labels 2026-014 2026-06-02",
        "Certified-mail list 2026-014 2026-06-02", "Affidavit of service 2026-014 2026-06-02"]
    assert all(d.filing_id == filing and d.created_by == "JP" for d in documents)
    root = documents_dir(db.path)
    assert documents[1].path == "2026-014/Abutter mailing labels 2026-014 2026-06-02.docx"
    assert sha256_of(root / documents[1].path) == sha256_of(tmp_path / "out" / "labels.docx")
    assert linked == {letters_id}
