"""The sandbox a Word template runs in: it can print the commission's data and
loop over it, and nothing else.

A template is a file a clerk edits or is sent, so it is run as untrusted code:

- Jinja's own sandbox keeps it away from Python (no attribute tricks);
- escaping cannot be turned off (`{% autoescape false %}` is refused) and every
  value is XML-escaped on its way out, so a name holding WordML prints as the
  characters it is made of, never as markup (and characters XML cannot hold
  are dropped instead of breaking the document);
- filters that paste their own arguments into markup unescaped (indent,
  wordwrap, xmlattr, urlize) are not offered;
- it works under a budget: a deadline, a number of loop steps, a size for any
  one value and for the whole part. `**` with big operands, huge `range`,
  `lipsum`, string repetition and widths are refused before Python starts on
  them. The deadline is checked at every call, loop step and piece of output,
  so a template that would run for hours stops within the budget, in the same
  process: the frozen Windows program has no worker to spare, and needs none.

Every refusal is a `TemplateTooCostly` (a Jinja SecurityError), which the
renderer reports with the template's name.
"""

from __future__ import annotations

import functools
import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from jinja2 import TemplateSyntaxError, nodes
from jinja2.exceptions import SecurityError
from jinja2.runtime import markup_join
from jinja2.sandbox import SandboxedEnvironment, safe_range
from jinja2.utils import generate_lorem_ipsum
from jinja2.visitor import NodeTransformer
from markupsafe import Markup, escape

from concom_desk.domain.plain_text import without_control_characters

# What one letter can possibly need, with room to spare: the largest mailing
# (a thousand notices, each with a few parcels) takes some ten thousand steps.
RENDER_SECONDS = 30.0
LOOP_STEPS = 1_000_000
LONGEST_VALUE = 2_000_000  # characters (or items) in any one value
LONGEST_PART = 50_000_000  # characters of XML in one part of the document
LARGEST_NUMBER_ARGUMENT = 100_000  # a width, a count, a repetition
LARGEST_POWER_BITS = 10_000  # 2**10000 has 3,011 digits: no fee is that large
LIPSUM_PARAGRAPHS = 20

# Markup-producing filters that take text from the template or data unescaped.
_FILTERS_NOT_OFFERED = ("safe", "indent", "wordwrap", "xmlattr", "urlize")
# Filters and text methods whose number arguments say how much to make.
_SIZING_FILTERS = {"center", "batch", "slice", "truncate"}
_SIZING_METHODS = {"center", "ljust", "rjust", "zfill", "expandtabs"}
# A printf or str.format width/precision of five digits or more.
_HUGE_WIDTH = re.compile(r"%[-+ #0]*(\d{5,}|\*)|%[-+ #0]*\d*\.(\d{5,}|\*)|\{[^{}]*:[^{}]*\d{5,}")


class TemplateTooCostly(SecurityError):
    """The template asked for more than a letter needs; the message says what."""


@dataclass
class RenderBudget:
    """What one rendering may spend; shared by every part of the document."""

    seconds: float = RENDER_SECONDS
    steps: int = 0
    deadline: float = field(default=0.0)

    def start(self) -> None:
        self.deadline = time.monotonic() + self.seconds
        self.steps = 0

    def check_time(self) -> None:
        if self.deadline and time.monotonic() > self.deadline:
            raise TemplateTooCostly(f"it did not finish within {self.seconds:g} seconds "
                                    "(a loop or a macro that runs far too long)")

    def step(self) -> None:
        self.steps += 1
        if self.steps > LOOP_STEPS:
            raise TemplateTooCostly(f"its loops run more than {LOOP_STEPS:,} steps")
        if not self.steps & 0xFF:
            self.check_time()


def _too_long(value: Any) -> bool:
    return isinstance(value, str | list | tuple | bytes) and len(value) > LONGEST_VALUE


def _refuse_long(value: Any, what: str) -> Any:
    if _too_long(value):
        raise TemplateTooCostly(f"{what} makes a value of more than {LONGEST_VALUE:,} "
                                "characters")
    return value


