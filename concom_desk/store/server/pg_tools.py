"""PostgreSQL's own programs, `pg_dump` and `pg_restore`, run for a server's backups.

Where they are: `CONCOM_DESK_PG_DUMP` (and `CONCOM_DESK_PG_RESTORE`, else the
pg_restore beside that pg_dump) when whoever runs the server set it; else the PATH;
else where PostgreSQL's installers put them (Windows: Program Files\\PostgreSQL\\<version>\\bin;
Debian: /usr/lib/postgresql/<version>/bin), the newest first — a pg_dump older than the
server refuses to dump it.

How they are run: the address as a libpq connection string with no password in it,
the password in the child's own environment (PGPASSWORD), never on its command line
where any user of the machine could read it in the process list.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

from concom_desk.child_programs import no_console_window
from concom_desk.errors import OperationFailed, UserError
from concom_desk.store.server.address import ServerAddress

SETTINGS = {"pg_dump": "CONCOM_DESK_PG_DUMP", "pg_restore": "CONCOM_DESK_PG_RESTORE"}
TIMEOUT_SECONDS = 6 * 3600  # a dump of a large town takes seconds; a hung one, never ends


def _version_key(folder: Path) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", folder.parent.name)) or (0,)


def _installed_folders() -> list[Path]:
    roots = [Path(os.environ.get(name, "")) / "PostgreSQL"
             for name in ("ProgramFiles", "ProgramW6432") if os.environ.get(name)]
    roots.append(Path("/usr/lib/postgresql"))
    found = [bin_dir for root in roots if root.is_dir() for bin_dir in root.glob("*/bin")]
    return sorted(found, key=_version_key, reverse=True)


def find_program(name: str) -> Path:
    """The path of `pg_dump` or `pg_restore`; UserError saying how to set it if absent."""
    setting = SETTINGS[name]
    configured = os.environ.get(setting, "").strip()
    if configured:
        path = Path(configured)
        if path.is_file():
            return path
        raise UserError(f"{setting} names {configured}, which is not a program; set it to "
                        f"the full path of {name}")
    if name == "pg_restore" and os.environ.get(SETTINGS["pg_dump"], "").strip():
        beside = Path(os.environ[SETTINGS["pg_dump"]].strip()).with_name(
            "pg_restore.exe" if os.name == "nt" else "pg_restore")
        if beside.is_file():
            return beside
    on_path = shutil.which(name)
    if on_path:
        return Path(on_path)
    for folder in _installed_folders():
        for candidate in (folder / name, folder / f"{name}.exe"):
            if candidate.is_file():
                return candidate
    raise UserError(f"{name} was not found: install PostgreSQL's client programs on this "
                    f"computer, or set {setting} to the full path of {name}"
                    f"{'.exe' if os.name == 'nt' else ''}")


def conninfo(address: ServerAddress) -> str:
    """The address as libpq's `key=value` string (no password)."""
    parts = []
    for key, value in address.connect_args().items():
        text = str(value).replace("\\", "\\\\").replace("'", "\\'")
        parts.append(f"{key}='{text}'")
    return " ".join(parts)


def run_tool(name: str, arguments: list[str], password: str | None, doing: str) -> str:
    """Run pg_dump/pg_restore; its output, or OperationFailed with its first complaint."""
    program = find_program(name)
    environment = dict(os.environ)
    environment.pop("PGPASSWORD", None)
    if password:
        environment["PGPASSWORD"] = password
    # Its messages are in its own code page, which need not be ours (a Windows console's
    # is not the program's): a byte that cannot be read is a replacement mark in the
    # complaint told to the clerk, never a fault of its own.
    try:
        done = subprocess.run([str(program), *arguments], env=environment,
                              capture_output=True, text=True, errors="replace",
                              timeout=TIMEOUT_SECONDS,
                              stdin=subprocess.DEVNULL, **no_console_window())
    except OSError as exc:
        raise OperationFailed(f"{program} could not be started ({exc.strerror or exc}); "
                              f"check {SETTINGS[name]}") from None
    except subprocess.TimeoutExpired:
        raise OperationFailed(f"{name} did not finish {doing}; nothing was kept") from None
    if done.returncode != 0:
        raise OperationFailed(f"{name} could not {doing}: {first_complaint(done.stderr)}")
    return done.stdout


def first_complaint(stderr: str) -> str:
    """The line of pg_dump's output that says what went wrong, without its prefix."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    for line in lines:
        if "error:" in line:
            return line.split("error:", 1)[1].strip()
    return lines[0] if lines else "it stopped without saying why"
