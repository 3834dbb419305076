"""The copy of each WPA form to MassDEP: listed, chased on Today until recorded,
recorded from the command line; never asked of a DRAFT or of a bylaw document."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from datetime import date, timedelta

import pytest
from dateutil.relativedelta import relativedelta

from concom_desk.cli import main
from concom_desk.errors import UserError
from concom_desk.services.documents.dep_copies import dep_copies_of, record_dep_copy_sent
from concom_desk.services.documents.register import save_filing_document
from concom_desk.services.filings.desk_lists import load_lists
from concom_desk.store import Database
from tests.helpers.clock import TEST_TODAY
from tests.helpers.engines import db_argument
from tests.helpers.record_fixtures import fill_record

MADE = TEST_TODAY  # the register stamps the document with the time it is made
CHASE = "Send the copy of WPA Form 5 – Order of Conditions to MassDEP"
# The filing's own clock (310 CMR 10.05(6)), which asks for the same copy: listed once.
OWED = "Send MassDEP its copy of the decision (on the WPA form)"


@pytest.fixture
def db(new_records: Callable[..., Database]) -> Iterator[Database]:
    database = fill_record(new_records(initials="JP"))
    yield database
    database.close()


def _filing_id(db: Database, file_no: str) -> int:
    from concom_desk.services.documents.context import filing_by_number

    with db.read_session() as session:
        return filing_by_number(session, file_no).id


def _chased(db: Database) -> list[tuple[str, str, date]]:
    return [(i.file_no, i.what, i.due) for i in load_lists(db, MADE).today
            if "MassDEP" in i.what]


def _issued_on(db: Database, file_no: str, issued: date) -> None:
    """The filing heard, decided and issued on `issued` (and its Order with it)."""
    from sqlalchemy import update

    from concom_desk.store.models import Decision, Filing

    with db.session() as s:
        s.execute(update(Filing).where(Filing.file_no == file_no).values(
            received=issued - timedelta(days=30), hearing=issued, closed=issued,
            decided=issued, issued=issued, expires=issued + relativedelta(years=3)))
        filing_id = s.query(Filing).filter_by(file_no=file_no).one().id
        s.execute(update(Decision).where(Decision.filing_id == filing_id)
                  .values(decided_on=issued, issued_on=issued))


def test_an_issued_form_5_is_chased_until_its_copy_is_recorded(db: Database) -> None:
    _issued_on(db, "2026-014", MADE)  # issued today: its copy is due today
    document = save_filing_document(db, "2026-014", "form-5-order-of-conditions", MADE)
    save_filing_document(db, "2026-014", "permit", MADE)  # the bylaw's: no copy to MassDEP
    copies = dep_copies_of(db, _filing_id(db, "2026-014"))
    assert [(c.document_id, c.form, c.sent) for c in copies] == [
        (document.id, "WPA Form 5 – Order of Conditions", None)]
    assert _chased(db) == [("2026-014", OWED, MADE)]  # due the day it is issued, once

    record_dep_copy_sent(db, document.id, MADE)
    assert dep_copies_of(db, _filing_id(db, "2026-014"))[0].sent == MADE
    assert _chased(db) == []


def test_an_old_decision_printed_today_is_not_a_new_copy_due_today(db: Database) -> None:
    # Issued five years ago: its copy was owed then, with the decision (310 CMR 10.05(6)),
    # not on the day the paper is printed again; too old for Today's overdue list.
    _issued_on(db, "2026-014", TEST_TODAY - relativedelta(years=5))
    save_filing_document(db, "2026-014", "form-5-order-of-conditions", MADE)
    assert _chased(db) == []


def test_a_form_printed_after_its_decision_is_owed_from_the_decision(db: Database) -> None:
    issued = TEST_TODAY - timedelta(days=10)  # within Today's look-back
    _issued_on(db, "2026-014", issued)
    save_filing_document(db, "2026-014", "form-5-order-of-conditions", MADE)
    assert _chased(db) == [("2026-014", CHASE, issued)]


def test_a_draft_is_not_chased(db: Database) -> None:
    # 2026-020 is under the bylaw only: put it under both laws, with a DEP number; its
    # hearing closed without a vote.
    from sqlalchemy import update

    from concom_desk.store.models import Filing

    with db.session() as s:
        s.execute(update(Filing).where(Filing.file_no == "2026-020")
                  .values(dep_file_no="SE 082-1300", laws="both"))
    document = save_filing_document(db, "2026-020", "form-5-order-of-conditions", MADE)
    assert document.draft  # no vote recorded: a DRAFT, not for issue
    assert dep_copies_of(db, _filing_id(db, "2026-020")) == []
    assert _chased(db) == []
    with pytest.raises(UserError, match="not an issued WPA form"):
        record_dep_copy_sent(db, document.id, MADE)


def test_a_copy_is_not_sent_before_the_form_was_made(db: Database) -> None:
    document = save_filing_document(db, "2026-014", "form-5-order-of-conditions", MADE)
    with pytest.raises(UserError, match="before the form was made"):
        record_dep_copy_sent(db, document.id, date(2020, 1, 1))
    assert dep_copies_of(db, _filing_id(db, "2026-014"))[0].sent is None


def test_the_command_line_lists_and_records_the_copy(db: Database,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    document = save_filing_document(db, "2026-014", "form-5-order-of-conditions", MADE)
    path = db_argument(db)
    db.close()
    assert main(["dep-copies", "--db", path, "--filing", "2026-014"]) == 0
    assert capsys.readouterr().out == (f"{document.id}\t{MADE.isoformat()}\tWPA Form 5 – "
                                       "Order of Conditions\tcopy NOT yet sent\n")
    assert main(["dep-copies", "--db", path, "--filing", "2026-014", "--document",
                 str(document.id), "--sent", MADE.isoformat(), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["sent"] == MADE.isoformat()
    assert main(["dep-copies", "--db", path, "--filing", "2026-014", "--sent",
                 MADE.isoformat()]) == 2  # a mistake in the command
    assert "need --document" in capsys.readouterr().err
