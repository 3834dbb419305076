"""Issuing, denying or certifying a filing records its decision with the status, and
every paper of it prints that decision: a negative determination with its findings and
conditions (or none), an Order with its special conditions, a certificate of compliance
made from the permit's own record, with its own date and the permit's recording.
The dates are the calendar fixture's meetings (Upton, 2027), none compared with today."""

from __future__ import annotations

import dataclasses
from datetime import date

import pytest
from sqlalchemy import select

from concom_desk.domain.decision_kinds import documents_for
from concom_desk.domain.votes import VoteChoice
from concom_desk.errors import UserError
from concom_desk.services.calendar.votes import record_vote
from concom_desk.services.documents.register import save_filing_document
from concom_desk.services.filings.decisions import DecisionEntry, decision_asked
from concom_desk.services.filings.editing import change_status, form_of, save_filing
from concom_desk.services.filings.status_corrections import undo_last_change
from concom_desk.store.models import AuditEntry, Decision, Filing, Inspection
from tests.helpers.calendar_db import Commission
from tests.helpers.docx_reading import full_text

MEETING = date(2027, 3, 3)  # a regular meeting of the fixture (first Wednesday)
RDA, NOI = "UCC 2027-001", "UCC 2027-003"


def _heard_and_voted(commission: Commission, file_no: str, motion: str) -> int:
    filing_id = commission.filings[file_no]
    change_status(commission.db, filing_id, "hearing", MEETING)
    change_status(commission.db, filing_id, "closed", MEETING)
    yes = {commission.members[name]: VoteChoice.YES for name in ("Baker", "Costa", "Duarte")}
    record_vote(commission.db, commission.meetings[MEETING], motion, yes,
                filing_id=filing_id, today=MEETING)
    return filing_id


def _decisions(commission: Commission, filing_id: int) -> list[Decision]:
    with commission.db.read_session() as session:
        found = list(session.scalars(select(Decision).where(Decision.filing_id == filing_id)
                                     .order_by(Decision.id)))
        for decision in found:
            _ = decision.conditions  # loaded before the session closes
        return found


def test_a_negative_determination_records_its_findings_and_conditions_and_prints_them(
        commission: Commission) -> None:
    rda = _heard_and_voted(commission, RDA, "To issue a Negative Determination")
    asked = decision_asked(commission.db, rda, "issued")
    assert asked is not None
    # An RDA is answered one way or the other: no denial among its decisions.
    assert [kind for kind, _name in asked.choices] == ["negative_determination",
                                                       "positive_determination"]
    assert asked.vote.startswith("“To issue a Negative Determination”: carried, 3 yes, 0 no")
    change_status(commission.db, rda, "issued", date(2027, 3, 5), DecisionEntry(
        kind="negative_determination",
        findings=("The shed is outside the 100-foot buffer zone.",),
        conditions=("Erosion controls stay in place until the lawn is established.",)))

    (decision,) = _decisions(commission, rda)
    assert (decision.kind, decision.decided_on, decision.issued_on, decision.vote_id
            is not None) == ("negative_determination", MEETING, date(2027, 3, 5), True)
    assert [c.text for c in decision.conditions] == [
        "Erosion controls stay in place until the lawn is established."]
    with commission.db.read_session() as session:
        audited = session.scalars(select(AuditEntry.action).where(
            AuditEntry.table_name == "decision", AuditEntry.record_id == decision.id)).all()
    assert audited == ["insert"]

    made = save_filing_document(commission.db, RDA, "determination-negative", MEETING)
    assert made.draft == ()
    text = full_text(made.path)
    assert "The shed is outside the 100-foot buffer zone." in text
    assert ("The work may proceed as described without a permit under the bylaw, subject "
            "to the following conditions:") in text
    assert "Erosion controls stay in place until the lawn is established." in text


def test_a_negative_determination_without_conditions_names_none(
        commission: Commission) -> None:
    rda = _heard_and_voted(commission, RDA, "To issue a Negative Determination")
    change_status(commission.db, rda, "issued", MEETING, DecisionEntry(
        findings=("The work will not alter an Area Subject to Protection.",)))
    text = full_text(save_filing_document(commission.db, RDA, "determination-negative",
                                          MEETING).path)
    assert "The work may proceed as described without a permit under the bylaw." in text
    assert "subject to the following conditions" not in text
    assert "No conditions." not in text


def test_a_determination_under_the_act_alone_names_no_bylaw(commission: Commission) -> None:
    # The state default (and an RDA filed under the Act only) has no bylaw to be permitted
    # under: the answer is whether a Notice of Intent is needed (310 CMR 10.05(3)(b)).
    rda = commission.filings[RDA]
    save_filing(commission.db, dataclasses.replace(form_of_filing(commission, rda), laws="act"))
    _heard_and_voted(commission, RDA, "To issue a Negative Determination")
    change_status(commission.db, rda, "issued", MEETING, DecisionEntry(
        findings=("The work will not alter an Area Subject to Protection.",)))
    text = full_text(save_filing_document(commission.db, RDA, "determination-negative",
                                          MEETING).path)
    assert "The work may proceed as described without a Notice of Intent under the Act." \
        in text
    assert "bylaw" not in text.split("Appeal")[0]


