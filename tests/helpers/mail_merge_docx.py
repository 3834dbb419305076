"""A Word mail-merge letter made the way Word writes one: a complex MERGEFIELD
(begin, its code split over two runs, separate, the bold «ApplicantName» Word shows,
end) and a simple one (w:fldSimple), as Mailings → Insert Merge Field leaves them."""

from __future__ import annotations

from pathlib import Path

from docx import Document
from docx.oxml import parse_xml

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def _run(inner: str) -> str:
    return f"<w:r {W}>{inner}</w:r>"


def complex_field_runs(name: str) -> list[str]:
    half = len(name) // 2
    return [
        _run('<w:fldChar w:fldCharType="begin"/>'),
        _run(f'<w:instrText xml:space="preserve"> MERGEFIELD {name[:half]}</w:instrText>'),
        _run(f'<w:instrText xml:space="preserve">{name[half:]} \\* MERGEFORMAT </w:instrText>'),
        _run('<w:fldChar w:fldCharType="separate"/>'),
        _run(f"<w:rPr><w:b/><w:noProof/></w:rPr><w:t>«{name}»</w:t>"),
        _run('<w:fldChar w:fldCharType="end"/>'),
    ]


def simple_field(name: str) -> str:
    return (f'<w:fldSimple {W} w:instr=" MERGEFIELD &quot;{name}&quot; ">'
            f"<w:r><w:rPr><w:noProof/></w:rPr><w:t>«{name}»</w:t></w:r></w:fldSimple>")


def mail_merge_letter(path: Path, complex_name: str = "ApplicantName",
                      simple_name: str = "Property_Address") -> Path:
    """'Dear «ApplicantName»,' and 'Re: «Property_Address»' as Word would save them."""
    document = Document()
    dear = document.add_paragraph("Dear ")
    for xml in complex_field_runs(complex_name):
        dear._p.append(parse_xml(xml))
    dear.add_run(",")
    about = document.add_paragraph("Re: ")
    about._p.append(parse_xml(simple_field(simple_name)))
    document.save(path)
    return path
