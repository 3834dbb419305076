"""A 500-notice abutter mailing (letters + labels + certified-mail list, and the
affidavit) against the floor of rendering the same letter template 500 times
with raw docxtpl (one document per owner, the way a mail merge would), in the
same run.

    python bench/mailing_bench.py [--notices 500] [--runs 3]

Uses the shipped forms/abutter-letter.docx. Runs interleaved (ours, letters alone, one
click, floor, then again), prints the medians and the ratios ours / floor (under 1: the
one-rendering mailing is that share of a mail merge's time).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notices", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="mailing-bench-"))
    os.environ["CONCOM_DESK_DATA"] = str(work / "data")

    from docxtpl import DocxTemplate

    from concom_desk.paths import forms_dir
    from concom_desk.services.abutters.certified_mail_list import write_certified_mail_list
    from concom_desk.services.abutters.importing import import_abutter_list
    from concom_desk.services.abutters.labels import write_labels
    from concom_desk.services.abutters.mailing import LETTERS, load_mailing, make_mailing
    from concom_desk.services.documents.rendering import make_environment, render_template
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

    def ours() -> float:
        out = work / "ours"
        started = time.perf_counter()
        render_template(template, packet.letter_context, out / LETTERS)
        write_labels(packet.pieces, out / "labels.docx")
        write_certified_mail_list(packet.sender, packet.pieces, out / "list.docx")
        return time.perf_counter() - started

    def letters_only() -> float:
        started = time.perf_counter()
        render_template(template, packet.letter_context, work / "only" / LETTERS)
        return time.perf_counter() - started

    def one_click() -> float:
        started = time.perf_counter()
        make_mailing(db, filing, work / "click", template=template)
        return time.perf_counter() - started

    def floor() -> float:
        out = work / "floor"
        out.mkdir(exist_ok=True)
        started = time.perf_counter()
        for index, notice in enumerate(packet.letter_context["notices"]):
            document = DocxTemplate(str(template))
            context = {**packet.letter_context, "notices": [notice]}
            document.render(context, jinja_env=make_environment(), autoescape=True)
            document.save(str(out / f"letter-{index:04d}.docx"))
        return time.perf_counter() - started

    ours_times: list[float] = []
    letters_times: list[float] = []
    click_times: list[float] = []
    floor_times: list[float] = []
    for _ in range(args.runs):  # interleaved, so a busy moment falls on both sides
        ours_times.append(ours())
        letters_times.append(letters_only())
        click_times.append(one_click())
        floor_times.append(floor())
    db.close()
    ours_median = statistics.median(ours_times)
    floor_median = statistics.median(floor_times)
    print(f"notices: {args.notices}  template: {template.name}  runs: {args.runs}")
    print(f"loop (letters + labels + 3877 list): {ours_median:7.2f} s")
    letters_median = statistics.median(letters_times)
    print(f"letters alone (one rendering):      {letters_median:7.2f} s")
    print(f"one click (all four documents):     {statistics.median(click_times):7.2f} s")
    print(f"floor (raw docxtpl, {args.notices} renders):   {floor_median:7.2f} s")
    print(f"ratio loop / floor: {ours_median / floor_median:.2f} "
          f"(letters alone: {letters_median / floor_median:.2f}; "
          f"one click: {statistics.median(click_times) / floor_median:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
