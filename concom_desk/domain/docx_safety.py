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

import posixpath
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote
from xml.etree import ElementTree

from concom_desk.domain.input_files import regular_file
from concom_desk.errors import UserError

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships"
CT_NS = "http://schemas.openxmlformats.org/package/2006/content-types"
HYPERLINK_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink"
PLAIN_MAIN_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
TEMPLATE_MAIN_TYPE = ("application/vnd.openxmlformats-officedocument.wordprocessingml."
                      "template.main+xml")  # refused with its own words by the declaration
RELATIONSHIPS_TYPE = "application/vnd.openxmlformats-package.relationships+xml"
_RELATIONSHIP_PART = re.compile(r"(^|/)_rels/[^/]*\.rels$", re.IGNORECASE)
# The pictures a letter may carry (a seal, a signature, a map), each known by the bytes
# it starts with: a part declared a picture that is not one is something else in disguise.
_PICTURE_SIGNATURES = {
    "image/png": lambda head: head.startswith(b"\x89PNG\r\n\x1a\n"),
    "image/jpeg": lambda head: head.startswith(b"\xff\xd8\xff"),
    "image/jpg": lambda head: head.startswith(b"\xff\xd8\xff"),
    "image/gif": lambda head: head.startswith((b"GIF87a", b"GIF89a")),
    "image/bmp": lambda head: head.startswith(b"BM"),
    "image/tiff": lambda head: head.startswith((b"II*\x00", b"MM\x00*")),
    "image/x-emf": lambda head: head.startswith(b"\x01\x00\x00\x00") and head[40:44] == b" EMF",
    "image/x-wmf": lambda head: head.startswith((b"\xd7\xcd\xc6\x9a", b"\x01\x00\x09\x00",
                                                 b"\x02\x00\x09\x00")),
}

# Field codes that execute something or read another file or program when Word
# updates fields (DDE/DDEAUTO run programs; INCLUDE*/IMPORT/LINK read files or URLs).
# MACROBUTTON runs a macro on a double-click; DATABASE queries a data source.
# PRINT sends its text to the printer as raw commands (PostScript can read and write
# the printer's files). HYPERLINK is judged by its address (field_refusal).
DANGEROUS_FIELDS = ("DDEAUTO", "DDE", "INCLUDETEXT", "INCLUDEPICTURE", "INCLUDE", "IMPORT",
                    "LINK", "MACROBUTTON", "DATABASE", "AUTOTEXTLIST", "PRINT")
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
_MAIL_MERGE_SOURCE = ("a mail merge that reads a data source (to keep its «fields» and let "
                      "the data go: in Word, Mailings → Start Mail Merge → Normal Word "
                      "Document)")
