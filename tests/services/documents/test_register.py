"""The document register: saved under the documents folder with a safe name,
recorded with template, time, initials and sha256; never overwritten; nothing
left behind when rendering fails."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest
from docx import Document
from sqlalchemy import select

from concom_desk.errors import UserError
from concom_desk.paths import documents_dir
from concom_desk.services.documents.register import (
    documents_of_filing,
    save_filing_document,
    verify_document,
)
from concom_desk.services.documents.template_library import user_templates_dir
from concom_desk.store import Database
from concom_desk.store.models import GeneratedDocument
from tests.helpers.docx_reading import full_text
from tests.helpers.record_fixtures import fill_record


@pytest.fixture
def db(new_records: Callable[..., Database]) -> Iterator[Database]:
    database = fill_record(new_records(initials="JP"))
    yield database
    database.close()


def rows(db: Database) -> list[GeneratedDocument]:
    with db.read_session() as session:
        return list(session.scalars(select(GeneratedDocument)).all())


def test_permit_saved_and_recorded(db: Database) -> None:
    document = save_filing_document(db, "2026-014", "permit", today=date(2026, 8, 5))
    folder = documents_dir(db.path) / "2026-014"
    assert document.path == folder / "Permit 2026-014 2026-08-05.docx"
    assert "Ashland Conservation Commission" in full_text(document.path)
    [row] = rows(db)
    assert (row.template, row.title, row.created_by) == (
        "permit.docx", "Permit 2026-014 2026-08-05", "JP")
    assert row.path == "2026-014/Permit 2026-014 2026-08-05.docx"
    assert row.sha256 == hashlib.sha256(document.path.read_bytes()).hexdigest()
    assert verify_document(db, row.id)


def test_second_copy_the_same_day_is_numbered(db: Database) -> None:
    first = save_filing_document(db, "2026-014", "permit", today=date(2026, 8, 5))
    second = save_filing_document(db, "2026-014", "permit", today=date(2026, 8, 5))
    assert second.path.name == "Permit 2026-014 2026-08-05 (2).docx"
    assert first.path.is_file() and len(rows(db)) == 2


def test_changed_file_fails_verification(db: Database) -> None:
    document = save_filing_document(db, "2026-014", "denial", today=date(2026, 8, 5))
    with document.path.open("ab") as handle:
        handle.write(b"tampered")
    assert not verify_document(db, document.id)


def test_failed_render_leaves_no_file_and_no_row(db: Database) -> None:
    user_templates_dir().mkdir(parents=True)
    bad = Document()
    bad.add_paragraph("{{ applicant.nmae }}")
    bad.save(user_templates_dir() / "permit.docx")
    with pytest.raises(UserError, match="applicant.nmae") as raised:
        save_filing_document(db, "2026-014", "permit", today=date(2026, 8, 5))
    # The window shows this line: it names the fix and the checker the clerk can reach.
    assert "did you mean 'applicant.name'?" in str(raised.value)
    assert "Tools → Word templates → Check" in str(raised.value)
    assert rows(db) == []
    assert list((documents_dir(db.path) / "2026-014").iterdir()) == []


def test_documents_of_a_filing_listed(db: Database) -> None:
    save_filing_document(db, "2026-014", "permit", today=date(2026, 8, 5))
    save_filing_document(db, "2026-014", "board-notice", today=date(2026, 8, 5))
    listed = documents_of_filing(db, "2026-014")
    assert [d["template"] for d in listed] == ["permit.docx", "board-notice.docx"]
    assert all(Path(d["path"]).is_file() for d in listed)
