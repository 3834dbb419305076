"""Executive-session minutes: kept apart, withheld from the export and the meeting
record until a later meeting votes to release them (MGL c.30A §22(f)); a failed
release vote is a review (§22(g)(1)); released minutes are locked."""

from __future__ import annotations

import sqlite3
from datetime import date, timedelta
from pathlib import Path

import pytest

from concom_desk.domain.executive_session import entry_motion
from concom_desk.domain.votes import VoteChoice
from concom_desk.errors import UserError
from concom_desk.services.calendar.votes import record_vote
from concom_desk.services.minutes.executive import (
    record_release_vote,
    review_items,
    save_executive_minutes,
    sessions_of_meeting,
    withheld_sessions,
)
from concom_desk.services.minutes.meeting_record import export_meeting_record
from concom_desk.store.audit import Actor, register_audit_functions
from concom_desk.store.export_writers import export_records
from concom_desk.store.health import check
from concom_desk.store.public_records_export import WITHHELD
from tests.helpers.calendar_db import Commission
from tests.helpers.minutes_meeting import MAR3, MAR17

SECRET = "Offer the Quabbin heirs 412,000 dollars for Map 12 Lot 4"


def _all_text(folder: Path) -> str:
    """Every file written under `folder`, as text (a .xlsx/.docx is a zip: unzipped)."""
    import zipfile

    words = []
    for path in folder.rglob("*"):
        if not path.is_file():
            continue
        if zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as archive:
                words += [archive.read(n).decode("utf-8", "replace") for n in archive.namelist()]
        else:
            words.append(path.read_bytes().decode("utf-8", "replace"))
    return "\n".join(words)


def _enter(c: Commission) -> int:
    m = c.members
    record_vote(c.db, c.meetings[MAR3], entry_motion(6, "the purchase of Map 12 Lot 4", True),
                {m[n]: VoteChoice.YES for n in ("Baker", "Costa", "Duarte", "Ellis")},
                today=MAR3)
    (held,) = sessions_of_meeting(c.db, c.meetings[MAR3])
    return held.entry_vote_id


def _all_yes(c: Commission) -> dict[int, VoteChoice]:
    return {c.members[n]: VoteChoice.YES for n in ("Baker", "Costa", "Duarte", "Gray")}


@pytest.mark.slow  # two exports, two meeting records: the Must-show test of issue 35
def test_withheld_everywhere_until_a_later_meeting_releases_them(
        commission: Commission, tmp_path: Path) -> None:
    c = commission
    vote_id = _enter(c)
    typed = save_executive_minutes(c.db, vote_id, SECRET, None)
    save_executive_minutes(c.db, vote_id, SECRET + ". Agreed.", typed.read_version)
    out = tmp_path / "before"
    export_records(c.db, "xlsx", out / "xlsx")
    export_records(c.db, "csv", out / "csv")
    record = export_meeting_record(c.db, c.meetings[MAR3], out / "record", today=MAR3)
    assert "Quabbin" not in _all_text(out)
    # The row and its two entries in the trail are there, their words withheld.
    assert _all_text(out / "csv").count(WITHHELD) == 4  # row; insert: new; update: old, new
    assert any("withheld until the commission votes to release them" in note
               for note in record.notes)
    if not getattr(c.db, "is_server", False):
        assert check(c.db.path).sound  # the trail's hashes cover the real rows

    with pytest.raises(UserError, match="released by a vote at a later meeting"):
        record_release_vote(c.db, c.meetings[MAR3], vote_id, _all_yes(c), today=MAR3)
    assert withheld_sessions(c.db)[0].day == MAR3
    result = record_release_vote(c.db, c.meetings[MAR17], vote_id, _all_yes(c), today=MAR17)
    assert result.outcome.value == "carried"
    assert withheld_sessions(c.db) == []
    export_records(c.db, "csv", tmp_path / "after")
    export_meeting_record(c.db, c.meetings[MAR3], tmp_path / "after-record", today=MAR17)
    assert "Quabbin" in _all_text(tmp_path / "after")
    released = _all_text(tmp_path / "after-record")
    assert SECRET in released and "To release the minutes of the executive session of " \
        "March 3, 2027" in _all_text(tmp_path / "after")
    with pytest.raises(UserError, match="are locked"):
        save_executive_minutes(c.db, vote_id, "changed", None)
    if not getattr(c.db, "is_server", False):
        raw = sqlite3.connect(c.db.path)  # the file itself refuses too (its lock trigger)
        register_audit_functions(raw, Actor("clerk"))
        with pytest.raises(sqlite3.DatabaseError, match="kept permanently"):
            raw.execute("DELETE FROM executive_minutes")
        raw.close()


def test_a_failed_release_vote_releases_nothing_and_counts_as_the_review(
        commission: Commission) -> None:
    c = commission
    vote_id = _enter(c)
    save_executive_minutes(c.db, vote_id, SECRET, None)
    no = {c.members[n]: VoteChoice.NO for n in ("Baker", "Costa", "Duarte")}
    result = record_release_vote(c.db, c.meetings[MAR17], vote_id,
                                 {**no, c.members["Gray"]: VoteChoice.YES}, today=MAR17)
    assert result.outcome.value == "failed"
    (held,) = withheld_sessions(c.db)
    assert (held.released_on, held.reviewed_on) == (None, MAR17)
    with c.db.read_session() as session:
        # A year after the review the reminder is due, not a day before (§22(g)(1)).
        assert review_items(session, MAR17 + timedelta(days=365)) == []
        (item,) = review_items(session, date(2028, 3, 17))
    assert item.what == ("Executive-session minutes of March 3, 2027 not reviewed for "
                         "release since March 17, 2027")
