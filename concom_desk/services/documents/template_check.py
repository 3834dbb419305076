"""Check a Word template before the commission relies on it.

Three kinds of trouble, reported together so the clerk can fix them in one
sitting: a file that is not a plain .docx (refused outright, see
docx_safety), Jinja that does not parse (with the paragraph it is in), and
placeholders that are not fields of the template's context (with the nearest
known name, e.g. `applicant.nmae` → `applicant.name`).

The placeholders are found by walking Jinja's syntax tree with the loop
variables in scope, so `{{ notice.owner_name }}` inside
`{% for notice in notices %}` is checked against `notices[].owner_name`.
"""

from __future__ import annotations

import re
import tempfile
import zipfile
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path

from docxtpl import DocxTemplate
from jinja2 import TemplateSyntaxError, nodes
from jinja2.sandbox import SandboxedEnvironment

from concom_desk.domain.docx_safety import package_refusals
from concom_desk.services.documents.field_registry import ITEM, FieldRegistry
from concom_desk.services.documents.mail_merge import (
    converted,
    load_map,
    merge_fields_in,
    suggest,
    text_fields,
    unmatched,
)
from concom_desk.services.documents.rendering import make_environment
from concom_desk.services.documents.template_examples import EXAMPLES

# Methods a template may call on a value of each kind; anything else is a typo.
_TEXT_METHODS = {"upper", "lower", "title", "capitalize", "strip", "replace", "startswith",
                 "endswith", "split", "format"}
_MAPPING_METHODS = {"items", "keys", "values", "get"}
_JINJA_SPECIALS = {"loop", "range", "lipsum", "dict", "cycler", "joiner", "namespace", "true",
                   "false", "none", "True", "False", "None"}
# The parts docxtpl renders (the document properties included).
_TEMPLATE_PARTS = re.compile(
    r"^(word/(document|header\d*|footer\d*|footnotes)\.xml|docProps/core\.xml)$"
)


@dataclass
class Problem:
    part: str  # "body", "header1", ...
    paragraph: str  # the paragraph's text, so the clerk can find it in Word
    message: str

    def __str__(self) -> str:
        where = f' in the paragraph "{self.paragraph}"' if self.paragraph else ""
        return f"{self.message}{where} ({self.part})"


@dataclass
class CheckResult:
    path: Path
    template: str
    refusals: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    # A mail-merge template's fields and what each stands for (mail_merge).
    merge_fields: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.refusals and not self.problems

    def report(self) -> str:
        if self.refusals:
            return "\n".join([f"{self.path.name}: refused —", *(f"  - {r}" for r in self.refusals)])
        matched = [f"  «{name}» → {{{{ {path} }}}}" for name, path in
                   self.merge_fields.items() if path]
        if matched:
            matched.insert(0, "Mail-merge fields, printed as these fields' values:")
        if not self.problems:
            return "\n".join([f"{self.path.name}: fine (checked as the {self.template} "
                              "template)", *matched])
        lines = [f"{self.path.name}: {len(self.problems)} problem(s) "
                 f"(checked as the {self.template} template)"]
        lines += [f"  - {p}" for p in self.problems]
        return "\n".join([*lines, *matched])


@dataclass(frozen=True)
class _Ref:
    """A name in the template mapped to a registry path (None: not checkable)."""

    path: str | None
    shown: str


_UNCHECKED = _Ref(None, "")


