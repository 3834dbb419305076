"""`concom-desk` with no subcommand: open the main window."""

from __future__ import annotations

import argparse

from concom_desk.cli.common import db_path_from


def open_window(args: argparse.Namespace) -> int:
    # Qt is imported only here, so that the command line stays fast and headless.
    from concom_desk.ui.app import run_app

    return run_app(db_path_from(args), demo_if_missing=args.demo)
