"""A revision that has landed is history: databases were made by it, so its file is
never edited, renamed or renumbered (0008 and 0010 were edited after they had run, and
the databases stamped by the first versions lacked what the edit added). The files'
hashes as they landed are kept in landed_revisions.txt; a new revision appends a line.
"""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

from concom_desk.store import schema as schema_module

LANDED = Path(__file__).resolve().parent / "landed_revisions.txt"
VERSIONS = schema_module.MIGRATIONS_DIR / "versions"


class Landed(NamedTuple):
    sha256: str
    revision: str
    file_name: str


def _landed() -> list[Landed]:
    rows = []
    for line in LANDED.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            sha, revision, file_name = line.split()
            rows.append(Landed(sha, revision, file_name))
    return rows


def _sha256(path: Path) -> str:
    # Read as LF: a Windows checkout that turns line endings to CRLF edits nothing.
    return hashlib.sha256(path.read_bytes().replace(b"\r\n", b"\n")).hexdigest()


def _revisions_by_file() -> dict[str, str]:
    return {Path(script.path).name: script.revision
            for script in schema_module.script_directory().walk_revisions()}


def test_no_landed_revision_was_edited_renamed_or_renumbered() -> None:
    revisions = _revisions_by_file()
    problems = []
    for landed in _landed():
        path = VERSIONS / landed.file_name
        if not path.is_file():
            problems.append(f"revision {landed.revision} ({landed.file_name}) was removed or "
                            "renamed after it was applied: put it back as it was")
        elif revisions.get(landed.file_name) != landed.revision:
            problems.append(f"revision {landed.revision} ({landed.file_name}) was renumbered "
                            f"to {revisions.get(landed.file_name)} after it was applied: "
                            "give it back its number and add a new revision instead")
        elif _sha256(path) != landed.sha256:
            problems.append(f"revision {landed.revision} ({landed.file_name}) was edited "
                            "after it was applied: add a new revision instead")
    assert not problems, "\n".join(problems)


def test_every_revision_is_in_the_landed_list() -> None:
    listed = {landed.file_name for landed in _landed()}
    missing = [f"{_sha256(VERSIONS / name)}  {revision}  {name}"
               for name, revision in sorted(_revisions_by_file().items()) if name not in listed]
    assert not missing, (
        "new revisions are not in tests/store/landed_revisions.txt; once the revision is "
        "final, append:\n" + "\n".join(missing))


def test_the_landed_list_names_each_revision_once() -> None:
    landed = _landed()
    assert len({row.revision for row in landed}) == len(landed)
    assert len({row.file_name for row in landed}) == len(landed)


def test_an_edited_revision_is_told_by_its_number(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # The message a developer gets: which revision, and what to do instead.
    copied = tmp_path / "versions"
    copied.mkdir()
    for path in VERSIONS.glob("*.py"):
        (copied / path.name).write_bytes(path.read_bytes())
    with (copied / "0010_joined_again.py").open("a", encoding="utf-8") as edited:
        edited.write("# one more parent, after it ran\n")
    monkeypatch.setattr(sys.modules[__name__], "VERSIONS", copied)
    with pytest.raises(AssertionError) as refused:
        test_no_landed_revision_was_edited_renamed_or_renumbered()
    assert str(refused.value).splitlines()[0] == (
        "revision 0010_joined_again (0010_joined_again.py) was edited after it was "
        "applied: add a new revision instead")


def test_a_renumbered_or_renamed_revision_is_told(monkeypatch: pytest.MonkeyPatch) -> None:
    # As 0003_audit_history_index became 0005 after it had run (e26b24b).
    renumbered = {**_revisions_by_file(), "0005_audit_history_index.py": "0005b"}
    monkeypatch.setattr(sys.modules[__name__], "_revisions_by_file", lambda: renumbered)
    with pytest.raises(AssertionError) as refused:
        test_no_landed_revision_was_edited_renamed_or_renumbered()
    assert str(refused.value).splitlines()[0] == (
        "revision 0005 (0005_audit_history_index.py) was renumbered to 0005b after it was "
        "applied: give it back its number and add a new revision instead")
    monkeypatch.undo()
    landed = [row._replace(file_name="0003_audit_history_index.py")
              if row.revision == "0005" else row for row in _landed()]
    monkeypatch.setattr(sys.modules[__name__], "_landed", lambda: landed)
    with pytest.raises(AssertionError) as refused:
        test_no_landed_revision_was_edited_renamed_or_renumbered()
    assert str(refused.value).splitlines()[0] == (
        "revision 0005 (0003_audit_history_index.py) was removed or renamed after it was "
        "applied: put it back as it was")
