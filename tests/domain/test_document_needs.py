"""Which facts each decision document states, and what a DRAFT lists as missing.
Worked out by hand from what the templates print (forms/*.docx)."""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.domain.document_needs import RecordFacts, missing_facts

D = date(2026, 10, 6)
RECEIVED_NOI = RecordFacts(kind="noi")
CLOSED_NOI = RecordFacts(kind="noi", hearing=D, closed=D)
VOTED_NOI = RecordFacts(kind="noi", hearing=D, closed=D, vote_recorded=True)
ISSUED_NOI = RecordFacts(kind="noi", hearing=D, closed=D, vote_recorded=True, decided=D,
                         issued=D, expires=date(2029, 10, 6))


@pytest.mark.parametrize(("template", "facts", "missing"), [
    # The Order of Conditions prints "Hearing (opened …, closed …)", the vote, the issue
    # and expiry dates (WPA Form 5): on a filing only received, all of it is missing.
    ("permit", RECEIVED_NOI,
     ["no hearing date", "no hearing closing date", "no vote recorded", "not issued"]),
    ("permit", CLOSED_NOI, ["no vote recorded", "not issued"]),
    ("permit", VOTED_NOI, ["not issued"]),
    ("permit", ISSUED_NOI, []),
    # Issued with the expiry missing (a town with no profile): the expiry is asked.
    ("permit", RecordFacts(kind="noi", hearing=D, closed=D, vote_recorded=True, issued=D),
     ["no expiry date"]),
    # A denial states the decision's day, not an issue date or expiry.
    ("denial", VOTED_NOI, ["no decision date"]),
    ("denial", ISSUED_NOI, []),
    # An extension is decided without a hearing (310 CMR 10.05(8)): no hearing facts.
    ("extension-permit", RecordFacts(kind="extension"),
     ["not issued", "no permit named (the Order it concerns)"]),
    ("certificate-of-compliance", RecordFacts(kind="coc", issued=D, permit_named=True,
                                              certified=D, inspected=True), []),
    # A certificate on the permit itself: the permit is its own; its date and the site
    # inspection before it are the certificate's (310 CMR 10.05(9)).
    ("certificate-of-compliance", RecordFacts(kind="noi", issued=D, permit_named=True),
     ["the certificate is not issued yet (mark the permit “Completed (COC issued)”, or "
      "issue the COC request)", "no site inspection recorded (who inspected, and when)"]),
    ("determination-negative", RecordFacts(kind="rda", hearing=D, closed=D, issued=D,
                                           expires=date(2029, 10, 6)),
     ["no vote recorded", "no findings recorded (what the Commission determined; enter "
                          "them when the determination is issued)"]),
    ("determination-positive", RecordFacts(kind="rda", hearing=D, closed=D, issued=D,
                                           vote_recorded=True, findings_recorded=True,
                                           expires=date(2029, 10, 6)), []),
    ("amended-permit", RecordFacts(kind="amendment", hearing=D, closed=D,
                                   vote_recorded=True, issued=D), ["no permit named (the "
                                                                   "Order it concerns)"]),
    # An emergency certification states why (310 CMR 10.06(1)): printed blank without it.
    ("emergency-certification", RecordFacts(kind="emergency"),
     ["not issued", "no reason for the emergency recorded (the decision's findings)"]),
    ("emergency-certification", RecordFacts(kind="emergency", issued=D, reason_recorded=True),
     []),
    # Letters that announce state no decision: never a draft.
    ("board-notice", RECEIVED_NOI, []),
    ("waiver-21-day", RECEIVED_NOI, []),
    ("legal-notice", RECEIVED_NOI, []),
])
def test_missing_facts(template: str, facts: RecordFacts, missing: list[str]) -> None:
    assert missing_facts(template, facts) == missing


ISSUED_RDA = RecordFacts(kind="rda", hearing=D, closed=D, vote_recorded=True, issued=D,
                         expires=date(2029, 10, 6), findings_recorded=True)
NO_BOX = ("the determination's findings name none of the form's numbered boxes (begin a "
          "finding 'Box 3: …')")


@pytest.mark.parametrize(("template", "form", "facts", "missing"), [
    # WPA Form 2 B: a determination checks one of its numbered boxes (positive 1-5,
    # negative 1-4); the bylaw's own determination has none to check.
    ("determination-positive", "form-2-determination-of-applicability", ISSUED_RDA,
     [NO_BOX]),
    ("determination-positive", "form-2-determination-of-applicability",
     RecordFacts(**{**ISSUED_RDA.__dict__, "form_box": 3}), []),
    ("determination-positive", "", ISSUED_RDA, []),
    # MassDEP's emergency certification states the day the work must be done by
    # (310 CMR 10.06(3)); asked once it is issued, as it counts from that day.
    ("emergency-certification", "emergency-certification-wpa",
     RecordFacts(kind="emergency", issued=D, reason_recorded=True),
     ["no date the emergency work must be done by"]),
    ("emergency-certification", "emergency-certification-wpa",
     RecordFacts(kind="emergency", issued=D, reason_recorded=True,
                 work_by=date(2026, 11, 5)), []),
    # A denial on Form 5 states no expiry (nothing permitted can expire).
    ("denial", "form-5-order-of-conditions",
     RecordFacts(kind="noi", hearing=D, closed=D, vote_recorded=True, decided=D, issued=D),
     []),
])
def test_what_a_wpa_form_needs_beyond_its_counterpart(template: str, form: str,
                                                      facts: RecordFacts,
                                                      missing: list[str]) -> None:
    assert missing_facts(template, facts, form=form) == missing
