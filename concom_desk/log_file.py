"""The log file a clerk sends when something goes wrong: `concom-desk.log` in the
data folder (Help → About and the crash dialog say where).

It keeps its last few megabytes (the current file and three older ones), so years on
a town-hall laptop never fill its disk. The window and the command line may run at
once and write to the same file; on Windows a file open elsewhere cannot be renamed,
so a turn that fails is skipped (tried again later) rather than printed at the clerk.
"""

from __future__ import annotations

import logging
import traceback
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

from concom_desk.paths import data_dir

if TYPE_CHECKING:
    from logging.handlers import RotatingFileHandler

LOG_FILE_NAME = "concom-desk.log"
MAX_BYTES = 2 * 1024 * 1024
BACKUP_COUNT = 3
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_logger = logging.getLogger("concom_desk")
crash_logger = logging.getLogger("concom_desk.crash")


def log_folder() -> Path:
    return data_dir()


def log_path() -> Path:
    return log_folder() / LOG_FILE_NAME


def _shared_rotating_file(path: Path) -> RotatingFileHandler:
    """A RotatingFileHandler that never prints a "Logging error" traceback: a log that
    cannot be written or turned is not worth interrupting the clerk for."""
    from logging.handlers import RotatingFileHandler

    class SharedRotatingFileHandler(RotatingFileHandler):
        def doRollover(self) -> None:  # noqa: N802 (logging's name)
            try:
                super().doRollover()
            except OSError:
                # Another program holds the file (Windows): keep writing to this one.
                if self.stream is None:
                    self.stream = self._open()

        def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802
            pass

    return SharedRotatingFileHandler(path, maxBytes=MAX_BYTES, backupCount=BACKUP_COUNT,
                                     encoding="utf-8", delay=True)


class LogFile(logging.Handler):
    """The program's log file, turned over by size. The rotating file is made when the
    first line is written: most runs write none, and logging.handlers brings in sockets
    and pickling that the window would otherwise import before it first paints."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self._file: RotatingFileHandler | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if self._file is None:
            self._file = _shared_rotating_file(self.path)
            self._file.setFormatter(self.formatter)
        self._file.handle(record)

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        pass  # as the file's own handler: never a traceback at the clerk

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
        super().close()


def start_log_file() -> logging.Handler | None:
    """Send the program's log to the file (once per process); None when the data
    folder cannot be written (a read-only profile), in which case nothing is logged."""
    for handler in _logger.handlers:
        if isinstance(handler, LogFile):
            return handler
    try:
        log_folder().mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    handler = LogFile(log_path())
    handler.setFormatter(logging.Formatter(FORMAT))
    _logger.addHandler(handler)
    return handler


def stop_log_file(handler: logging.Handler | None) -> None:
    if handler is not None:
        _logger.removeHandler(handler)
        handler.close()


def crash_details(exc_type: type[BaseException], exc: BaseException,
                  tb: TracebackType | None) -> str:
    """The text a clerk copies into an e-mail: version, then the traceback."""
    from concom_desk import __version__

    lines = traceback.format_exception(exc_type, exc, tb)
    return f"ConCom Desk {__version__}\n" + "".join(lines).rstrip()


def log_crash(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None,
              where: str) -> str:
    """Write an unexpected failure with its traceback to the log file (starting it when
    nothing has yet) and return the details text."""
    handler_started = None
    if not any(isinstance(h, LogFile) for h in _logger.handlers):
        handler_started = start_log_file()
    details = crash_details(exc_type, exc, tb)
    crash_logger.error("unexpected failure in %s\n%s", where, details)
    if handler_started is not None:
        stop_log_file(handler_started)
    return details
