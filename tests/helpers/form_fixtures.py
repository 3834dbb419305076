"""Minimal legal-notice and agenda Word forms written with python-docx, so the
document tests do not depend on the shipped forms' wording."""

from __future__ import annotations

from pathlib import Path

from docx import Document

LEGAL_NOTICE_LINES = [
    "{{ commission.name }}",
    "LEGAL NOTICE",
    "Publish by {{ publish_by }}",
    "{{ meeting.weekday }}, {{ meeting.date }} at {{ meeting.time }}, {{ meeting.place }}",
    "{%p for h in hearings %}",
    "{{ h.file_no }} {{ h.kind_name }}: {{ h.applicant }}, {{ h.address }} "
    "(Map-Lot {{ h.map_lot }}){% if h.continued_from %}, continued from "
    "{{ h.continued_from }}{% endif %}",
    "{%p endfor %}",
]

AGENDA_LINES = [
    "{{ commission.name }} — {{ meeting.kind }} meeting agenda",
    "{{ meeting.weekday }}, {{ meeting.date }} at {{ meeting.time }}, {{ meeting.place }}",
    "Post by {{ post_by }}",
    "{%p for h in hearings %}",
    "{{ h.item_no }}. {{ h.file_no }} {{ h.applicant }}, {{ h.address }} ({{ h.status }}"
    "{% if h.continued_from %} from {{ h.continued_from }}{% endif %})",
    "{%p endfor %}",
    "{%p for b in other_business %}",
    "{{ b.item_no }}. {{ b.text }}",
    "{%p endfor %}",
    "{%p for r in ratifications %}",
    "{{ r.item_no }}. Ratify emergency order {{ r.case_no }} of {{ r.order_date }} signed by "
    "{{ r.signed_by }}, {{ r.address }}",
    "{%p endfor %}",
]


def write_form(folder: Path, name: str, lines: list[str]) -> Path:
    document = Document()
    for line in lines:
        document.add_paragraph(line)
    path = folder / f"{name}.docx"
    document.save(str(path))
    return path


def paragraphs(path: Path) -> list[str]:
    return [p.text for p in Document(str(path)).paragraphs if p.text.strip()]
