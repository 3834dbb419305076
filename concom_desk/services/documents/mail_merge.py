"""Word mail-merge templates: the town hall's own letters with «ApplicantName» in them.

A clerk's letter made for Word's Mail Merge holds MERGEFIELD fields, simple
(w:fldSimple) or complex (w:fldChar begin, the code, separate, «ApplicantName»,
end). Each merge field's name is matched to one of the program's fields in a
table the clerk keeps (merge-fields.json in the templates folder of the data
folder: {"ApplicantName": "applicant.name"}), with suggestions by the names'
likeness. Before rendering, every MERGEFIELD is replaced by the matching
placeholder as plain text in the run where Word showed «ApplicantName», so the
document made carries the value and no field (docx_safety refuses a document
still holding one).
"""

from __future__ import annotations

import difflib
import io
import json
import re
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from concom_desk.domain.docx_safety import W_NS, field_instructions, merge_field_name
from concom_desk.errors import OperationFailed, UserError
from concom_desk.services.documents.field_registry import ITEM, FieldRegistry
from concom_desk.services.documents.template_library import user_templates_dir
from concom_desk.store.archive import MERGE_FIELDS_FILE

_W = f"{{{W_NS}}}"
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
_TEXT_PARTS = re.compile(r"^word/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$")
# The template passed docx_safety before it is read here; still, nothing is fetched
# and no entity expanded.
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True)
_PATH = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")


def map_path() -> Path:
    return user_templates_dir() / MERGE_FIELDS_FILE


def load_map() -> dict[str, str]:
    """The clerk's table: merge field name -> the program's field ('applicant.name')."""
    path = map_path()
    if not path.is_file():
        return {}
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise OperationFailed(f"the mail-merge field table {path} cannot be read ({exc}); "
                              "move it aside and match the fields again") from None
    if not isinstance(raw, dict):
        raise OperationFailed(f"the mail-merge field table {path} is not a table of names")
    return {str(k): str(v) for k, v in raw.items() if _PATH.match(str(v))}


