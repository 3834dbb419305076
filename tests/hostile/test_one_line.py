"""Commands given what they cannot use: one line, never a traceback, nothing
half-done; a mistyped --db creates nothing; the feed row of `ical` is stored only
once its file exists."""

from __future__ import annotations

import argparse
import errno
import sqlite3
from datetime import date
from pathlib import Path

import pytest

from concom_desk.cli.common import run_command
from concom_desk.errors import UserError
from concom_desk.services.calendar import ical_export
from concom_desk.services.documents.template_library import user_templates_dir
from concom_desk.services.filings.editing import save_filing
from concom_desk.services.filings.form import FilingForm
from concom_desk.store import open_database
from tests.helpers.hostile_files import sha256, template

LONG_NUMBER = "A" * 300


def a_filing(db: Path) -> str:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT file_no FROM filing WHERE status != 'void' "
                                  "ORDER BY id LIMIT 1").fetchone()[0]


def feed_rows(db: Path) -> int:
    with sqlite3.connect(db) as connection:
        return connection.execute("SELECT count(*) FROM calendar_feed").fetchone()[0]


@pytest.mark.parametrize("command", [
    ["filings"], ["render", "--filing", "1", "--template", "permit"],
    ["abutters", "check", "--filing", "1"], ["enforcement-deadlines"],
    ["case-history", "--case", "X", "--out", "h.docx"], ["ical", "--out", "c.ics"],
    ["backup", "--out", "b"], ["export", "--format", "csv", "--out", "e"], ["check"],
])
def test_a_mistyped_db_is_refused_and_not_created(command: list[str], tmp_path: Path,
                                                  run) -> None:
    typo = tmp_path / "concom-deks.sqlite"
    ran = run(*command, "--db", typo)
    assert ran.code in (1, 2)
    assert f"no database at {typo}" in ran.line
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_create_asks_for_a_new_database(tmp_path: Path, run) -> None:
    new = tmp_path / "new.sqlite"
    ran = run("abutters", "check", "--filing", "2026-1", "--db", new, "--create")
    assert "there is no filing numbered '2026-1'" in ran.line
    assert new.is_file()


def test_a_300_character_file_number(town: Path, run, unchanged) -> None:
    for command in (["render", "--template", "permit"], ["abutters", "check"],
                    ["abutters", "mail", "--out", str(town.parent / "mail")]):
        ran = run(*command, "--db", town, "--filing", LONG_NUMBER)
        assert ran.code == 2
        assert f"there is no filing numbered '{'A' * 40}…'" in ran.line
    ran = run("case-history", "--db", town, "--case", LONG_NUMBER, "--out",
              town.parent / "h.docx")
    assert f"there is no enforcement case '{'A' * 40}…'" in ran.line
    unchanged()


@pytest.mark.parametrize(("number", "said"), [
    ("", "the file number is blank"),
    ("   ", "the file number is blank"),
    (LONG_NUMBER, "is 300 characters long; a file number has at most 40"),
    ("2026-1\t<b>", "holds characters a file number does not have"),
    ("2026-1\n2026-2", "holds characters a file number does not have"),
])
def test_file_numbers_are_checked_before_anything_is_saved(
        number: str, said: str, town: Path, unchanged) -> None:
    with open_database(town) as db, pytest.raises(UserError, match=said):
        save_filing(db, FilingForm(file_no=number, applicant="Jane Doe",
                                   received=date(2026, 11, 2)))
    unchanged()


@pytest.mark.parametrize(("field", "cents", "said"), [
    ("fee_cents", 10**15, "the filing fee $10,000,000,000,000.00 is more than"),
    ("bond_cents", 10**20, "the bond"),
    ("consultant_fee_cents", 2**63, "the consultant's fee"),
])
def test_amounts_are_bounded(field: str, cents: int, said: str, town: Path,
                             unchanged) -> None:
    form = FilingForm(file_no="2026-900", applicant="Jane Doe", received=date(2026, 11, 2),
                      **{field: cents})
    with open_database(town) as db, pytest.raises(UserError, match=said.replace("$", r"\$")):
        save_filing(db, form)
    unchanged()