def _check_numbers(args: Iterable[Any], what: str) -> None:
    for arg in args:
        if isinstance(arg, int) and not isinstance(arg, bool) and \
                abs(arg) > LARGEST_NUMBER_ARGUMENT:
            raise TemplateTooCostly(f"{what} is given the number {_short(arg)}, larger than "
                                    f"any letter needs ({LARGEST_NUMBER_ARGUMENT:,})")


def _check_width(text: Any, what: str) -> None:
    if isinstance(text, str) and _HUGE_WIDTH.search(text):
        raise TemplateTooCostly(f"{what} asks for a width of tens of thousands of characters")


def _short(number: int) -> str:
    digits = number.bit_length() * 0.30103
    return f"{number:,}" if digits < 20 else f"of about {int(digits):,} digits"


class _CountedLoop:
    """A loop's sequence that charges each step to the budget (length kept, so
    `loop.length` and `loop.last` still work)."""

    def __init__(self, items: Any, budget: RenderBudget) -> None:
        self._items = items
        self._budget = budget

    def __iter__(self) -> Iterator[Any]:
        for item in self._items:
            self._budget.step()
            yield item

    def __len__(self) -> int:
        return len(self._items)


class _BudgetGuards(NodeTransformer):
    """Routes every loop's sequence and every `~` join through the budget."""

    def visit_For(self, node: nodes.For) -> nodes.Node:
        self.generic_visit(node)
        node.iter = nodes.Call(nodes.Name("__loop_budget__", "load"), [node.iter], [],
                               None, None, lineno=node.lineno)
        return node

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        return nodes.Call(nodes.Name("__join_budget__", "load"), list(node.nodes), [], None,
                          None, lineno=node.lineno)


