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
# The papers whose appeal a bylaw may word apart: a bylaw that gives an appeal from "a
# permit issued" (Nantucket ch. 136) gives none from a determination or a certificate.
APPEAL_PAPERS: tuple[str, ...] = ("permit", "extension", "denial", "determination",
                                  "delineation", "certificate")


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
    # The appeal paragraph of one kind of paper, where it differs from appeal_rights.
    appeal_rights_for: tuple[tuple[str, str], ...] = ()

    def appeal_for(self, paper: str) -> str:
        """The appeal paragraph printed on a paper of this kind ("determination")."""
        return dict(self.appeal_rights_for).get(paper, self.appeal_rights)

    def standard_for(self, has_dep_file: bool) -> list[str]:
        return [c.text for c in self.standard if has_dep_file or not c.dep_only]


_TOWN_KEYS = {"id", "bylaw", "appeal_rights", "appeal_rights_for", "recording_instructions",
              "boards", "denial_reasons"}


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


def _appeal_texts(town: dict[str, Any], where: str) -> tuple[tuple[str, str], ...]:
    table = town.get("appeal_rights_for", {})
    if not isinstance(table, dict):
        raise ConditionsError(f"{where}: 'appeal_rights_for' must be a table of texts")
    unknown = set(table) - set(APPEAL_PAPERS)
    if unknown:
        raise ConditionsError(f"{where} appeal_rights_for: unknown paper(s) "
                              f"{', '.join(sorted(unknown))} (use {', '.join(APPEAL_PAPERS)})")
    return tuple((paper, _text(table, paper, f"{where} appeal_rights_for"))
                 for paper in APPEAL_PAPERS if paper in table)


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
        appeal_rights_for=_appeal_texts(town, f"{name} [town]"),
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
