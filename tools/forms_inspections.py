"""The inspection report: one site visit of a filing, the permit's conditions as the
inspector found them, and the photos taken (services/inspections/report.py)."""

from __future__ import annotations

from forms_kit import facts_table, heading, para, rich, signature_line, tag


def inspection_report(document) -> None:
    facts_table(document, [
        ("Local file no.", "{{ inspection.file_no }}{% if inspection.dep_file_no %} "
                           "(DEP {{ inspection.dep_file_no }}){% endif %}"),
        ("Filing", "{{ inspection.kind }}"),
        ("Applicant", "{{ inspection.applicant }}"),
        ("Locus", "{{ inspection.address }}, {{ town.name }}, Massachusetts"
                  "{% if inspection.map_lot %} (map/lot {{ inspection.map_lot }}){% endif %}"),
        ("Inspection", "{{ inspection.purpose }}"),
        ("Date", "{{ inspection.date }}"),
        ("Inspected by", "{{ inspection.by }}"),
    ])
    tag(document, "{%p if inspection.work %}")
    rich(document, ("b", "Work permitted: "), ("", "{{ inspection.work }}"))
    tag(document, "{%p endif %}")
    heading(document, "Findings")
    para(document, "{{ inspection.findings }}", align="justify")
    tag(document, "{%p if inspection.follow_up %}")
    rich(document, ("b", "Follow-up inspection by: "), ("", "{{ inspection.follow_up }}"))
    tag(document, "{%p endif %}")
    tag(document, "{%p if checks %}")
    heading(document, "Conditions checked")
    tag(document, "{%p for c in checks %}")
    rich(document, ("b", "{{ c.number }}. {{ c.result }}"),
         ("", "{% if c.note %} ({{ c.note }}){% endif %}: {{ c.text }}"), after=4)
    tag(document, "{%p endfor %}")
    tag(document, "{%p endif %}")
    # Signed under what was found; the photographs follow, as its appendix.
    signature_line(document, "{{ inspection.by }}, for the {{ commission.name }}")
    photographs(document)


def monitoring_report(document) -> None:
    """A monitoring visit of conservation land or a restriction (services/land)."""
    facts_table(document, [
        ("Land", "{{ land.name }}"),
        ("Kind", "{{ land.kind }}"),
        ("Location", "{{ land.address }}{% if land.map_lot %} (map/lot {{ land.map_lot }})"
                     "{% endif %}, {{ town.name }}, Massachusetts"),
        ("Acres", "{{ land.acres }}"),
        ("Held by", "{{ land.holder }}"),
        ("Granted by", "{{ land.grantor }}"),
        ("Recorded", "{{ land.recording }}"),
        ("Visit", "{{ visit.purpose }}"),
        ("Date", "{{ visit.date }}"),
        ("Monitored by", "{{ visit.by }}"),
    ])
    tag(document, "{%p if land.terms %}")
    rich(document, ("b", "Terms: "), ("", "{{ land.terms }}"))
    tag(document, "{%p endif %}")
    heading(document, "Findings")
    para(document, "{{ visit.findings }}", align="justify")
    tag(document, "{%p if visit.follow_up %}")
    rich(document, ("b", "Follow-up visit by: "), ("", "{{ visit.follow_up }}"))
    tag(document, "{%p endif %}")
    signature_line(document, "{{ visit.by }}, for the {{ commission.name }}")
    photographs(document)


def photographs(document) -> None:
    """The visit's photographs, as the report's appendix: on a page of their own (a
    heading left at the foot of the findings, its photo pushed over, read as a page of
    nothing)."""
    tag(document, "{%p if photos %}")
    heading(document, "Photographs").paragraph_format.page_break_before = True
    tag(document, "{%p for p in photos %}")
    para(document, "{{ p.image }}", align="center", keep=True)
    para(document, "Photo {{ p.number }}: {{ p.name }}", italic=True, align="center", after=8)
    tag(document, "{%p endfor %}")
    tag(document, "{%p endif %}")
