"""`concom-desk guide`: the user guide in a window of its own, without opening any
records (the Start-menu entry "ConCom Desk User guide" runs this)."""

from __future__ import annotations

import argparse

from concom_desk.cli.common import EXIT_FAILED


def register(subparsers: argparse._SubParsersAction) -> None:
    guide = subparsers.add_parser("guide", help="open the user guide in its own window")
    guide.set_defaults(run=run_guide)


def run_guide(args: argparse.Namespace) -> int:
    from concom_desk.ui.guide_app import show_guide

    return 0 if show_guide() else EXIT_FAILED
