"""Output redirected to a file never fails on a character: a clerk's `filings > list.txt`
on Windows, whose streams are in the ANSI code page (cp1252), once ended in "an
unexpected fault (UnicodeEncodeError)". Redirected, the program writes UTF-8 (what
Notepad and every JSON reader read); an encoding someone asked for (PYTHONIOENCODING)
is kept, with "?" for what it lacks; a console shows "?" for what its code page lacks.

The program runs in a process of its own, as a clerk starts it, with its output in a
file. Windows' own streams are had on any system: with Python's UTF-8 mode off and the
C locale, the streams of a redirected program are in the system's code page — ASCII
here, cp1252 on Windows — as concom-desk-cli.exe's are without UTF-8 mode.
"""

from __future__ import annotations

import codecs
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from concom_desk.cli.output_streams import ensure_output_streams, never_fail_on_a_character
from concom_desk.paths import towns_dir
from concom_desk.services.commission.town_profiles import user_towns_dir
from concom_desk.store import open_database
from concom_desk.store.models import Filing
from tests.conftest import REPO_ROOT
from tests.store.conftest import make_record

# Neither is in cp1252 ('§' and '—', which are, come in the shipped profiles' lines).
TOWN_NAME = "Ware ≥ 東京"
APPLICANT = "李 Family Trust → Ware"


@pytest.fixture
def town_of_other_characters() -> None:
    """A clerk's own profile in the data folder (the test's own, tests/conftest.py)."""
    text = (towns_dir() / "massachusetts.toml").read_text(encoding="utf-8")
    text = text.replace('id = "massachusetts"', 'id = "ware"', 1)
    text = text.replace('name = "Massachusetts"', f'name = "{TOWN_NAME}"', 1)
    user_towns_dir().mkdir(parents=True, exist_ok=True)
    (user_towns_dir() / "ware.toml").write_text(text, encoding="utf-8")


def record_of_other_characters(tmp_path: Path) -> Path:
    db = make_record(tmp_path / "concom-desk.sqlite")
    with open_database(db, initials="TS") as database, database.session() as session:
        filing = session.query(Filing).filter_by(file_no="2026-014").one()
        filing.applicant.name = APPLICANT
    return db


def windows_streams() -> dict[str, str]:
    """The environment of a program whose streams are in the system's code page."""
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), "PYTHONUTF8": "0",
           "PYTHONCOERCECLOCALE": "0", "LC_ALL": "C"}
    env.pop("PYTHONIOENCODING", None)
    return env


def run_into_file(tmp_path: Path, env: dict[str, str], *argv: str) -> tuple[bytes, str]:
    """Run `concom-desk <argv> > out.txt`; the file's bytes and what went to stderr."""
    out = tmp_path / "out.txt"
    with out.open("wb") as file:
        done = subprocess.run([sys.executable, "-m", "concom_desk", *argv], stdout=file,
                              stderr=subprocess.PIPE, env=env, cwd=REPO_ROOT, timeout=120,
                              check=False)
    stderr = done.stderr.decode("utf-8", "replace")
    assert done.returncode == 0, stderr
    return out.read_bytes(), stderr


@pytest.mark.usefixtures("town_of_other_characters")
def test_towns_into_a_file_in_windows_code_page_is_utf8(tmp_path: Path) -> None:
    written, stderr = run_into_file(tmp_path, windows_streams(), "towns")
    assert stderr == ""
    lines = written.decode("utf-8").splitlines()
    assert any(line.startswith("ware ") and TOWN_NAME in line for line in lines), lines
    assert any("MGL c.131 §40" in line for line in lines)


@pytest.mark.usefixtures("town_of_other_characters")
def test_towns_json_into_a_file_is_utf8_json(tmp_path: Path) -> None:
    written, _ = run_into_file(tmp_path, windows_streams(), "towns", "--json")
    assert not written.startswith(codecs.BOM_UTF8), "JSON readers refuse a byte-order mark"
    towns = {town["id"]: town["name"] for town in json.loads(written.decode("utf-8"))}
    assert towns["ware"] == TOWN_NAME


