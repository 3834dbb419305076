"""The effective-date table of the regulations (resources/regulations.toml), read once
and read again when the file changes. A clerk's own copy in the data folder wins (the
day MassDEP's amendments take effect, written in before an installer ships it)."""

from __future__ import annotations

from pathlib import Path

from concom_desk.domain.regulations_in_force import Regulation, load_regulations
from concom_desk.errors import OperationFailed
from concom_desk.paths import data_dir, resources_dir

REGULATIONS_FILE = "regulations.toml"
_READ: dict[Path, tuple[tuple[int, int], tuple[Regulation, ...]]] = {}


def regulations() -> tuple[Regulation, ...]:
    own = data_dir() / REGULATIONS_FILE
    path = own if own.is_file() else resources_dir() / REGULATIONS_FILE
    try:
        stat = path.stat()
    except OSError:
        raise OperationFailed(f"the regulations table is missing: {path} is not there "
                              "(installing ConCom Desk again puts it back)") from None
    state = (stat.st_mtime_ns, stat.st_size)
    known = _READ.get(path)
    if known is None or known[0] != state:
        known = (state, load_regulations(path))  # a broken file raises, and is not kept
        _READ[path] = known
    return known[1]
