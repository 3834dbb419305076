"""The demo town's minuted meeting: two hearings of its own (one continued to the next
meeting, one closed on a roll-call vote), a member taking part remotely, and draft
minutes that the next meeting can approve."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from concom_desk.services.demo.town import load_demo
from concom_desk.services.minutes.meeting_record import find_meeting
from concom_desk.services.minutes.sets import drafts_waiting, open_minutes
from concom_desk.store import open_database

TODAY = date(2026, 12, 1)  # Tuesday; the demo meets on the 1st and 3rd Thursdays


def test_the_demo_has_a_minuted_meeting_waiting_for_approval(tmp_path: Path) -> None:
    path = tmp_path / "demo.sqlite"
    load_demo(path, today=TODAY)
    with open_database(path) as db:
        with db.read_session() as session:
            assert drafts_waiting(session, date(2026, 11, 19)) == [date(2026, 11, 5)]
        sheet = open_minutes(db, find_meeting(db, date(2026, 11, 5)), today=TODAY)
    assert sheet.state == "draft" and sheet.adjourned_at == "21:05"
    written = [item for item in sheet.items if item.summary]
    assert len(written) == 2
    continued, decided = written
    assert continued.record[-1] == ("Continued to November 19, 2026, at the applicant's "
                                    "request (revised plan showing the rain garden); the "
                                    "applicant's written consent received November 5, 2026.")
    assert decided.record[-1] == "Hearing closed."
    [vote] = decided.votes
    assert vote.motion == "To close the hearing and issue a Negative Determination"
    assert len(vote.yes) >= 2 and len(vote.abstain) == 1  # each member named: a roll call
    assert len(sheet.present("remote")) == 1
