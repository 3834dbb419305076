"""Printed registers carry the audit trail's head in their footer, so that a paper copy
can later prove the trail was not cut short or rewritten (`check --head`)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from docx import Document
from sqlalchemy import select

from concom_desk.cli import main
from concom_desk.services.abutters.importing import import_abutter_list
from concom_desk.services.abutters.mailing import AFFIDAVIT, MAIL_LIST, make_mailing
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.services.enforcement.history import print_case_history
from concom_desk.store import Database
from concom_desk.store.anchor import ChainHead, head_in, parse_head
from concom_desk.store.models import AuditEntry
from tests.helpers.abutter_fixtures import GOOD_ROWS, add_filing, write_csv
from tests.helpers.engines import db_argument


def footer_of(path: Path) -> str:
    return Document(str(path)).sections[0].footer.paragraphs[0].text


def head_now(db: Database) -> ChainHead:
    with db.read_session() as session:
        return head_in(session)


def test_a_printed_case_history_names_the_trail_head(db: Database, tmp_path: Path) -> None:
    case_id = open_case(db, ComplaintDraft(reported_on=date(2026, 12, 4),
                                           address="14 Shawme Road",
                                           description="Fill in the marsh",
                                           complainant="Mary Abbott"))
    printed = footer_of(print_case_history(db, case_id, tmp_path / "history.docx"))
    assert printed.endswith(" · " + head_now(db).footer())
    assert printed.startswith("EC-") or " · printed December" in printed


def trail_line_of(path: Path) -> str:
    """The footer's line that names the trail's head (after the template's own lines)."""
    footer = Document(str(path)).sections[0].footer
    return next(p.text for p in footer.paragraphs if p.text.startswith("Audit trail: "))


def printed_mail_list_head(db: Database, tmp_path: Path) -> ChainHead:
    """The head at the foot of a mailing's affidavit of service, checked to be the
    trail's own; the PS Form 3877 list carries only what the postal form holds."""
    filing = add_filing(db)
    import_abutter_list(db, filing, write_csv(tmp_path / "list.csv", GOOD_ROWS))
    before = head_now(db)
    make_mailing(db, filing, tmp_path / "out", today=date(2026, 6, 2))
    assert "Audit trail" not in "".join(
        p.text for p in Document(str(tmp_path / "out" / MAIL_LIST)).sections[0].footer.paragraphs)
    printed = trail_line_of(tmp_path / "out" / AFFIDAVIT)  # "Audit trail: 18 entries, …"
    count = int(printed.split(": ")[1].split(" entries")[0])
    assert before.entries <= count <= head_now(db).entries  # the head as it was printed
    head = parse_head(f"{count}:{printed.rsplit(' ', 1)[1]}")
    assert head is not None
    with db.read_session() as session:
        hashes = session.scalars(select(AuditEntry.entry_hash).order_by(AuditEntry.id)).all()
    assert hashes[count - 1].startswith(head.hash)  # an entry of this very trail
    return head


def test_the_affidavit_of_service_names_the_trail_head(db: Database, tmp_path: Path) -> None:
    printed_mail_list_head(db, tmp_path)


def test_the_affidavit_names_a_head_check_accepts(
        db: Database, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    head = printed_mail_list_head(db, tmp_path)
    where = db_argument(db)
    db.close()
    assert main(["check", "--db", where, "--head", head.token()]) == 0
    said = capsys.readouterr().out  # the file's check names its anchor file as well
    assert "Trail head: ok, agrees with" in said and "the head given." in said
    forged = parse_head(f"{head.entries}:{'0' * 16}")
    assert forged is not None
    assert main(["check", "--db", where, "--head", forged.token()]) != 0
    assert "the trail was rewritten" in capsys.readouterr().out
