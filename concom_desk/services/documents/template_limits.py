"""How big a template's text operation would make its result, worked out before the
operation runs.

Refusing a value once it is made is too late: `"{0:>{1}}".format("x", 2500000000)`
has taken 2.5 GB by then, and `replace` in a loop stops only at MemoryError. So
every operation that can make more than it is given (a width, a repetition, a
replace, a join, a printf or str.format, printing a list) is measured from its
inputs first, without making anything: the widths written in the format (or
handed to it through `*` and `{1}`), the number of times the old text occurs,
the sizes of the pieces joined. A value's size is its `weight`: the characters
of a text, and for a list the weights of its items (a list holding one big
text a thousand times is a thousand big texts once printed).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from jinja2.exceptions import SecurityError


class TemplateTooCostly(SecurityError):
    """The template asked for more than a letter needs; the message says what."""


LONGEST_VALUE = 2_000_000  # characters (or items) in any one value
LARGEST_NUMBER_ARGUMENT = 100_000  # a width, a count, a repetition, a precision

# printf: %[(key)][flags][width][.precision][length]type
_PRINTF = re.compile(r"%(?:\((?P<key>[^)]*)\))?[-+ #0]*(?P<width>\*|\d+)?"
                     r"(?:\.(?P<precision>\*|\d*))?[hlL]?(?P<type>[a-zA-Z%])")
# str.format spec: [[fill]align][sign][z][#][0][width][grouping][.precision][type]
_FORMAT_SPEC = re.compile(r"^(?:.?[<>=^])?[-+ ]?z?#?0?(?P<width>\d*)[,_]?"
                          r"(?:\.(?P<precision>\d*))?[a-zA-Z%]?$", re.DOTALL)


def weight(value: Any, limit: int = LONGEST_VALUE) -> int:
    """The characters `value` stands for, counted only until `limit` is passed (so
    weighing a vast list costs no more than the limit)."""
    if isinstance(value, str | bytes):
        return len(value)
    if not isinstance(value, list | tuple | dict | set | frozenset):
        return 1
    total = 0
    pending: list[Any] = [value]
    while pending and total <= limit:
        item = pending.pop()
        if isinstance(item, str | bytes):
            total += len(item)
        elif isinstance(item, list | tuple | set | frozenset):
            total += 1
            pending.extend(item)
        elif isinstance(item, dict):
            total += 1
            pending.extend(item.keys())
            pending.extend(item.values())
        else:
            total += 1
    return total


def refuse_heavy(value: Any, what: str) -> None:
    if weight(value) > LONGEST_VALUE:
        raise TemplateTooCostly(f"{what} makes a value of more than {LONGEST_VALUE:,} "
                                "characters")


def check_numbers(args: Iterable[Any], what: str) -> None:
    for arg in args:
        if isinstance(arg, int) and not isinstance(arg, bool) and \
                abs(arg) > LARGEST_NUMBER_ARGUMENT:
            raise TemplateTooCostly(f"{what} is given the number {short(arg)}, larger than "
                                    f"any letter needs ({LARGEST_NUMBER_ARGUMENT:,})")


def short(number: int) -> str:
    digits = number.bit_length() * 0.30103
    return f"{number:,}" if digits < 20 else f"of about {int(digits):,} digits"


def _width(number: int, what: str) -> None:
    if number > LARGEST_NUMBER_ARGUMENT:
        raise TemplateTooCostly(f"{what} asks for a width of {short(number)} characters "
                                f"(a letter needs at most {LARGEST_NUMBER_ARGUMENT:,})")


def check_printf(text: Any, values: Any, what: str) -> None:
    """`text % values`: each width and precision (written, or taken from the values by
    `*`) and each value printed, before anything is made."""
    if not isinstance(text, str):
        return
    queue = list(values) if isinstance(values, tuple) else [values]
    mapping = values if isinstance(values, Mapping) else None
    total = len(text)
    for match in _PRINTF.finditer(text):
        if match.group("type") == "%":
            continue
        for part in ("width", "precision"):
            given = match.group(part)
            if given == "*":
                number = queue.pop(0) if queue else 0
                if isinstance(number, int):
                    _width(abs(number), what)
                    total += abs(number)
            elif given:
                _width(int(given), what)
                total += int(given)
        key = match.group("key")
        if key is not None and mapping is not None:
            total += weight(mapping.get(key, ""))
        elif queue:
            total += weight(queue.pop(0))
    if total > LONGEST_VALUE:
        raise TemplateTooCostly(f"{what} makes a value of more than {LONGEST_VALUE:,} "
                                "characters")


def check_format_spec(value: Any, spec: str, what: str) -> None:
    """One field of str.format, its spec already filled in from `{1}`-style arguments."""
    match = _FORMAT_SPEC.match(spec)
    if match is None:
        # A spec of another shape (a date's strftime pattern) is as long as it is.
        if len(spec) > LARGEST_NUMBER_ARGUMENT:
            _width(len(spec), what)
        return
    for part in ("width", "precision"):
        if match.group(part):
            _width(int(match.group(part)), what)
    refuse_heavy(value, what)


def check_replace(text: Any, old: Any, new: Any, count: Any = -1,
                  what: str = "replace") -> None:
    """The exact length `text.replace(old, new, count)` would have."""
    if not isinstance(text, str) or not isinstance(old, str) or not isinstance(new, str):
        return
    found = len(text) + 1 if old == "" else text.count(old)
    if isinstance(count, int) and count >= 0:
        found = min(found, count)
    if len(text) + found * (len(new) - len(old)) > LONGEST_VALUE:
        raise TemplateTooCostly(f"{what} makes a value of more than {LONGEST_VALUE:,} "
                                "characters")


def check_join(separator: Any, items: list[Any], what: str = "join") -> None:
    """What joining `items` with `separator` would make."""
    gaps = max(len(items) - 1, 0) * (len(separator) if isinstance(separator, str) else 1)
    if gaps > LONGEST_VALUE or gaps + weight(items) > LONGEST_VALUE:
        raise TemplateTooCostly(f"{what} makes a value of more than {LONGEST_VALUE:,} "
                                "characters")


def check_tabs(text: Any, size: Any, what: str) -> None:
    if isinstance(text, str) and isinstance(size, int) and \
            len(text) + text.count("\t") * size > LONGEST_VALUE:
        raise TemplateTooCostly(f"{what} makes a value of more than {LONGEST_VALUE:,} "
                                "characters")
