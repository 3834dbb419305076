"""The checks every table of a town profile passes as it is read: no unknown key, each
required key present with its type, each choice one the program knows. A profile that
fails one is refused as a whole (concom_desk.domain.town_profile), in one line naming
the file and the entry."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from concom_desk.errors import UserError


class ProfileError(UserError):
    """A town profile file that cannot be used; the message names file and entry."""


def known_keys(table: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = set(table) - allowed
    if unknown:
        raise ProfileError(
            f"{where}: unknown key(s) {', '.join(sorted(unknown))}; "
            f"allowed: {', '.join(sorted(allowed))}"
        )


def require(table: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in table:
        raise ProfileError(f"{where}: missing '{key}'")
    value = table[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProfileError(f"{where}: '{key}' must be {kind.__name__}, not {value!r}")
    if kind is str and not value.strip():
        raise ProfileError(f"{where}: '{key}' is empty")
    return value


def choice(value: str, allowed: Iterable[str], what: str, where: str) -> str:
    allowed = list(allowed)
    if value not in allowed:
        raise ProfileError(f"{where}: unknown {what} {value!r}; allowed: {', '.join(allowed)}")
    return value


def list_of_str(table: dict[str, Any], key: str, where: str) -> list[str]:
    value = table.get(key, [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ProfileError(f"{where}: '{key}' must be a list of names")
    return value


def table_of(data: dict[str, Any], key: str, where: str) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ProfileError(f"{where}: [{key}] must be a table")
    return value
