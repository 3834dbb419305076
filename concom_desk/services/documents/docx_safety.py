"""What makes a Word file more than a plain document: macros, links that reach
outside the file, and fields that run or pull in other files.

A template is written by a clerk (or a file she was sent), and the documents
made from it go out with the commission's signatures, so the program accepts
only a plain .docx: no VBA project, no macro content types, no ActiveX or
embedded OLE packages, no relationship that Word would resolve outside the
file (a remote attached template is the classic way to smuggle macros into a
.docx), and no DDE/INCLUDE/LINK fields. Hyperlinks to web or mail addresses
are allowed: Word follows them only when clicked.

The same rules are applied to every document the program makes, before it is
saved, printed or turned into PDF (a template's `{{ "DDE" }}AUTO` or a name
placed inside a field code only becomes a field in the output). Objects are
found by what they are, not by where they sit: an OLE package renamed to
word/media/x.png is still refused by its content type, its relationship, its
element in the text, or the compound-file signature its bytes start with.

Everything is read with the standard library's zip and XML parsers; nothing
in the file is executed or fetched.
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

from concom_desk.domain.input_files import regular_file
from concom_desk.errors import UserError

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
CT_NS = "http://schemas.openxmlformats.org/package/2006/content-types"
HYPERLINK_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink"
PLAIN_MAIN_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"

# Field codes that execute something or read another file or program when Word
# updates fields (DDE/DDEAUTO run programs; INCLUDE*/IMPORT/LINK read files or URLs).
# MACROBUTTON runs a macro on a double-click; DATABASE queries a data source.
DANGEROUS_FIELDS = ("DDEAUTO", "DDE", "INCLUDETEXT", "INCLUDEPICTURE", "INCLUDE", "IMPORT",
                    "LINK", "MACROBUTTON", "DATABASE", "AUTOTEXTLIST")
# Put where a nested field's result will stand in a field's code: Word computes the
# nested field first, so a code that starts with one is a code built at opening.
NESTED_FIELD = "\x00"
_FIELD_PATTERN = re.compile(r"^\s*(" + "|".join(DANGEROUS_FIELDS) + r")\b", re.IGNORECASE)

_MACRO_PART = re.compile(r"(^|/)(vbaProject\.bin|vbaData\.xml)$|(^|/)activeX/", re.IGNORECASE)
_OLE_PART = re.compile(r"(^|/)embeddings/|\.bin$", re.IGNORECASE)
# Relationship types that bring in a program object, a control or another file
# whether their target is inside the package or not.
_ACTIVE_RELATIONSHIPS = ("/oleObject", "/package", "/control", "/activeXControlBinary",
                         "/aFChunk", "/subDocument", "/vbaProject", "/attachedToolbars",
                         "/keyMapCustomizations", "/wordVbaData")
# Content types of OLE objects, ActiveX, macros and embedded Office packages.
_ACTIVE_CONTENT = re.compile(r"oleobject|activex|vba|macro|\.package|"
                             r"officedocument\.(spreadsheetml|presentationml)\.|"
                             r"msword|ms-excel|ms-powerpoint|x-msdownload|octet-stream",
                             re.IGNORECASE)
# Elements that carry objects, controls, imported files, or macros to run.
_ACTIVE_ELEMENTS = {f"{{{W_NS}}}object": "an embedded object",
                    f"{{{W_NS}}}control": "an ActiveX control",
                    f"{{{W_NS}}}altChunk": "an imported file (altChunk)",
                    f"{{{W_NS}}}subDoc": "a linked subdocument",
                    f"{{{W_NS}}}entryMacro": "a form field that runs a macro",
                    f"{{{W_NS}}}exitMacro": "a form field that runs a macro",
                    f"{{{W_NS}}}mailMerge": "a mail merge that reads a data source",
                    "{urn:schemas-microsoft-com:office:office}OLEObject": "an OLE object"}
# The names whose elements or attributes the rules read, as they appear in the bytes.
# (bytes.find, not a regular expression: a regular expression over a 400 KB style
# sheet costs more than parsing the document it belongs to)
_NAMES_LOOKED_FOR = (b"instr", b"object", b"control", b"altChunk", b"subDoc", b"entryMacro",
                     b"exitMacro", b"mailMerge", b"OLEObject", b"src", b"href")
# The compound-file signature (OLE objects, VBA projects, old .doc files).
_OLE_MAGIC = bytes.fromhex("d0cf11e0a1b11ae1")
_SAFE_LINK = re.compile(r"^(https?://|mailto:)", re.IGNORECASE)
# A letter template is tens of kilobytes; a package that unpacks to more than this
# is a zip bomb or a file with video in it, and neither should be opened.
MAX_UNPACKED_BYTES = 200 * 1024 * 1024
MAX_FILE_BYTES = 100 * 1024 * 1024


@dataclass(frozen=True)
class Refusal:
    """One reason a file is not accepted, in words the clerk can act on."""

    reason: str

    def __str__(self) -> str:
        return self.reason


def _parse(data: bytes) -> ElementTree.Element | None:
    try:
        return ElementTree.fromstring(data)
    except ElementTree.ParseError:
        return None


def field_instructions(root: ElementTree.Element) -> list[str]:
    """Every field code in a part: simple fields, and complex fields whose code
    Word may have split over many runs (nested fields are collected too)."""
    found = [el.get(f"{{{W_NS}}}instr", "") for el in root.iter(f"{{{W_NS}}}fldSimple")]
    stack: list[list[str]] = []
    for el in root.iter():
        if el.tag == f"{{{W_NS}}}fldChar":
            kind = el.get(f"{{{W_NS}}}fldCharType")
            if kind == "begin":
                if stack:
                    stack[-1].append(NESTED_FIELD)
                stack.append([])
            elif kind == "end" and stack:
                found.append("".join(stack.pop()))
        elif el.tag == f"{{{W_NS}}}instrText" and stack:
            stack[-1].append(el.text or "")
        elif el.tag == f"{{{W_NS}}}instrText":
            found.append(el.text or "")  # an instruction outside a begin/end pair
    found.extend("".join(parts) for parts in stack)  # unterminated fields count too
    return found


def package_refusals(path: Path) -> list[Refusal]:
    """Every reason this file is not a plain Word document; empty when it is fine."""
    suffix = path.suffix.lower()
    if suffix in (".docm", ".dotm"):
        return [Refusal(f"{path.name} is a macro-enabled Word file ({suffix}); save it in "
                        "Word as \"Word Document (*.docx)\"")]
    if suffix != ".docx":
        return [Refusal(f"{path.name} is not a .docx file; open it in Word and save it as "
                        "\"Word Document (*.docx)\"")]
    try:
        # a pipe or a device named .docx would make the zip reader wait for ever
        regular_file(path, "a Word document", MAX_FILE_BYTES)
    except UserError as exc:
        return [Refusal(str(exc))]
    try:
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError):
        return [Refusal(f"{path.name} is not a Word .docx file (it is not a Word package; an "
                        "old .doc renamed to .docx looks like this)")]
    try:
        with archive:
            return _archive_refusals(archive)
    except (zipfile.BadZipFile, OSError, RuntimeError, NotImplementedError, EOFError) as exc:
        # a damaged member, an encrypted one, or a compression Python cannot read
        return [Refusal(f"{path.name} is a damaged Word package ({exc})")]


def _archive_refusals(archive: zipfile.ZipFile) -> list[Refusal]:
    infos = archive.infolist()
    names = [info.filename for info in infos]
    unpacked = sum(info.file_size for info in infos)
    if unpacked > MAX_UNPACKED_BYTES:
        return [Refusal(f"it unpacks to {unpacked // (1024 * 1024)} MB, far more than a "
                        "letter template; remove the large pictures or objects")]
    lowered = {name.lower(): name for name in names}
    if "[content_types].xml" not in lowered or "word/document.xml" not in lowered:
        return [Refusal("it is not a Word .docx file (no Word document inside)")]
    refusals = _content_type_refusals(archive.read(lowered["[content_types].xml"]))
    for name in names:
        if name.endswith("/"):
            continue
        if _MACRO_PART.search(name):
            refusals.append(Refusal(f"it contains macro or ActiveX code ({name})"))
            continue
        if _OLE_PART.search(name):
            refusals.append(Refusal(f"it contains an embedded object ({name})"))
            continue
        with archive.open(name) as member:
            head = member.read(8)
        if head == _OLE_MAGIC:
            refusals.append(Refusal(f"it contains an embedded program object ({name})"))
        elif head.startswith(b"PK\x03\x04"):
            refusals.append(Refusal(f"it contains another package inside it ({name})"))
        elif name.lower().endswith(".rels"):
            refusals += _relationship_refusals(name, archive.read(name))
        elif name.lower().endswith(".xml"):
            refusals += _field_refusals(name, archive.read(name))
    return list(dict.fromkeys(refusals))


def _content_type_refusals(data: bytes) -> list[Refusal]:
    root = _parse(data)
    if root is None:
        return [Refusal("its list of content types is damaged")]
    refusals = []
    for el in root:
        content_type = el.get("ContentType", "")
        lowered = content_type.lower()
        if "macroenabled" in lowered or "vba" in lowered or "activex" in lowered:
            refusals.append(Refusal(f"it declares macro content ({content_type})"))
        elif _ACTIVE_CONTENT.search(content_type):
            part = el.get("PartName") or f"*.{el.get('Extension', '')}"
            refusals.append(Refusal(f"it declares an embedded object ({part}: {content_type})"))
        elif ".template.main" in lowered:
            refusals.append(Refusal("it is a Word template (.dotx), not a document; save it "
                                    "as \"Word Document (*.docx)\""))
    return refusals


def _relationship_refusals(part: str, data: bytes) -> list[Refusal]:
    root = _parse(data)
    if root is None:
        return [Refusal(f"its relationship list {part} is damaged")]
    refusals = []
    for rel in root.iter(f"{{{REL_NS}}}Relationship"):
        if rel.get("Type", "").endswith("/aFChunk"):
            # An "alternative format chunk": Word converts an embedded HTML/RTF/MHT file
            # on opening, and RTF can carry objects of its own.
            refusals.append(Refusal(f"it imports another file when opened (altChunk "
                                    f"{rel.get('Target', '')})"))
            continue
        kind = rel.get("Type", "")
        if kind.endswith(_ACTIVE_RELATIONSHIPS):
            refusals.append(Refusal(f"it contains an embedded object or control "
                                    f"({kind.rsplit('/', 1)[-1]} → {rel.get('Target', '')})"))
            continue
        if rel.get("TargetMode", "").lower() != "external":
            continue
        target = rel.get("Target", "")
        if rel.get("Type") == HYPERLINK_TYPE and _SAFE_LINK.match(target):
            continue
        kind = rel.get("Type", "").rsplit("/", 1)[-1]
        refusals.append(Refusal(
            f"it links to something outside the file ({kind} → {target}); a remote "
            "attached template or linked file can bring in code — remove the link"
            + (" (Developer → Document Template → clear the attached template)"
               if kind == "attachedTemplate" else "")
        ))
    return refusals


def _needs_reading(data: bytes) -> bool:
    """Whether a part can hold anything the rules look for. Element and attribute names
    cannot be written as character references, so in UTF-8 their bytes are there to
    find; a part in UTF-16 (Word reads those too) is always parsed. Most of a package
    (styles, theme, fonts: nine tenths of its bytes) is passed over unparsed."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff") or b"\x00" in data[:200]:
        return True
    return any(name in data for name in _NAMES_LOOKED_FOR)


