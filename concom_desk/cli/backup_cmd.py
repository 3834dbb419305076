"""`concom-desk backup | restore | check | export`: keeping the record safe and
handing it out, from the command line."""

from __future__ import annotations

import argparse
from pathlib import Path

from concom_desk.cli.common import (
    EXIT_FAILED,
    EXIT_OK,
    add_db_option,
    db_path_from,
    open_and_back_up,
    server_address_from,
)
from concom_desk.domain.wording import counted
from concom_desk.store.server.address import is_server_address


def register(subparsers: argparse._SubParsersAction) -> None:
    backup = subparsers.add_parser(
        "backup", help="write a verified backup archive (database, documents, templates)"
    )
    add_db_option(backup)
    backup.add_argument("--out", metavar="FILE.zip",
                        help="the archive to write (or a folder to write it in; default: "
                             "the backups folder beside the database)")
    backup.set_defaults(run=run_backup)

    restore = subparsers.add_parser(
        "restore", help="put a backup archive back; the current database is kept aside"
    )
    restore.add_argument("archive", metavar="FILE.zip", help="a backup made by concom-desk")
    add_db_option(restore, makes_new=True)
    restore.set_defaults(run=run_restore)

    check = subparsers.add_parser(
        "check", help="check the database for damage (exit 0 when sound, 1 otherwise)"
    )
    add_db_option(check)
    check.add_argument("--head", action="append", default=[], metavar="N:HASH",
                       help="a trail head from a printed register's footer "
                            "(e.g. 12345:3f2a9c01d4e5b6a7), compared with the trail")
    check.set_defaults(run=run_check)

    repair = subparsers.add_parser(
        "repair-guards",
        help="put the audit trail's triggers back, recording in the trail what was found")
    add_db_option(repair)
    repair.add_argument("--initials", required=True, help="who is repairing (recorded)")
    repair.set_defaults(run=run_repair_guards)

    export = subparsers.add_parser(
        "export", help="every table in plain words, for a public-records request"
    )
    add_db_option(export)
    export.add_argument("--format", required=True, choices=("xlsx", "csv"),
                        help="one Excel workbook, or one CSV file per table")
    export.add_argument("--out", required=True, metavar="DIR", help="folder to write into")
    export.set_defaults(run=run_export)


def run_backup(args: argparse.Namespace) -> int:
    from concom_desk.store.backup import make_backup

    if is_server_address(getattr(args, "db", None)):
        made = _back_up_server(args)
    else:
        made = make_backup(db_path_from(args), _backup_out(args))
    names = made.manifest.members
    documents = sum(1 for n in names if n.startswith("documents/"))
    templates = sum(1 for n in names if n.startswith("templates/"))
    print(f"Backup written to {made.path}: the database, {counted(documents, 'document')} "
          f"and {counted(templates, 'template')}, read back and verified.")
    return EXIT_OK


def _backup_out(args: argparse.Namespace) -> Path:
    if args.out:
        return Path(args.out)
    from concom_desk.paths import backups_dir

    folder = backups_dir(db_path_from(args))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _back_up_server(args: argparse.Namespace):  # -> BackupMade
    """pg_dump of the server into the same archive (concom_desk.store.server.backup)."""
    from concom_desk.store.server.backup import back_up_server

    database = open_and_back_up(args)
    try:
        return back_up_server(database, Path(args.out) if args.out else None)
    finally:
        database.close()


def run_restore(args: argparse.Namespace) -> int:
    from concom_desk.store.restore import restore

    if is_server_address(getattr(args, "db", None)):
        return _restore_server(args)
    done = restore(Path(args.archive), db_path_from(args))
    print(f"Restored {done.database} from the backup of {done.manifest.created_utc}.")
    for path in done.kept_aside:
        print(f"What was there before is kept as {path}.")
    for notice in done.notices:
        print(notice)
    return EXIT_OK


def _restore_server(args: argparse.Namespace) -> int:
    from concom_desk.cli.copy_cmd import terminal_password
    from concom_desk.store.server.backup import restore_server

    address = server_address_from(args)
    done = restore_server(Path(args.archive), address, terminal_password(address))
    print(f"Restored {done.address.display()} from the backup of "
          f"{done.manifest.created_utc}; its audit trail's {done.entries:,} entries check "
          "out, ending where the backup's manifest says.")
    if done.documents:
        print(f"Put back {counted(done.documents, 'printed document')} in this desk's "
              "folder for the server.")
    for notice in done.notices:
        print(notice)
    return EXIT_OK


def run_repair_guards(args: argparse.Namespace) -> int:
    from concom_desk.services.safekeeping.safekeeping import repair_guards, repair_server_guards

    if is_server_address(getattr(args, "db", None)):
        from concom_desk.store.server.address import parse_address

        print(repair_server_guards(parse_address(args.db), args.initials))
        return EXIT_OK
    print(repair_guards(db_path_from(args), args.initials))
    return EXIT_OK


def run_check(args: argparse.Namespace) -> int:
    from concom_desk.errors import UserError
    from concom_desk.store.anchor import parse_head
    from concom_desk.store.health import check

    heads = []
    for text in args.head:
        head = parse_head(text)
        if head is None:
            raise UserError(f"--head {text!r} is not a trail head; give it as printed, "
                            "e.g. 12345:3f2a9c01d4e5b6a7")
        heads.append(head)
    if is_server_address(getattr(args, "db", None)):
        from concom_desk.store.server.address import parse_address
        from concom_desk.store.server.health import check_server

        report = check_server(parse_address(args.db), tuple(heads))
    else:
        report = check(db_path_from(args), tuple(heads))
    for line in report.lines:
        print(line)
    print("The database is sound." if report.sound else "The database has problems.")
    return EXIT_OK if report.sound else EXIT_FAILED


def run_export(args: argparse.Namespace) -> int:
    from concom_desk.store.export_writers import export, export_records

    if server_address_from(args) is not None:
        with open_and_back_up(args, lock=False) as database:
            written = export_records(database, args.format, Path(args.out))
    else:  # a file is read as it is, never upgraded or locked just to hand it out
        written = export(db_path_from(args), args.format, Path(args.out))
    print(f"Exported {counted(len(written), 'file')} to {args.out}.")
    return EXIT_OK
