"""The letters' and notices' templates: notice to boards, 21-day waiver, abutter
letters, affidavit of service, legal notice, agenda, violation notice, enforcement order."""

from __future__ import annotations

from forms_decisions import filing_facts, work_paragraph
from forms_kit import (
    address_block,
    bullet_loop,
    facts_table,
    hang,
    heading,
    keep_with_signatures,
    letterhead,
    para,
    rich,
    section_break,
    signature_block,
    signature_line,
    tag,
)

# Under the signature: the commission's address, and its phone when Settings has one
# (without one the line ended in a dangling " · ").
LETTER_FOOT = ("{{ commission.address_lines|join(', ') }}"
               "{% if commission.phone %} · {{ commission.phone }}{% endif %}")


def board_notice(document) -> None:
    para(document, "{{ today }}")
    rich(document, ("b", "To: "), ("", "{{ boards|join(', ') }}, Town of {{ town.name }}"))
    rich(document, ("b", "Re: "), ("", "{{ filing.kind_name }}, {{ property.address }}"
                                       "{% if property.map_lot %} (map/lot "
                                       "{{ property.map_lot }}){% endif %}, file "
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
    # The decision period's waiver, when the applicant signed one (Garrity v. Hingham
    # Conservation Commission, 462 Mass. 779 (2012): voluntary, of a defined length).
    tag(document, "{%p if decision_waiver.decide_by %}")
    para(document, "I also agree, of my own free will, that the "
                   "Commission may issue its decision after the 21 days from the close of "
                   "the public hearing, and no later than {{ decision_waiver.decide_by }} "
                   "(signed by {{ decision_waiver.signed_by }} on "
                   "{{ decision_waiver.signed_on }}).", align="justify")
    tag(document, "{%p endif %}")
    for who in ("Applicant: {{ applicant.name }}", "Received for the Commission"):
        signature_line(document, who, before=24)


def abutter_letter(document) -> None:
    tag(document, "{%p for notice in notices %}")
    letterhead(document)
    para(document, "{{ today }}", after=12)
    address_block(document, "{{ notice.owner_name }}", "notice.address_lines",
                  care_of="notice.care_of")
    rich(document, ("b", "Re: Notice to abutters — "),
         ("b", "{{ filing.kind_name }}, {{ property.address }}{% if property.map_lot %}, "
               "map/lot {{ property.map_lot }}{% endif %} (file {{ filing.file_no }})"),
         after=10)
    para(document, "Dear property owner:")
    para(document, "You are receiving this notice as the owner of land (map/lot "
                   "{{ notice.parcels|join(', ') }}) near the property named above, as "
                   "{{ filing.under_words }} require{% if not filing.joint %}s{% endif %}. "
                   "{{ applicant.name }} {{ applicant.has }} filed "
                   "a {{ filing.kind_name }} with the {{ commission.name }}"
                   "{% if filing.work_and_areas %} for the following work: "
                   "{{ filing.work_and_areas }}{% endif %}.",
         align="justify")
    para(document, "{% if hearing %}The Commission will hold a public hearing on "
                   "{{ hearing.weekday }}, {{ hearing.date }} at {{ hearing.time }} at "
                   "{{ hearing.place }}.{% else %}The date, time and place of the public "
                   "hearing will be published in the legal notice in the newspaper.{% endif %} "
                   "You may attend and be heard, or write to the Commission before the "
                   "hearing. The filing and its plans may be seen at the Conservation office "
                   "during office hours.", align="justify")
    # The Act's abutter notice points to MassDEP as well (310 CMR 10.05(4)(a)).
    tag(document, "{%p if dep_office.name %}")
    para(document, "You may also contact the {{ dep_office.text }}, for more information "
                   "about this filing or the Wetlands Protection Act.", align="justify")
    tag(document, "{%p endif %}")
    keep_with_signatures(para(document, "Sincerely,", before=8))
    para(document, "{{ commission.name }}", before=18, after=0)
    para(document, LETTER_FOOT, size=9.5)
    # Each letter its own section, numbered from 1: the footer's "Page 1 of 2" is
    # this letter's pages, not the mailing's.
    tag(document, "{%p if not loop.last %}")
    section_break(document)
    tag(document, "{%p endif %}")
    tag(document, "{%p endfor %}")


def affidavit(document) -> None:
    filing_facts(document, ("Hearing", "{% if hearing %}{{ hearing.weekday }}, "
                                       "{{ hearing.date }} at {{ hearing.time }}{% endif %}"))
    # Signed by the person who mailed (named in the mailing dialog), never the applicant
    # by default; each way of sending is listed apart, certified mail first, so the
    # certified count is only what went by certified mail.
    keep_with_signatures(para(
        document, "I, {% if affidavit.signed_by %}{{ affidavit.signed_by }}{% else %}"
                  "________________________________{% endif %}, certify under the pains and "
                  "penalties of perjury that on {{ affidavit.mailed_on }} I gave written notice "
                  "of the {{ filing.kind_name }} described above, and of the public hearing on "
                  "it, to each owner of land listed below ({{ notices|length }} in all), at the "
                  "addresses shown on the most recent applicable tax list of the assessors, as "
                  "{{ filing.under_words }} require{% if not filing.joint %}s{% endif %}, as "
                  "follows.", align="justify"))
    tag(document, "{%p for group in affidavit.groups %}")
    para(document, "By {{ group.method }}, to {{ group.count }} owner"
                   "{% if group.count != 1 %}s{% endif %}{% if not group.certified %} whose "
                   "address{% if group.count != 1 %}es{% endif %} certified mail cannot reach"
                   "{% endif %}:", bold=True, after=2, keep=True)
    bullet_loop(document, "group.notices", "notice",
                "{{ notice.owner_name }}{% if notice.care_of %}, c/o {{ notice.care_of }}"
                "{% endif %}, {{ notice.address_lines|join(', ') }} (map/lot "
                "{{ notice.parcels|join(', ') }})")
    tag(document, "{%p endfor %}")
    signature_line(document, "{% if affidavit.signed_by %}{{ affidavit.signed_by }}"
                             "{% else %}Name: ______________________{% endif %}", before=28)


def legal_notice(document) -> None:
    para(document, "To {% if commission.newspaper %}{{ commission.newspaper }}{% else %}the "
                   "newspaper{% endif %}: please publish once, on or before {{ publish_by }}.",
         italic=True, size=10)
    para(document, "{{ commission.name }}", bold=True, align="center", before=8, after=0)
    # One hearing is "a public hearing", several "public hearings" (the newspaper prints
    # the notice as written).
    para(document, "NOTICE OF PUBLIC HEARING{% if hearings|length > 1 %}S{% endif %}",
         bold=True, align="center")
    # Each law one of the hearings is under (the Act alone on the state default); a
    # filing under fewer of them says so on its own line.
    para(document, "Under {{ under_words }}{% if bylaw_cited and town.local_bylaw %} "
                   "({{ town.local_bylaw }}){% endif %}, the "
                   "{{ commission.name }} will hold {% if hearings|length > 1 %}public hearings"
                   "{% else %}a public hearing{% endif %} on {{ meeting.weekday }}, "
                   "{{ meeting.date }} at {{ meeting.time }} at {{ meeting.place }} on the "
                   "following:", align="justify")
    bullet_loop(document, "hearings", "h",
                "{{ h.kind_name }} filed by {{ h.applicant }}{% if h.owner and h.owner != "
                "h.applicant %} for {{ h.owner }}{% endif %}, {{ h.address }}"
                "{% if h.map_lot %}, map/lot {{ h.map_lot }}{% endif %} (file {{ h.file_no }}"
                "{% if h.dep_file_no %}, DEP {{ h.dep_file_no }}{% endif %}"
                "{% if h.under_words != under_words %}; under "
                "{{ h.under_words }} only{% endif %}){% if h.work_and_areas %}: "
                "{{ h.work_and_areas }}{% endif %}.{% if h.continued_from %} Continued from "
                "{{ h.continued_from }}.{% endif %}")
    para(document, "The filing{% if hearings|length > 1 %}s{% endif %} and plans may be "
                   "seen at the Conservation office during "
                   "office hours.{% if dep_office.name %} Information about a filing under the "
                   "Wetlands Protection Act may also be had from the {{ dep_office.text }}."
                   "{% endif %}", align="justify")
    para(document, "{% if commission.chair %}{{ commission.chair }}, {% endif %}Chair",
         before=8, after=0)
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
    hang(rich(document, ("b", "{{ h.item_no }}.\t{{ h.file_no }} — {{ h.address }}"
                              "{% if h.map_lot %} (map/lot {{ h.map_lot }}){% endif %}"),
              after=0))
    hang(para(document, "\t{{ h.kind_name }}, {{ h.applicant }}{% if h.work_and_areas %}: "
                        "{{ h.work_and_areas }}{% endif %}. "
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
    para(document, "{{ order.issued }}", after=12)
    address_block(document, "{{ violator.name }}", "violator.address_lines")
    facts_table(document, [
        ("Case no.", "{{ case.case_no }}"),
        ("Property", "{{ case.address }}{% if case.map_lot %}, map/lot {{ case.map_lot }}"
                     "{% endif %}"),
        ("Resource areas", "{{ case.resource_areas }}"),
    ])
    para(document, "The {{ commission.name }} has found that the following work violates "
                   "{{ laws_violated }}, as cited for each:",
         align="justify")
    violations(document)
    # The fine is warned of only where a law held names it (none blank: "up to  ()").
    para(document, "Please stop any further work in the resource areas and contact the "
                   "Commission within ten days to arrange a site visit.{% if "
                   "fines.per_offense %} Each day a violation continues, and each provision "
                   "violated, is a separate offense, punishable by a fine of up to "
                   "{{ fines.per_offense }} ({{ fines.citation }})"
                   "{% if fines.noncriminal_ticket %}, or a non-criminal ticket of "
                   "{{ fines.noncriminal_ticket }} under MGL c.40 §21D{% endif %}.{% endif %}",
         align="justify")
    # Signed by whoever signed it (the agent or one member may sign a notice): a line
    # for each, not the whole commission's.
    signature_block(document, signers="order.signed_by",
                    intro="Signed for the {{ commission.name }}.")


def enforcement_order(document) -> None:
    para(document, "{{ order.issued }}", after=12)
    address_block(document, "{{ violator.name }}", "violator.address_lines")
    facts_table(document, [
        ("Order no.", "{{ order.order_no }}"),
        ("Case no.", "{{ case.case_no }}"),
        ("Property", "{{ case.address }}{% if case.map_lot %}, map/lot {{ case.map_lot }}"
                     "{% endif %}"),
        ("Resource areas", "{{ case.resource_areas }}"),
    ])
    tag(document, "{%p if order.emergency %}")
    # Once ratified, the paper says so, not that it still must be (the vote is below).
    para(document, "EMERGENCY ORDER: signed before a meeting of the Commission; "
                   "{% if order.ratified %}ratified by the Commission, as recorded below."
                   "{% else %}it must be ratified by the Commission at its next meeting"
                   "{% if order.ratify_by %}, by {{ order.ratify_by }}{% endif %}.{% endif %}",
         bold=True)
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
    para(document, "Failure to comply with this order is a violation of {{ laws_violated }}."
                   "{% if fines.per_offense %} Each day of non-compliance is a separate "
                   "offense, punishable by a fine of up to {{ fines.per_offense }} "
                   "({{ fines.citation }}).{% endif %}", align="justify")
    tag(document, "{%p if order.ratified %}")
    para(document, "{{ order.ratified }}", bold=True)
    tag(document, "{%p endif %}")
    signature_block(document, signers="order.signed_by", intro=(
        "{% if order.emergency %}Signed in an emergency{% if order.ratified %}; ratified by "
        "a majority of the members, as recorded above.{% else %}, to be ratified by a "
        "majority of the members at the Commission's next meeting.{% endif %}"
        "{% else %}Signed by a majority of the members of the {{ commission.name }} in office "
        "({{ commission.signers_needed }} must sign).{% endif %}"))


def expiry_reminder(document) -> None:
    """The expiry watch's letter to the permit holder: when the permit expires (the date
    in force, with the extension acts), and by when to ask for an extension or a COC."""
    para(document, "{{ today }}", after=12)
    address_block(document, "{{ owner.name }}", "owner.address_lines")
    rich(document, ("b", "Re: "), ("", "{{ filing.kind_name }} {{ filing.file_no }}"
                                       "{% if filing.dep_file_no %} (DEP file "
                                       "{{ filing.dep_file_no }}){% endif %}, "
                                       "{{ property.address }}"), after=10)
    para(document, "Dear {{ owner.name }}:")
    filing_facts(document, ("Issued", "{{ filing.issued }}"),
                 ("Expires", "{{ deadlines.expires.date }}{% if deadlines.expires.why %} "
                             "({{ deadlines.expires.why }}){% endif %}"))
    para(document, "{% if reminder.expired %}Our records show that the permit issued on "
                   "{{ filing.issued }} for the property named above expired on "
                   "{{ deadlines.expires.date }}{% else %}This is a reminder that the permit "
                   "issued on {{ filing.issued }} for the property named above expires on "
                   "{{ deadlines.expires.date }}{% endif %}{% if reminder.extended %}, the "
                   "date in force under the permit extension acts "
                   "({{ reminder.acts }}){% endif %}.", align="justify")
    para(document, "{% if reminder.expired %}No Certificate of Compliance has been issued. "
                   "If the work is finished, please request a Certificate of Compliance; if "
                   "it was never begun, please tell us in writing so that the file can be "
                   "closed. Work may not continue under an expired permit.{% else %}If the "
                   "work will not be finished by then, please request an extension in "
                   "writing{% if reminder.days_before %} at least {{ reminder.days_before }} "
                   "before the permit expires, that is by "
                   "{{ deadlines.extension_request_by.date }}{% else %} before the permit "
                   "expires{% endif %}. When the work is done, please request a Certificate "
                   "of Compliance.{% endif %}", align="justify")
    para(document, "Please call or write to the Conservation office with any question.",
         align="justify")
    keep_with_signatures(para(document, "Sincerely,", before=8))
    para(document, "{{ commission.name }}", before=18, after=0)
    para(document, LETTER_FOOT, size=9.5)