class _PlaceholderWalker:
    def __init__(self, registry: FieldRegistry) -> None:
        self.registry = registry
        self.found: list[tuple[int, str]] = []  # (line, message)

    def report(self, node: nodes.Node, shown: str, parent: str | None, name: str) -> None:
        nearest = self.registry.nearest(parent, name)
        prefix = shown.rsplit(".", 1)[0] + "." if "." in shown else ""
        hint = f"; did you mean {{{{ {prefix}{nearest} }}}}?" if nearest else ""
        self.found.append((node.lineno, f"unknown field {{{{ {shown} }}}}{hint}"))

    def resolve(self, node: nodes.Node, scope: dict[str, _Ref]) -> _Ref:
        if isinstance(node, nodes.Name):
            if node.name in scope:
                return scope[node.name]
            if node.name in _JINJA_SPECIALS:
                return _UNCHECKED
            if self.registry.get(node.name) is None:
                self.report(node, node.name, None, node.name)
                return _UNCHECKED
            return _Ref(node.name, node.name)
        if isinstance(node, nodes.Getattr):
            return self._member(node, self.resolve(node.node, scope), node.attr)
        if isinstance(node, nodes.Getitem):
            base = self.resolve(node.node, scope)
            if isinstance(node.arg, nodes.Const) and isinstance(node.arg.value, str):
                return self._member(node, base, node.arg.value)
            self.visit(node.arg, scope)
            if base.path is not None and isinstance(node.arg, nodes.Const):
                item = base.path + ITEM
                return _Ref(item, f"{base.shown}[…]") if self.registry.get(item) else _UNCHECKED
            return _UNCHECKED
        self.visit(node, scope)
        return _UNCHECKED

    def _member(self, node: nodes.Node, base: _Ref, name: str) -> _Ref:
        if base.path is None:
            return _UNCHECKED
        shown = f"{base.shown}.{name}"
        path = f"{base.path}.{name}"
        if self.registry.get(path) is not None:
            return _Ref(path, shown)
        parent = self.registry.get(base.path)
        kind = parent.kind if parent else "group"
        if (kind == "text" and name in _TEXT_METHODS) or (
                kind == "group" and name in _MAPPING_METHODS):
            return _UNCHECKED
        self.report(node, shown, base.path, name)
        return _UNCHECKED

    def bind(self, target: nodes.Node, ref: _Ref, scope: dict[str, _Ref]) -> None:
        if isinstance(target, nodes.Name):
            scope[target.name] = ref
        elif isinstance(target, nodes.Tuple):
            for item in target.items:
                self.bind(item, _UNCHECKED, scope)

    def visit(self, node: nodes.Node, scope: dict[str, _Ref]) -> None:
        if isinstance(node, nodes.Name | nodes.Getattr | nodes.Getitem):
            self.resolve(node, scope)
            return
        if isinstance(node, nodes.For):
            source = self.resolve(node.iter, scope)
            inner = dict(scope)
            item = _UNCHECKED
            if source.path is not None and self.registry.get(source.path + ITEM) is not None:
                item = _Ref(source.path + ITEM, _loop_name(node.target))
            self.bind(node.target, item, inner)
            for child in [*node.body, *( [node.test] if node.test else [])]:
                self.visit(child, inner)
            for child in node.else_:
                self.visit(child, scope)
            return
        if isinstance(node, nodes.Assign):
            value = self.resolve(node.node, scope)
            self.bind(node.target, value, scope)
            return
        if isinstance(node, nodes.Include | nodes.Import | nodes.FromImport | nodes.Extends):
            # Templates are single files: there is nothing to include, and the
            # renderer has no loader that could reach other files.
            self.found.append((node.lineno, "include/import/extends is not allowed in a "
                                            "template; put the text in the template itself"))
            return
        if isinstance(node, nodes.Macro | nodes.CallBlock):
            return  # a clerk's macro: its parameters are its own business
        for child in node.iter_child_nodes():
            self.visit(child, scope)


def _loop_name(target: nodes.Node) -> str:
    return target.name if isinstance(target, nodes.Name) else ""


def _paragraph_text(xml_line: str) -> str:
    text = re.sub(r"<[^>]+>", "", xml_line)
    return " ".join(text.split())[:120]


def guess_template_name(path: Path) -> str:
    """A template file named like a default ('permit.docx', 'permit (clerk).docx')
    is checked against that template's fields; others against every field."""
    stem = path.stem.lower()
    for name in sorted(EXAMPLES, key=len, reverse=True):
        if stem == name or stem.startswith(name + " ") or stem.startswith(name + "_"):
            return name
    return "any"