def _field_refusals(part: str, data: bytes) -> list[Refusal]:
    if not _needs_reading(data):
        return []
    root = _parse(data)
    if root is None:
        return [Refusal(f"its part {part} is damaged")]
    refusals = []
    for el in root.iter():
        active = _ACTIVE_ELEMENTS.get(el.tag)
        if active:
            refusals.append(Refusal(f"it contains {active} (in {part})"))
        elif el.tag.startswith("{urn:schemas-microsoft-com:vml}") and \
                _outside_link(el.get("src") or el.get(
                    "{urn:schemas-microsoft-com:office:office}href") or ""):
            refusals.append(Refusal(f"it contains a picture read from outside the file "
                                    f"({part})"))
    if b"instr" not in data:
        return refusals
    for instruction in field_instructions(root):
        shown = instruction.replace(NESTED_FIELD, "{…}").strip()[:60]
        if instruction.lstrip().startswith(NESTED_FIELD):
            refusals.append(Refusal(
                f"it contains a field whose code is made by another field ({shown!r} in "
                f"{part}), which hides what it runs"))
            continue
        match = _FIELD_PATTERN.match(instruction)
        if match:
            code = match.group(1).upper()
            article = "an" if code[0] in "AEIOU" else "a"
            refusals.append(Refusal(
                f"it contains {article} {code} field ({shown!r} in "
                f"{part}), which can run a program or pull in another file"
            ))
    return refusals


def _outside_link(target: str) -> bool:
    return bool(target) and bool(re.match(r"^(\\\\|//|[a-z][a-z0-9+.-]*:)", target,
                                          re.IGNORECASE))
