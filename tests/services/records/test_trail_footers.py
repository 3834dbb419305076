"""Printed registers carry the audit trail's head in their footer, so that a paper copy
can later prove the trail was not cut short or rewritten (`check --head`)."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from docx import Document
from sqlalchemy import select

from concom_desk.services.abutters.importing import import_abutter_list
from concom_desk.services.abutters.mailing import MAIL_LIST, make_mailing
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.services.enforcement.history import print_case_history
from concom_desk.store import Database
from concom_desk.store.anchor import ChainHead, head_in, parse_head
from concom_desk.store.health import check
from concom_desk.store.models import AuditEntry
from tests.helpers.abutter_fixtures import GOOD_ROWS, add_filing, write_csv


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


def printed_mail_list_head(db: Database, tmp_path: Path) -> ChainHead:
    """The head at the foot of a certified mail list, checked to be the trail's own."""
    filing = add_filing(db)
    import_abutter_list(db, filing, write_csv(tmp_path / "list.csv", GOOD_ROWS))
    before = head_now(db)
    make_mailing(db, filing, tmp_path / "out", today=date(2026, 6, 2))
    printed = footer_of(tmp_path / "out" / MAIL_LIST)  # "Audit trail: 18 entries, head …"
    count = int(printed.split(": ")[1].split(" entries")[0])
    assert before.entries <= count <= head_now(db).entries  # the head as it was printed
    head = parse_head(f"{count}:{printed.rsplit(' ', 1)[1]}")
    assert head is not None
    with db.read_session() as session:
        hashes = session.scalars(select(AuditEntry.entry_hash).order_by(AuditEntry.id)).all()
    assert hashes[count - 1].startswith(head.hash)  # an entry of this very trail
    return head


def test_the_certified_mail_list_names_the_trail_head(db: Database, tmp_path: Path) -> None:
    printed_mail_list_head(db, tmp_path)


@pytest.mark.sqlite_only("`check` reads the file, its anchor and its backups; a server's "
                         "trail is checked by the server's own check")
def test_the_certified_mail_list_names_a_head_check_accepts(db: Database,
                                                            tmp_path: Path) -> None:
    head = printed_mail_list_head(db, tmp_path)
    db.close()
    assert check(db.path, heads=(head,)).sound
    forged = parse_head(f"{head.entries}:{'0' * 16}")
    assert forged is not None
    assert not check(db.path, heads=(forged,)).sound
