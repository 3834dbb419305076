"""The decisions' templates: permit, amended and extension permits, determinations,
delineation, denial, certificate of compliance, emergency certification."""

from __future__ import annotations

from collections.abc import Callable

from forms_kit import (
    appeal_box,
    bullet_loop,
    facts_table,
    heading,
    numbered_loop,
    para,
    recording_box,
    rich,
    signature_block,
    tag,
)

# A deed not yet looked up (a property entered from the filing form) leaves lines to fill.
REGISTRY = ("{% if property.certificate %}Land Court Certificate {{ property.certificate }}"
            "{% elif property.book or property.page %}Book {{ property.book }}, Page "
            "{{ property.page }}{% else %}Book __________, Page __________{% endif %}")
RECORDED = ("{% if original_permit.book or original_permit.page %}Book "
            "{{ original_permit.book }}, Page {{ original_permit.page }}"
            "{% else %}Book __________, Page __________{% endif %}")
# MassDEP numbers no RDA or emergency certification: "none" says why, by the laws the
# filing is under, never guessed from the number's absence.
DEP_NO = ("{% if filing.dep_file_no %}{{ filing.dep_file_no }}{% elif not filing.under_act %}"
          "none (bylaw only){% elif filing.kind in ('rda', 'emergency') %}none (MassDEP "
          "numbers no {{ filing.kind_name }}){% else %}not yet assigned by MassDEP{% endif %}")
HEARING_CLOSED = ("{{ filing.hearing }}{% if filing.closed %} (closed {{ filing.closed }})"
                  "{% endif %}")
# Each law the filing is under, as its form says (domain/laws.under_words), and the
# bylaw's full title where the bylaw is one of them.
UNDER = ("issued under {{ filing.under_words }}{% if filing.laws != 'act' and "
         "town.local_bylaw %} ({{ town.bylaw }}){% endif %}")


def filing_facts(document, *extra: tuple[str, str]) -> None:
    facts_table(document, [
        ("Local file no.", "{{ filing.file_no }}"),
        ("DEP file no.", DEP_NO),
        # A party without an address on file prints its name alone, no trailing comma.
        ("Applicant", "{{ applicant.name }}{% if applicant.address_lines %}, "
                      "{{ applicant.address_lines|join(', ') }}{% endif %}"),
        ("Property owner", "{{ owner.name }}{% if owner.address_lines %}, "
                           "{{ owner.address_lines|join(', ') }}{% endif %}"),
        ("Locus", "{{ property.address }}, {{ town.name }}, Massachusetts"),
        ("Assessor's map / lot", "{{ property.map_lot }}"),
        ("Deed", REGISTRY),
        ("Filing received", "{{ filing.received }}"),
        *extra,
    ])


def work_paragraph(document) -> None:
    tag(document, "{%p if filing.work_description %}")
    rich(document, ("b", "Work: "), ("", "{{ filing.work_description }}."))
    tag(document, "{%p endif %}")
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
    filing_facts(document, ("Hearing", HEARING_CLOSED),
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
                 ("Recorded", RECORDED),
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
            # Under the Act alone (the state default) there is no bylaw to be permitted
            # under: the Order of Conditions is the permit (WPA Form 2's note).
            para(document, "No work may begin in the area described until a Notice of Intent "
                           "has been filed and {% if filing.laws == 'act' %}an Order of "
                           "Conditions issued under the Act{% else %}a permit issued under "
                           "the bylaw{% endif %}.", align="justify")
        else:
            # A negative determination may carry conditions (WPA Form 2: "subject to
            # the following conditions (if any)"); without any it says none follow.
            para(document, "The work may proceed as described without {% if filing.laws "
                           "== 'act' %}a Notice of Intent under the Act{% else %}a permit "
                           "under the bylaw{% endif %}{% if conditions %}, subject to the "
                           "following conditions:{% else %}.{% endif %}", align="justify")
            tag(document, "{%p if conditions %}")
            numbered_loop(document, "conditions")
            tag(document, "{%p endif %}")
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
    filing_facts(document, ("Hearing", HEARING_CLOSED),
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


# The permit a certificate certifies: its own issue date and where it was recorded
# (the Registry's book and page from the permit's record, else lines to fill in).
PERMIT_RECORDED = ("{% if original_permit.book or original_permit.page %}recorded "
                   "{% if original_permit.recorded %}{{ original_permit.recorded }}, "
                   "{% endif %}Book {{ original_permit.book }}, Page {{ original_permit.page }}"
                   "{% elif original_permit.document %}registered as Land Court document "
                   "{{ original_permit.document }}{% else %}recorded Book __________, Page "
                   "__________{% endif %}")
# A certificate is recorded after it is issued, like the Order it closes out; it does not
# say "before any work begins" (the work is done).
COC_RECORDING = ("The owner must record this Certificate at "
                 "{% if property.registry %}the {{ property.registry }}{% else %}the Registry "
                 "of Deeds{% endif %} (or, for registered land, the Land Court), in the chain "
                 "of title of the property where the permit it certifies is recorded, and "
                 "send the Commission proof of recording{% if filing.under_act %} (MGL c.131 "
                 "§40; 310 CMR 10.05(9)){% endif %}.")


def coc(document) -> None:
    filing_facts(document,
                 ("Permit", "{{ original_permit.file_no }}{% if original_permit.dep_file_no %} "
                            "(DEP {{ original_permit.dep_file_no }}){% endif %}, issued "
                            "{{ original_permit.issued }}, " + PERMIT_RECORDED),
                 ("Site inspection", "{% if inspection.date %}{{ inspection.date }}"
                                     "{% if inspection.by %}, by {{ inspection.by }}{% endif %}"
                                     "{% else %}____________________{% endif %}"),
                 ("Date of issuance", "{{ certificate.issued }}"))
    para(document, "{% if partial %}PARTIAL CERTIFICATE. {% endif %}The {{ commission.name }} "
                   "certifies that {% if partial %}the part of the work described below"
                   "{% else %}the work{% endif %} regulated by the permit named above has been "
                   "completed in compliance with it.", align="justify")
    work_paragraph(document)
    tag(document, "{%p if inspection.findings or certificate.findings %}")
    heading(document, "Findings")
    tag(document, "{%p if inspection.findings %}")
    rich(document, ("b", "At the site inspection: "), ("", "{{ inspection.findings }}"))
    tag(document, "{%p endif %}")
    bullet_loop(document, "certificate.findings", "finding", "{{ finding }}")
    tag(document, "{%p endif %}")
    heading(document, "Conditions that continue")
    para(document, "The following conditions continue beyond this certificate and bind the "
                   "owner and every later owner of the property:", align="justify")
    numbered_loop(document, "continuing_conditions",
                  empty="No conditions continue beyond this certificate.")
    recording_box(document, COC_RECORDING)
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
