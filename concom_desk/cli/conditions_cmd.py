"""`concom-desk conditions`: a town's conditions library (standard permit
conditions, the bylaw's denial reasons, appeal and recording texts), and an
editable copy of it in the data folder."""

from __future__ import annotations

import argparse

from concom_desk.cli.common import EXIT_OK, print_json
from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.documents.conditions_library import (
    copy_for_editing,
    library_for,
    library_path,
    shipped_conditions_dir,
)


def register(subparsers: argparse._SubParsersAction) -> None:
    conditions = subparsers.add_parser(
        "conditions", help="show a town's standard conditions and decision texts"
    )
    conditions.add_argument("--town", required=True, help="town id (e.g. upton)")
    conditions.add_argument("--edit", action="store_true",
                            help="make your own copy in the data folder and print where it is")
    conditions.add_argument("--json", action="store_true", help="print JSON")
    conditions.set_defaults(run=run_conditions)


def run_conditions(args: argparse.Namespace) -> int:
    from concom_desk.services.commission.town_profiles import profile_for

    # A lost installation first: even the state's texts are missing.
    if not library_path(args.town).is_file():
        raise OperationFailed(f"no conditions library found for {args.town}: "
                              f"{shipped_conditions_dir()} has no {args.town}.toml nor the state "
                              "default (installing ConCom Desk again puts them back)")
    # An unknown town is an error, as for `deadlines`: never quietly the state's texts
    # (a misspelt "Uptn" would otherwise print a list that is not Upton's).
    try:
        town = profile_for(args.town).id
    except UserError as exc:
        raise UserError(f"{exc}; a town without a profile of its own uses massachusetts "
                        "(the Act's standard texts)") from None
    if args.edit:
        path = copy_for_editing(town)
        print(f"edit this file (it replaces the program's list for {town}): {path}")
        return EXIT_OK
    library = library_for(town)
    standard = [{"number": n, "text": c.text, "dep_only": c.dep_only}
                for n, c in enumerate(library.standard, start=1)]
    if args.json:
        print_json({"town": town, "library": library.town_id, "path": str(library.path),
                    "bylaw": library.bylaw, "appeal_rights": library.appeal_rights,
                    "appeal_rights_for": dict(library.appeal_rights_for),
                    "recording_instructions": library.recording_instructions,
                    "boards": list(library.boards),
                    "denial_reasons": list(library.denial_reasons), "standard": standard})
        return EXIT_OK
    print(f"{town}: {library.bylaw}")
    print(f"from {library.path}")
    print("\nStandard conditions (special conditions continue the numbering):")
    for condition in standard:
        note = " [only with a DEP file number]" if condition["dep_only"] else ""
        print(f"{condition['number']:>3}. {condition['text']}{note}")
    if library.denial_reasons:
        print("\nReasons for denial the bylaw lists:")
        for reason in library.denial_reasons:
            print(f"  - {reason}")
    print(f"\nBoards notified: {', '.join(library.boards)}")
    print(f"\nAppeal: {library.appeal_rights}")
    for paper, text in library.appeal_rights_for:  # a paper the bylaw words apart
        print(f"  on a {paper}: {text}")
    print(f"\nRecording: {library.recording_instructions}")
    return EXIT_OK
