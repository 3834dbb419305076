"""`concom-desk` with no subcommand: open the main window."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from concom_desk.cli.common import db_path_from, server_address_from

# A script driving the window from inside, for a bench measuring it from outside
# (bench/freeze.py): its `watch(launcher)` is handed the launcher before the loop starts.
HOOK_VARIABLE = "CONCOM_DESK_BENCH_HOOK"


def bench_hook() -> Callable[[Any], None] | None:
    """The `watch` of the script CONCOM_DESK_BENCH_HOOK names, if it names one."""
    named = os.environ.get(HOOK_VARIABLE)
    if not named:
        return None
    import importlib.util

    spec = importlib.util.spec_from_file_location("concom_desk_bench_hook", Path(named))
    if spec is None or spec.loader is None:
        raise SystemExit(f"{HOOK_VARIABLE}: {named} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.watch  # type: ignore[no-any-return]


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
        from concom_desk.services.safekeeping.server_connection import remembered_server

        server = remembered_server()
    return run_app(db_path_from(args), demo_if_missing=args.demo, server=server,
                   watch=bench_hook())
