"""Assessor's lists that are not lists: bombs, pipes, floods of rows or columns,
XML with entities, links to other workbooks, broken UTF-16. Each is refused by
`abutters import` in one line, and the town's records are as they were."""

from __future__ import annotations

import os
import sqlite3
import sys
from pathlib import Path

import pytest

from concom_desk.services.abutters import assessor_files
from tests.helpers.hostile_files import change as change_package
from tests.helpers.hostile_files import (
    sheet_xml,
    with_external_link,
    workbook,
    zip_bytes,
)


def filing_without_list(db: Path) -> str:
    with sqlite3.connect(db) as connection:
        return connection.execute(
            "SELECT file_no FROM filing WHERE status != 'void' AND id NOT IN "
            "(SELECT filing_id FROM abutter) ORDER BY id LIMIT 1").fetchone()[0]


def _bomb(path: Path) -> Path:
    # The zip says what it unpacks to; 3 MB of spaces compress to a few kilobytes.
    path.write_bytes(zip_bytes({"[Content_Types].xml": b"<Types/>",
                                "xl/worksheets/sheet1.xml": b" " * (3 * 1024 * 1024)}))
    return path


def _entities(path: Path) -> Path:
    xml = sheet_xml(workbook(path)).replace(
        "<worksheet", '<!DOCTYPE w [<!ENTITY e SYSTEM "file:///etc/passwd">]><worksheet', 1)
    return change_package(path, {"xl/worksheets/sheet1.xml": xml.replace(
        "Owner 0", "&e;").encode()})


def _laughs(path: Path) -> Path:
    entities = '<!ENTITY a "lol">' + "".join(
        f'<!ENTITY {chr(98 + i)} "{("&" + chr(97 + i) + ";") * 10}">' for i in range(8))
    xml = sheet_xml(workbook(path)).replace("<worksheet", f"<!DOCTYPE w [{entities}]><worksheet")
    return change_package(path, {"xl/worksheets/sheet1.xml": xml.replace(
        "Owner 0", "&i;").encode()})


def _claims_every_cell(path: Path) -> Path:
    xml = sheet_xml(workbook(path))
    xml = xml.replace('<dimension ref="A1:G3"/>', '<dimension ref="A1:XFD1048576"/>')
    xml = xml.replace("</sheetData>", '<row r="4"><c r="XFD4" t="inlineStr"><is><t>x</t>'
                                      "</is></c></row></sheetData>")
    return change_package(path, {"xl/worksheets/sheet1.xml": xml.encode()})


def _utf16(data: bytes):  # type: ignore[no-untyped-def]
    def make(path: Path) -> Path:
        path.write_bytes(data)
        return path

    return make


HEADER16 = "Owner,Mailing Address,City,State,Zip\n".encode("utf-16-le")

# (file name, how it is made, what the line says)
FILES = {
    "zip bomb": ("list.xlsx", _bomb, "the workbook unpacks to 3 MB, far more than"),
    "xxe": ("list.xlsx", _entities, "declares XML entities"),
    "billion laughs": ("list.xlsx", _laughs, "declares XML entities"),
    "malformed external link": (
        "list.xlsx", lambda p: with_external_link(workbook(p), b"<externalLink><broken"),
        None),  # not read at all: see test_a_link_to_another_workbook_is_not_followed
    "a sheet claiming every cell": ("list.xlsx", _claims_every_cell,
                                    "row 4 reaches column 16,384"),
    "too many rows": ("list.xlsx", lambda p: workbook(p, rows=80),
                      "80 rows, more than an abutter list has (50)"),
    "a flood of rows, stopped while reading": ("list.xlsx", lambda p: workbook(p, rows=400),
                                               "more than 50 rows"),
    "too many rows of csv": ("list.csv", _utf16(b"Owner,Mailing Address,City\n" +
                                                b"A,1 Main St,Upton\n" * 60),
                             "60 rows, more than an abutter list has (50)"),
    "utf-16 of odd length": ("list.csv", _utf16(b"\xff\xfe" + HEADER16 + b"A"),
                             "UTF-16 text but is damaged at byte"),
    "utf-16 lone surrogate": ("list.csv", _utf16(b"\xff\xfe" + HEADER16 + b"\x00\xd8A\x00"),
                              "illegal UTF-16 surrogate"),
    "too large a file": ("list.csv", _utf16(b"Owner,Address\n" + b"a,b\n" * 40_000),
                         "more than an assessor's abutter list can be"),
    "a folder": ("list.csv", lambda p: (p.mkdir(), p)[1], "is a folder"),
    "a binary file named csv": ("list.csv", _utf16(b"\x00\x01\x02" * 100),
                                "not a text (CSV) file"),
}
REFUSED = {name: case for name, case in FILES.items() if case[2] is not None}


@pytest.fixture(autouse=True)
def small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    """The budgets cut down, so each flood is a small file (the code is the same)."""
    monkeypatch.setattr(assessor_files, "MAX_UNPACKED_BYTES", 2 * 1024 * 1024)
    monkeypatch.setattr(assessor_files, "MAX_ROWS", 50)
    monkeypatch.setattr(assessor_files, "MAX_FILE_BYTES", 100_000)


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_hostile_list_is_refused_in_one_line(name: str, town: Path, tmp_path: Path, run,
                                             unchanged) -> None:
    file_name, make, said = REFUSED[name]
    path = make(tmp_path / file_name)
    ran = run("abutters", "import", "--db", town, "--filing", filing_without_list(town), path)
    assert ran.code == 2
    assert said in ran.line
    unchanged()


def test_a_link_to_another_workbook_is_not_followed(town: Path, tmp_path: Path, run
                                                    ) -> None:
    # A damaged link would stop the import if it were read; it is neither read nor kept.
    path = with_external_link(workbook(tmp_path / "list.xlsx"), b"<externalLink><broken")
    ran = run("abutters", "import", "--db", town, "--filing", filing_without_list(town), path)
    assert ran.code == 0, ran.err
    assert "from 2 rows into filing" in ran.out


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_named_pipe_is_refused_without_waiting(town: Path, tmp_path: Path, run,
                                                 unchanged) -> None:
    pipe = tmp_path / "list.csv"
    os.mkfifo(pipe)  # nobody writes to it: reading it would wait for ever
    ran = run("abutters", "import", "--db", town, "--filing", filing_without_list(town), pipe)
    assert ran.code == 2
    assert "is not an ordinary file (a pipe or a device)" in ran.line
    unchanged()


@pytest.mark.skipif(sys.platform == "win32", reason="/dev/zero is POSIX")
def test_a_device_is_refused(town: Path, run, unchanged) -> None:
    ran = run("abutters", "import", "--db", town, "--filing", filing_without_list(town),
              "/dev/zero")
    assert ran.code == 2
    assert "is not an ordinary file" in ran.line
    unchanged()
