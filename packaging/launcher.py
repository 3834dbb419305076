"""Entry point of the frozen programs (`concom-desk` and `concom-desk-cli`): the same
`concom-desk` command.

`main()` turns every failure into one line and an exit status; this last guard is for
one that escapes even that (an import that fails in a broken build). PyInstaller's
windowed program would show such an exception in a dialog and wait for a click, which
on a build machine is a job hung for hours: it is logged and ends the program instead.
"""

import sys

if __name__ == "__main__":
    try:
        from concom_desk.cli import main

        status = main()
    except Exception as exc:  # noqa: BLE001 (the last guard)
        import traceback

        try:
            from concom_desk.log_file import log_crash

            log_crash(type(exc), exc, exc.__traceback__, "the program's start")
        except Exception:  # noqa: BLE001 (not even the log works: nothing more to do)
            pass
        if sys.stderr is not None:
            traceback.print_exc()
        status = 1
    sys.exit(status)
