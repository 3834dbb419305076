"""A meeting's record in one folder or zip: notice with its posting time, agenda,
minutes marked draft or approved, the votes, the meeting's documents."""

from __future__ import annotations

import csv
import zipfile
from datetime import datetime
from pathlib import Path

import pytest

from concom_desk.cli import main
from concom_desk.errors import UserError
from concom_desk.services.calendar.meeting_documents import write_agenda
from concom_desk.services.calendar.meetings import mark_agenda_posted
from concom_desk.services.minutes.meeting_record import export_meeting_record
from concom_desk.services.minutes.sets import approve_minutes, open_minutes, start_amendment
from tests.helpers.calendar_db import Commission
from tests.helpers.engines import db_argument
from tests.helpers.minutes_meeting import (
    FEB18,
    MAR3,
    MAR17,
    hold_march_3,
    vote_approval_on_march_17,
)


def test_the_record_folder_holds_every_version_and_the_posting_time(
        commission: Commission, tmp_path: Path) -> None:
    c = commission
    write_agenda(c.db, c.meetings[MAR3], today=FEB18)
    mark_agenda_posted(c.db, c.meetings[MAR3], datetime(2027, 2, 26, 10, 15))
    hold_march_3(c)
    minutes = open_minutes(c.db, c.meetings[MAR3], today=MAR3)
    approve_minutes(c.db, minutes.minutes_id, vote_approval_on_march_17(c))
    start_amendment(c.db, minutes.minutes_id, "Ellis's vote corrected")
    written = export_meeting_record(c.db, c.meetings[MAR3], tmp_path / "out", today=MAR17)
    assert written.path == tmp_path / "out" / "Meeting record 2027-03-03"
    assert written.files == (
        "Index.txt", "Agenda, March 3, 2027.docx",
        "Minutes (approved), March 3, 2027.docx",
        "Minutes (draft, amendment 1), March 3, 2027.docx", "Votes.csv")
    index = (written.path / "Index.txt").read_text(encoding="utf-8").splitlines()
    assert index[0] == "Meeting record: Wednesday, March 3, 2027 7:00 PM, Upton Town Hall, Room 1"
    # Posted Friday 10:15 AM; due 48 business hours before Wed 7 PM: Mon Mar 1, 7:00 PM.
    assert ("Notice and agenda posted: Friday, February 26, 2027 10:15 AM (due by Monday, "
            "March 1, 2027 7:00 PM; MGL c.30A §20(b)).") in index
    assert ("Minutes: version 1, approved March 17, 2027 (Minutes (approved), March 3, "
            "2027.docx)") in index
    assert any(line.startswith("Minutes: version 2, DRAFT, not yet approved") for line in index)
    with (written.path / "Votes.csv").open(encoding="utf-8-sig") as handle:
        votes = list(csv.reader(handle))
    assert votes[1] == ["UCC 2027-003", "Close the public hearing", "Costa", "Baker", "carried",
                        "Baker; Costa; Ellis", "Duarte", "", ""]
    with pytest.raises(UserError, match="already exists"):
        export_meeting_record(c.db, c.meetings[MAR3], tmp_path / "out", today=MAR17)


def test_the_record_as_a_zip_from_the_command_line(
        commission: Commission, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    c = commission
    hold_march_3(c)  # no minutes drafted, no agenda made in the program
    path = db_argument(c.db)
    c.db.close()
    out = tmp_path / "March 3.zip"
    assert main(["meeting-record", "--db", str(path), "--meeting", "3/3/2027", "--out",
                 str(out)]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"Wrote the meeting record (4 files) to {out}")
    assert "no minutes were drafted in the program" in said
    with zipfile.ZipFile(out) as archive:
        names = sorted(archive.namelist())
    assert names[0].startswith("Meeting record 2027-03-03/Agenda (re-made ")
    assert names[1:] == ["Meeting record 2027-03-03/Index.txt",
                         "Meeting record 2027-03-03/Minutes (draft), March 3, 2027.docx",
                         "Meeting record 2027-03-03/Votes.csv"]
    assert main(["meeting-record", "--db", str(path), "--meeting", "2027-03-04", "--out",
                 str(tmp_path / "x")]) == 2
    assert "there is no meeting on March 4, 2027" in capsys.readouterr().err
