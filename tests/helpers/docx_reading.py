"""Reading a rendered Word document back the way a reader sees it."""

from __future__ import annotations

from pathlib import Path

from docx import Document

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def paragraphs(path: Path) -> list[str]:
    """Every paragraph's text in order: body (tables included) then headers and footers."""
    document = Document(str(path))
    texts = [_text(p) for p in document.element.body.iter(f"{W}p")]
    for section in document.sections:
        for part in (section.header, section.footer):
            texts += [_text(p._p) for p in part.paragraphs]
    return texts


def _text(paragraph) -> str:
    """Text as printed: tabs as \t, line breaks as \n (page breaks are not text)."""
    out = []
    for el in paragraph.iter(f"{W}t", f"{W}tab", f"{W}br"):
        if el.getparent().tag != f"{W}r":
            continue  # a tab stop in the paragraph's properties, not a tab character
        if el.tag == f"{W}t":
            out.append(el.text or "")
        elif el.tag == f"{W}tab":
            out.append("\t")
        elif el.get(f"{W}type") != "page":
            out.append("\n")
    return "".join(out)


def full_text(path: Path) -> str:
    return "\n".join(paragraphs(path))


def page_breaks(path: Path) -> int:
    document = Document(str(path))
    return sum(1 for br in document.element.body.iter(f"{W}br")
               if br.get(f"{W}type") == "page")


def every_word(path: Path) -> str:
    """All the text of the document run together, the headers' and footers' tables too
    (a WPA form's DEP file number is boxed in its page header)."""
    import html
    import re
    import zipfile

    with zipfile.ZipFile(path) as package:
        xml = "".join(package.read(name).decode("utf-8") for name in package.namelist()
                      if re.fullmatch(r"word/(document|header\d*|footer\d*)\.xml", name))
    return html.unescape("".join(re.findall(r"<w:t(?: [^>]*)?>([^<]*)</w:t>", xml)))
