"""The committed forms are exactly what tools/make_forms.py builds (so the script
is the reviewable source of every default template)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from concom_desk.paths import forms_dir

TOOL = Path(__file__).resolve().parent.parent / "tools" / "make_forms.py"


def test_forms_are_the_scripts_output(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(TOOL), "--out", str(tmp_path)], check=True,
                   capture_output=True)
    built = {p.name: p.read_bytes() for p in tmp_path.glob("*.docx")}
    committed = {p.name: p.read_bytes() for p in forms_dir().glob("*.docx")}
    assert sorted(built) == sorted(committed)
    stale = [name for name in built if built[name] != committed[name]]
    assert stale == [], f"run `python tools/make_forms.py` and commit forms/: {stale}"