def save_map(changes: Mapping[str, str]) -> dict[str, str]:
    """Add or change rows of the table ('' removes a row); written whole through a
    temporary file, so a crash leaves the old table, never half of one."""
    for name, field in changes.items():
        if field and not _PATH.match(field):
            raise UserError(f"{field!r} is not a field of the program (write it as in the "
                            f"field reference, e.g. applicant.name) for «{name}»")
    table = load_map()
    for name, field in changes.items():
        if field:
            table[name] = field
        else:
            table.pop(name, None)
    path = map_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_suffix(".json.new")
        temp.write_text(json.dumps(table, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        temp.replace(path)
    except OSError as exc:
        raise OperationFailed(f"could not write {path}: {exc.strerror or exc}") from None
    return table


def text_fields(template: str) -> list[str]:
    """The fields a merge field may stand for: the template's single texts (a list's
    items need a loop, which Mail Merge does not have)."""
    registry = FieldRegistry(template)
    return [path for path, field in registry.fields.items()
            if field.kind in ("text", "number") and ITEM not in path]


def _words(name: str) -> str:
    """'ApplicantName', 'applicant_name', 'applicant.name' -> 'applicantname'."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def suggest(name: str, fields: list[str]) -> str | None:
    """The program's field likest the merge field's name, or None when none is near."""
    wanted = _words(name)
    by_words = {_words(field): field for field in fields}
    if wanted in by_words:
        return by_words[wanted]
    close = difflib.get_close_matches(wanted, list(by_words), n=1, cutoff=0.75)
    return by_words[close[0]] if close else None


def merge_fields_in(path: Path | io.BytesIO) -> list[str]:
    """The merge fields' names in a template, each once, in the order they appear."""
    names: list[str] = []
    with zipfile.ZipFile(path) as archive:
        for part in sorted(n for n in archive.namelist() if _TEXT_PARTS.match(n)):
            data = archive.read(part)
            if b"MERGEFIELD" not in data.upper():
                continue
            root = etree.fromstring(data, _PARSER)
            found = {merge_field_name(i) for i in field_instructions(root)}  # type: ignore[arg-type]
            # field_instructions lists simple fields first; the clerk reads top to bottom.
            names += sorted((n for n in found if n and n not in names),
                            key=lambda n: data.find(n[:4].encode()))
    return names


def unmatched(names: list[str], table: Mapping[str, str]) -> list[str]:
    return [name for name in names if name not in table]


@dataclass(frozen=True)
class MergeRow:
    """One row of the table as the clerk sees it for a template."""

    name: str  # ApplicantName
    matched: str  # the field kept in the table, or ''
    suggested: str  # the likeliest field by name, or ''

    def describe(self) -> str:
        if self.matched:
            return f"→ {{{{ {self.matched} }}}}"
        if self.suggested:
            return f"not matched yet (likely {{{{ {self.suggested} }}}})"
        return "not matched yet (no field with a name like it)"


def merge_table(path: Path, template: str) -> list[MergeRow]:
    """The template's merge fields with what each is matched to, or likely to be."""
    names = merge_fields_in(path)
    if not names:
        return []
    table, fields = load_map(), text_fields(template)
    return [MergeRow(name, table.get(name, ""), suggest(name, fields) or "") for name in names]


def merge_ready(source: Path, label: str) -> str | io.BytesIO:
    """What the renderer opens: the template itself, or, when it holds mail-merge
    fields, a copy in memory with each replaced by its placeholder. A field not yet
    matched stops the rendering with its name and where to match it."""
    names = merge_fields_in(source)
    if not names:
        return str(source)
    table = load_map()
    missing = unmatched(names, table)
    if missing:
        raise UserError(f"template {label}: the mail-merge field"
                        f"{'s' if len(missing) > 1 else ''} "
                        f"{', '.join(f'«{n}»' for n in missing)} "
                        f"{'are' if len(missing) > 1 else 'is'} not matched to a field of the "
                        "program yet: Tools → Word templates → Merge fields… (or "
                        "`concom-desk merge-fields FILE`)")
    return converted(source, table)


def converted(source: Path, table: Mapping[str, str]) -> io.BytesIO:
    """A copy of the package with every MERGEFIELD replaced by `{{ field }}` text."""
    out = io.BytesIO()
    with zipfile.ZipFile(source) as archive, zipfile.ZipFile(
            out, "w", zipfile.ZIP_DEFLATED) as copy:
        for info in archive.infolist():
            data = archive.read(info)
            if _TEXT_PARTS.match(info.filename) and b"MERGEFIELD" in data.upper():
                data = _convert_part(data, table)
            copy.writestr(info, data)
    out.seek(0)
    return out


def _placeholder_run(field: str, properties: etree._Element | None) -> etree._Element:
    run = etree.Element(f"{_W}r")
    if properties is not None:
        run.append(_copy(properties))
    text = etree.SubElement(run, f"{_W}t")
    text.set(_XML_SPACE, "preserve")
    text.text = f"{{{{ {field} }}}}"
    return run


def _copy(element: etree._Element) -> etree._Element:
    return etree.fromstring(etree.tostring(element))


def _convert_part(data: bytes, table: Mapping[str, str]) -> bytes:
    root = etree.fromstring(data, _PARSER)
    for simple in list(root.iter(f"{_W}fldSimple")):
        name = merge_field_name(simple.get(f"{_W}instr", ""))
        if name is None:
            continue
        shown = simple.find(f"{_W}r")
        run = _placeholder_run(table[name], None if shown is None
                               else shown.find(f"{_W}rPr"))
        simple.getparent().replace(simple, run)
    for paragraph in root.iter(f"{_W}p"):
        _convert_complex(paragraph, table)
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8", standalone=True)


def _convert_complex(paragraph: etree._Element, table: Mapping[str, str]) -> None:
    """Complex fields in one paragraph: from the begin run to the end run, replaced by
    one run dressed like the «ApplicantName» Word showed between separate and end."""
    runs = list(paragraph.iter(f"{_W}r"))
    depth, start, code, shown_props, in_result = 0, 0, "", None, False
    spans: list[tuple[int, int, str, etree._Element | None]] = []
    for index, run in enumerate(runs):
        mark = run.find(f"{_W}fldChar")
        kind = mark.get(f"{_W}fldCharType") if mark is not None else None
        if kind == "begin":
            depth += 1
            if depth == 1:
                start, code, shown_props, in_result = index, "", None, False
        elif kind == "separate" and depth == 1:
            in_result = True
        elif kind == "end" and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, index, code, shown_props))
        elif depth == 1 and not in_result:
            code += "".join(t.text or "" for t in run.iter(f"{_W}instrText"))
        elif depth == 1 and shown_props is None and run.find(f"{_W}t") is not None:
            shown_props = run.find(f"{_W}rPr")
    if depth and merge_field_name(code):
        raise UserError("a mail-merge field runs on past the end of its paragraph; "
                        "insert it again in Word (Mailings → Insert Merge Field)")
    for first, last, code, props in reversed(spans):
        name = merge_field_name(code)
        if name is None:
            continue
        begin = runs[first]
        begin.getparent().insert(begin.getparent().index(begin),
                                 _placeholder_run(table[name], props))
        for run in runs[first:last + 1]:
            run.getparent().remove(run)
