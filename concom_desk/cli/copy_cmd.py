"""`concom-desk copy --from … --to …`: a commission's records moved between its file
and a town-hall server, both ways, verified (concom_desk.services.safekeeping.copy_places)."""

from __future__ import annotations

import argparse
import sys
import time
from typing import TYPE_CHECKING

from concom_desk.cli.common import EXIT_OK

if TYPE_CHECKING:
    from concom_desk.store.server.address import ServerAddress


def register(subparsers: argparse._SubParsersAction) -> None:
    copy = subparsers.add_parser(
        "copy", help="copy every record (the audit trail as it is) between a file and a "
                     "server, checked table by table")
    copy.add_argument("--from", dest="source", required=True,
                      metavar="FILE.sqlite|postgresql://…", help="where the records are")
    copy.add_argument("--to", dest="target", required=True,
                      metavar="postgresql://…|NEW.sqlite",
                      help="an empty server database, or a new file")
    copy.set_defaults(run=run_copy)


class _Progress:
    """A line per table with many rows, every few seconds while it goes in (stderr, so
    the summary on stdout stays plain for a script)."""

    EVERY_SECONDS = 3.0
    BIG = 20_000

    def __init__(self) -> None:
        self.last = 0.0

    def __call__(self, table: str, done: int, total: int) -> None:
        if total < self.BIG:
            return
        now = time.monotonic()
        if done == 0 or done == total or now - self.last >= self.EVERY_SECONDS:
            self.last = now
            print(f"  {table}: {done:,} of {total:,} rows", file=sys.stderr, flush=True)


def terminal_password(address: ServerAddress) -> str | None:
    """The server's password: the one kept for it (keyring, CONCOM_DESK_PASSWORD), else
    asked for once at a terminal (a server over the network; the machine's own socket
    usually needs none)."""
    from concom_desk.errors import UserError
    from concom_desk.store.server.password import stored_password

    kept = stored_password(address)
    if kept is not None or address.on_socket or sys.stdin is None or not sys.stdin.isatty():
        return kept
    import getpass

    try:
        return getpass.getpass(f"Password for {address.display()}: ") or None
    except (EOFError, KeyboardInterrupt):
        raise UserError(f"no password was given for {address.display()}") from None


def run_copy(args: argparse.Namespace) -> int:
    from concom_desk.services.safekeeping.copy_places import copy_between

    done = copy_between(args.source, args.target, _Progress(), terminal_password)
    report = done.report
    tables = sum(1 for rows in report.rows.values() if rows)
    print(f"Copied {report.total_rows:,} rows in {tables} tables from {done.source} to "
          f"{done.target} in {report.seconds:.1f} s; every table read back the same, and "
          f"the audit trail's {report.audit_entries:,} entries check out there.")
    if done.documents:
        print(f"Copied {done.documents:,} printed document{'' if done.documents == 1 else 's'} "
              "into its documents folder.")
    return EXIT_OK
