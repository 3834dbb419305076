"""A small abutter-letter template built the way the contract describes: one
document, a loop over the notices, a page break between letters."""

from __future__ import annotations

from pathlib import Path

from docx import Document
from docx.enum.text import WD_BREAK


def make_letter_template(path: Path) -> Path:
    document = Document()
    document.add_paragraph("{%p for notice in notices %}")
    document.add_paragraph("{{ commission.name }}")
    document.add_paragraph("{{ today }}")
    document.add_paragraph("{{ notice.owner_name }}")
    document.add_paragraph("{%p if notice.care_of %}")
    document.add_paragraph("c/o {{ notice.care_of }}")
    document.add_paragraph("{%p endif %}")
    document.add_paragraph("{%p for line in notice.address_lines %}")
    document.add_paragraph("{{ line }}")
    document.add_paragraph("{%p endfor %}")
    document.add_paragraph(
        "Re: {{ filing.kind_name }}, file {{ filing.file_no }}, {{ property.address }}. "
        "As owner of {{ notice.parcels|join(', ') }} you are notified that "
        "{{ applicant.name }} has filed with the Commission.")
    document.add_paragraph(
        "{% if hearing %}Hearing: {{ hearing.weekday }}, {{ hearing.date }} at "
        "{{ hearing.time }}, {{ hearing.place }}.{% endif %}")
    document.add_paragraph("{%p if not loop.last %}")
    document.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
    document.add_paragraph("{%p endif %}")
    document.add_paragraph("{%p endfor %}")
    document.save(str(path))
    return path
