"""Every default template, rendered with its example context and read back:
the facts a Massachusetts form carries are there, and no placeholder is left."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from docx import Document

from concom_desk.paths import forms_dir
from concom_desk.services.documents.rendering import render_template
from concom_desk.services.documents.template_check import check_template
from concom_desk.services.documents.template_examples import (
    EXAMPLES,
    FILING_BASED_TEMPLATES,
    example_context,
)
from concom_desk.services.documents.template_library import TEMPLATE_NAMES
from concom_desk.services.documents.wpa_fields import WPA_TEMPLATE_NAMES
from tests.helpers.docx_reading import W, full_text, paragraphs

# The bylaw's documents (MassDEP's WPA forms have tests of their own: test_wpa_forms.py).
BYLAW_FILING_TEMPLATES = [t for t in FILING_BASED_TEMPLATES if t not in WPA_TEMPLATE_NAMES]
WITH_RECORDING = ("permit", "amended-permit", "extension-permit", "certificate-of-compliance",
                  "resource-area-delineation")
WITH_APPEAL = (*WITH_RECORDING, "denial", "determination-negative", "determination-positive")
WITH_MAJORITY_SIGNATURES = (*WITH_APPEAL, "emergency-certification")


def render(name: str, tmp_path: Path, context: dict[str, Any] | None = None) -> Path:
    return render_template(name, context or example_context(name), tmp_path / f"{name}.docx")


def test_every_named_template_ships() -> None:
    assert sorted(p.stem for p in forms_dir().glob("*.docx")) == sorted(TEMPLATE_NAMES)
    assert set(EXAMPLES) == set(TEMPLATE_NAMES) | set(WPA_TEMPLATE_NAMES)


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_default_template_passes_the_checker(name: str) -> None:
    result = check_template(forms_dir() / f"{name}.docx")
    assert result.ok, result.report()


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_renders_with_no_placeholder_left(name: str, tmp_path: Path) -> None:
    text = full_text(render(name, tmp_path))
    assert "{{" not in text and "{%" not in text and "}}" not in text
    context = example_context(name)
    assert context["commission"]["name"] in text


@pytest.mark.parametrize("name", BYLAW_FILING_TEMPLATES)
def test_filing_facts_are_filled(name: str, tmp_path: Path) -> None:
    context = example_context(name)
    text = full_text(render(name, tmp_path))
    for value in (context["filing"]["file_no"], context["applicant"]["name"],
                  context["property"]["address"], context["property"]["map_lot"]):
        assert value in text, f"{value!r} missing from {name}"
    if name != "abutter-letter":
        for value in (context["filing"]["dep_file_no"], context["owner"]["name"],
                      f"Book {context['property']['book']}, Page {context['property']['page']}"):
            assert value in text, f"{value!r} missing from {name}"


@pytest.mark.parametrize("name", [n for n in WITH_RECORDING
                                  if n != "certificate-of-compliance"])
def test_recording_instructions_of_the_town(name: str, tmp_path: Path) -> None:
    context = example_context(name)
    context["town"]["recording_instructions"] = "Record it at the Nantucket Registry of Deeds."
    assert "Record it at the Nantucket Registry of Deeds." in paragraphs(
        render(name, tmp_path, context))


def test_a_certificate_is_recorded_after_it_is_issued_not_before_work(
        tmp_path: Path) -> None:
    # The town's words are for a permit ("before any work begins"); the work a
    # certificate certifies is done: it is recorded where its permit is.
    context = example_context("certificate-of-compliance")
    context["town"]["recording_instructions"] = "Before any work begins, record it."
    text = paragraphs(render("certificate-of-compliance", tmp_path, context))
    assert "Before any work begins, record it." not in text
    assert ("The owner must record this Certificate at the Worcester District Registry of Deeds "
            "(or, for registered land, the Land Court), in the chain of title of the property "
            "where the permit it certifies is recorded, and send the Commission proof of "
            "recording (MGL c.131 §40; 310 CMR 10.05(9)).") in text


@pytest.mark.parametrize("name", WITH_APPEAL)
def test_appeal_rights_of_the_town(name: str, tmp_path: Path) -> None:
    # A bylaw-only filing: one route, the town's, printed without a route heading.
    context = example_context(name)
    context["appeal_routes"] = [{"title": "Under the bylaw",
                                 "text": "Appeal within 60 days (Sandwich §7.00)."}]
    lines = paragraphs(render(name, tmp_path, context))
    assert "Appeal within 60 days (Sandwich §7.00)." in lines
    assert "Under the bylaw" not in lines


@pytest.mark.parametrize("name", WITH_APPEAL)
def test_joint_decision_prints_each_route_under_its_heading(name: str, tmp_path: Path) -> None:
    context = example_context(name)
    context["appeal_routes"] = [{"title": "Under the bylaw", "text": "Bylaw route."},
                                {"title": "Under the Act", "text": "Act route."}]
    lines = paragraphs(render(name, tmp_path, context))
    at = lines.index("Under the bylaw")
    assert lines[at:at + 4] == ["Under the bylaw", "Bylaw route.", "Under the Act", "Act route."]


@pytest.mark.parametrize("name", WITH_MAJORITY_SIGNATURES)
def test_one_signature_line_per_member_in_office(name: str, tmp_path: Path) -> None:
    context = example_context(name)
    members = ["Ann Able", "Ben Baker", "Cy Cole", "Di Dunn", "Ed Earl", "Flo Fox", "Gus Gray"]
    context["commission"].update(members_in_office=members, signature_lines=members,
                                 signers_needed=4)
    lines = paragraphs(render(name, tmp_path, context))
    assert [line.split("\t")[0] for line in lines if line.endswith("\tDate")] == members
    assert any("4 of 7 members must sign" in line for line in lines)


def test_a_violation_notice_carries_the_lines_of_those_who_signed_it(tmp_path: Path) -> None:
    # Signed by the agent alone: one line, hers, not one for each member in office and no
    # "3 of 4 members must sign" (a notice is a letter; only an order binds the commission).
    context = example_context("violation-notice")
    context["commission"].update(members_in_office=["Ann Able", "Ben Baker", "Cy Cole",
                                                    "Di Dunn"], signers_needed=3)
    context["order"]["signed_by"] = ["Pat Lee, Conservation Agent"]
    lines = paragraphs(render("violation-notice", tmp_path, context))
    assert [line.split("\t")[0] for line in lines if line.endswith("\tDate")] == [
        "Pat Lee, Conservation Agent"]
    assert not any("must sign" in line for line in lines)
    # Dated the day the notice was issued, not the day it is printed again.
    assert context["order"]["issued"] in lines


def test_permit_numbers_standard_then_special_conditions(tmp_path: Path) -> None:
    context = example_context("permit")
    context["standard_conditions"] = [{"number": 1, "text": "Record the permit."},
                                      {"number": 2, "text": "Install erosion controls."}]
    context["special_conditions"] = [{"number": 3, "text": "No fill within 50 feet."}]
    lines = paragraphs(render("permit", tmp_path, context))
    numbered = [line for line in lines if re.match(r"^\d+\.\t", line)]
    assert numbered == ["1.\tRecord the permit.", "2.\tInstall erosion controls.",
                        "3.\tNo fill within 50 feet."]
    assert lines.index("Standard conditions") < lines.index("1.\tRecord the permit.")
    assert lines.index("Special conditions") < lines.index("3.\tNo fill within 50 feet.")


def test_permit_without_special_conditions_says_so(tmp_path: Path) -> None:
    context = example_context("permit")
    context["special_conditions"] = []
    assert "No special conditions." in paragraphs(render("permit", tmp_path, context))


def test_registered_land_shows_the_land_court_certificate(tmp_path: Path) -> None:
    context = example_context("permit")
    context["property"].update(book="", page="", certificate="C-20417")
    text = full_text(render("permit", tmp_path, context))
    assert "Land Court Certificate C-20417" in text
    assert "Book , Page" not in text


@pytest.mark.parametrize("name", ["permit", "denial", "determination-negative"])
def test_a_deed_not_yet_known_leaves_lines_to_fill_in(name: str, tmp_path: Path) -> None:
    # A property entered from the filing form has no book and page: it printed "Book , Page".
    context = example_context(name)
    context["property"].update(book="", page="", certificate="")
    text = full_text(render(name, tmp_path, context))
    assert "Book __________, Page __________" in text
    assert "Book , Page" not in text


@pytest.mark.parametrize("name", ["extension-permit", "certificate-of-compliance"])
def test_an_original_permit_not_yet_recorded_leaves_lines(name: str, tmp_path: Path) -> None:
    context = example_context(name)
    context["original_permit"].update(book="", page="")
    text = full_text(render(name, tmp_path, context))
    assert "Book __________, Page __________" in text
    assert "Book , Page" not in text


def test_bylaw_only_filing_has_no_dep_number(tmp_path: Path) -> None:
    context = example_context("permit")
    context["filing"].update(dep_file_no="", laws="bylaw", under_act=False, joint=False,
                             under_words="the Upton wetlands bylaw")
    lines = paragraphs(render("permit", tmp_path, context))
    assert "none (bylaw only)" in lines
    subtitle = next(line for line in lines if line.startswith("issued under"))
    assert subtitle == f"issued under the Upton wetlands bylaw ({context['town']['bylaw']})"


@pytest.mark.parametrize(("kind", "kind_name", "says"), [
    # MassDEP numbers no RDA or emergency certification (310 CMR 10.05(3), 10.06).
    ("rda", "Request for Determination of Applicability",
     "none (MassDEP numbers no Request for Determination of Applicability)"),
    ("noi", "Notice of Intent", "not yet assigned by MassDEP"),
])
def test_a_filing_under_both_laws_without_a_dep_number_says_why(
        tmp_path: Path, kind: str, kind_name: str, says: str) -> None:
    """An RDA under both laws has no DEP number and is still issued under both (it was
    printed 'none (bylaw only)' and the Act was left out)."""
    context = example_context("permit")
    context["filing"].update(dep_file_no="", kind=kind, kind_name=kind_name, laws="both",
                             under_act=True, joint=True)
    lines = paragraphs(render("permit", tmp_path, context))
    assert says in lines
    subtitle = next(line for line in lines if line.startswith("issued under"))
    assert subtitle == ("issued under the Wetlands Protection Act (MGL c.131 §40) and the "
                        f"Upton wetlands bylaw ({context['town']['bylaw']})")


@pytest.mark.parametrize(("kind", "expected", "not_expected"), [
    ("procedural", "failure to meet the filing requirements", "cannot be conditioned"),
    ("substantive", "cannot be conditioned", "failure to meet the filing requirements"),
])
def test_denial_kind_and_reasons(kind: str, expected: str, not_expected: str,
                                 tmp_path: Path) -> None:
    context = example_context("denial")
    context["denial_kind"] = kind
    context["reasons"] = ["No wetland delineation was submitted.", "No stormwater report."]
    lines = paragraphs(render("denial", tmp_path, context))
    text = "\n".join(lines)
    assert expected in text and not_expected not in text
    assert "1.\tNo wetland delineation was submitted." in lines
    assert "2.\tNo stormwater report." in lines


@pytest.mark.parametrize("partial", [True, False])
def test_certificate_full_or_partial_with_continuing_conditions(partial: bool,
                                                                tmp_path: Path) -> None:
    context = example_context("certificate-of-compliance")
    context["partial"] = partial
    context["continuing_conditions"] = [{"number": 12, "text": "No pesticides, in perpetuity."}]
    lines = paragraphs(render("certificate-of-compliance", tmp_path, context))
    assert ("CERTIFICATE OF COMPLIANCE (PARTIAL)" in lines) is partial
    assert "12.\tNo pesticides, in perpetuity." in lines


def test_certificate_without_continuing_conditions(tmp_path: Path) -> None:
    context = example_context("certificate-of-compliance")
    context["continuing_conditions"] = []
    assert "No conditions continue beyond this certificate." in paragraphs(
        render("certificate-of-compliance", tmp_path, context))


def test_abutter_letters_one_per_notice_with_page_breaks(tmp_path: Path) -> None:
    context = example_context("abutter-letter")
    context["notices"] = [
        {"owner_name": f"Owner {i}", "care_of": "", "address_lines": [f"{i} Elm St",
                                                                      "Upton, MA 01568"],
         "parcels": [f"3-{i}"]}
        for i in range(1, 6)
    ]
    out = render("abutter-letter", tmp_path, context)
    lines = paragraphs(out)
    assert [line for line in lines if line.startswith("Owner ")] == [
        f"Owner {i}" for i in range(1, 6)]
    # Each letter its own section (numbered from 1): four breaks between five letters.
    body = Document(str(out)).element.body
    assert len(body.findall(f".//{W}sectPr")) == 5
    assert sum(line == context["commission"]["name"] for line in lines) >= 5  # letterheads


def test_abutter_letter_care_of_line_only_when_given(tmp_path: Path) -> None:
    context = example_context("abutter-letter")
    lines = paragraphs(render("abutter-letter", tmp_path, context))
    assert "c/o Ann Lee, Treasurer" in lines
    assert "c/o " not in lines


def test_abutter_letter_without_a_booked_hearing(tmp_path: Path) -> None:
    context = example_context("abutter-letter")
    context["hearing"] = ""
    text = full_text(render("abutter-letter", tmp_path, context))
    assert "will be published in the legal notice" in text


def test_emergency_enforcement_order_names_ratification(tmp_path: Path) -> None:
    context = example_context("enforcement-order")
    context["order"].update(emergency=True, ratify_by="October 21, 2026",
                            signed_by=["Margaret Hale"])
    lines = paragraphs(render("enforcement-order", tmp_path, context))
    assert any("ratified by the Commission at its next meeting, by October 21, 2026" in line
               for line in lines)
    assert [line.split("\t")[0] for line in lines if line.endswith("\tDate")] == [
        "Margaret Hale"]


def test_legal_notice_lists_every_hearing(tmp_path: Path) -> None:
    context = example_context("legal-notice")
    text = full_text(render("legal-notice", tmp_path, context))
    for hearing in context["hearings"]:
        assert hearing["address"] in text and hearing["file_no"] in text
    assert f"on or before {context['publish_by']}" in text
    assert "Continued from February 17, 2027." in text


def test_agenda_posting_deadline_and_items(tmp_path: Path) -> None:
    context = example_context("agenda")
    text = full_text(render("agenda", tmp_path, context))
    assert f"Posted by {context['post_by']}" in text
    assert "Approval of minutes of February 17" in text
    assert "ENF 2026-004" in text


def test_undecided_permit_leaves_a_blank_for_the_expiry(tmp_path: Path) -> None:
    context = example_context("permit")
    context["filing"]["expires"] = ""
    context["filing"]["resource_areas"] = ""
    lines = paragraphs(render("permit", tmp_path, context))
    assert any(line.startswith("This permit expires on ____________________, unless")
               for line in lines)
    assert not any(line.startswith("Resource areas:") for line in lines)


def test_affidavit_lists_every_owner_notified(tmp_path: Path) -> None:
    from concom_desk.services.documents.context_extras import affidavit_facts

    context = example_context("affidavit-of-service")
    context["notices"] = [
        {"owner_name": "Robert Smith", "care_of": "", "address_lines": ["3 Elm St"],
         "parcels": ["14-26"], "method": "certified"},
        {"owner_name": "Greenway Land Trust", "care_of": "Ann Lee",
         "address_lines": ["PO Box 9", "Hopedale, MA 01747"], "parcels": ["14-28", "14-29"],
         "method": "certified"},
    ]
    context["affidavit"] = affidavit_facts(context["notices"], [date(2026, 6, 12)],
                                           "Jamie Park")
    lines = paragraphs(render("affidavit-of-service", tmp_path, context))
    assert "1.\tRobert Smith, 3 Elm St (map/lot 14-26)" in lines
    assert ("2.\tGreenway Land Trust, c/o Ann Lee, PO Box 9, Hopedale, MA 01747 "
            "(map/lot 14-28, 14-29)") in lines
    assert any(line.startswith("I, Jamie Park, certify") and "on June 12, 2026 I gave "
               "written notice" in line and "(2 in all)" in line for line in lines)


@pytest.mark.parametrize("name", ["abutter-letter", "expiry-reminder"])
def test_a_letter_without_a_phone_ends_its_address_line_cleanly(
        name: str, tmp_path: Path) -> None:
    # A commission that left the phone empty in Settings (it is optional).
    context = example_context(name)
    context["commission"].update(phone="", address_lines=["Town Hall", "1 Main Street"])
    lines = paragraphs(render(name, tmp_path, context))
    assert "Town Hall, 1 Main Street" in lines
    assert not [line for line in lines if line.rstrip().endswith("·")]
