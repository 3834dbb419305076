"""The window opened on a file whose copy from the server was killed half-way (the
records in place, the printed papers not all moved in yet): the copy is finished
before the records are shown, and a box says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from concom_desk.paths import documents_dir
from concom_desk.services.safekeeping.copy_places import copy_between
from concom_desk.store.copy_journal import copy_journal_path
from concom_desk.store.server.address import ServerAddress
from tests.services.safekeeping.test_copy_killed import kill_copy_at
from tests.store.kill_harness import hidden_leftovers
from tests.ui.test_database_guard import box_named, close, launch, make_records, shot


@pytest.mark.slow  # the copy runs in a child process that is killed
def test_the_window_says_a_stopped_copy_was_finished(
        qtbot, tmp_path: Path, server_address: ServerAddress,
        isolated_data_dir: Path) -> None:
    source = make_records(tmp_path / "office" / "concom-desk.sqlite")
    letters = documents_dir(source) / "2026-41"
    letters.mkdir(parents=True)
    (letters / "permit.docx").write_bytes(b"PK\x03\x04 permit")
    copy_between(str(source), server_address.url())
    target = tmp_path / "laptop" / "concom-desk.sqlite"
    target.parent.mkdir()
    kill_copy_at("os.rename~permit.docx~1", "pull", server_address.url(), target,
                 isolated_data_dir)
    assert copy_journal_path(target).exists()
    assert not (documents_dir(target) / "2026-41" / "permit.docx").exists()

    launcher = launch(qtbot, target)
    box = box_named(launcher, "copy-settled")
    qtbot.waitUntil(box.isVisible, timeout=10_000)
    assert box.windowTitle() == "A copy of the records had been stopped half-way"
    assert box.text().startswith(f"The copy of the records from {server_address.display()} "
                                 "was stopped just before it finished; it was finished")
    assert (documents_dir(target) / "2026-41" / "permit.docx").read_bytes() == \
        b"PK\x03\x04 permit"
    assert hidden_leftovers(target.parent) == []
    assert not launcher.window.windowTitle().endswith("(read-only)")
    shot(box, "copy-settled")
    close(launcher)
