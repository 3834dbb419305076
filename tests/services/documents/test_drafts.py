"""A permit made before the record holds what it states is made as a DRAFT: marked at
the top and in the header, the missing facts listed, "DRAFT" in its file name and its
register title. The record of tests/record_fixtures.py: 2026-014 is an issued NOI with
its decision; 2026-020 an NOI whose hearing closed on 2026-09-16, no vote, not issued."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date

import pytest
from sqlalchemy import select

from concom_desk.services.documents.drafts import DRAFT_MARK, document_gaps
from concom_desk.services.documents.register import save_filing_document
from concom_desk.store import Database
from concom_desk.store.models import Filing, GeneratedDocument, Meeting, Vote
from tests.helpers.docx_reading import full_text, paragraphs
from tests.helpers.record_fixtures import fill_record


@pytest.fixture
def db(new_records: Callable[..., Database]) -> Iterator[Database]:
    database = fill_record(new_records(initials="JP"))
    yield database
    database.close()


def test_a_permit_before_the_vote_is_a_marked_draft(db: Database) -> None:
    document = save_filing_document(db, "2026-020", "permit", today=date(2026, 9, 20))
    assert document.path.name == "DRAFT Permit 2026-020 2026-09-20.docx"
    assert document.draft == ("no vote recorded", "not issued")
    body = paragraphs(document.path)
    assert body[:2] == [DRAFT_MARK, "Why it is a draft: no vote recorded; not issued."]
    from docx import Document

    header = [p.text for p in Document(str(document.path)).sections[0].header.paragraphs]
    assert header[0] == DRAFT_MARK
    with db.read_session() as session:
        row = session.scalars(select(GeneratedDocument)).one()
        assert row.title == "DRAFT Permit 2026-020 2026-09-20"


def test_an_issued_permit_is_not_marked(db: Database) -> None:
    document = save_filing_document(db, "2026-014", "permit", today=date(2026, 8, 5))
    assert document.draft == ()
    assert "DRAFT" not in full_text(document.path)
    assert not document.path.name.startswith("DRAFT")


def add_vote(db: Database, held_on: date) -> None:
    with db.session() as session:
        filing = session.scalars(select(Filing).where(Filing.file_no == "2026-020")).one()
        meeting = Meeting(held_on=held_on, start_time="19:00", place="Town Hall")
        session.add(meeting)
        session.flush()
        session.add(Vote(meeting_id=meeting.id, filing_id=filing.id, result="carried",
                         motion="Motion to issue an Order of Conditions"))


def test_only_a_vote_at_or_after_the_close_counts(db: Database) -> None:
    add_vote(db, date(2026, 9, 2))  # before the close on 2026-09-16: a continuance
    assert document_gaps(db, "2026-020", "permit") == ["no vote recorded", "not issued"]
    add_vote(db, date(2026, 9, 16))
    assert document_gaps(db, "2026-020", "permit") == ["not issued"]
    assert document_gaps(db, "2026-020", "board-notice") == []
