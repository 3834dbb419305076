"""The column mapping the clerk confirmed, remembered per kind of export.

Kept as JSON in the data folder, keyed by the header's signature, so the next
list from the same assessor (same columns, any order) maps itself. Written to a
temporary file and moved into place: a crash never leaves half a file.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path

from concom_desk.domain.abutters.columns import ColumnMapping, guess_mapping, header_signature
from concom_desk.paths import data_dir

FILE_NAME = "abutter-column-mappings.json"


def memory_path() -> Path:
    return data_dir() / FILE_NAME


def _load() -> dict[str, dict[str, str]]:
    try:
        data = json.loads(memory_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}  # none yet, or unreadable: guessing again is harmless
    return data if isinstance(data, dict) else {}


def remembered_mapping(header: Sequence[str]) -> ColumnMapping | None:
    stored = _load().get(header_signature(header))
    if not isinstance(stored, dict):
        return None
    return ColumnMapping.from_json(stored, header)


def mapping_for(header: Sequence[str]) -> tuple[ColumnMapping, bool]:
    """The remembered mapping for this header, else a guess; and whether it was remembered."""
    remembered = remembered_mapping(header)
    if remembered is not None:
        return remembered, True
    return guess_mapping(header), False


def remember_mapping(header: Sequence[str], mapping: ColumnMapping) -> None:
    data = _load()
    data[header_signature(header)] = mapping.to_json(header)
    path = memory_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temp = tempfile.mkstemp(prefix=".mappings-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(data, stream, indent=2, ensure_ascii=False)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
