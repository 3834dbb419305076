"""What a filing's saves weigh in the audit trail: whole rows (before revision 0022)
against the columns each save changed (since), measured in the same run.

    python bench/trail_life.py [--saves 20] [--town sandwich]

Writes a small demo town, copies it twice, makes the update triggers of one copy as
before 0022 (both whole rows) and leaves the other's as the program makes them, then
saves every filing of each copy the same number of times, the way a form's save
writes (one field and the count of saves), and prints the trail's bytes per save,
the file's growth per filing (after VACUUM) and their ratio. The demo itself writes
each record once (no updates), so `bench/trail_size.py` on it cannot show this.
"""

from __future__ import annotations

import argparse
import shutil
import sqlite3
import sys
import tempfile
from contextlib import closing, redirect_stdout
from io import StringIO
from pathlib import Path

from concom_desk.cli import main as concom_desk
from concom_desk.store.audit import Actor, install_audit_triggers, register_audit_functions
from concom_desk.store.guards import PlainConnection

_TRAIL_BYTES = ("SELECT coalesce(sum(length(CAST(old_values AS BLOB)) + length(CAST(new_values "
                "AS BLOB)) + length(prev_hash) + length(entry_hash) + length(at)), 0) "
                "FROM audit_entry WHERE action = 'update'")


def _live(db: Path, saves: int, whole_updates: bool) -> tuple[float, float, int]:
    """(trail bytes per save, file growth per filing, filings) on `db` once its
    filings are saved `saves` times each."""
    with closing(sqlite3.connect(db)) as conn:
        register_audit_functions(conn, Actor("bench", "BE"))
        install_audit_triggers(PlainConnection(conn), whole_updates=whole_updates)
        conn.commit()
        conn.execute("VACUUM")
        before = db.stat().st_size
        filings = [row[0] for row in conn.execute("SELECT id FROM filing ORDER BY id")]
        for n in range(saves):
            for filing_id in filings:
                conn.execute("UPDATE filing SET notes = ?, version = version + 1 WHERE id = ?",
                             (f"Save {n + 1}: site walk notes typed by the agent", filing_id))
            conn.commit()
        trail = conn.execute(_TRAIL_BYTES).fetchone()[0]
        conn.execute("VACUUM")
    return trail / (saves * len(filings)), (db.stat().st_size - before) / len(filings), \
        len(filings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=20, help="saves of each filing")
    parser.add_argument("--town", default="sandwich", help="the demo town's profile")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        demo = Path(folder) / "demo.sqlite"
        with redirect_stdout(StringIO()):
            concom_desk(["demo", "--db", str(demo), "--size", "small", "--town", args.town])
        results = {}
        for whole in (True, False):
            copy = Path(folder) / f"{'whole' if whole else 'changed'}.sqlite"
            shutil.copyfile(demo, copy)
            results[whole] = _live(copy, args.saves, whole)
    (whole_save, whole_growth, filings), (save, growth, _) = results[True], results[False]
    print(f"{filings} filings of the {args.town} demo, each saved {args.saves} times "
          "(one field and the count of saves)")
    print(f"  {'':<28}{'trail bytes per save':>22}{'file growth per filing':>25}")
    print(f"  {'whole rows (before 0022)':<28}{whole_save:>22,.0f}{whole_growth:>25,.0f}")
    print(f"  {'columns changed (0022)':<28}{save:>22,.0f}{growth:>25,.0f}")
    print(f"ratio (changed / whole): trail per save {save / whole_save:.2f}, "
          f"file growth {growth / whole_growth:.2f}")


if __name__ == "__main__":
    sys.exit(main())
