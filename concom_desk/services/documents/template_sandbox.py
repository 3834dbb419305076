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
  one value and for the whole part, and a number of characters made in all (the
  render's memory: text made and kept in a list adds up though each piece is
  small). `**` with big operands, huge `range`, `lipsum`, repetition, widths
  (written, or handed in by `*` and `{1}`), replace, join and printing a list
  are measured from their inputs and refused before Python starts on them
  (template_limits). The deadline is checked at every call, loop step and piece of output,
  so a template that would run for hours stops within the budget, in the same
  process: the frozen Windows program has no worker to spare, and needs none.

Every refusal is a `TemplateTooCostly` (a Jinja SecurityError), which the
renderer reports with the template's name.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from jinja2 import TemplateSyntaxError, nodes
from jinja2.runtime import markup_join
from jinja2.sandbox import (
    SandboxedEnvironment,
    SandboxedEscapeFormatter,
    SandboxedFormatter,
    safe_range,
)
from jinja2.utils import generate_lorem_ipsum
from jinja2.visitor import NodeTransformer
from markupsafe import Markup, escape

from concom_desk.domain.plain_text import printable_text
from concom_desk.services.documents.template_limits import (
    LONGEST_VALUE,
    TemplateTooCostly,
    check_format_spec,
    check_join,
    check_numbers,
    check_printf,
    check_replace,
    check_tabs,
    refuse_heavy,
    weight,
)

# What one letter can possibly need, with room to spare: the largest mailing
# (a thousand notices, each with a few parcels) takes some ten thousand steps.
RENDER_SECONDS = 30.0
LOOP_STEPS = 1_000_000
LONGEST_PART = 50_000_000  # characters of XML in one part of the document
# Characters made by the template's own operations in one rendering: the render's
# memory budget (the large demo's biggest mailing, 12 letters, made 1,127; a thousand
# letters would make some hundred thousand). Past this a template is building
# something else, in memory that is not its to take.
MADE_CHARACTERS = 20_000_000
LARGEST_POWER_BITS = 10_000  # 2**10000 has 3,011 digits: no fee is that large
LIPSUM_PARAGRAPHS = 20

# Markup-producing filters that take text from the template or data unescaped.
_FILTERS_NOT_OFFERED = ("safe", "indent", "wordwrap", "xmlattr", "urlize")
# Filters and text methods whose number arguments say how much to make.
_SIZING_FILTERS = {"center", "batch", "slice", "truncate"}
_SIZING_METHODS = {"center", "ljust", "rjust", "zfill", "expandtabs"}


@dataclass
class RenderBudget:
    """What one rendering may spend; shared by every part of the document."""

    seconds: float = RENDER_SECONDS
    steps: int = 0
    made: int = 0
    deadline: float = field(default=0.0)

    def start(self) -> None:
        self.deadline = time.monotonic() + self.seconds
        self.steps = 0
        self.made = 0

    def charge(self, value: Any) -> Any:
        """Count what an operation made against the render's memory budget."""
        if isinstance(value, str | list | tuple):
            self.made += weight(value, MADE_CHARACTERS)
            if self.made > MADE_CHARACTERS:
                raise TemplateTooCostly(f"it made more than {MADE_CHARACTERS:,} characters "
                                        "of text in all (text built in a loop and kept); a "
                                        "letter needs far less")
        return value

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


class _MeasuredFields:
    """str.format that measures each field (its spec already filled in from `{1}`)
    before formatting it, and the whole as it grows."""

    what = "the text method format"
    size = 0

    def format_field(self, value: Any, format_spec: str) -> Any:
        check_format_spec(value, format_spec, self.what)
        made = super().format_field(value, format_spec)  # type: ignore[misc]
        self.size += len(made)
        if self.size > LONGEST_VALUE:
            raise TemplateTooCostly(f"{self.what} makes a value of more than "
                                    f"{LONGEST_VALUE:,} characters")
        return made


class _MeasuredFormatter(_MeasuredFields, SandboxedFormatter):
    pass


