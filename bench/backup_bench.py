"""`concom-desk backup` on the large demo town against a floor measured in the same run.

    python bench/backup_bench.py [--db large.sqlite] [--runs 5] [--documents 2000]

Without --db, the large demo town is written first with `concom-desk demo --size
large` (timed and printed). A documents folder of fake letters is put beside the
database so the archive holds what a real office's does.

Floor: the least any consistent, durable backup must do -- the SQLite backup API
into a scratch file (not flushed to the disk: only the archive must survive a
power cut), zipfile writing that copy and the same documents with the same
compression (zlib level 1, as the program uses; documents already compressed are
stored), the archive flushed to the disk once, and the scratch copy deleted.
`concom-desk backup` adds: identity and schema checks, the copy switched to a
rollback journal (one self-contained file), integrity_check of the copy and its
fingerprint and chain head (run while the archive is compressed), sha256 of every
member taken as it is written (beside the compression, on a second thread), a
manifest, the archive's listing checked against it, the rename and the folder
flushed -- and, timed as a command, Python's start-up and imports. The in-process
time of `make_backup` is printed too. Runs interleaved (floor, command, in process,
floor, ...; bench/spread.py); prints min / median / max of each and the ratios of
medians ours / floor (the goal: within 1.3).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
import zipfile
from contextlib import closing
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

sys.path.insert(0, str(ROOT / "bench"))

from spread import RUNS, interleaved, ratio_line, spread_line  # noqa: E402

from concom_desk.paths import documents_dir  # noqa: E402
from concom_desk.store.archive import COMPRESS_LEVEL, folder_members  # noqa: E402
from concom_desk.store.backup import make_backup  # noqa: E402


def command(*args: str, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "concom_desk", *args], cwd=ROOT, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def floor_backup(db: Path, out: Path, work: Path) -> float:
    start = time.perf_counter()
    copy = work / "floor.sqlite"
    with closing(sqlite3.connect(db)) as src, closing(sqlite3.connect(copy)) as dst:
        dst.execute("PRAGMA synchronous=OFF")
        dst.execute("PRAGMA journal_mode=OFF")
        src.backup(dst)
    members = [("database/" + db.name, copy)]
    members += folder_members(documents_dir(db), "documents")
    with open(out, "wb") as raw:
        with zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED, allowZip64=True,
                             compresslevel=COMPRESS_LEVEL) as archive:
            for name, path in members:
                stored = path.suffix.lower() == ".docx"
                archive.write(path, name,
                              zipfile.ZIP_STORED if stored else zipfile.ZIP_DEFLATED)
        raw.flush()
        os.fsync(raw.fileno())
    copy.unlink()
    return time.perf_counter() - start


def fake_documents(db: Path, count: int) -> int:
    folder = documents_dir(db)
    if folder.exists():
        return sum(1 for p in folder.rglob("*") if p.is_file())
    for n in range(count):
        letter = folder / f"{2006 + n % 20}" / f"letter-{n:05d}.docx"
        letter.parent.mkdir(parents=True, exist_ok=True)
        letter.write_bytes(os.urandom(24_000))  # a .docx is already compressed
    return count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, help="an existing database (default: make one)")
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--documents", type=int, default=2000)
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="backup-bench-"))
    env = {**os.environ, "CONCOM_DESK_DATA": str(work / "data")}
    try:
        db = args.db
        if db is None:
            db = work / "large.sqlite"
            seconds = command("demo", "--db", str(db), "--size", "large", env=env)
            print(f"concom-desk demo --size large: {seconds:.1f} s")
        letters = fake_documents(db, args.documents)
        size = db.stat().st_size + sum(p.stat().st_size for _, p in
                                       folder_members(documents_dir(db), "documents"))
        print(f"database {db.stat().st_size / 1e6:.0f} MB, {letters} documents, "
              f"{size / 1e6:.0f} MB in all")
        made = iter(range(1_000_000))  # each run's archive gets a name of its own
        runs = interleaved(
            args.runs,
            floor=lambda: floor_backup(db, work / f"floor-{next(made)}.zip", work),
            command=lambda: command("backup", "--db", str(db), "--out",
                                    str(work / f"backup-{next(made)}.zip"), env=env),
            inside=lambda: make_backup(db, work / f"in-process-{next(made)}.zip"))
        print(spread_line("floor (backup API + zipfile)", runs["floor"]))
        print(spread_line("concom-desk backup", runs["command"]))
        print(spread_line("make_backup (in process)", runs["inside"]))
        print(ratio_line(runs["command"], runs["floor"], goal=1.3, what="as a command"))
        print(ratio_line(runs["inside"], runs["floor"], goal=1.3, what="in process"))
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