_ACTIVE_ELEMENTS = {f"{{{W_NS}}}object": "an embedded object",
                    f"{{{W_NS}}}control": "an ActiveX control",
                    f"{{{W_NS}}}altChunk": "an imported file (altChunk)",
                    f"{{{W_NS}}}subDoc": "a linked subdocument",
                    f"{{{W_NS}}}entryMacro": "a form field that runs a macro",
                    f"{{{W_NS}}}exitMacro": "a form field that runs a macro",
                    f"{{{W_NS}}}mailMerge": _MAIL_MERGE_SOURCE,
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
    infos = [info for info in archive.infolist() if not info.filename.endswith("/")]
    unpacked = sum(info.file_size for info in infos)
    if unpacked > MAX_UNPACKED_BYTES:
        return [Refusal(f"it unpacks to {unpacked // (1024 * 1024)} MB, far more than a "
                        "letter template; remove the large pictures or objects")]
    names = [info.filename for info in infos]
    lowered: dict[str, str] = {}
    for name in names:
        if name.lower() in lowered:
            # Part names are case-blind: which of the two Word reads is not ours to guess.
            return [Refusal(f"it holds two parts named {name} (a damaged or doctored "
                            "package)")]
        lowered[name.lower()] = name
    if "[content_types].xml" not in lowered or "_rels/.rels" not in lowered:
        return [Refusal("it is not a Word .docx file (no Word document inside)")]
    types_root = _parse(archive.read(lowered["[content_types].xml"]))
    if types_root is None:
        return [Refusal("its list of content types is damaged")]
    types = _ContentTypes(types_root)
    refusals = _content_type_refusals(types_root)
    main = _main_part(archive.read(lowered["_rels/.rels"]), lowered)
    if main is None:
        return [*refusals, Refusal("it is not a Word .docx file (no Word document inside)")]
    if types.of(main) not in (PLAIN_MAIN_TYPE, TEMPLATE_MAIN_TYPE):
        refusals.append(Refusal(f"its main part {main} is not a Word document "
                                f"({types.of(main) or 'no content type'})"))
    for name in names:
        if name.lower() == "[content_types].xml":
            continue
        refusals += _part_refusals(archive, name, types.of(name))
    return list(dict.fromkeys(refusals))


class _ContentTypes:
    """What [Content_Types].xml says each part is: its override by part name, else the
    default for its extension (both compared without case, as Word does)."""

    def __init__(self, root: ElementTree.Element) -> None:
        self.overrides = {unquote(el.get("PartName", "")).lstrip("/").lower():
                          el.get("ContentType", "").lower()
                          for el in root.iter(f"{{{CT_NS}}}Override")}
        self.defaults = {el.get("Extension", "").lower(): el.get("ContentType", "").lower()
                         for el in root.iter(f"{{{CT_NS}}}Default")}

    def of(self, name: str) -> str:
        key = name.lower()
        if key in self.overrides:
            return self.overrides[key]
        return self.defaults.get(key.rpartition(".")[2] if "." in key else "", "")


def _main_part(data: bytes, lowered: dict[str, str]) -> str | None:
    """The part the package's own relationships name as the document: Word opens that
    one, whatever it is called."""
    root = _parse(data)
    if root is None:
        return None
    for rel in root.iter(f"{{{REL_NS}}}Relationship"):
        if rel.get("Type", "").endswith("/officeDocument") and \
                rel.get("TargetMode", "").lower() != "external":
            target = unquote(rel.get("Target", "")).lstrip("/")
            return lowered.get(posixpath.normpath(target).lower())
    return None


def _part_refusals(archive: zipfile.ZipFile, name: str, content_type: str) -> list[Refusal]:
    """One part, judged by what the package says it is (not by its name), and by what
    its first bytes are."""
    if _MACRO_PART.search(name):
        return [Refusal(f"it contains macro or ActiveX code ({name})")]
    if _OLE_PART.search(name):
        return [Refusal(f"it contains an embedded object ({name})")]
    with archive.open(name) as member:
        head = member.read(64)
    if head.startswith(_OLE_MAGIC):
        return [Refusal(f"it contains an embedded program object ({name})")]
    if head.startswith(b"PK\x03\x04"):
        return [Refusal(f"it contains another package inside it ({name})")]
    if _RELATIONSHIP_PART.search(name) or content_type == RELATIONSHIPS_TYPE:
        # Word finds a part's relationships by this name, whatever type is declared.
        return _relationship_refusals(name, archive.read(name))
    if _ACTIVE_CONTENT.search(content_type):
        return []  # already refused by its declaration in [Content_Types].xml
    if content_type.endswith(("+xml", "/xml")):
        data = archive.read(name)
        if not _looks_like_xml(data):
            return [Refusal(f"its part {name} is damaged (declared XML, but it is not)")]
        return _field_refusals(name, data)
    if content_type in _PICTURE_SIGNATURES:
        if not _PICTURE_SIGNATURES[content_type](head):
            return [Refusal(f"its part {name} is not a picture, though declared one "
                            f"({content_type})")]
        return []
    return [Refusal(f"it contains a part that is neither XML nor a picture ({name}: "
                    f"{content_type or 'no content type'}); only text, styles and pictures "
                    "belong in a template")]


def _looks_like_xml(data: bytes) -> bool:
    """XML starts with markup (after a byte-order mark and blanks); a part in UTF-16 is
    parsed in full by _field_refusals."""
    if _is_wide(data):
        return True
    return data.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(b"<")


def _content_type_refusals(root: ElementTree.Element) -> list[Refusal]:
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
    if _is_wide(data):
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
        elif any(_outside_link(value) for key, value in el.attrib.items()
                 if key.rpartition("}")[2] in ("src", "href")):
            # a VML picture's src/o:href, a drawing's xlink:href: read when shown
            refusals.append(Refusal(f"it contains a picture read from outside the file "
                                    f"({part})"))
    if not _is_wide(data) and b"instr" not in data:
        return refusals
    for instruction in field_instructions(root):
        refusal = field_refusal(instruction, part)
        if refusal:
            refusals.append(refusal)
    return refusals


def field_refusal(instruction: str, part: str) -> Refusal | None:
    """Why one field code may not stand in a document (None when it may): judged by its
    instruction, in whichever part it is, simple field or complex."""
    shown = instruction.replace(NESTED_FIELD, "{…}").strip()[:60]
    if instruction.lstrip().startswith(NESTED_FIELD):
        return Refusal(f"it contains a field whose code is made by another field ({shown!r} "
                       f"in {part}), which hides what it runs")
    match = _FIELD_PATTERN.match(instruction)
    if match:
        code = match.group(1).upper()
        article = "an" if code[0] in "AEIOU" else "a"
        what = ("sends commands straight to the printer" if code == "PRINT"
                else "can run a program or pull in another file")
        return Refusal(f"it contains {article} {code} field ({shown!r} in {part}), which "
                       f"{what}")
    if re.match(r"^\s*HYPERLINK\b", instruction, re.IGNORECASE):
        target = _hyperlink_target(instruction.lstrip()[len("HYPERLINK"):])
        if target is not None and not _SAFE_LINK.match(target):
            return Refusal(f"it contains a HYPERLINK field to {target or 'a built address'!s} "
                           f"(in {part}); only web and mail addresses may be linked — a "
                           "link to a file or a share opens it from the letter")
    return None


# A field's arguments: a quoted text (Word doubles the backslashes inside), or a bare word.
_FIELD_ARGUMENT = re.compile(r'"((?:[^"\\]|\\.)*)"?|(\S+)')
# HYPERLINK switches that take an argument of their own (\l bookmark, \o tip, \t frame).
_SWITCHES_WITH_ARGUMENT = ("\\l", "\\o", "\\t")


def _hyperlink_target(arguments: str) -> str | None:
    """The address a HYPERLINK field opens; None when it only jumps within the letter."""
    tokens = [(m.group(1), True) if m.group(1) is not None else (m.group(2), False)
              for m in _FIELD_ARGUMENT.finditer(arguments)]
    index = 0
    while index < len(tokens):
        text, quoted = tokens[index]
        if not quoted and text.startswith("\\"):
            index += 2 if text.lower() in _SWITCHES_WITH_ARGUMENT else 1
            continue
        return re.sub(r"\\(.)", r"\1", text) if quoted else text
    return None


def _is_wide(data: bytes) -> bool:
    return data[:2] in (b"\xff\xfe", b"\xfe\xff") or b"\x00" in data[:200]


def _outside_link(target: str) -> bool:
    return bool(target) and bool(re.match(r"^(\\\\|//|[a-z][a-z0-9+.-]*:)", target,
                                          re.IGNORECASE))


# A mail-merge field ("MERGEFIELD ApplicantName \* MERGEFORMAT", or the name quoted)
# reads nothing outside the file, so a template may hold one; the renderer replaces it
# with the value as plain text (services/documents/mail_merge), and a document the
# program made that still holds one is refused: it would print «ApplicantName».
_MERGE_FIELD = re.compile(r'^\s*MERGEFIELD\s+(?:"([^"]+)"|([^\s\\]+))', re.IGNORECASE)
_WORD_TEXT_PART = re.compile(r"^word/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$",
                             re.IGNORECASE)


def merge_field_name(instruction: str) -> str | None:
    """'ApplicantName' for a MERGEFIELD's code; None for any other field."""
    match = _MERGE_FIELD.match(instruction)
    return (match.group(1) or match.group(2)).strip() if match else None


def merge_fields_left(path: Path) -> list[Refusal]:
    """A refusal per mail-merge field still standing in a document the program made."""
    found: list[Refusal] = []
    with zipfile.ZipFile(path) as archive:
        for name in archive.namelist():
            if not _WORD_TEXT_PART.match(name):
                continue
            data = archive.read(name)
            if b"MERGEFIELD" not in data.upper():
                continue
            root = _parse(data)
            names = [] if root is None else [
                merge_field_name(i) for i in field_instructions(root)]
            found += [Refusal(f"it still holds the mail-merge field «{n}» ({name}), which "
                              "would print as its name") for n in names if n]
    return found
