"""`concom-desk check-template`, `concom-desk merge-fields` and `concom-desk templates`:
the clerk's Word templates from the command line — check one, match a mail-merge
letter's fields, list those in effect, print the field reference, put one's own file in
as a template, put a default back."""

from __future__ import annotations

import argparse
from pathlib import Path

from concom_desk.cli.common import EXIT_FAILED, EXIT_OK, print_json
from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.documents.template_examples import EXAMPLES


def register(subparsers: argparse._SubParsersAction) -> None:
    check = subparsers.add_parser(
        "check-template", help="check a Word template: fields, tags, and that it is a plain .docx"
    )
    check.add_argument("file", metavar="FILE", help="the .docx template to check")
    check.add_argument(
        "--as", dest="template", metavar="NAME", choices=sorted(EXAMPLES),
        help="check against this template's fields (default: guessed from the file name)",
    )
    check.set_defaults(run=run_check)

    merge = subparsers.add_parser(
        "merge-fields", help="match a Word mail-merge template's «fields» to the program's")
    merge.add_argument("file", metavar="FILE", help="the .docx mail-merge template")
    merge.add_argument("--as", dest="template", metavar="NAME", choices=sorted(EXAMPLES),
                       help="the template whose fields it may use (default: from the name)")
    merge.add_argument("--set", action="append", default=[], metavar="NAME=FIELD",
                       help="match a merge field to a field (e.g. ApplicantName=applicant.name;"
                            " NAME= removes the match); may be repeated")
    merge.add_argument("--accept", action="store_true",
                       help="keep the suggested field for each merge field not matched yet")
    merge.set_defaults(run=run_merge_fields)

    templates = subparsers.add_parser("templates", help="list, document or reset the templates")
    action = templates.add_mutually_exclusive_group()
    action.add_argument("--reference", action="store_true",
                        help="print the field reference (every placeholder with an example)")
    action.add_argument("--reset", metavar="NAME",
                        help="go back to the default template (your copy is moved aside)")
    action.add_argument("--use", nargs=2, metavar=("NAME", "FILE"),
                        help="put your own Word file in as template NAME (your copy before "
                             "is moved aside), then check it")
    templates.add_argument("--out", metavar="FILE.md", help="with --reference: write it here")
    templates.add_argument("--json", action="store_true", help="print JSON")
    templates.set_defaults(run=run_templates)


def run_check(args: argparse.Namespace) -> int:
    from concom_desk.services.documents.template_check import check_template

    path = Path(args.file)
    if not path.is_file():
        raise UserError(f"{path} does not exist or is not a file")
    result = check_template(path, args.template)
    print(result.report())
    return EXIT_OK if result.ok else EXIT_FAILED


def run_merge_fields(args: argparse.Namespace) -> int:
    from concom_desk.services.documents.mail_merge import merge_table, save_map
    from concom_desk.services.documents.template_check import guess_template_name

    path = Path(args.file)
    if not path.is_file():
        raise UserError(f"{path} does not exist or is not a file")
    template = args.template or guess_template_name(path)
    changes: dict[str, str] = {}
    for pair in args.set:
        name, equals, field = pair.partition("=")
        if not equals or not name.strip():
            raise UserError(f"--set {pair!r}: write it as NAME=FIELD, e.g. "
                            "ApplicantName=applicant.name")
        changes[name.strip()] = field.strip()
    rows = merge_table(path, template)
    if not rows:
        print(f"{path.name}: no mail-merge fields")
        return EXIT_OK
    if args.accept:
        changes = {row.name: row.suggested for row in rows
                   if not row.matched and row.suggested} | changes
    if changes:
        save_map(changes)
        rows = merge_table(path, template)
    width = max(len(row.name) for row in rows) + 2
    for row in rows:
        print(f"«{row.name}»".ljust(width + 2) + row.describe())
    return EXIT_OK if all(row.matched for row in rows) else EXIT_FAILED


def run_templates(args: argparse.Namespace) -> int:
    from concom_desk.paths import forms_dir
    from concom_desk.services.documents.field_registry import field_reference_markdown
    from concom_desk.services.documents.template_library import (
        reset_to_default,
        templates_in_effect,
        user_templates_dir,
    )

    if args.out and not args.reference:
        raise UserError("--out goes with --reference")
    if args.reference:
        text = field_reference_markdown()
        if args.out:
            Path(args.out).write_text(text, encoding="utf-8")
            print(f"field reference written to {args.out}")
        else:
            print(text, end="")
        return EXIT_OK
    if args.use:
        return _use_file(*args.use)
    if args.reset:
        aside = reset_to_default(args.reset)
        if aside is None:
            print(f"{args.reset}: already the default template")
        else:
            print(f"{args.reset}: back to the default; your copy was moved to {aside}")
        return EXIT_OK
    found = templates_in_effect()
    if not found:
        raise OperationFailed(f"no Word templates found: neither {forms_dir()} nor "
                              f"{user_templates_dir()} has any (installing ConCom Desk again "
                              "puts the defaults back)")
    if args.json:
        print_json([t.as_json() for t in found])
        return EXIT_OK
    width = max((len(t.name) for t in found), default=0)
    for template in found:
        mark = "yours  " if template.customised else "default"
        print(f"{template.name:<{width}}  {mark}  {template.path}")
    return EXIT_OK


def _use_file(name: str, file: str) -> int:
    """`templates --use NAME FILE`: the file in effect as NAME, then its check (exit
    status 1 while the check finds a problem, a mail-merge field not matched say)."""
    from concom_desk.services.documents.template_check import check_template
    from concom_desk.services.documents.template_library import use_file

    target, aside = use_file(name, Path(file))
    print(f"{name}: now your file {Path(file).name}"
          + (f" (your earlier copy was moved to {aside})" if aside else ""))
    result = check_template(target, name)
    print(result.report())
    return EXIT_OK if result.ok else EXIT_FAILED