def check_template(path: Path, template: str | None = None) -> CheckResult:
    """Check one template file; `template` names whose fields it may use."""
    name = template or guess_template_name(path)
    result = CheckResult(path=path, template=name)
    result.refusals = [str(r) for r in package_refusals(path)]
    if result.refusals:
        return result
    registry = FieldRegistry(name)
    environment = make_environment()
    readable = _merge_checked(path, name, result)
    if result.problems:
        return result
    patcher = DocxTemplate(readable)
    with zipfile.ZipFile(readable) as archive:
        parts = [n for n in archive.namelist() if _TEMPLATE_PARTS.match(n)]
        parts.sort(key=lambda n: (n != "word/document.xml", n))
        for part in parts:
            xml = archive.read(part).decode("utf-8", errors="replace")
            result.problems += _check_part(part, xml, patcher, environment, registry)
    if not result.problems:
        result.problems += _trial_render(path, name)
    return result


def _merge_checked(path: Path, name: str, result: CheckResult) -> str | BytesIO:
    """The template as the renderer reads it: with its mail-merge fields made
    placeholders once each is matched; a problem (with a suggestion) for each not."""
    names = merge_fields_in(path)
    if not names:
        return str(path)
    table = load_map()
    fields = text_fields(name)
    result.merge_fields = {n: table.get(n, "") for n in names}
    for missing in unmatched(names, table):
        likely = suggest(missing, fields)
        hint = f"; likely {{{{ {likely} }}}}" if likely else ""
        result.problems.append(Problem(
            "body", "", f"the mail-merge field «{missing}» is not matched to a field of the "
                        f"program yet{hint} — match it in Tools → Word templates → Merge "
                        "fields… (or `concom-desk merge-fields FILE`)"))
    return converted(path, table) if not result.problems else str(path)


def _trial_render(path: Path, name: str) -> list[Problem]:
    """Render once with the example data: catches what reading the tags cannot
    (a filter used on the wrong kind of value, a loop over a text)."""
    from concom_desk.errors import UserError
    from concom_desk.services.documents.rendering import render_template
    from concom_desk.services.documents.template_examples import example_context

    with tempfile.TemporaryDirectory(prefix="concom-check-") as scratch:
        try:
            render_template(path, example_context(name), Path(scratch) / "trial.docx")
        except UserError as exc:
            return [Problem("trial", "", f"it does not render with the example data: {exc}")]
        except Exception as exc:  # whatever fails here, fails because of the template
            return [Problem("trial", "", f"it does not render with the example data: "
                                         f"{type(exc).__name__}: {exc}")]
    return []


def _check_part(part: str, xml: str, patcher: DocxTemplate, environment: SandboxedEnvironment,
                registry: FieldRegistry) -> list[Problem]:
    label = {"word/document.xml": "body", "docProps/core.xml": "document properties"}.get(
        part, Path(part).stem)
    # The same preparation docxtpl makes before rendering, so lines match what Jinja sees.
    source = patcher.patch_xml(xml)
    source = re.sub(r"<w:p([ >])", r"\n<w:p\1", source)
    lines = source.splitlines()

    def paragraph_of(lineno: int) -> str:
        return _paragraph_text(lines[lineno - 1]) if 0 < lineno <= len(lines) else ""

    try:
        tree = environment.parse(source)
    except TemplateSyntaxError as exc:
        return [Problem(label, paragraph_of(exc.lineno or 0),
                        f"bad template tag: {exc.message}")]
    walker = _PlaceholderWalker(registry)
    walker.visit(tree, {})
    problems = [Problem(label, paragraph_of(line), message) for line, message in walker.found]
    unique: dict[str, Problem] = {}
    for problem in problems:
        unique.setdefault(str(problem), problem)
    return list(unique.values())
