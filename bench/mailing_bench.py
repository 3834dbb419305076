"""A 500-notice abutter mailing (letters, Avery labels, the PS Form 3877 certified-mail
list and the affidavit of service) against the least the libraries alone must do for
the same four documents, in the same run.

    python bench/mailing_bench.py [--notices 500] [--runs 5]

The floor: ONE raw docxtpl render of the shipped letter template with the same
context (all the letters in one document, as the program makes them), one raw
docxtpl render of the affidavit with its context, and the labels and the list as
bare python-docx tables holding the same lines (a cell's text, no layout). The
program adds the Avery page layout (fixed widths, exact row heights), the list's
columns, fees and totals, the mailing map, the finished-document check of every file,
the trail's head and the atomic saves. Steps run interleaved (bench/spread.py);
each prints min / median / max, and the ratio of medians, of wall and of CPU time
(goal: within 1.5).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from spread import (  # noqa: E402
    RUNS,
    cpu_ratio_line,
    interleaved,
    ratio_line,
    spread_line,
    with_cpu,
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notices", type=int, default=500)
    parser.add_argument("--runs", type=int, default=RUNS)
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="mailing-bench-"))
    os.environ["CONCOM_DESK_DATA"] = str(work / "data")

    from docxtpl import DocxTemplate

    from concom_desk.paths import forms_dir
    from concom_desk.services.abutters.importing import import_abutter_list
    from concom_desk.services.abutters.mailing import load_mailing, make_mailing
    from concom_desk.services.documents.rendering import make_environment
    from concom_desk.store import open_database
    from tests.helpers.abutter_fixtures import add_filing, write_csv
    template = forms_dir() / "abutter-letter.docx"
    rows = [(f"{i // 50}-{i % 50}", f"{i} POND ST", f"OWNER NUMBER {i}", f"{i} ELM ST",
             "UPTON", "MA", "01568") for i in range(args.notices)]
    db = open_database(work / "bench.sqlite")
    filing = add_filing(db, owner_is_applicant=True)
    summary = import_abutter_list(db, filing, write_csv(work / "list.csv", rows))
    assert summary.imported and summary.notices == args.notices
    packet = load_mailing(db, filing)

    from docx import Document

    affidavit = forms_dir() / "affidavit-of-service.docx"
    out = work / "out"

    def one_click() -> None:
        made = make_mailing(db, filing, work / "click", template=template)
        assert made, "the mailing made nothing"

    def floor() -> None:
        out.mkdir(exist_ok=True)
        for source, context, name in ((template, packet.letter_context, "letters.docx"),
                                      (affidavit, packet.affidavit_context, "affidavit.docx")):
            document = DocxTemplate(str(source))
            document.render(context, jinja_env=make_environment(), autoescape=True)
            document.save(str(out / name))
        labels = Document()
        table = labels.add_table(rows=-(-len(packet.pieces) // 3), cols=3)
        cells = [cell for row in table.rows for cell in row.cells]
        for cell, piece in zip(cells, packet.pieces, strict=False):
            cell.text = "\n".join(piece.envelope_lines)
        labels.save(str(out / "labels.docx"))
        listed = Document()
        table = listed.add_table(rows=len(packet.pieces) + 1, cols=8)
        for number, (line, piece) in enumerate(zip(table.rows[1:], packet.pieces,
                                                   strict=True), start=1):
            row = line.cells
            row[0].text, row[1].text = str(number), piece.article_number
            row[2].text = "\n".join(piece.envelope_lines)
        listed.save(str(out / "list.docx"))

    cpu: dict[str, list[float]] = {"floor": [], "one_click": []}
    runs = interleaved(args.runs, floor=with_cpu(floor, cpu["floor"]),
                       one_click=with_cpu(one_click, cpu["one_click"]))
    db.close()
    print(f"notices: {args.notices}  template: {template.name}")
    print(spread_line("floor (raw docxtpl + bare python-docx)", runs["floor"]))
    print(spread_line("one click (make_mailing: the four papers)", runs["one_click"]))
    print(ratio_line(runs["one_click"], runs["floor"], goal=1.5))
    # the measure the machine's load does not move
    print(cpu_ratio_line(cpu["one_click"], cpu["floor"], goal=1.5))
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
