"""The meeting-record templates: minutes of a meeting (MGL c.30A §22) and the
commission's annual report to the town."""

from __future__ import annotations

from forms_kit import bullet_loop, hang, heading, para, rich, signature_line, tag


def minutes(document) -> None:
    para(document, "{{ minutes.state_label }}", bold=True, align="center", after=4)
    para(document, "{{ meeting.kind|capitalize }} meeting: {{ meeting.weekday }}, "
                   "{{ meeting.date }}, {{ meeting.place }}", align="center", after=0)
    para(document, "Called to order at {{ minutes.called_to_order }}"
                   "{% if minutes.posted_at %}; notice posted {{ minutes.posted_at }}"
                   "{% endif %}.", align="center", size=10, after=10)
    tag(document, "{%p if minutes.amendment %}")
    para(document, "{{ minutes.amendment }}", italic=True, align="center", after=8)
    tag(document, "{%p endif %}")
    heading(document, "Members")
    rich(document, ("b", "Present: "), ("", "{{ present|join(', ') or 'none' }}"), after=2)
    rich(document, ("b", "Taking part remotely: "), ("", "{{ remote|join(', ') or 'none' }}"),
         after=2)
    rich(document, ("b", "Absent: "), ("", "{{ absent|join(', ') or 'none' }}"), after=2)
    para(document, "{{ minutes.quorum }}", italic=True, size=10)
    heading(document, "Proceedings")
    tag(document, "{%p for item in items %}")
    hang(rich(document, ("b", "{{ item.no }}.\t{{ item.heading }}"), after=2))
    tag(document, "{%p for line in item.record %}")
    hang(para(document, "\t{{ line }}", after=2))
    tag(document, "{%p endfor %}")
    tag(document, "{%p if item.summary %}")
    hang(para(document, "\t{{ item.summary }}", after=2))
    tag(document, "{%p endif %}")
    tag(document, "{%p for v in item.votes %}")
    hang(rich(document, ("b", "\tVote: "), ("", "{{ v.motion }}{% if v.moved %} ({{ v.moved }})"
                                               "{% endif %}. {{ v.tally }}. {{ v.roll_call }}"),
              after=2))
    tag(document, "{%p endfor %}")
    tag(document, "{%p if item.exhibits %}")
    hang(rich(document, ("i", "\tDocuments and exhibits: "),
              ("i", "{{ item.exhibits|join('; ') }}"), after=2))
    tag(document, "{%p endif %}")
    para(document, "", after=4)
    tag(document, "{%p endfor %}")
    heading(document, "Documents made for the meeting")
    tag(document, "{%p if documents %}")
    bullet_loop(document, "documents", "d", "{{ d }}", numbered=False)
    tag(document, "{%p else %}")
    para(document, "None.", italic=True)
    tag(document, "{%p endif %}")
    para(document, "{% if minutes.adjourned_at %}The meeting adjourned at "
                   "{{ minutes.adjourned_at }}.{% else %}Time adjourned not yet recorded."
                   "{% endif %}", before=8)
    para(document, "{{ minutes.approval }}", italic=True, before=6)
    tag(document, "{%p if minutes.trail %}")
    para(document, "{{ minutes.trail }}", size=8, after=2)
    tag(document, "{%p endif %}")
    signature_line(document, "Clerk / recording secretary")


def annual_report(document) -> None:
    para(document, "{{ report.period }}", bold=True, align="center", after=10)
    heading(document, "Filings received")
    para(document, "{{ report.filings_total }} filings were received ({{ report.period_short }}).")
    tag(document, "{%p for row in report.by_kind %}")
    hang(para(document, "•\t{{ row.kind }}: {{ row.count }} ({{ row.outcomes }})", after=2))
    tag(document, "{%p endfor %}")
    para(document, "{{ report.chart }}", align="center", before=6)
    para(document, "Filings received by kind, per month.", italic=True, size=9.5,
         align="center")
    heading(document, "Hearings and decisions")
    tag(document, "{%p for line in report.hearings %}")
    hang(para(document, "•\t{{ line }}", after=2))
    tag(document, "{%p endfor %}")
    heading(document, "Permits in force")
    tag(document, "{%p for line in report.permits %}")
    hang(para(document, "•\t{{ line }}", after=2))
    tag(document, "{%p endfor %}")
    heading(document, "Enforcement")
    tag(document, "{%p for line in report.enforcement %}")
    hang(para(document, "•\t{{ line }}", after=2))
    tag(document, "{%p endfor %}")
    heading(document, "Fees")
    tag(document, "{%p for line in report.fees %}")
    hang(para(document, "•\t{{ line }}", after=2))
    tag(document, "{%p endfor %}")
    para(document, "Respectfully submitted, {{ commission.name }}.", before=10)
    para(document, "{{ report.trail }}", size=8, before=10)