def test_filings_into_a_file_keep_the_applicants_name(tmp_path: Path) -> None:
    db = record_of_other_characters(tmp_path)
    env = windows_streams()
    listed, _ = run_into_file(tmp_path, env, "filings", "--db", str(db))
    assert APPLICANT[:24] in listed.decode("utf-8")
    as_json, _ = run_into_file(tmp_path, env, "filings", "--db", str(db), "--json")
    applicants = {row["file_no"]: row["applicant"] for row in json.loads(as_json)}
    assert applicants["2026-014"] == APPLICANT


@pytest.mark.usefixtures("town_of_other_characters")
def test_an_encoding_asked_for_is_kept_with_a_question_mark_for_what_it_lacks(
        tmp_path: Path) -> None:
    env = {**windows_streams(), "PYTHONIOENCODING": "cp1252"}
    written, _ = run_into_file(tmp_path, env, "towns")
    text = written.decode("cp1252")
    assert "Ware ? ??" in text and "MGL c.131 §40" in text
    as_json, _ = run_into_file(tmp_path, env, "towns", "--json")
    towns = {town["id"]: town["name"] for town in json.loads(as_json.decode("cp1252"))}
    assert towns["ware"] == "Ware ? ??"


class _Stream(io.TextIOWrapper):
    """A text stream over bytes, a console (a terminal) or not."""

    def __init__(self, encoding: str, console: bool, errors: str = "strict") -> None:
        self.bytes = io.BytesIO()
        super().__init__(self.bytes, encoding=encoding, errors=errors)
        self.console = console

    def isatty(self) -> bool:
        return self.console

    def written(self) -> bytes:
        self.flush()
        return self.bytes.getvalue()


@pytest.mark.parametrize(("encoding", "console", "asked", "expected"), [
    # Windows' redirected streams: UTF-8, every character kept.
    ("cp1252", False, False, "Ware ≥ 東京 §".encode()),
    ("ascii", False, False, "Ware ≥ 東京 §".encode()),
    # A console shows what its code page holds.
    ("cp1252", True, False, "Ware ? ?? §".encode("cp1252")),
    # PYTHONIOENCODING=cp1252: kept, as asked.
    ("cp1252", False, True, "Ware ? ?? §".encode("cp1252")),
    # Already Unicode: as it was.
    ("utf-8", False, False, "Ware ≥ 東京 §".encode()),
    ("utf-8", True, False, "Ware ≥ 東京 §".encode()),
])
def test_each_stream_writes_every_character_or_a_question_mark(
        encoding: str, console: bool, asked: bool, expected: bytes,
        monkeypatch: pytest.MonkeyPatch) -> None:
    if asked:
        monkeypatch.setenv("PYTHONIOENCODING", encoding)
    else:
        monkeypatch.delenv("PYTHONIOENCODING", raising=False)
    stream = _Stream(encoding, console)
    never_fail_on_a_character(stream)
    stream.write("Ware ≥ 東京 §")
    assert stream.written() == expected


def test_stderr_keeps_pythons_backslashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PYTHONIOENCODING", raising=False)
    stream = _Stream("cp1252", console=True, errors="backslashreplace")
    never_fail_on_a_character(stream)
    stream.write("≥")
    assert stream.written() == b"\\u2265"


def test_a_redirected_stderr_is_utf8_too(monkeypatch: pytest.MonkeyPatch) -> None:
    # An error naming a town or an applicant reaches `2> errors.txt` whole.
    monkeypatch.delenv("PYTHONIOENCODING", raising=False)
    stderr = _Stream("cp1252", console=False, errors="backslashreplace")
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    monkeypatch.setattr(sys, "stderr", stderr)
    ensure_output_streams()
    sys.stderr.write("concom-desk: error: no town profile 東京")
    assert stderr.written() == "concom-desk: error: no town profile 東京".encode()


def test_a_stream_that_is_not_ios_is_left_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    text = io.StringIO()
    monkeypatch.setattr(sys, "stdout", text)
    monkeypatch.setattr(sys, "stderr", text)
    ensure_output_streams()
    assert sys.stdout is text and sys.stderr is text
