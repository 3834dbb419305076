"""`concom-desk` with no subcommand: open the main window."""

from __future__ import annotations

import argparse

from concom_desk.cli.common import db_path_from, server_address_from


def open_window(args: argparse.Namespace) -> int:
    # Qt is imported only here, so that the command line stays fast and headless; first
    # the binding alone, told not to read every module's source as it is imported.
    from concom_desk.ui.qt_start import import_qt

    import_qt()
    from concom_desk.ui.app import run_app

    server = server_address_from(args)  # `concom-desk --db postgresql://…`
    if server is not None:
        from concom_desk.paths import default_db_path

        return run_app(default_db_path(), demo_if_missing=args.demo, server=server)
    if not getattr(args, "db", None):  # no --db: the server File → Connect chose, if any
        from concom_desk.services.records.server_connection import remembered_server

        server = remembered_server()
    return run_app(db_path_from(args), demo_if_missing=args.demo, server=server)
