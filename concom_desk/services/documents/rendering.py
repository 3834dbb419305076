"""Fill a Word template with a context: the one way every letter is produced.

The template is the clerk's to edit, so it is treated as untrusted: Jinja runs
in a sandbox (template_sandbox: no attribute tricks reach Python, escaping
cannot be turned off, and a time and size budget holds), every value is
XML-escaped (an "&" in an applicant's name cannot break the document, and a
name holding WordML prints as text), and a placeholder
the context does not have stops the rendering with the field's name instead of
printing a blank into a permit. The result is written under a temporary name
in the target folder, scanned with the same rules as templates (docx_safety:
a field code assembled by the template or filled with data becomes active only
in the output), and moved into place only when it is plain, so a half-written
or active permit never exists under its real name.
"""

from __future__ import annotations

import difflib
import io
import os
import tempfile
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

from docx.opc.exceptions import PackageNotFoundError
from docx.shared import Mm
from docxtpl import DocxTemplate, InlineImage
from jinja2 import StrictUndefined, TemplateError, TemplateSyntaxError, UndefinedError
from jinja2.exceptions import SecurityError
from lxml import etree

from concom_desk.domain.docx_safety import merge_fields_left, package_refusals
from concom_desk.domain.plain_dates import long_date
from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.documents.mail_merge import merge_ready
from concom_desk.services.documents.template_library import find_template, template_name
from concom_desk.services.documents.template_sandbox import TemplateSandbox


class MissingField(UndefinedError):
    """A placeholder the context does not provide; carries what was looked up."""

    def __init__(self, owner: Any, name: str | None, hint: str | None) -> None:
        super().__init__(hint or f"{name!r} is undefined")
        self.owner = owner
        self.name = name


class FieldUndefined(StrictUndefined):
    """StrictUndefined that keeps the object and attribute, so the message can name
    the whole field ('applicant.nmae'), not only its last part."""

    __slots__ = ()

    def _fail_with_undefined_error(self, *args: Any, **kwargs: Any) -> Any:
        if self._undefined_exception is SecurityError:
            raise SecurityError(self._undefined_hint or "unsafe access")
        raise MissingField(self._undefined_obj, self._undefined_name, self._undefined_hint)

    # StrictUndefined routes these through _fail_with_undefined_error already; the
    # explicit list keeps `{% if typo %}` and `{{ typo|length }}` failing too.
    __iter__ = __str__ = __len__ = __bool__ = _fail_with_undefined_error  # type: ignore[assignment]


@dataclass(frozen=True)
class Picture:
    """An image a context offers a template (the letterhead logo): bytes of a PNG
    or JPEG, placed in the document only while it is rendered."""

    data: bytes
    height_mm: float = 18

    def __bool__(self) -> bool:
        return bool(self.data)


def _with_pictures(value: Any, document: DocxTemplate) -> Any:
    """The context with each Picture made an image of this document (docxtpl's
    InlineImage belongs to one document, so it is made here, not by the builders).
    Only a mapping that holds a picture is copied (the caller's context is left as
    it was); the others stay the same objects, as naming a missing field needs."""
    if isinstance(value, Picture):
        if not value:
            return ""
        return InlineImage(document, io.BytesIO(value.data), height=Mm(value.height_mm))
    if isinstance(value, Mapping):
        changed = {key: _with_pictures(item, document) for key, item in value.items()}
        if any(changed[key] is not item for key, item in value.items()):
            return changed
    return value


def printable(value: Any) -> Any:
    """What a placeholder prints: never 'None', and a date the way a letter writes it
    (the contract asks builders for strings; this is the safety net)."""
    if value is None:
        return ""
    if isinstance(value, date):
        return long_date(value)
    return value


def make_environment() -> TemplateSandbox:
    # `|safe` and the filters that paste raw text into markup are not offered there:
    # they would let a template write Word XML (a DDE field, say) past the escaping.
    return TemplateSandbox(finalize=printable, undefined=FieldUndefined)


def _path_to(target: Any, value: Any, prefix: str, depth: int = 0) -> str | None:
    """Where in the context an object sits ('applicant', 'notices[0]'), found by identity."""
    if value is target:
        return prefix
    if depth > 6:
        return None
    children: list[tuple[str, Any]] = []
    if isinstance(value, Mapping):
        children = [(f"{prefix}.{k}" if prefix else str(k), v) for k, v in value.items()]
    elif isinstance(value, list | tuple):
        children = [(f"{prefix}[{i}]", v) for i, v in enumerate(value)]
    for child_prefix, child in children:
        if isinstance(child, Mapping | list | tuple):
            found = _path_to(target, child, child_prefix, depth + 1)
            if found is not None:
                return found
    return None


def missing_field_name(exc: MissingField, context: Mapping[str, Any]) -> str:
    """The dotted name of the missing field as the template wrote it, near enough."""
    from jinja2.utils import missing

    if exc.owner is missing or exc.owner is None:
        return str(exc.name)
    owner_path = _path_to(exc.owner, context, "")
    if owner_path:
        return f"{owner_path}.{exc.name}"
    return str(exc.name)


def describe_template_error(exc: TemplateError) -> str:
    """Jinja's message plus the paragraph text docxtpl found around the bad tag."""
    where = ""
    around = getattr(exc, "docx_context", None)
    if around is not None:
        lines = [line.strip() for line in around if line.strip()]
        if lines:
            where = f' near "{" / ".join(lines)[:160]}"'
    return f"{exc.message or exc}{where}"


