"""`concom-desk --smoke-test`: prove a built program works end to end.

The frozen build runs this right after it is made (packaging/smoke.sh), outside
any virtual environment, so that a missing library, plugin, template or
migration is found by the build and not by a clerk. Each step prints one line.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from datetime import date
from pathlib import Path

from concom_desk.domain.deadline_engine import compute_deadlines
from concom_desk.domain.laws import STATE_TOWN
from concom_desk.errors import UserError
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.unexpected import collect_instead_of_showing, report


def _text_encoding(_: Path) -> str:
    """A frozen program runs in Python's UTF-8 mode (the spec's `X utf8` option): without
    it, on Windows, redirected output and text files are in the code page (cp1252), which
    cannot write "§" or a curly quote. From source or a wheel it is Python's own choice."""
    frozen = bool(getattr(sys, "frozen", False))
    mode = sys.flags.utf8_mode
    if frozen and mode != 1:
        raise RuntimeError(f"the frozen program is not in UTF-8 mode (sys.flags.utf8_mode={mode})")
    where = "frozen" if frozen else "not frozen"
    return f"UTF-8 mode {mode} ({where}), stdout {getattr(sys.stdout, 'encoding', None)}"


def _deadlines(_: Path) -> str:
    profiles = available_profiles()
    for profile in profiles.values():
        compute_deadlines(profile, "noi", {"received": date(2026, 11, 5)})
    return f"deadlines computed for {len(profiles)} town profiles"


def _database(db_path: Path) -> str:
    from concom_desk.services.filings.filing_clock import FilingClock
    from concom_desk.store import open_database
    from concom_desk.store.models import Filing

    with open_database(db_path, initials="ST") as db:
        with db.session() as session:
            filing = Filing(file_no="SMOKE-1", kind="noi", town=STATE_TOWN,
                            status="received", received=date(2026, 11, 5))
            session.add(filing)
        with db.read_session() as session:
            stored = session.get(Filing, filing.id)
            clock = FilingClock.read(session, [stored.id])
            found = {d.id: d.date for d in clock.own_deadlines(stored.facts())}
    if found.get("hearing_by") != date(2026, 11, 27):
        raise RuntimeError(f"hearing_by for a filing received 2026-11-05 came out {found}")
    return f"database created through the migrations at {db_path.name}; hearing_by 2026-11-27"


def _document(db_path: Path) -> str:
    from docx import Document

    from concom_desk.services.documents.rendering import render_template
    from concom_desk.services.documents.template_examples import example_context

    context = example_context("permit")
    out = render_template("permit", context, db_path.parent / "smoke-permit.docx")
    document = Document(str(out))
    cells = (c for t in document.tables for row in t.rows for c in row.cells)
    text = "\n".join([p.text for p in document.paragraphs] + [c.text for c in cells])
    if "{{" in text or "{%" in text or context["filing"]["file_no"] not in text:
        raise RuntimeError("the permit came out with unfilled fields")
    return f"permit rendered from the bundled template ({out.stat().st_size} bytes)"


def _backup(db_path: Path) -> str:
    from concom_desk.store import open_database
    from concom_desk.store.backup import make_backup
    from concom_desk.store.models import Filing
    from concom_desk.store.restore import restore

    made = make_backup(db_path, db_path.parent / "smoke-backup.zip")
    # Verify by using it: restore into another folder and find the filing again.
    elsewhere = db_path.parent / "restored" / db_path.name
    elsewhere.parent.mkdir(exist_ok=True)
    restore(made.path, elsewhere)
    with open_database(elsewhere, initials="ST") as db, db.read_session() as session:
        if session.query(Filing).filter_by(file_no="SMOKE-1").count() != 1:
            raise RuntimeError("the restored backup lacks the filing just written")
    return f"backup made, restored elsewhere and read back ({made.path.stat().st_size} bytes)"


def _server_libraries(_: Path) -> str:
    """The town-hall server's libraries (loaded by name at run time, so a build can miss
    them): psycopg with its own libpq, SQLAlchemy's dialect on it, and the keyring with
    this system's backend. No server is needed: nothing connects."""
    import keyring
    import psycopg
    from sqlalchemy import create_engine

    from concom_desk.store.server.address import parse_address

    engine = create_engine("postgresql+psycopg://", connect_args=parse_address(
        "postgresql://smoke@localhost/concom").connect_args())
    engine.dispose()
    if sys.platform == "win32":
        import keyring.backends.Windows  # noqa: F401 (the Credential Manager's backend)
    backend = type(keyring.get_keyring()).__module__
    return (f"psycopg {psycopg.__version__} ({psycopg.pq.__impl__} libpq "
            f"{psycopg.pq.version()}), keyring backend {backend}")


def _program_files(_: Path) -> str:
    """Help → User guide and Help → About read these; a bundle or wheel without them
    would show "not on this computer"."""
    from concom_desk.paths import changelog_file, docs_dir, license_file

    pages = sorted(docs_dir().glob("*.md"))
    missing = [p.name for p in (docs_dir() / "guide.md", license_file(), changelog_file())
               if not p.is_file()]
    if missing:
        raise RuntimeError(f"missing from {docs_dir().parent}: {', '.join(missing)}")
    return f"user guide ({len(pages)} pages), license and changelog found in {docs_dir().parent}"


def _window(db_path: Path) -> str:
    from concom_desk.ui.smoke import build_main_window_offscreen

    return build_main_window_offscreen(db_path)


def _first_run(db_path: Path) -> str:
    import os

    from concom_desk.ui.smoke import first_run_offscreen

    # An empty data folder of its own, so that nothing (not even the log) reaches the
    # user's real one.
    before = os.environ.get("CONCOM_DESK_DATA")
    with tempfile.TemporaryDirectory(prefix="concom-first-run-") as folder:
        os.environ["CONCOM_DESK_DATA"] = folder
        try:
            return first_run_offscreen(Path(folder) / "concom-desk.sqlite")
        finally:
            if before is None:
                os.environ.pop("CONCOM_DESK_DATA", None)
            else:
                os.environ["CONCOM_DESK_DATA"] = before


STEPS: list[tuple[str, Callable[[Path], str]]] = [
    ("text encoding", _text_encoding),
    ("deadlines", _deadlines),
    ("database", _database),
    ("document", _document),
    ("backup", _backup),
    ("server libraries", _server_libraries),
    ("guide", _program_files),
    ("window", _window),
    ("first run", _first_run),
]


def run_smoke_test(db_path: Path | None) -> int:
    """Every step, or the first failure with its traceback on stderr and exit 1. Nothing
    may wait for a person: a fault inside the window is collected, not shown in the crash
    dialog, so a broken build fails at once instead of hanging behind a dialog."""
    if db_path is not None and db_path.exists():
        # It writes a test filing: never into a commission's real records.
        raise UserError(f"{db_path} already exists; the smoke test needs a new database path")
    with tempfile.TemporaryDirectory(prefix="concom-smoke-") as scratch, \
            collect_instead_of_showing() as faults:
        target = db_path or Path(scratch) / "smoke.sqlite"
        for name, step in STEPS:
            try:
                line = step(target)
            except Exception as exc:  # a failed step is the test's answer, not a crash
                report(type(exc), exc, exc.__traceback__, f"smoke test: {name}")  # collected
            if faults:
                print(f"smoke test FAILED at {name}:", file=sys.stderr)
                print("\n".join(faults), file=sys.stderr, flush=True)
                return 1
            print(f"{name}: {line}", flush=True)
    print("smoke test passed")
    return 0