class TemplateSandbox(SandboxedEnvironment):
    """Jinja's sandbox with escaping that stays on and a budget that holds."""

    intercepted_binops = frozenset({"**", "*", "%", "+"})

    def __init__(self, finalize: Callable[[Any], Any], **options: Any) -> None:
        self.budget = RenderBudget()
        super().__init__(autoescape=True, finalize=self._escaped(finalize), **options)
        for name in _FILTERS_NOT_OFFERED:
            self.filters.pop(name, None)
        for name, function in list(self.filters.items()):
            self.filters[name] = _budgeted_filter(name, function)
        self.globals.update(range=self._range, lipsum=_lipsum,
                            __loop_budget__=self._loop, __join_budget__=self._join)
        # A budgeted join of the output: the deadline and the size of the part are
        # checked at every piece the template writes.
        self.concat = self._concat  # type: ignore[method-assign, assignment]

    # -- escaping ------------------------------------------------------------
    @staticmethod
    def _escaped(finalize: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def escaped(value: Any) -> Any:
            value = finalize(value)
            if isinstance(value, Markup) or _is_program_markup(value):
                return value  # already escaped, or a picture the program placed
            # characters XML cannot hold would make the part unreadable to Word
            return escape(without_control_characters(str(value)))

        return escaped

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        tree = super()._parse(source, name, filename)
        for node in tree.find_all((nodes.ScopedEvalContextModifier, nodes.EvalContextModifier)):
            for option in node.options:
                if option.key == "autoescape":
                    raise TemplateSyntaxError(
                        "autoescape cannot be turned off in a ConCom Desk template: "
                        "every value is printed as plain text", node.lineno, name, filename)
        return tree

    def _generate(self, source: nodes.Template, name: str | None, filename: str | None,
                  defer_init: bool = False) -> str:
        # Only what is compiled is guarded: the checker reads the tree as written.
        return super()._generate(_BudgetGuards().visit(source), name, filename, defer_init)

    # -- the budget ----------------------------------------------------------
    def start_budget(self, seconds: float | None = None) -> None:
        self.budget = RenderBudget(RENDER_SECONDS if seconds is None else seconds)
        self.budget.start()

    def _loop(self, items: Any) -> Any:
        self.budget.check_time()
        return _CountedLoop(items, self.budget)

    def _join(self, *parts: Any) -> Any:
        total = sum(len(part) for part in parts if isinstance(part, str))
        if total > LONGEST_VALUE:
            raise TemplateTooCostly(f"joining texts with ~ makes a value of more than "
                                    f"{LONGEST_VALUE:,} characters")
        return markup_join(parts)

    def _concat(self, pieces: Iterable[str]) -> str:
        written: list[str] = []
        size = 0
        for piece in pieces:
            size += len(piece)
            if size > LONGEST_PART:
                raise TemplateTooCostly(f"it writes more than {LONGEST_PART:,} characters "
                                        "into one part of the document")
            written.append(piece)
            self.budget.check_time()
        return "".join(written)

    def _range(self, *args: int) -> range:
        _check_numbers(args, "range")
        return safe_range(*args)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        __self.budget.check_time()
        what = getattr(__obj, "__name__", "a call")
        if isinstance(getattr(__obj, "__self__", None), str) and what in _SIZING_METHODS:
            _check_numbers([*args, *kwargs.values()], f"the text method {what}")
        result = super().call(__context, __obj, *args, **kwargs)
        return _refuse_long(result, what)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        # "{:>999999999}".format(1): the width is refused before the text is made.
        if isinstance(getattr(value, "__self__", None), str) and \
                getattr(value, "__name__", "") in ("format", "format_map"):
            _check_width(value.__self__, f"the text method {value.__name__}")
        return super().wrap_str_format(value)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        self.budget.check_time()
        if operator == "**":
            _check_power(left, right)
        elif operator == "*":
            _check_product(left, right)
        elif operator == "%" and isinstance(left, str):
            _check_width(left, "a % format")
        elif operator == "+" and isinstance(left, str | list | tuple) and \
                isinstance(right, str | list | tuple) and \
                len(left) + len(right) > LONGEST_VALUE:
            raise TemplateTooCostly(f"+ makes a value of more than {LONGEST_VALUE:,} "
                                    "characters")
        return _refuse_long(super().call_binop(context, operator, left, right), operator)


def _check_power(base: Any, exponent: Any) -> None:
    if isinstance(base, int) and isinstance(exponent, int) and exponent > 0 and \
            abs(base) > 1 and base.bit_length() * exponent > LARGEST_POWER_BITS:
        raise TemplateTooCostly(f"** would make a number of about "
                                f"{int(base.bit_length() * exponent * 0.30103):,} digits")


def _check_product(left: Any, right: Any) -> None:
    for many, count in ((left, right), (right, left)):
        if isinstance(many, str | list | tuple) and isinstance(count, int) and \
                len(many) * count > LONGEST_VALUE:
            raise TemplateTooCostly(f"* repeats a text into more than {LONGEST_VALUE:,} "
                                    "characters")
    if isinstance(left, int) and isinstance(right, int) and \
            left.bit_length() + right.bit_length() > LARGEST_POWER_BITS:
        raise TemplateTooCostly("* would make a number of thousands of digits")


def _lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:  # noqa: A002
    if n > LIPSUM_PARAGRAPHS or max > 1000 or min > 1000:
        raise TemplateTooCostly(f"lipsum is limited to {LIPSUM_PARAGRAPHS} paragraphs of at "
                                "most 1,000 words")
    return generate_lorem_ipsum(n, html, min, max)


def _budgeted_filter(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    # The value filtered comes after the context a pass_* filter receives; only the
    # arguments after it are widths or counts.
    first = 2 if getattr(function, "jinja_pass_arg", None) is not None else 1

    @functools.wraps(function)
    def budgeted(*args: Any, **kwargs: Any) -> Any:
        what = f"the filter {name}"
        if name in _SIZING_FILTERS:
            _check_numbers([*args[first:], *kwargs.values()], what)
        if name == "format" and len(args) > first - 1:
            _check_width(args[first - 1], what)
        return _refuse_long(function(*args, **kwargs), what)

    return budgeted


def _is_program_markup(value: Any) -> bool:
    """A picture or rich text the program itself put in the context (docxtpl's
    objects carry their XML in __html__); never something a template made."""
    from docxtpl import InlineImage, Listing, RichText

    return isinstance(value, InlineImage | RichText | Listing)