def _nearest_field(field: str, values: Mapping[str, Any]) -> str | None:
    """'applicant.nmae' -> 'applicant.name': the closest name beside the misspelt one."""
    *parents, last = field.split(".")
    scope: Any = values
    for part in parents:
        scope = scope.get(part) if isinstance(scope, Mapping) else None
    if not isinstance(scope, Mapping):
        return None
    close = difflib.get_close_matches(last, [str(key) for key in scope], n=1)
    return ".".join([*parents, close[0]]) if close else None


def render_template(name_or_path: str | os.PathLike[str], context: Mapping[str, Any],
                    out: Path) -> Path:
    """Render a template (a name like 'permit', or a .docx path) into `out`.

    Raises UserError naming the template and the field when a placeholder is not
    in the context, or the tag that is wrong when the template's Jinja is bad.
    """
    label = template_name(name_or_path)
    source = find_template(name_or_path)
    refusals = package_refusals(source)
    if refusals:
        raise UserError(f"template {label} refused: {'; '.join(map(str, refusals))}")
    out = Path(out)
    # A Word mail-merge template's MERGEFIELDs become placeholders first (mail_merge).
    document = DocxTemplate(merge_ready(source, label))
    values = _with_pictures(dict(context), document)
    environment = make_environment()
    environment.start_budget()
    try:
        document.render(values, jinja_env=environment, autoescape=True)
    except MissingField as exc:
        field = missing_field_name(exc, values)
        nearest = _nearest_field(field, values)
        hint = f"; did you mean {nearest!r}?" if nearest else " (a misspelt placeholder?)"
        # Said in the window too: name the window's checker, not only the command.
        raise UserError(
            f"template {label}: there is no field {field!r}{hint} Tools → Word templates → "
            "Check (or `concom-desk check-template`) lists every such field"
        ) from None
    except SecurityError as exc:
        raise UserError(f"template {label}: refused, it tries something not allowed ({exc})"
                        ) from None
    except TemplateSyntaxError as exc:
        raise UserError(f"template {label}: bad template tag: {describe_template_error(exc)}"
                        ) from None
    except TemplateError as exc:
        raise UserError(f"template {label}: {describe_template_error(exc)}") from None
    except (TypeError, ArithmeticError, RecursionError) as exc:
        # e.g. a loop over a number or a sum of texts: the template asks the impossible.
        raise UserError(f"template {label}: {exc}") from None
    except MemoryError:
        raise UserError(f"template {label}: refused, it needs more memory than this "
                        "computer has (a value repeated far too many times?)") from None
    except etree.LxmlError as exc:
        # the template's tags leave the Word XML broken (a tag across a table, say)
        raise UserError(f"template {label}: the document it makes is not valid Word XML "
                        f"({str(exc).splitlines()[0][:120]})") from None
    except (PackageNotFoundError, zipfile.BadZipFile, KeyError, ValueError) as exc:
        # python-docx raises these for a file that is not a Word document at all.
        raise UserError(f"template {label}: {source} is not a Word .docx file ({exc})"
                        ) from None
    return save_atomically(document, out, f"template {label}")


class ActiveDocument(UserError):
    """A document the program made that would carry active content; not saved."""


def refuse_active_output(path: Path, made_by: str) -> None:
    """Raise ActiveDocument naming what made it and what is active in it."""
    refusals = package_refusals(path) or merge_fields_left(path)
    if refusals:
        raise ActiveDocument(f"{made_by}: the document it makes was refused and not saved: "
                             f"{'; '.join(map(str, refusals))}")


def stamp_footer(path: Path, line: str) -> Path:
    """Add `line` at the foot of every page of the document at `path` (after what the
    template's footer holds): the audit trail's head on a printed register, so that a
    paper copy can be compared with the database later (`concom-desk check --head`)."""
    from docx import Document
    from docx.shared import Pt

    if not line:
        return path
    document = Document(str(path))
    for section in document.sections:
        footer = section.footer
        footer.is_linked_to_previous = False
        paragraph = (footer.paragraphs[0] if len(footer.paragraphs) == 1
                     and not footer.paragraphs[0].text else footer.add_paragraph())
        run = paragraph.add_run(line)
        run.font.size = Pt(7)
    return save_atomically(document, path, "the footer")


def save_atomically(document: Any, out: Path, made_by: str = "the document") -> Path:
    """Save a python-docx or docxtpl document at `out` through a temporary name,
    scanned before it takes its real name (refused: ActiveDocument, nothing left)."""
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        handle, temp_name = tempfile.mkstemp(prefix=".rendering-", suffix=".docx",
                                             dir=out.parent)
    except OSError as exc:
        raise OperationFailed(f"could not write {out}: {exc.strerror or exc}") from None
    os.close(handle)
    try:
        document.save(temp_name)
        refuse_active_output(Path(temp_name), made_by)
        # mkstemp makes the file private; a letter gets the folder's usual permissions.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp_name, 0o666 & ~umask)
        os.replace(temp_name, out)
    except OSError as exc:
        Path(temp_name).unlink(missing_ok=True)
        raise OperationFailed(f"could not write {out}: {exc.strerror or exc}") from None
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise
    return out
