"""`concom-desk render`: one document for a stored filing, from its template,
saved in the document register (and copied where --out says)."""

from __future__ import annotations

import argparse
from pathlib import Path

from concom_desk.cli.common import (
    EXIT_OK,
    add_db_option,
    iso_date,
    open_and_back_up,
    print_json,
    writable_folder,
)
from concom_desk.domain.conditions import DENIAL_KINDS
from concom_desk.errors import UserError
from concom_desk.services.documents.template_examples import FILING_BASED_TEMPLATES
from concom_desk.services.documents.wpa_fields import INTERESTS


def register(subparsers: argparse._SubParsersAction) -> None:
    render = subparsers.add_parser(
        "render", help="make a filing's document (permit, denial, ...) from its template"
    )
    add_db_option(render)
    render.add_argument("--filing", required=True, metavar="NO", help="local file number")
    render.add_argument("--template", required=True, metavar="NAME",
                        help=f"one of: {', '.join(FILING_BASED_TEMPLATES)}")
    render.add_argument("--out", metavar="FILE.docx",
                        help="also write a copy here (the register always keeps one)")
    render.add_argument("--special", action="append", default=[], metavar="TEXT",
                        help="a special condition for a permit not yet decided (repeatable)")
    render.add_argument("--reason", action="append", default=[], metavar="TEXT",
                        help="a reason for a denial not yet recorded (repeatable)")
    render.add_argument("--denial-kind", choices=DENIAL_KINDS, default="substantive",
                        help="for a denial not yet recorded (default: substantive)")
    render.add_argument("--interest", action="append", default=[], choices=INTERESTS,
                        metavar="NAME", help="WPA Form 5 B.1: an interest of the Act the "
                        "areas are significant to (repeatable): " + ", ".join(INTERESTS))
    render.add_argument("--date", type=iso_date, metavar="YYYY-MM-DD",
                        help="the date printed on the document (default: today)")
    render.add_argument("--pdf", action="store_true", help="also export a PDF beside it")
    render.add_argument("--json", action="store_true", help="print JSON")
    render.set_defaults(run=run_render)


def run_render(args: argparse.Namespace) -> int:
    from concom_desk.services.documents.context_extras import DraftChoices
    from concom_desk.services.documents.output import export_pdf
    from concom_desk.services.documents.register import copy_out, save_filing_document

    if args.template not in FILING_BASED_TEMPLATES:
        raise UserError(f"{args.template!r} is not a filing's template; use one of: "
                        f"{', '.join(FILING_BASED_TEMPLATES)}")
    if args.out and Path(args.out).suffix.lower() != ".docx":
        raise UserError(f"--out {args.out}: the file name must end in .docx")
    if args.out:
        writable_folder(Path(args.out))  # before the document is made and registered
    with open_and_back_up(args) as db:
        draft = DraftChoices(special=tuple(args.special), reasons=tuple(args.reason),
                             denial_kind=args.denial_kind, interests=tuple(args.interest))
        document = save_filing_document(db, args.filing, args.template, args.date, draft)
    result: dict[str, object] = {"path": str(document.path), "sha256": document.sha256}
    if document.draft:
        result["draft"] = list(document.draft)
    if document.blanks:
        result["left_blank"] = list(document.blanks)
    if args.out:
        result["copy"] = str(copy_out(document, Path(args.out)))
    if args.pdf:
        result["pdf"] = str(export_pdf(document.path))
    if args.json:
        print_json(result)
    else:
        if document.draft:
            from concom_desk.services.documents.drafts import draft_line

            print(draft_line(document.draft))
        if document.blanks:
            print(f"left blank on the form: {'; '.join(document.blanks)}")
        for key, label in (("path", "saved"), ("copy", "copied to"), ("pdf", "PDF")):
            if key in result:
                print(f"{label}: {result[key]}")
    return EXIT_OK
