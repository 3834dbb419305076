"""The appeal paragraph's routes (DOMAIN.md "Joint filings"; 310 CMR 10.05(7)(j))."""

from __future__ import annotations

import pytest

from concom_desk.domain.appeal_routes import ACT_TITLE, BYLAW_TITLE, appeal_routes

BYLAW = ("A decision under the bylaw may be reviewed by the Superior Court in an action in "
         "the nature of certiorari under MGL c.249 §4, commenced within 60 days of the "
         "decision.")  # Shutesbury's library text: its bylaw sets no appeal of its own


def test_bylaw_only_filing_keeps_the_bylaw_route() -> None:
    assert appeal_routes(BYLAW, joint=False, decision="permit") == [
        {"title": BYLAW_TITLE, "text": BYLAW}]


@pytest.mark.parametrize(("decision", "superseding"), [
    ("permit", "Superseding Order of Conditions"),
    ("amended-permit", "Superseding Order of Conditions"),
    ("denial", "Superseding Order of Conditions"),
    ("determination-negative", "Superseding Determination of Applicability"),
    ("resource-area-delineation", "Superseding Order of Resource Area Delineation"),
])
def test_joint_decision_gives_both_routes(decision: str, superseding: str) -> None:
    bylaw, act = appeal_routes(BYLAW, joint=True, decision=decision)
    assert bylaw == {"title": BYLAW_TITLE, "text": BYLAW}
    assert act["title"] == ACT_TITLE
    assert f"ask the MassDEP Regional Office to issue a {superseding}" in act["text"]
    assert "within ten business days of the date of issuance" in act["text"]
    assert "(MGL c.131 §40; 310 CMR 10.05(7)(j))" in act["text"]


@pytest.mark.parametrize("decision", ["extension-permit", "certificate-of-compliance"])
def test_no_superseding_request_under_7j_for_extensions_and_certificates(
        decision: str) -> None:
    assert appeal_routes(BYLAW, joint=True, decision=decision) == [
        {"title": BYLAW_TITLE, "text": BYLAW}]


def test_state_rules_only_print_the_act_route_once() -> None:
    act_text = "… a Superseding Order within ten business days (MGL c.131 §40) …"
    assert appeal_routes(act_text, joint=True, decision="permit", bylaw_is_the_act=True) == [
        {"title": ACT_TITLE, "text": act_text}]