def test_an_unknown_town_is_an_error(run) -> None:
    for command in (["conditions"], ["deadlines", "--kind", "noi"],
                    ["fines", "--confirmed", "2026-11-02", "--as-of", "2026-11-09"]):
        ran = run(*command, "--town", "Uptn")
        assert ran.code == 2, command
        assert "unknown town 'Uptn'" in ran.line


def test_reset_never_reaches_outside_the_templates_folder(tmp_path: Path, run) -> None:
    outside = template(tmp_path / "x.docx", "the clerk's own file, elsewhere")
    before = sha256(outside)
    ran = run("templates", "--reset", tmp_path / "x")
    assert ran.code == 2
    assert "there is no default template named" in ran.line
    assert outside.is_file() and sha256(outside) == before
    user_templates_dir().mkdir(parents=True, exist_ok=True)
    assert not (user_templates_dir() / "replaced").exists()


def test_out_where_no_file_can_be_made(town: Path, run, unchanged) -> None:
    blocker = town.parent / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    for command in (["render", "--filing", a_filing(town), "--template", "permit",
                     "--out", str(blocker / "p.docx")],
                    ["ical", "--out", str(blocker / "c.ics")],
                    ["case-history", "--case", "EC-2021-001", "--out", str(blocker / "h.docx")]):
        ran = run(*command, "--db", town)
        assert ran.code == 1, command
        assert f"cannot write in {blocker}" in ran.line
        assert "nothing was made" in ran.line
    assert not (town.parent / "documents").exists()
    unchanged()


def test_ical_stores_its_feed_only_once_the_file_exists(
        town: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run) -> None:
    assert feed_rows(town) == 0

    def disk_full(self: Path, data: bytes) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", disk_full)
    ran = run("ical", "--db", town, "--out", tmp_path / "c.ics")
    assert ran.code == 1
    assert "could not write" in ran.line and "No space left" in ran.line
    assert feed_rows(town) == 0
    assert not (tmp_path / "c.ics").exists()
    monkeypatch.undo()
    ran = run("ical", "--db", town, "--out", tmp_path / "c.ics")
    assert ran.code == 0, ran.err
    assert feed_rows(town) == 1
    with sqlite3.connect(town) as connection:
        uuid = connection.execute("SELECT uuid FROM calendar_feed").fetchone()[0]
    assert uuid in (tmp_path / "c.ics").read_text()


def test_ical_module_is_the_one_command_uses() -> None:
    assert ical_export.export_calendar.__module__ == "concom_desk.services.calendar.ical_export"


@pytest.mark.parametrize(("failure", "said"), [
    (OSError(errno.ENOSPC, "No space left on device", "town.sqlite"),
     "the disk is full (town.sqlite); nothing was changed"),
    (PermissionError(errno.EACCES, "Permission denied", "x.docx"),
     "no permission to write (x.docx): the folder or file is read-only"),
    (sqlite3.OperationalError("attempt to write a readonly database"),
     "the database is read-only"),
    (sqlite3.OperationalError("database or disk is full"), "the disk is full"),
    (MemoryError(), "ran out of memory"),
    (OverflowError("date value out of range"), "a date or number is out of range"),
])
def test_failures_no_service_named_are_one_line(failure: BaseException, said: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    def failing(_args: argparse.Namespace) -> int:
        raise failure

    assert run_command(failing, argparse.Namespace()) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert said in err


@pytest.mark.logs_warning  # the fault is logged at ERROR, as a real one would be
def test_a_fault_of_the_program_is_one_line_and_kept_in_the_log(
        capsys: pytest.CaptureFixture[str], isolated_data_dir: Path) -> None:
    def failing(_args: argparse.Namespace) -> int:
        raise KeyError("oops")

    assert run_command(failing, argparse.Namespace()) == 1
    err = capsys.readouterr().err
    log = isolated_data_dir / "concom-desk.log"
    assert err == ("concom-desk: failed: an unexpected fault in the program (KeyError: "
                   f"'oops'); nothing more was done; the details are in {log} — please "
                   "report it\n")
    kept = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in kept and "KeyError: 'oops'" in kept


def test_dates_near_the_end_of_the_calendar(town: Path, run) -> None:
    ran = run("enforcement-deadlines", "--db", town, "--from", "9999-12-01")
    assert "Traceback" not in ran.err
    assert ran.code in (0, 2)  # no deadlines, or a date refused in one line
    if ran.code == 2:
        assert ran.line
