"""The fine a notice or order warns of follows the law its violations cite: the Act's
(MGL c.131 §40: not more than $25,000 an offense) for an order under the Act alone,
even in a town with a bylaw; the bylaw's for a bylaw order; both for a joint one. The
amounts are written by hand from each town's bylaw, its section beside each row."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from concom_desk.services.commission.town_profiles import profile_for
from concom_desk.services.enforcement.actions import (
    InspectionDraft,
    OrderDraft,
    ViolationDraft,
    issue_order,
    record_inspection,
)
from concom_desk.services.enforcement.cases import ComplaintDraft, open_case
from concom_desk.services.enforcement.documents import order_context, print_order
from concom_desk.services.enforcement.penalties import fines_words
from tests.helpers.enforcement_db import docx_text

ACT = "MGL c.131 §40: fill in a salt marsh without an Order of Conditions"
ACT_CITES = "MGL c.131 §40: fine of not more than $25,000"
BOTH = "$300 under the bylaw and up to $25,000 under the Act"

# (town, the bylaw's provision, what an Act order / a bylaw order / a joint order warns of)
TABLE = [
    # Sandwich §7.55 Part 5: not more than $300; a $50 non-criminal ticket (Parts 5-6).
    ("sandwich", "Sandwich §7.55 Part 5: fill", "$25,000", "$300", BOTH),
    # Upton ch. 330, enforcement ¶E: not more than $300.
    ("upton", "Upton ch. 330: fill", "$25,000", "$300", BOTH),
    # Nantucket ch. 136, penalties: not more than $300.
    ("nantucket", "Nantucket ch. 136: fill", "$25,000", "$300", BOTH),
    # Shutesbury § 11: not more than $300.
    ("shutesbury", "Shutesbury §11: fill", "$25,000", "$300", BOTH),
    # Bourne: the regulations as held stop before BWR 1.08 (no fine): the Act's alone.
    ("bourne", "BWR 1.05: fill", "$25,000", "", "$25,000"),
    # The state default has no bylaw: every violation is the Act's.
    ("massachusetts", "Permit condition 4: fill", "$25,000", "$25,000", "$25,000"),
]


@pytest.mark.parametrize(("town", "bylaw", "act_order", "bylaw_order", "joint_order"), TABLE)
def test_the_fine_is_the_cited_law_s(town: str, bylaw: str, act_order: str,
                                     bylaw_order: str, joint_order: str) -> None:
    profile = profile_for(town)
    act = fines_words(profile, [ACT])
    assert act["per_offense"] == act_order
    assert act["citation"].startswith(ACT_CITES)
    assert act["noncriminal_ticket"] == ""  # a ticket is the bylaw's (MGL c.40 §21D)
    assert fines_words(profile, [bylaw])["per_offense"] == bylaw_order
    joint = fines_words(profile, [bylaw, ACT])
    assert joint["per_offense"] == joint_order
    if joint_order == BOTH:  # each amount's law, the bylaw's first
        assert joint["citation"] == f"{profile.fines.citation}; {act['citation']}"


def test_an_act_order_in_sandwich_warns_of_the_act_s_fine_on_paper(
        db, isolated_data_dir: Path) -> None:
    for template in (isolated_data_dir / "templates").glob("*.docx"):
        template.unlink()  # the papers as the program ships them
    opened = date(2026, 11, 20)  # a fixed case: no date here is compared with today
    case_id = open_case(db, ComplaintDraft(
        reported_on=opened, address="14 Shawme Road", description="Fill in the marsh",
        complainant="Mary Abbott", violator_name="Shawme Builders LLC",
        resource_areas="Salt marsh", attachments=[]))
    record_inspection(db, case_id, InspectionDraft(opened, "Pat Lee", "Fill in the marsh."))
    order = issue_order(db, case_id, OrderDraft(
        issued_on=opened, signed_by=["Ann Chase", "Bob Lee", "Cara Diaz"], stop_work=True,
        violations=[ViolationDraft(ACT, "Fill placed in the salt marsh", opened, opened)]))
    with db.read_session() as session:
        assert order_context(session, order, opened)["fines"]["per_offense"] == "$25,000"
    text = docx_text(print_order(db, order, today=opened))
    assert "punishable by a fine of up to $25,000 (MGL c.131 §40" in text
    assert "$300" not in text
