"""One name and one way of sending per owner, the same on the Abutters tab and on every
paper of the mailing: the assessor's order turned where certain, the clerk's correction
kept and audited, a foreign address never 'Certified'."""

from __future__ import annotations

from pathlib import Path

import pytest
from docx import Document
from sqlalchemy import select

from concom_desk.errors import UserError
from concom_desk.services.abutters.importing import import_abutter_list
from concom_desk.services.abutters.mailing import make_mailing
from concom_desk.services.abutters.tracking import list_notices, set_method, set_printed_name
from concom_desk.store import Database
from concom_desk.store.models import AuditEntry
from tests.helpers.abutter_fixtures import GOOD_ROWS, HEADER, add_filing, write_csv

ABROAD = (("13-2", "2 MILL RD", "TREMBLAY JEAN", "12 RUE ST-DENIS", "MONTREAL", "QC",
           "H2X 1K4", "CANADA"),
          ("13-3", "4 MILL RD", "PERKINS ELIZABETH ESTATE OF", "MARIENPLATZ 8", "MUNICH",
           "", "80331", "GERMANY"))


def _paragraphs(path: Path) -> list[str]:
    document = Document(str(path))
    cells = [p.text for t in document.tables for c in t._cells for p in c.paragraphs]
    return [p.text for p in document.paragraphs] + cells


def test_the_tab_and_the_papers_agree(db: Database, tmp_path: Path) -> None:
    filing = add_filing(db, owner_is_applicant=True)
    rows = (*((*row, "") for row in GOOD_ROWS), *ABROAD)
    assert import_abutter_list(db, filing, write_csv(tmp_path / "l.csv", rows,
                                                     header=(*HEADER, "Country"))).imported
    rows = {row.assessor_name: row for row in list_notices(db, filing)}
    # Before any mailing the tab already says how the foreign owners' letters go.
    assert rows["Tremblay Jean"].method == "first_class"
    assert rows["Perkins Elizabeth Estate of"].owner_name == "Estate of Elizabeth Perkins"
    assert rows["O'Brien John & Mary"].owner_name == "John & Mary O'Brien"
    with pytest.raises(UserError, match="certified mail cannot reach a foreign address"):
        set_method(db, rows["Tremblay Jean"].notice_id, "certified")
    assert set_printed_name(db, rows["Tremblay Jean"].notice_id, "Jean Tremblay") == \
        "Jean Tremblay"
    with db.read_session() as session:
        assert session.scalar(select(AuditEntry.id).where(AuditEntry.table_name == "abutter")
                              .where(AuditEntry.new_values.contains("Jean Tremblay")))
    out = tmp_path / "mailing"
    make_mailing(db, filing, out, signed_by="Jamie Park")
    letters, labels = _paragraphs(out / "letters.docx"), _paragraphs(out / "labels.docx")
    for papers in (letters, labels):
        at = papers.index("Jean Tremblay")
        assert papers[at + 1:at + 4] == ["12 Rue St-Denis", "Montreal QC H2X 1K4", "CANADA"]
        at = papers.index("Estate of Elizabeth Perkins")
        assert papers[at + 1:at + 4] == ["Marienplatz 8", "80331 Munich", "GERMANY"]
    affidavit = "\n".join(_paragraphs(out / "affidavit.docx"))
    assert "By first-class mail, to 2 owners whose addresses certified mail cannot reach" \
        in affidavit
    assert "Jean Tremblay, 12 Rue St-Denis, Montreal QC H2X 1K4, CANADA" in affidavit
    assert "Tremblay" not in "\n".join(_paragraphs(out / "certified-mail-list.docx"))
