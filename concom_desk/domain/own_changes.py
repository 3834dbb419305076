"""Putting a clerk's own changes back on top of a record read again.

A save is refused when another desk saved the record after this one read it
(concom_desk.store.record_versions). Reloading must not lose what the clerk
typed: the fields she changed since her read keep her values, every other field
takes the record's newest. Where both desks changed the same field, hers wins
and she sees it before saving again. Works on any dataclass (a form), field by
field, and inside fields that are dataclasses themselves (an address's parts).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, TypeVar

Form = TypeVar("Form")


def _merge(read: Any, typed: Any, fresh: Any, skip: frozenset[str]) -> Any:
    if all(isinstance(v, Mapping) for v in (read, typed, fresh)):
        # Key by key (one summary per item of the minutes): a key she did not touch
        # takes the record's newest, one she typed keeps hers.
        return {key: _merge(read.get(key), typed.get(key), fresh.get(key), frozenset())
                for key in (*fresh, *(k for k in typed if k not in fresh))
                if key in fresh or typed.get(key) != read.get(key)}
    if not dataclasses.is_dataclass(fresh) or isinstance(fresh, type):
        return typed if typed != read else fresh
    values = {}
    for field in dataclasses.fields(fresh):
        if field.name in skip:
            continue
        values[field.name] = _merge(getattr(read, field.name), getattr(typed, field.name),
                                    getattr(fresh, field.name), frozenset())
    return dataclasses.replace(fresh, **values)


def keep_own_changes(read: Form, typed: Form, fresh: Form,
                     skip: frozenset[str] = frozenset()) -> Form:
    """`fresh` with every field where `typed` differs from `read` set as typed.
    Fields named in `skip` (ids, the versions read) are `fresh`'s."""
    return _merge(read, typed, fresh, skip)  # type: ignore[no-any-return]


def changed_fields(before: Any, after: Any, skip: frozenset[str] = frozenset()) -> list[str]:
    """The names of the top-level fields that differ, in the dataclass's order."""
    return [f.name for f in dataclasses.fields(before)
            if f.name not in skip and getattr(before, f.name) != getattr(after, f.name)]
