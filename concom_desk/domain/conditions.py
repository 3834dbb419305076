"""The conditions library: a town's standard permit conditions and the texts
its bylaw sets for every decision (appeal rights, recording instructions).

A library is a TOML file per town (`resources/conditions/<town>.toml`, or the
clerk's edited copy in the data folder). The permit prints the standard
conditions first, numbered from 1, then the special conditions chosen for that
permit, continuing the numbering — so condition 7 is the same condition in the
permit, in the minutes and in a later enforcement order.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from concom_desk.errors import UserError

DENIAL_KINDS: tuple[str, ...] = ("procedural", "substantive")  # Bourne BWR 1.05(9)
DEFAULT_BOARDS: tuple[str, ...] = ("Planning Board", "Board of Health", "Building Inspector")


class ConditionsError(UserError):
    """A conditions file that cannot be used; the message names the file and entry."""


@dataclass(frozen=True)
class StandardCondition:
    text: str
    dep_only: bool = False  # only for filings under the state Act (with a DEP file number)


@dataclass(frozen=True)
class ConditionsLibrary:
    town_id: str
    bylaw: str
    appeal_rights: str
    recording_instructions: str
    standard: tuple[StandardCondition, ...]
    path: Path
    boards: tuple[str, ...] = DEFAULT_BOARDS  # the other boards told of each filing
    denial_reasons: tuple[str, ...] = ()  # the reasons the bylaw allows, when it lists them

    def standard_for(self, has_dep_file: bool) -> list[str]:
        return [c.text for c in self.standard if has_dep_file or not c.dep_only]


_TOWN_KEYS = {"id", "bylaw", "appeal_rights", "recording_instructions", "boards",
              "denial_reasons"}


def _text(table: dict[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ConditionsError(f"{where}: '{key}' is missing or empty")
    return " ".join(value.split())


def _text_list(table: dict[str, Any], key: str, default: list[str], where: str
               ) -> tuple[str, ...]:
    values = table.get(key, default)
    if not isinstance(values, list) or not all(isinstance(v, str) and v.strip() for v in values):
        raise ConditionsError(f"{where}: '{key}' must be a list of texts")
    return tuple(" ".join(v.split()) for v in values)


def parse_library(data: dict[str, Any], path: Path) -> ConditionsLibrary:
    name = path.name
    unknown = set(data) - {"town", "standard"}
    if unknown:
        raise ConditionsError(f"{name}: unknown section(s) {', '.join(sorted(unknown))}")
    town = data.get("town")
    if not isinstance(town, dict):
        raise ConditionsError(f"{name}: missing the [town] section")
    extra = set(town) - _TOWN_KEYS
    if extra:
        raise ConditionsError(f"{name} [town]: unknown key(s) {', '.join(sorted(extra))}")
    entries = data.get("standard", [])
    if not isinstance(entries, list):
        raise ConditionsError(f"{name}: 'standard' must be [[standard]] entries")
    standard = []
    for index, entry in enumerate(entries, start=1):
        where = f"{name} standard condition #{index}"
        if not isinstance(entry, dict) or set(entry) - {"text", "dep_only"}:
            raise ConditionsError(f"{where}: write it as text = \"...\" (and dep_only = true)")
        dep_only = entry.get("dep_only", False)
        if not isinstance(dep_only, bool):
            raise ConditionsError(f"{where}: dep_only must be true or false")
        standard.append(StandardCondition(_text(entry, "text", where), dep_only))
    return ConditionsLibrary(
        boards=_text_list(town, "boards", list(DEFAULT_BOARDS), f"{name} [town]"),
        denial_reasons=_text_list(town, "denial_reasons", [], f"{name} [town]"),
        town_id=_text(town, "id", f"{name} [town]").lower(),
        bylaw=_text(town, "bylaw", f"{name} [town]"),
        appeal_rights=_text(town, "appeal_rights", f"{name} [town]"),
        recording_instructions=_text(town, "recording_instructions", f"{name} [town]"),
        standard=tuple(standard),
        path=path,
    )


def load_library(path: Path) -> ConditionsLibrary:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConditionsError(f"{path.name}: not valid TOML ({exc})") from None
    except UnicodeDecodeError:
        raise ConditionsError(f"{path.name}: not a UTF-8 text file") from None
    return parse_library(data, path)


def number_conditions(standard: Iterable[str], special: Iterable[str]
                      ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Standard conditions numbered from 1, special ones continuing the count."""
    numbered_standard = [{"number": n, "text": text}
                         for n, text in enumerate(standard, start=1)]
    start = len(numbered_standard) + 1
    numbered_special = [{"number": n, "text": text}
                        for n, text in enumerate(special, start=start)]
    return numbered_standard, numbered_special
