"""What makes a Word file more than a plain document: macros, links that reach
outside the file, and fields that run or pull in other files.

A template is written by a clerk (or a file she was sent), and the documents
made from it go out with the commission's signatures, so the program accepts
only a plain .docx: no VBA project, no macro content types, no ActiveX or
embedded OLE packages, no relationship that Word would resolve outside the
file (a remote attached template is the classic way to smuggle macros into a
.docx), and no DDE/INCLUDE/LINK fields. Hyperlinks to web or mail addresses
are allowed: Word follows them only when clicked.

Everything is read with the standard library's zip and XML parsers; nothing
in the file is executed or fetched.
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
CT_NS = "http://schemas.openxmlformats.org/package/2006/content-types"
HYPERLINK_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink"
PLAIN_MAIN_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"

# Field codes that execute something or read another file or program when Word
# updates fields (DDE/DDEAUTO run programs; INCLUDE*/IMPORT/LINK read files or URLs).
DANGEROUS_FIELDS = ("DDEAUTO", "DDE", "INCLUDETEXT", "INCLUDEPICTURE", "INCLUDE", "IMPORT",
                    "LINK")
_FIELD_PATTERN = re.compile(r"^\s*(" + "|".join(DANGEROUS_FIELDS) + r")\b", re.IGNORECASE)

_MACRO_PART = re.compile(r"(^|/)(vbaProject\.bin|vbaData\.xml)$|(^|/)activeX/", re.IGNORECASE)
_OLE_PART = re.compile(r"(^|/)embeddings/oleObject\d*\.bin$", re.IGNORECASE)
_SAFE_LINK = re.compile(r"^(https?://|mailto:)", re.IGNORECASE)
# A letter template is tens of kilobytes; a package that unpacks to more than this
# is a zip bomb or a file with video in it, and neither should be opened.
MAX_UNPACKED_BYTES = 200 * 1024 * 1024


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
        archive = zipfile.ZipFile(path)
    except (zipfile.BadZipFile, OSError):
        return [Refusal(f"{path.name} is not a Word .docx file (it is not a Word package; an "
                        "old .doc renamed to .docx looks like this)")]
    refusals: list[Refusal] = []
    with archive:
        names = archive.namelist()
        unpacked = sum(info.file_size for info in archive.infolist())
        if unpacked > MAX_UNPACKED_BYTES:
            return [Refusal(f"{path.name} unpacks to {unpacked // (1024 * 1024)} MB, far more "
                            "than a letter template; remove the large pictures or objects")]
        if "[Content_Types].xml" not in names or "word/document.xml" not in names:
            return [Refusal(f"{path.name} is not a Word .docx file (no Word document inside)")]
        refusals += _content_type_refusals(archive.read("[Content_Types].xml"))
        for name in names:
            if _MACRO_PART.search(name):
                refusals.append(Refusal(f"it contains macro or ActiveX code ({name})"))
            elif _OLE_PART.search(name):
                refusals.append(Refusal(f"it contains an embedded program object ({name})"))
            elif name.endswith(".rels"):
                refusals += _relationship_refusals(name, archive.read(name))
            elif name.startswith("word/") and name.endswith(".xml"):
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


def _field_refusals(part: str, data: bytes) -> list[Refusal]:
    if b"instr" not in data:
        return []
    root = _parse(data)
    if root is None:
        return [Refusal(f"its part {part} is damaged")]
    refusals = []
    for instruction in field_instructions(root):
        match = _FIELD_PATTERN.match(instruction)
        if match:
            code = match.group(1).upper()
            article = "an" if code[0] in "AEIOU" else "a"
            refusals.append(Refusal(
                f"it contains {article} {code} field ({instruction.strip()[:60]!r} in "
                f"{part}), which can run a program or pull in another file"
            ))
    return refusals
