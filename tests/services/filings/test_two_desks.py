"""Two desks on one database editing the same filing: the second save, made from a
read older than the first save, is refused with who saved and when; nothing of it
is written, and the first save's values stand."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from datetime import date, datetime, timedelta

import pytest
from sqlalchemy import select

from concom_desk.domain.plain_dates import clock_time, long_date
from concom_desk.errors import RecordChanged
from concom_desk.services.filings.editing import save_filing
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.services.filings.form import FilingForm
from concom_desk.store import Database, open_database
from concom_desk.store.models import AuditEntry, Filing, Party, record_history
from concom_desk.store.record_versions import when_words

TODAY = date(2026, 11, 16)


@pytest.fixture
def other_desk(db: Database) -> Iterator[Database]:
    """A second desk: a second connection to the same server, or a second program on
    the same file."""
    if getattr(db, "is_server", False):
        from concom_desk.store.server.database import open_server_database

        desk = open_server_database(db.address, initials="JMK")  # type: ignore[attr-defined]
    else:
        desk = open_database(db.path, initials="JMK", lock=False)
    yield desk
    desk.close()


def _saved(db: Database) -> int:
    return save_filing(db, FilingForm(
        kind="noi", file_no="2027-003", applicant="Jane Doe", address="12 Pond Road",
        applicant_address="12 Pond Road, Upton, MA 01568", received=date(2026, 11, 5),
        notes="first words"))


def _read(db: Database, filing_id: int) -> FilingForm:
    return filing_detail(db, filing_id, TODAY).form


def _changed_at(db: Database, filing_id: int) -> datetime:
    with db.read_session() as s:
        entry = record_history(s, Filing, filing_id)[-1]
    from concom_desk.store.record_versions import _local

    return _local(entry.at)


def test_the_second_save_is_refused_with_who_and_when(db: Database,
                                                       other_desk: Database) -> None:
    filing_id = _saved(db)
    mine = _read(db, filing_id)
    theirs = _read(other_desk, filing_id)
    save_filing(other_desk, dataclasses.replace(theirs, notes="JMK's words"))
    moment = _changed_at(db, filing_id)

    with pytest.raises(RecordChanged) as refused:
        save_filing(db, dataclasses.replace(mine, notes="JB's words", consultant="Beals"))
    assert str(refused.value) == (f"2027-003 was changed by JMK at {clock_time(moment)} "
                                  "— reload and apply your change?")
    with db.read_session() as s:
        filing = s.get(Filing, filing_id)
        assert (filing.notes, filing.consultant, filing.version) == ("JMK's words", "", 2)
        changes = [e.changes() for e in record_history(s, Filing, filing_id)
                   if e.action == "update"]
    assert changes == [{"notes": ("first words", "JMK's words")}]  # one change, JMK's


def test_a_save_from_the_newest_read_goes_through(db: Database,
                                                  other_desk: Database) -> None:
    filing_id = _saved(db)
    save_filing(other_desk, dataclasses.replace(_read(other_desk, filing_id), notes="JMK"))
    again = _read(db, filing_id)  # "reload": the version read is the row's
    assert again.version == 2
    save_filing(db, dataclasses.replace(again, consultant="Beals"))
    with db.read_session() as s:
        filing = s.get(Filing, filing_id)
        assert (filing.notes, filing.consultant, filing.version) == ("JMK", "Beals", 3)


def test_a_party_changed_at_the_other_desk_is_not_put_back(db: Database,
                                                           other_desk: Database) -> None:
    filing_id = _saved(db)
    mine = _read(db, filing_id)
    theirs = _read(other_desk, filing_id)
    save_filing(other_desk, dataclasses.replace(theirs, applicant_phone="508-555-0199"))
    with pytest.raises(RecordChanged, match=r"^2027-003's applicant Jane Doe was changed "
                                            r"by JMK at .* — reload and apply your change\?$"):
        save_filing(db, dataclasses.replace(mine, applicant_phone="508-555-0100"))
    # Only the filing's own fields changed: the party's newer phone is not written over.
    save_filing(db, dataclasses.replace(mine, notes="JB's words"))  # filing not moved
    with db.read_session() as s:
        phone = s.scalars(select(Party.phone).where(Party.name == "Jane Doe")).one()
        assert phone == "508-555-0199"


def test_the_time_is_the_town_halls_and_another_day_says_the_date() -> None:
    at = datetime(2027, 3, 3, 10, 42)
    assert when_words(at, date(2027, 3, 3)) == "10:42 AM"
    assert when_words(at.replace(hour=15, minute=5), date(2027, 3, 3)) == "3:05 PM"
    assert when_words(at, date(2027, 3, 4)) == f"10:42 AM on {long_date(at.date())}"
    assert long_date(at.date()) == "March 3, 2027"


def test_the_other_desks_save_moves_the_trail_mark(db: Database,
                                                   other_desk: Database) -> None:
    filing_id = _saved(db)
    mark = db.trail_mark()
    with db.read_session() as s:
        assert mark == s.scalar(select(AuditEntry.id).order_by(AuditEntry.id.desc()))
    assert db.trail_mark() == mark  # reading moves nothing
    save_filing(other_desk, dataclasses.replace(_read(other_desk, filing_id), notes="x"))
    assert db.trail_mark() > mark
    assert timedelta(0) <= datetime.now() - _changed_at(db, filing_id) < timedelta(hours=1)


# The other desk as a program of its own: it reads the filing, changes its notes as JMK
# and saves, while this one still holds its older read.
_OTHER_DESK = """
import dataclasses, sys
from datetime import date
from concom_desk.services.filings.editing import save_filing
from concom_desk.services.filings.filing_record import filing_detail
from concom_desk.store import open_database
from concom_desk.store.server.address import is_server_address, parse_address
from concom_desk.store.server.database import open_server_database
where, filing_id = sys.argv[1], int(sys.argv[2])
db = (open_server_database(parse_address(where), initials="JMK") if is_server_address(where)
      else open_database(where, initials="JMK", lock=False))
form = filing_detail(db, filing_id, date(2026, 11, 16)).form
save_filing(db, dataclasses.replace(form, notes="JMK's words"))
db.close()
"""


def test_a_save_made_by_another_program_is_not_lost_under_an_older_read(
        db: Database) -> None:
    import subprocess
    import sys

    from tests.conftest import REPO_ROOT
    from tests.helpers.engines import db_argument

    filing_id = _saved(db)
    mine = _read(db, filing_id)
    subprocess.run([sys.executable, "-c", _OTHER_DESK, db_argument(db), str(filing_id)],
                   check=True, cwd=REPO_ROOT, timeout=120)
    with pytest.raises(RecordChanged, match=r"^2027-003 was changed by JMK at "):
        save_filing(db, dataclasses.replace(mine, notes="JB's words"))
    with db.read_session() as s:
        assert s.get(Filing, filing_id).notes == "JMK's words"  # the other desk's save
