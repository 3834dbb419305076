"""The output scan (docx_safety, run on every document the program makes) against
the plain save it follows.

    python bench/output_scan_bench.py [--db PATH] [--repeat 9]

On the large demo town: for the filing with the most abutters, the permit, the
abutter letters (one letter per notice, the largest document the program
makes) and the case history of the longest enforcement case are each rendered
once; then, interleaved, `document.save()` into a temporary file (the floor:
what saving costs anyway) and `package_refusals()` on that file (ours: what the
scan adds). Medians; ratio = scan / save.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from large_demo import large_demo_db  # noqa: E402
from spread import ms_spread  # noqa: E402


def _documents(db_path: Path, work: Path) -> dict[str, object]:
    """name -> a python-docx / docxtpl document, rendered and ready to save."""
    from docxtpl import DocxTemplate
    from sqlalchemy import func, select

    from concom_desk.services.abutters.mailing import load_mailing
    from concom_desk.services.documents.context import filing_context
    from concom_desk.services.documents.register import filing_by_number
    from concom_desk.services.documents.rendering import make_environment
    from concom_desk.services.documents.template_library import find_template
    from concom_desk.store import open_database
    from concom_desk.store.models import Abutter, Filing

    found: dict[str, object] = {}
    with open_database(db_path, lock=False) as db:
        with db.read_session() as session:
            filing_id, _count = session.execute(
                select(Abutter.filing_id, func.count()).group_by(Abutter.filing_id)
                .order_by(func.count().desc()).limit(1)).one()
            file_no = session.get(Filing, filing_id).file_no
            filing = filing_by_number(session, file_no)
            permit = filing_context(session, filing, "permit", date.today(), None)
        packet = load_mailing(db, filing_id)
        for name, template, context in (("permit", "permit", permit),
                                        (f"abutter letters ({len(packet.pieces)})",
                                         "abutter-letter", packet.letter_context)):
            document = DocxTemplate(str(find_template(template)))
            environment = make_environment()
            environment.start_budget()
            document.render(context, jinja_env=environment, autoescape=True)
            found[name] = document
    return found


def _time(action) -> float:  # type: ignore[no-untyped-def]
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description="output scan vs plain save")
    parser.add_argument("--db", help="database (default: the large demo town)")
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    db_path = large_demo_db(args.db)

    from concom_desk.domain.docx_safety import package_refusals

    with tempfile.TemporaryDirectory(prefix="concom-scan-bench-") as scratch:
        work = Path(scratch)
        documents = _documents(db_path, work)
        print(f"{'document':<26}{'size':>9}{'save ms':>10}{'scan ms':>10}{'ratio':>8}")
        for name, document in documents.items():
            target = work / "out.docx"
            saves, scans = [], []
            for _ in range(args.repeat):  # interleaved: save, then scan what was saved
                saves.append(_time(lambda d=document, t=target: d.save(str(t))))
                refusals: list[object] = []
                scans.append(_time(lambda found=refusals, t=target: found.extend(
                    package_refusals(t))))
                assert not refusals, refusals
            save, scan = statistics.median(saves), statistics.median(scans)
            print(f"{name:<26}{target.stat().st_size // 1024:>7} K{save * 1000:>10.1f}"
                  f"{scan * 1000:>10.1f}{scan / save:>8.2f}")
            print(f"{'':<26}save {ms_spread(saves)}; scan {ms_spread(scans)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
