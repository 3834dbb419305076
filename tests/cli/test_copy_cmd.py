"""`concom-desk copy --from … --to …`: what the clerk reads, and the exit codes."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from concom_desk.cli import main
from concom_desk.store.server.address import ServerAddress
from tests.store.conftest import make_record


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_copy_onto_the_server_and_back_says_what_was_checked(
        tmp_path: Path, server_address: ServerAddress, capsys) -> None:
    town = make_record(tmp_path / "upton.sqlite")
    code, said, err = run(capsys, "copy", "--from", str(town), "--to", server_address.url())
    assert (code, err) == (0, "")
    shown = re.escape(server_address.display())
    assert re.fullmatch(rf"Copied [\d,]+ rows in \d+ tables from {re.escape(str(town))} to "
                        rf"{shown} in [\d.]+ s; every table read back the same, and the "
                        r"audit trail's [\d,]+ entries check out there\.\n", said)

    back = tmp_path / "back.sqlite"
    code, said, err = run(capsys, "copy", "--from", server_address.url(), "--to", str(back))
    assert (code, err) == (0, "")
    assert f"from {server_address.display()} to {back} " in said
    code, said, _ = run(capsys, "check", "--db", str(back))
    assert (code, said.splitlines()[-1]) == (0, "The database is sound.")

    code, said, err = run(capsys, "copy", "--from", str(town), "--to", server_address.url())
    assert (code, said) == (2, "")
    assert err == (f"concom-desk: error: {server_address.display()} already holds records "
                   "(party); copy only into an empty database — nothing was changed\n")


def test_a_source_that_is_not_there_is_one_line(tmp_path: Path, capsys) -> None:
    code, said, err = run(capsys, "copy", "--from", str(tmp_path / "nowhere.sqlite"),
                          "--to", str(tmp_path / "new.sqlite"))
    assert (code, said) == (2, "")
    assert err == f"concom-desk: error: there is no database at {tmp_path}/nowhere.sqlite\n"
    assert not (tmp_path / "new.sqlite").exists()
