"""Build the default Word templates in forms/ (run: python tools/make_forms.py).

The .docx files are committed; this script is how they were made, so a change
to a default template is a reviewed change to this file followed by a re-run.
The fields used are those of concom_desk/services/template_examples.py; the
tests render every template with those examples and run the checker on it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from forms_kit import (  # noqa: E402
    address_block,
    appeal_box,
    bullet_loop,
    facts_table,
    footer,
    hang,
    heading,
    letterhead,
    new_document,
    numbered_loop,
    page_break,
    para,
    recording_box,
    rich,
    signature_block,
    signature_line,
    tag,
    title,
)

FORMS = Path(__file__).resolve().parent.parent / "forms"

REGISTRY = ("{% if property.certificate %}Land Court Certificate {{ property.certificate }}"
            "{% else %}Book {{ property.book }}, Page {{ property.page }}{% endif %}")
DEP_NO = "{% if filing.dep_file_no %}{{ filing.dep_file_no }}{% else %}none (bylaw only){% endif %}"
UNDER = ("issued under {{ town.bylaw }}{% if filing.dep_file_no %} and the Massachusetts "
         "Wetlands Protection Act, MGL c.131 §40{% endif %}")


def filing_facts(document, *extra: tuple[str, str]) -> None:
    facts_table(document, [
        ("Local file no.", "{{ filing.file_no }}"),
        ("DEP file no.", DEP_NO),
        ("Applicant", "{{ applicant.name }}, {{ applicant.address_lines|join(', ') }}"),
        ("Property owner", "{{ owner.name }}, {{ owner.address_lines|join(', ') }}"),
        ("Locus", "{{ property.address }}, {{ town.name }}, Massachusetts"),
        ("Assessor's map / lot", "{{ property.map_lot }}"),
        ("Registry of Deeds", REGISTRY),
        ("Filing received", "{{ filing.received }}"),
        *extra,
    ])


def work_paragraph(document) -> None:
    rich(document, ("b", "Work: "), ("", "{{ filing.work_description }}."))
    tag(document, "{%p if filing.resource_areas %}")
    rich(document, ("b", "Resource areas: "), ("", "{{ filing.resource_areas }}."))
    tag(document, "{%p endif %}")


def plans(document) -> None:
    heading(document, "Plans and documents")
    tag(document, "{%p if plans %}")
    bullet_loop(document, "plans", "plan",
                "{{ plan.title }}, prepared by {{ plan.prepared_by }}, dated {{ plan.dated }}"
                "{% if plan.revised %}, revised {{ plan.revised }}{% endif %}.",
                numbered=False)
    tag(document, "{%p else %}")
    para(document, "As filed with the application.", italic=True)
    tag(document, "{%p endif %}")


def permit(document) -> None:
    filing_facts(document, ("Hearing", "{{ filing.hearing }} (closed {{ filing.closed }})"),
                 ("Date of issuance", "{{ filing.issued }}"),
                 ("Expires", "{{ filing.expires }}"))
    heading(document, "Findings")
    para(document, "The {{ commission.name }} finds that the areas in which the work described "
                   "below is proposed are significant to the interests protected by the bylaw. "
                   "The work is permitted, on the plans listed, subject to the conditions "
                   "below. Where the plans and the conditions differ, the conditions govern.",
         align="justify")
    work_paragraph(document)
    plans(document)
    heading(document, "Standard conditions")
    numbered_loop(document, "standard_conditions")
    heading(document, "Special conditions")
    numbered_loop(document, "special_conditions", empty="No special conditions.")
    heading(document, "Term")
    para(document, "This permit expires on {% if filing.expires %}{{ filing.expires }}"
                   "{% else %}____________________{% endif %}, unless extended in writing "
                   "by the Commission before that date"
                   "{% if deadlines.expires.citation %} ({{ deadlines.expires.citation }})"
                   "{% endif %}.", align="justify")
    recording_box(document)
    appeal_box(document)
    signature_block(document)


def amended_permit(document) -> None:
    filing_facts(document, ("Original permit", "{{ original_permit.file_no }}, issued "
                                               "{{ original_permit.issued }}"),
                 ("Amendment issued", "{{ filing.issued }}"))
    para(document, "The {{ commission.name }} amends the permit named above as follows. All "
                   "other conditions of the original permit remain in force.", align="justify")
    heading(document, "Changes")
    bullet_loop(document, "changes", "change", "{{ change }}")
    plans(document)
    heading(document, "Standard conditions")
    numbered_loop(document, "standard_conditions")
    heading(document, "Special conditions")
    numbered_loop(document, "special_conditions", empty="No special conditions.")
    heading(document, "Term")
    para(document, "An amendment does not extend the original permit: it still expires on "
                   "{{ original_permit.expires }}.", align="justify")
    recording_box(document)
    appeal_box(document)
    signature_block(document)


def extension_permit(document) -> None:
    filing_facts(document,
                 ("Original permit", "{{ original_permit.file_no }}{% if "
                                     "original_permit.dep_file_no %} (DEP "
                                     "{{ original_permit.dep_file_no }}){% endif %}, issued "
                                     "{{ original_permit.issued }}"),
                 ("Recorded", "Book {{ original_permit.book }}, Page "
                              "{{ original_permit.page }}"),
                 ("Extension requested", "{{ extension.requested }}"))
    para(document, "The {{ commission.name }} extends the permit named above for "
                   "{{ extension.term }}. It was to expire on {{ original_permit.expires }}; "
                   "it now expires on {{ extension.new_expires }}. All of its conditions "
                   "remain in force.", align="justify")
    recording_box(document)
    appeal_box(document)
    signature_block(document)


def determination(positive: bool) -> Callable:
    def build(document) -> None:
        filing_facts(document, ("Meeting", "{{ filing.hearing }}"),
                     ("Date of issuance", "{{ filing.issued }}"),
                     ("Valid until", "{{ filing.expires }}"))
        work_paragraph(document)
        heading(document, "Determination")
        if positive:
            para(document, "This is a POSITIVE determination. The Commission has determined:",
                 bold=True)
        else:
            para(document, "This is a NEGATIVE determination. The Commission has determined:",
                 bold=True)
        bullet_loop(document, "findings", "finding", "{{ finding }}")
        if positive:
            para(document, "No work may begin in the area described until a Notice of Intent "
                           "has been filed and a permit issued under the bylaw.",
                 align="justify")
        else:
            para(document, "The work may proceed as described without a permit under the "
                           "bylaw, subject to the following conditions:", align="justify")
            numbered_loop(document, "conditions", empty="No conditions.")
        para(document, "This determination is valid until {% if filing.expires %}"
                       "{{ filing.expires }}{% else %}____________________{% endif %}.")
        appeal_box(document)
        signature_block(document)
    return build


def delineation(document) -> None:
    filing_facts(document, ("Hearing", "{{ filing.hearing }}"),
                 ("Date of issuance", "{{ filing.issued }}"),
                 ("Valid until", "{{ filing.expires }}"))
    para(document, "The Commission confirms the boundaries of the following resource areas "
                   "as delineated on the plans below:", align="justify")
    bullet_loop(document, "confirmed_areas", "area", "{{ area.name }}: {{ area.boundary }}.")
    plans(document)
    para(document, "This order confirms boundaries only; it permits no work.", italic=True)
    recording_box(document)
    appeal_box(document)
    signature_block(document)


def denial(document) -> None:
    filing_facts(document, ("Hearing", "{{ filing.hearing }} (closed {{ filing.closed }})"),
                 ("Date of issuance", "{{ filing.issued }}"))
    work_paragraph(document)
    heading(document, "Decision")
    para(document, "{% if denial_kind == \"procedural\" %}The permit is DENIED for failure "
                   "to meet the filing requirements of the bylaw: the Commission does not "
                   "have the information it needs to decide the application."
                   "{% else %}The permit is DENIED because the proposed work cannot be "
                   "conditioned to meet the performance standards of the bylaw and to protect "
                   "the interests it serves.{% endif %}", align="justify", bold=True)
    heading(document, "Reasons")
    bullet_loop(document, "reasons", "reason", "{{ reason }}")
    para(document, "{% if denial_kind == \"procedural\" %}A new application that supplies the "
                   "missing information may be filed.{% else %}No work may be done in the "
                   "resource areas described.{% endif %}", align="justify")
    appeal_box(document)
    signature_block(document)


def coc(document) -> None:
    filing_facts(document,
                 ("Permit", "{{ original_permit.file_no }}, issued {{ original_permit.issued }},"
                            " recorded Book {{ original_permit.book }}, Page "
                            "{{ original_permit.page }}"),
                 ("Site inspection", "{{ inspection.date }}, by {{ inspection.by }}"),
                 ("Date of issuance", "{{ filing.issued }}"))
    para(document, "{% if partial %}PARTIAL CERTIFICATE. {% endif %}The {{ commission.name }} "
                   "certifies that {% if partial %}the part of the work described below"
                   "{% else %}the work{% endif %} regulated by the permit named above has been "
                   "completed in compliance with it.", align="justify")
    work_paragraph(document)
    heading(document, "Conditions that continue")
    para(document, "The following conditions continue beyond this certificate and bind the "
                   "owner and every later owner of the property:", align="justify")
    numbered_loop(document, "continuing_conditions",
                  empty="No conditions continue beyond this certificate.")
    recording_box(document)
    appeal_box(document)
    signature_block(document)


def emergency(document) -> None:
    filing_facts(document, ("Requested by", "{{ emergency.requested_by }}"),
                 ("Date of issuance", "{{ filing.issued }}"))
    rich(document, ("b", "Emergency: "), ("", "{{ emergency.reason }}"))
    rich(document, ("b", "Work allowed: "), ("", "{{ emergency.work_allowed }}"))
    para(document, "The Commission certifies that this work is needed to protect the health "
                   "or safety of the public and allows only the work needed to abate the "
                   "emergency.", align="justify")
    tag(document, "{%p if deadlines.emergency_work_complete_by.date %}")
    rich(document, ("b", "Work to be completed by: "),
         ("", "{{ deadlines.emergency_work_complete_by.date }} "
              "({{ deadlines.emergency_work_complete_by.citation }})"))
    tag(document, "{%p endif %}")
    tag(document, "{%p if deadlines.emergency_filing_by.date %}")
    rich(document, ("b", "Notice of Intent or Request to be filed by: "),
         ("", "{{ deadlines.emergency_filing_by.date }} "
              "({{ deadlines.emergency_filing_by.citation }})"))
    tag(document, "{%p endif %}")
    heading(document, "Conditions")
    numbered_loop(document, "special_conditions", empty="No conditions.")
    signature_block(document)


def board_notice(document) -> None:
    para(document, "{{ today }}")
    rich(document, ("b", "To: "), ("", "{{ boards|join(', ') }}, Town of {{ town.name }}"))
    rich(document, ("b", "Re: "), ("", "{{ filing.kind_name }}, {{ property.address }} "
                                       "(map/lot {{ property.map_lot }}), file "
                                       "{{ filing.file_no }}"))
    filing_facts(document)
    work_paragraph(document)
    para(document, "The {{ commission.name }} has received the filing described above. The "
                   "filing and its plans may be seen at the Conservation office. "
                   "{% if hearing %}The public hearing is scheduled for {{ hearing.weekday }}, "
                   "{{ hearing.date }} at {{ hearing.time }}, {{ hearing.place }}. "
                   "{% endif %}{% if deadlines.board_comment_period_ends.date %}Please send "
                   "any comments by {{ deadlines.board_comment_period_ends.date }} "
                   "({{ deadlines.board_comment_period_ends.citation }}); the Commission will "
                   "not take final action before then.{% else %}Please send any comments "
                   "before the hearing.{% endif %}", align="justify")
    para(document, "{{ commission.name }}", before=12)


def waiver(document) -> None:
    filing_facts(document, ("Hearing required by", "{{ deadlines.hearing_by.date }}"))
    para(document, "I, {{ applicant.name }}, the applicant for the {{ filing.kind_name }} "
                   "described above, received by the {{ commission.name }} on "
                   "{{ filing.received }}, agree of my own free will that the public hearing "
                   "may be opened after the 21-day period set by the bylaw{% if "
                   "deadlines.hearing_by.date %}, which ends on {{ deadlines.hearing_by.date }}"
                   "{% endif %}{% if hearing %}, namely on {{ hearing.weekday }}, "
                   "{{ hearing.date }} at {{ hearing.time }}{% endif %}. I understand that I "
                   "waive my right to a hearing within 21 days of receipt of the filing.",
         align="justify")
    for who in ("Applicant: {{ applicant.name }}", "Received for the Commission"):
        signature_line(document, who, before=24)


def abutter_letter(document) -> None:
    tag(document, "{%p for notice in notices %}")
    letterhead(document)
    para(document, "{{ today }}", after=12)
    address_block(document, "{{ notice.owner_name }}", "notice.address_lines",
                  care_of="notice.care_of")
    rich(document, ("b", "Re: Notice to abutters — "),
         ("b", "{{ filing.kind_name }}, {{ property.address }}, map/lot "
               "{{ property.map_lot }} (file {{ filing.file_no }})"), after=10)
    para(document, "Dear property owner:")
    para(document, "You are receiving this notice as the owner of land (map/lot "
                   "{{ notice.parcels|join(', ') }}) near the property named above, as "
                   "{{ town.bylaw }} requires. {{ applicant.name }} has filed a "
                   "{{ filing.kind_name }} with the {{ commission.name }} for the following "
                   "work: {{ filing.work_description }}, within {{ filing.resource_areas }}.",
         align="justify")
    para(document, "{% if hearing %}The Commission will hold a public hearing on "
                   "{{ hearing.weekday }}, {{ hearing.date }} at {{ hearing.time }} at "
                   "{{ hearing.place }}.{% else %}The date, time and place of the public "
                   "hearing will be published in the legal notice in the newspaper.{% endif %} "
                   "You may attend and be heard, or write to the Commission before the "
                   "hearing. The filing and its plans may be seen at the Conservation office "
                   "during office hours.", align="justify")
    para(document, "Sincerely,", before=8)
    para(document, "{{ commission.name }}", before=18, after=0)
    para(document, "{{ commission.address_lines|join(', ') }} · {{ commission.phone }}",
         size=9.5)
    tag(document, "{%p if not loop.last %}")
    page_break(document)
    tag(document, "{%p endif %}")
    tag(document, "{%p endfor %}")


def affidavit(document) -> None:
    filing_facts(document, ("Hearing", "{% if hearing %}{{ hearing.weekday }}, "
                                       "{{ hearing.date }} at {{ hearing.time }}{% endif %}"))
    para(document, "I, {{ affidavit.signed_by }}, certify under the pains and penalties of "
                   "perjury that on {{ affidavit.mailed_on }} I gave written notice of the "
                   "{{ filing.kind_name }} described above, and of the public hearing on it, "
                   "by {{ affidavit.method }}, to each owner of land listed below "
                   "({{ notices|length }} in all), at the addresses shown on the most recent "
                   "applicable tax list of the assessors, as {{ town.bylaw }} requires.",
         align="justify")
    bullet_loop(document, "notices", "notice",
                "{{ notice.owner_name }}{% if notice.care_of %}, c/o {{ notice.care_of }}"
                "{% endif %}, {{ notice.address_lines|join(', ') }} (map/lot "
                "{{ notice.parcels|join(', ') }})")
    signature_line(document, "{{ affidavit.signed_by }}", before=28)


def legal_notice(document) -> None:
    para(document, "To the newspaper: please publish once, on or before {{ publish_by }}.",
         italic=True, size=10)
    para(document, "{{ commission.name }}", bold=True, align="center", before=8, after=0)
    para(document, "NOTICE OF PUBLIC HEARINGS", bold=True, align="center")
    para(document, "Under {{ town.bylaw }} and, where a DEP file number is given, the "
                   "Massachusetts Wetlands Protection Act, MGL c.131 §40, the "
                   "{{ commission.name }} will hold public hearings on {{ meeting.weekday }}, "
                   "{{ meeting.date }} at {{ meeting.time }} at {{ meeting.place }} on the "
                   "following:", align="justify")
    bullet_loop(document, "hearings", "h",
                "{{ h.kind_name }} filed by {{ h.applicant }}{% if h.owner and h.owner != "
                "h.applicant %} for {{ h.owner }}{% endif %}, {{ h.address }}, map/lot "
                "{{ h.map_lot }} (file {{ h.file_no }}{% if h.dep_file_no %}, DEP "
                "{{ h.dep_file_no }}{% endif %}): {{ h.work_description }}, within "
                "{{ h.resource_areas }}.{% if h.continued_from %} Continued from "
                "{{ h.continued_from }}.{% endif %}")
    para(document, "The filings and plans may be seen at the Conservation office during "
                   "office hours.", align="justify")
    para(document, "{{ commission.chair }}, Chair", before=8, after=0)
    para(document, "{{ commission.name }}")


def agenda(document) -> None:
    para(document, "{{ meeting.kind|capitalize }} meeting: {{ meeting.weekday }}, "
                   "{{ meeting.date }}, {{ meeting.time }}", bold=True, align="center",
         after=0)
    para(document, "{{ meeting.place }}", align="center", after=2)
    para(document, "Posted by {{ post_by }} (Open Meeting Law, MGL c.30A §20: at least 48 "
                   "hours before the meeting, not counting Saturdays, Sundays and legal "
                   "holidays).", italic=True, size=9.5, align="center", after=10)
    heading(document, "Public hearings")
    tag(document, "{%p if hearings %}")
    tag(document, "{%p for h in hearings %}")
    hang(rich(document, ("b", "{{ h.item_no }}.\t{{ h.file_no }} — {{ h.address }} "
                              "(map/lot {{ h.map_lot }})"), after=0))
    hang(para(document, "\t{{ h.kind_name }}, {{ h.applicant }}: {{ h.work_description }}. "
                   "{% if h.status == \"continued\" %}Continued from {{ h.continued_from }}."
                   "{% else %}New hearing.{% endif %}", after=6))
    tag(document, "{%p endfor %}")
    tag(document, "{%p else %}")
    para(document, "None.", italic=True)
    tag(document, "{%p endif %}")
    tag(document, "{%p if ratifications %}")
    heading(document, "Ratification of enforcement orders")
    bullet_loop(document, "ratifications", "r",
                "{{ r.case_no }}, {{ r.address }}: order of {{ r.order_date }} signed by "
                "{{ r.signed_by }}.", numbered=False)
    tag(document, "{%p endif %}")
    heading(document, "Other business")
    tag(document, "{%p for item in other_business %}")
    hang(para(document, "{{ item.item_no }}.\t{{ item.text }}", after=4))
    tag(document, "{%p endfor %}")
    para(document, "Topics the Chair did not reasonably anticipate 48 hours before the meeting.")
    para(document, "Adjourn.")


def violations(document) -> None:
    tag(document, "{%p for v in violations %}")
    hang(para(document, "{{ v.number }}.\t{{ v.description }} (observed {{ v.observed }}; "
                        "{{ v.provision }}).", after=4))
    tag(document, "{%p endfor %}")


def violation_notice(document) -> None:
    para(document, "{{ today }}", after=12)
    address_block(document, "{{ violator.name }}", "violator.address_lines")
    facts_table(document, [
        ("Case no.", "{{ case.case_no }}"),
        ("Property", "{{ case.address }}, map/lot {{ case.map_lot }}"),
        ("Resource areas", "{{ case.resource_areas }}"),
    ])
    para(document, "The {{ commission.name }} has found that the following work violates "
                   "{{ town.bylaw }}:", align="justify")
    violations(document)
    para(document, "Please stop any further work in the resource areas and contact the "
                   "Commission within ten days to arrange a site visit. Each day a violation "
                   "continues, and each provision violated, is a separate offense, punishable "
                   "by a fine of up to {{ fines.per_offense }} ({{ fines.citation }})"
                   "{% if fines.noncriminal_ticket %}, or a non-criminal ticket of "
                   "{{ fines.noncriminal_ticket }} under MGL c.40 §21D{% endif %}.",
         align="justify")
    signature_block(document)


def enforcement_order(document) -> None:
    para(document, "{{ order.issued }}", after=12)
    address_block(document, "{{ violator.name }}", "violator.address_lines")
    facts_table(document, [
        ("Order no.", "{{ order.order_no }}"),
        ("Case no.", "{{ case.case_no }}"),
        ("Property", "{{ case.address }}, map/lot {{ case.map_lot }}"),
        ("Resource areas", "{{ case.resource_areas }}"),
    ])
    tag(document, "{%p if order.emergency %}")
    para(document, "EMERGENCY ORDER: signed before a meeting of the Commission; it must be "
                   "ratified by the Commission at its next meeting{% if order.ratify_by %}, "
                   "by {{ order.ratify_by }}{% endif %}.", bold=True)
    tag(document, "{%p endif %}")
    heading(document, "Violations")
    violations(document)
    heading(document, "The Commission orders")
    tag(document, "{%p if order.stop_work %}")
    para(document, "All work in the resource areas on this property shall stop at once.",
         bold=True)
    tag(document, "{%p endif %}")
    bullet_loop(document, "order.requirements", "requirement", "{{ requirement }}")
    tag(document, "{%p if order.file_noi_by %}")
    para(document, "A Notice of Intent shall be filed by {{ order.file_noi_by }}.")
    tag(document, "{%p endif %}")
    tag(document, "{%p if order.restore_by %}")
    para(document, "The site shall be restored by {{ order.restore_by }}.")
    tag(document, "{%p endif %}")
    para(document, "Failure to comply with this order is a violation of {{ town.bylaw }}. "
                   "Each day of non-compliance is a separate offense, punishable by a fine of "
                   "up to {{ fines.per_offense }} ({{ fines.citation }}).", align="justify")
    signature_block(document, signers="order.signed_by", intro=(
        "{% if order.emergency %}Signed in an emergency, to be ratified by the Commission."
        "{% else %}Signed by a majority of the members of the {{ commission.name }} in office "
        "({{ commission.signers_needed }} must sign).{% endif %}"))


SUBTITLE_CASE = "{{ commission.name }} · {{ town.bylaw }}"

FORMS_TO_BUILD: dict[str, tuple[str, str, str, Callable]] = {
    # name: (title, subtitle, footer, body)
    "legal-notice": ("LEGAL NOTICE", "", "", legal_notice),
    "abutter-letter": ("", "", "{{ filing.file_no }}", abutter_letter),
    "affidavit-of-service": ("AFFIDAVIT OF SERVICE OF NOTICE TO ABUTTERS", "",
                             "{{ filing.file_no }}", affidavit),
    "board-notice": ("NOTICE TO OTHER BOARDS", "", "{{ filing.file_no }}", board_notice),
    "agenda": ("MEETING AGENDA", "", "", agenda),
    "permit": ("ORDER OF CONDITIONS (PERMIT)", UNDER, "{{ filing.file_no }}", permit),
    "determination-negative": ("DETERMINATION OF APPLICABILITY — NEGATIVE", UNDER,
                               "{{ filing.file_no }}", determination(positive=False)),
    "determination-positive": ("DETERMINATION OF APPLICABILITY — POSITIVE", UNDER,
                               "{{ filing.file_no }}", determination(positive=True)),
    "resource-area-delineation": ("ORDER OF RESOURCE AREA DELINEATION", UNDER,
                                  "{{ filing.file_no }}", delineation),
    "denial": ("DENIAL OF PERMIT", UNDER, "{{ filing.file_no }}", denial),
    "extension-permit": ("EXTENSION PERMIT", UNDER, "{{ filing.file_no }}", extension_permit),
    "amended-permit": ("AMENDED ORDER OF CONDITIONS", UNDER, "{{ filing.file_no }}",
                       amended_permit),
    "certificate-of-compliance": (
        "CERTIFICATE OF COMPLIANCE{% if partial %} (PARTIAL){% endif %}", UNDER,
        "{{ filing.file_no }}", coc),
    "emergency-certification": ("EMERGENCY CERTIFICATION", UNDER, "{{ filing.file_no }}",
                                emergency),
    "violation-notice": ("NOTICE OF VIOLATION", SUBTITLE_CASE, "{{ case.case_no }}",
                         violation_notice),
    "enforcement-order": ("ENFORCEMENT ORDER", SUBTITLE_CASE, "{{ case.case_no }}",
                          enforcement_order),
    "waiver-21-day": ("APPLICANT'S ASSENT TO A HEARING AFTER 21 DAYS", "",
                      "{{ filing.file_no }}", waiver),
}


def build(name: str) -> Path:
    heading_text, subtitle, footer_left, body = FORMS_TO_BUILD[name]
    document = new_document(heading_text or name.replace("-", " ").title())
    footer(document, footer_left)
    if name != "abutter-letter":  # each abutter letter carries its own letterhead
        letterhead(document)
        title(document, heading_text, subtitle)
    body(document)
    _drop_leading_empty_paragraph(document)
    out = FORMS / f"{name}.docx"
    document.save(out)
    return out


def _drop_leading_empty_paragraph(document) -> None:
    first = document.paragraphs[0] if document.paragraphs else None
    if first is not None and not first.text and not first.runs:
        first._p.getparent().remove(first._p)


def main(names: list[str]) -> int:
    FORMS.mkdir(exist_ok=True)
    for name in names or list(FORMS_TO_BUILD):
        print(build(name))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