def test_a_request_for_determination_is_never_denied(commission: Commission) -> None:
    rda = _heard_and_voted(commission, RDA, "To deny")
    with pytest.raises(UserError, match="A Request for Determination is not denied"):
        change_status(commission.db, rda, "denied", MEETING)
    assert "denial" not in documents_for("rda", "closed", None)
    assert documents_for("rda", "issued", "positive_determination") == [
        "determination-positive"]
    assert not {"determination-negative", "determination-positive"} & set(
        documents_for("noi", "closed", None))


def test_undoing_the_issuance_takes_its_decision_back(commission: Commission) -> None:
    rda = _heard_and_voted(commission, RDA, "To issue a Negative Determination")
    change_status(commission.db, rda, "issued", MEETING, DecisionEntry(
        findings=("Not in an Area Subject to Protection.",), conditions=("Silt fence.",)))
    assert undo_last_change(commission.db, rda) == "closed"
    assert _decisions(commission, rda) == []
    change_status(commission.db, rda, "issued", MEETING, DecisionEntry(
        kind="positive_determination", findings=("Within the buffer zone.",)))
    assert [d.kind for d in _decisions(commission, rda)] == ["positive_determination"]


def test_a_vote_recorded_after_issuance_joins_the_decision(commission: Commission) -> None:
    noi = commission.filings[NOI]
    change_status(commission.db, noi, "hearing", MEETING)
    change_status(commission.db, noi, "closed", MEETING)
    change_status(commission.db, noi, "issued", MEETING)
    assert _decisions(commission, noi)[0].vote_id is None
    record_vote(commission.db, commission.meetings[MEETING], "To issue the Order",
                {commission.members["Baker"]: VoteChoice.YES,
                 commission.members["Costa"]: VoteChoice.YES,
                 commission.members["Duarte"]: VoteChoice.YES},
                filing_id=noi, today=MEETING)
    (decision,) = _decisions(commission, noi)
    assert decision.vote_id is not None and decision.decided_on == MEETING


def test_the_certificate_is_made_from_the_permits_own_record(commission: Commission) -> None:
    noi = _heard_and_voted(commission, NOI, "To issue an Order of Conditions")
    change_status(commission.db, noi, "issued", date(2027, 3, 5), DecisionEntry(
        conditions=("Plant 12 native shrubs along the wetland line.",)))
    form = form_of_filing(commission, noi)
    form.recorded, form.recorded_book, form.recorded_page = date(2027, 3, 20), "61234", "118"
    save_filing(commission.db, form)
    # Before the work is certified the Order comes first, the certificate after it.
    assert documents_for("noi", "issued", "order_of_conditions") == [
        "permit", "certificate-of-compliance"]

    with commission.db.session() as session:  # as the demo's Orders have some
        last = session.scalars(select(Decision).where(Decision.filing_id == noi)).one()
        max(last.conditions, key=lambda c: c.number).continuing = True
    # The certificate starts from the Order's conditions that continue after it.
    asked = decision_asked(commission.db, noi, "completed")
    assert asked is not None and asked.entry.conditions == (
        "Plant 12 native shrubs along the wetland line.",)

    certified_on = date(2027, 4, 21)
    change_status(commission.db, noi, "completed", certified_on, DecisionEntry(
        kind="partial_certificate_of_compliance", inspected_on=date(2027, 4, 14),
        inspected_by="Jamie Park, Agent", inspection_findings="Lot 1 stabilized.",
        conditions=("No fertilizer within 50 feet, in perpetuity.",)))

    order, certificate = _decisions(commission, noi)
    assert order.kind == "order_of_conditions"
    assert order.conditions[-1].text == "Plant 12 native shrubs along the wetland line."
    assert any(c.kind == "standard" for c in order.conditions)  # copied from the library
    assert (certificate.kind, certificate.issued_on) == ("partial_certificate_of_compliance",
                                                         certified_on)
    with commission.db.read_session() as session:
        inspection = session.scalars(select(Inspection).where(
            Inspection.filing_id == noi)).one()
        assert (inspection.inspected_on, inspection.inspector) == (date(2027, 4, 14),
                                                                   "Jamie Park, Agent")
    assert documents_for("noi", "completed", "order_of_conditions")[:2] == [
        "certificate-of-compliance", "permit"]

    made = save_filing_document(commission.db, NOI, "certificate-of-compliance", certified_on)
    assert made.draft == ()
    text = full_text(made.path)
    lines = text.splitlines()
    assert lines[lines.index("Permit") + 1] == (
        f"{NOI}, issued March 5, 2027, recorded March 20, 2027, Book 61234, Page 118")
    assert lines[lines.index("Site inspection") + 1] == "April 14, 2027, by Jamie Park, Agent"
    assert lines[lines.index("Date of issuance") + 1] == "April 21, 2027"
    assert "CERTIFICATE OF COMPLIANCE (PARTIAL)" in text
    assert "No fertilizer within 50 feet, in perpetuity." in text
    assert "Before any work begins" not in text and "DRAFT" not in text
    # The Order printed again after the certificate is still the Order, with its own
    # conditions (not the certificate's).
    permit = full_text(save_filing_document(commission.db, NOI, "permit", certified_on).path)
    assert "Plant 12 native shrubs along the wetland line." in permit
    assert "No fertilizer within 50 feet, in perpetuity." not in permit


def form_of_filing(commission: Commission, filing_id: int):  # type: ignore[no-untyped-def]
    with commission.db.read_session() as session:
        filing = session.get(Filing, filing_id)
        assert filing is not None
        return form_of(filing)