class _MeasuredEscapeFormatter(_MeasuredFields, SandboxedEscapeFormatter):
    pass


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
            self.filters[name] = _budgeted_filter(name, function, self)
        self.globals.update(range=self._range, lipsum=_lipsum,
                            __loop_budget__=self._loop, __join_budget__=self._join)
        # A budgeted join of the output: the deadline and the size of the part are
        # checked at every piece the template writes.
        self.concat = self._concat  # type: ignore[method-assign, assignment]

    # -- escaping ------------------------------------------------------------
    @staticmethod
    def _escaped(finalize: Callable[[Any], Any]) -> Callable[[Any], Any]:
        def escaped(value: Any) -> Any:
            # a list holding one big text many times is small until it is printed
            refuse_heavy(value, "printing a value")
            value = finalize(value)
            if isinstance(value, Markup) or _is_program_markup(value):
                return value  # already escaped, or a picture the program placed
            # characters XML cannot hold would make the part unreadable to Word
            return escape(printable_text(str(value)))

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
        if sum(weight(part) for part in parts) > LONGEST_VALUE:
            raise TemplateTooCostly(f"joining texts with ~ makes a value of more than "
                                    f"{LONGEST_VALUE:,} characters")
        return self.budget.charge(markup_join(parts))

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
        check_numbers(args, "range")
        return safe_range(*args)

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        __self.budget.check_time()
        what = getattr(__obj, "__name__", "a call")
        if isinstance(getattr(__obj, "__self__", None), str):
            args = _measured_text_call(__obj.__self__, what, args, kwargs)
        result = super().call(__context, __obj, *args, **kwargs)
        refuse_heavy(result, what)
        return __self.budget.charge(result)

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        # "{0:>{1}}".format("x", 2500000000): each field's width is measured, with the
        # nested {1} filled in, before the field is made.
        if not isinstance(getattr(value, "__self__", None), str) or \
                getattr(value, "__name__", "") not in ("format", "format_map"):
            return None
        text: str = value.__self__
        formatter: _MeasuredFields = (_MeasuredEscapeFormatter(self, escape=text.escape)
                                      if isinstance(text, Markup) else _MeasuredFormatter(self))
        formatter.what = f"the text method {value.__name__}"

        @functools.wraps(value)
        def measured(*args: Any, **kwargs: Any) -> str:
            if value.__name__ == "format_map":
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one argument")
                args, kwargs = (), args[0]
            formatter.size = 0
            return type(text)(formatter.vformat(text, args, kwargs))  # type: ignore[attr-defined]

        return measured

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        self.budget.check_time()
        if operator == "**":
            _check_power(left, right)
        elif operator == "*":
            _check_product(left, right)
        elif operator == "%" and isinstance(left, str):
            check_printf(left, right, "a % format")
        elif operator == "+" and isinstance(left, str | list | tuple) and \
                isinstance(right, str | list | tuple) and \
                weight(left) + weight(right) > LONGEST_VALUE:
            raise TemplateTooCostly(f"+ makes a value of more than {LONGEST_VALUE:,} "
                                    "characters")
        result = super().call_binop(context, operator, left, right)
        refuse_heavy(result, operator)
        return self.budget.charge(result)


def _measured_text_call(text: str, what: str, args: tuple[Any, ...],
                        kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """Measure a text method's result from its arguments; the arguments to call it
    with (a join's items, gathered once to be measured)."""
    if what in _SIZING_METHODS:
        check_numbers([*args, *kwargs.values()], f"the text method {what}")
    if what == "replace":
        check_replace(text, *args[:2], args[2] if len(args) > 2 else kwargs.get("count", -1),
                      what="the text method replace")
    elif what == "join" and args:
        items = list(args[0])
        check_join(text, items, "the text method join")
        return (items, *args[1:])
    elif what == "expandtabs":
        check_tabs(text, args[0] if args else kwargs.get("tabsize", 8),
                   "the text method expandtabs")
    return args


def _check_power(base: Any, exponent: Any) -> None:
    if isinstance(base, int) and isinstance(exponent, int) and exponent > 0 and \
            abs(base) > 1 and base.bit_length() * exponent > LARGEST_POWER_BITS:
        raise TemplateTooCostly(f"** would make a number of about "
                                f"{int(base.bit_length() * exponent * 0.30103):,} digits")


def _check_product(left: Any, right: Any) -> None:
    for many, count in ((left, right), (right, left)):
        if isinstance(many, str | list | tuple) and isinstance(count, int) and \
                weight(many) * count > LONGEST_VALUE:
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


def _budgeted_filter(name: str, function: Callable[..., Any],
                     sandbox: TemplateSandbox) -> Callable[..., Any]:
    # The value filtered comes after the context a pass_* filter receives; only the
    # arguments after it are widths or counts.
    first = 2 if getattr(function, "jinja_pass_arg", None) is not None else 1

    @functools.wraps(function)
    def budgeted(*args: Any, **kwargs: Any) -> Any:
        what = f"the filter {name}"
        if len(args) >= first:
            refuse_heavy(args[first - 1], what)  # a list of big texts, about to be printed
        if name in _SIZING_FILTERS:
            check_numbers([*args[first:], *kwargs.values()], what)
        if name == "format" and len(args) >= first:
            check_printf(args[first - 1], kwargs or tuple(args[first:]), what)
        elif name == "replace" and len(args) >= first + 2:
            check_replace(*(str(a) if isinstance(a, Markup) else a
                            for a in args[first - 1:first + 3]), what=what)
        elif name == "join" and len(args) >= first:
            items = list(args[first - 1])
            check_join(args[first] if len(args) > first else kwargs.get("d", ""), items, what)
            args = (*args[:first - 1], items, *args[first:])
        result = function(*args, **kwargs)
        refuse_heavy(result, what)
        return sandbox.budget.charge(result)

    return budgeted


def _is_program_markup(value: Any) -> bool:
    """A picture or rich text the program itself put in the context (docxtpl's
    objects carry their XML in __html__); never something a template made."""
    from docxtpl import InlineImage, Listing, RichText

    return isinstance(value, InlineImage | RichText | Listing)
