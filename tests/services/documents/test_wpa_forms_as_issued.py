"""MassDEP's forms usable as MassDEP's forms for every kind and outcome (issue 30,
item 3): a denial on Form 5, each box of Form 2, the recording page of each form in
its own law's words and once, the Act's areas alone on Form 4B, the emergency's
reason and the Act's 30 days. Each case below printed wrong before."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import date

import pytest
from sqlalchemy import select

from concom_desk.services.documents.register import save_filing_document
from concom_desk.services.documents.rendering import render_template
from concom_desk.services.documents.template_examples import example_context
from concom_desk.services.documents.wpa_fields import CHECKED, UNCHECKED
from concom_desk.store import Database
from concom_desk.store.models import Decision, Filing
from tests.helpers.docx_reading import every_word, paragraphs
from tests.helpers.record_fixtures import fill_record

ISSUED = date(2026, 10, 9)  # a fixed record: nothing here is compared with today


@pytest.fixture
def db(new_records: Callable[..., Database]) -> Iterator[Database]:
    database = fill_record(new_records(initials="JP"))
    yield database
    database.close()


def _text(document) -> str:
    return "\n".join(paragraphs(document.path))


def _filing(db: Database, kind: str, decision: str, findings: str = "", **fields) -> str:
    """A filing under the Act decided `decision`; its file number."""
    with db.session() as s:
        permit = s.scalars(select(Filing).where(Filing.file_no == "2026-014")).one()
        filing = Filing(file_no=f"2026-{kind}", kind=kind, town="massachusetts", laws="act",
                        status="issued", applicant_id=permit.applicant_id,
                        property_id=permit.property_id, work_description="Pier repair",
                        received=date(2026, 9, 1), hearing=date(2026, 9, 16),
                        closed=date(2026, 9, 16), decided=date(2026, 9, 16), issued=ISSUED,
                        expires=None if kind == "emergency" else date(2029, 10, 9),
                        **fields)
        s.add(filing)
        s.flush()
        s.add(Decision(filing_id=filing.id, kind=decision, decided_on=date(2026, 9, 16),
                       issued_on=ISSUED, findings=findings))
        return filing.file_no


def test_form_5_for_a_denied_notice_of_intent_is_no_draft(db: Database) -> None:
    # 2026-021, denied (procedural), now under both laws with a DEP number.
    with db.session() as s:
        denied = s.scalars(select(Filing).where(Filing.file_no == "2026-021")).one()
        denied.laws, denied.dep_file_no, denied.hearing = "both", "SE 082-1300", \
            date(2026, 9, 16)
        denied.decided = date(2026, 9, 30)
        s.scalars(select(Decision).where(Decision.filing_id == denied.id)).one() \
            .decided_on = date(2026, 9, 30)
    document = save_filing_document(db, "2026-021", "form-5-order-of-conditions", ISSUED)
    assert document.draft == ()  # it asked an expiry of a denial before
    text = _text(document)
    assert "DRAFT" not in text
    assert f"{CHECKED}\tc. the information submitted by the applicant is not sufficient" in text
    assert "1.  No wetland delineation was submitted." in text
    assert "Not applicable: this Order denies the project." in text
    # B.3 is for approvals only: the bank the filing names is not checked as altered.
    assert f"{UNCHECKED}Bank (linear feet)" in every_word(document.path)
    # Nothing of an approval: no special conditions, no Order to record before work.
    assert "Special Conditions:" not in text
    assert "Recording Information" not in text


def test_form_5_states_recording_once_and_the_slip_names_the_order_s_date(
        db: Database) -> None:
    text = _text(save_filing_document(db, "2026-014", "form-5-order-of-conditions", ISSUED))
    assert text.count("Prior to the commencement of work, this Order of Conditions must be "
                      "recorded") == 1
    assert text.count("must be recorded") == 1  # the town's paragraph is not printed again
    slip = text[text.index("Please be advised that the Order of Conditions"):]
    assert "In accordance with the Order of Conditions issued on:\nAugust 5, 2026" in slip
    # The program's notes to the clerk are not on the state's form.
    assert "the amounts are the Commission's to enter" not in text
    assert "numbered as in its decision" not in text
    assert "Inland Resource Area Impacts: Check all that apply below. (For Approvals Only)" \
        in text


@pytest.mark.parametrize(("kind", "findings", "positive", "box"), [
    ("positive_determination", "Box 3: The work will alter Bordering Vegetated Wetland.",
     True, 3),
    ("negative_determination", "Box 2: Within the area, but no alteration.", False, 2),
])
def test_form_2_checks_the_box_the_determination_names(
        db: Database, kind: str, findings: str, positive: bool, box: int) -> None:
    file_no = _filing(db, "rda", kind, findings)
    document = save_filing_document(db, file_no, "form-2-determination-of-applicability",
                                    ISSUED)
    assert document.draft == ()
    text = _text(document)
    checked = [line.split("\t")[1][:2] for line in text.splitlines()
               if line.startswith(CHECKED + "\t")]
    assert checked == ["Po" if positive else "Ne", f"{box}."]
    assert "check the box above that applies" not in text  # no note to the clerk
    assert findings in text


def test_a_positive_determination_naming_no_box_is_a_draft_that_says_so(db: Database) -> None:
    file_no = _filing(db, "rda", "positive_determination")
    document = save_filing_document(db, file_no, "form-2-determination-of-applicability",
                                    ISSUED)
    # Nothing found is recorded at all: the determination's own need, then the form's box.
    assert document.draft == ("no findings recorded (what the Commission determined; enter "
                              "them when the determination is issued)",
                              "the determination's findings name none of the form's numbered "
                              "boxes (begin a finding 'Box 3: …')")
    assert document.path.name.startswith("DRAFT")


def test_form_4b_confirms_only_the_act_s_areas(db: Database) -> None:
    file_no = _filing(db, "anrad", "order_of_delineation",
                      resource_areas="Bordering Vegetated Wetland; Isolated Vegetated "
                                     "Wetland; Bank", dep_file_no="SE 082-1301")
    text = _text(save_filing_document(db, file_no,
                                      "form-4b-order-of-resource-area-delineation", ISSUED))
    confirmed = text[text.index("B. Order of Resource Area Delineation"):
                     text.index("2.\tThe boundaries of resource areas listed below")]
    assert "Bordering Vegetated Wetland" in confirmed and "Bank" in confirmed
    assert "Isolated Vegetated Wetland" not in confirmed  # a bylaw's area, not the Act's
    # An ORAD permits no work: recorded by the applicant, with no work waiting on it.
    assert "Prior to the commencement of work" not in text
    assert "The applicant is responsible for ensuring that this Order of Resource Area " \
        "Delineation is recorded" in text


def test_form_8b_and_form_7_are_recorded_without_the_order_s_words(tmp_path) -> None:
    for name, what in (("form-8b-certificate-of-compliance", "Certificate of Compliance"),
                       ("form-7-extension-permit", "Extension Permit")):
        context = example_context(name)
        context["partial"] = False
        text = "\n".join(paragraphs(render_template(name, context, tmp_path / f"{name}.docx")))
        assert "Prior to the commencement of work" not in text, name
        assert f"The applicant is responsible for ensuring that this {what} is recorded" \
            in text, name
        assert f"In accordance with the {what} issued on:" in text, name
        if name.startswith("form-8b"):
            # A full certificate: box 1 checked, and nothing printed as released by box 2.
            assert f"{CHECKED}\t1. Complete Certification" in text
            box_2 = next(line for line in text.splitlines() if "2. Partial Certification"
                         in line)
            assert box_2.startswith(UNCHECKED)
            assert box_2.endswith("released from this Order are:")


def test_the_emergency_certification_states_its_reason_and_the_act_s_30_days(
        db: Database) -> None:
    file_no = _filing(db, "emergency", "emergency_certification")
    document = save_filing_document(db, file_no, "emergency-certification-wpa", ISSUED)
    assert document.draft == ("no reason for the emergency recorded (the decision's "
                              "findings)",)
    with db.session() as s:
        decision = s.scalars(select(Decision).join(Filing).where(
            Filing.file_no == file_no)).one()
        decision.findings = "The culvert collapsed under the road."
    document = save_filing_document(db, file_no, "emergency-certification-wpa", ISSUED)
    assert document.draft == ()
    text = _text(document)
    assert "The culvert collapsed under the road." in text
    # 310 CMR 10.06(3): emergency work within 30 days of the certification: October 9
    # + 30 days is Sunday, November 8, so the next business day, Monday November 9.
    assert "October 9, 2026November 9, 2026" in every_word(document.path)
