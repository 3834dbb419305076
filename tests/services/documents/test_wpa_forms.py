"""MassDEP's WPA forms: shipped, checked, listed field by field in docs/templates.md,
filled from the record (blank lines for what it lacks, named before printing), and
offered only for a filing under the Act (one with a DEP file number)."""

from __future__ import annotations

import json
import re
import zipfile
from collections.abc import Callable, Iterator
from datetime import date
from pathlib import Path

import pytest

from concom_desk.errors import UserError
from concom_desk.paths import app_root, forms_dir
from concom_desk.services.documents.field_registry import FieldRegistry
from concom_desk.services.documents.register import save_filing_document
from concom_desk.services.documents.template_check import check_template
from concom_desk.services.documents.template_library import find_template, templates_in_effect
from concom_desk.services.documents.wpa_context import offered_templates, wpa_gaps
from concom_desk.services.documents.wpa_fields import BLANK, CHECKED, UNCHECKED, WPA_FORMS
from concom_desk.store import Database
from concom_desk.store.models import Decision, Filing, Meeting, Member, MemberVote, Vote
from concom_desk.ui.filings.document_maker import templates_for
from tests.helpers.docx_reading import every_word, full_text
from tests.helpers.engines import db_argument
from tests.helpers.record_fixtures import fill_record

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
FIELD = re.compile(r"`\{\{ ([\w.]+) \}\}`(?: of `([\w.]+)`)?")


@pytest.fixture
def db(new_records: Callable[..., Database]) -> Iterator[Database]:
    database = fill_record(new_records(initials="JP"))
    yield database
    database.close()


@pytest.mark.parametrize("name", list(WPA_FORMS))
def test_each_wpa_form_ships_in_forms_wpa_and_passes_the_checker(name: str) -> None:
    path = forms_dir() / "wpa" / f"{name}.docx"
    assert find_template(name) == path
    assert name in [t.name for t in templates_in_effect()]
    result = check_template(path)
    assert result.ok, result.report()


@pytest.mark.parametrize("name", list(WPA_FORMS))
def test_each_form_says_at_its_foot_which_form_it_follows(name: str) -> None:
    form, revision, _kinds = WPA_FORMS[name]
    assert f"Follows MassDEP {form} ({revision})" in every_word(forms_dir() / "wpa" /
                                                               f"{name}.docx")


def _documented_fields() -> dict[str, list[tuple[str, str | None]]]:
    """The field lists of docs/templates.md, per WPA template: (field, list it is of)."""
    text = (app_root() / "docs" / "templates.md").read_text(encoding="utf-8")
    text = text.split("<!-- field-reference", 1)[0]
    found: dict[str, list[tuple[str, str | None]]] = {}
    for block in re.split(r"\n#### ", text)[1:]:
        heading = block.splitlines()[0]
        name = re.search(r"\(`([\w-]+)`\)$", heading)
        if name and name.group(1) in WPA_FORMS:
            rows = [line for line in block.splitlines() if line.startswith("| ")][2:]
            found[name.group(1)] = [m.groups() for row in rows
                                    for m in FIELD.finditer(row.split("|")[2])]
    return found


def test_docs_list_the_fields_of_every_wpa_form() -> None:
    documented = _documented_fields()
    assert set(documented) == set(WPA_FORMS)
    assert all(len(fields) >= 8 for fields in documented.values()), documented


@pytest.mark.parametrize("name", list(WPA_FORMS))
def test_every_listed_field_maps_to_a_context_value_the_form_prints(name: str) -> None:
    registry = FieldRegistry(name)
    with zipfile.ZipFile(forms_dir() / "wpa" / f"{name}.docx") as package:
        xml = "".join(package.read(n).decode("utf-8") for n in package.namelist()
                      if n.endswith(".xml"))
    for path, of in _documented_fields()[name]:
        if of:  # `{{ c.text }}` of `special_conditions`: the item's field of that list
            full = f"{of}[].{path.split('.', 1)[1]}" if "." in path else f"{of}[]"
            assert registry.get(full) is not None, f"{name}: {full}"
            assert f" in {of}" in xml, f"{name} does not loop over {of}"
        else:
            assert registry.get(path) is not None, f"{name}: {path} is not a context field"
            assert path in xml, f"{name} does not print {path}"


def _fill_in_the_record(db: Database) -> None:
    """What the clerk enters for the joint NOI 2026-014: plans, fee, findings, vote."""
    from sqlalchemy import select

    with db.session() as s:
        permit = s.scalars(select(Filing).where(Filing.file_no == "2026-014")).one()
        permit.plan_title = "Site Plan, 12 Pond St"
        permit.plan_prepared_by = "Blackstone Valley Engineering"
        permit.plan_stamped_by = "David Ellis, P.E."
        permit.plan_dated = date(2026, 5, 20)
        permit.plan_revised = date(2026, 7, 10)
        permit.plan_scale = "1 in. = 20 ft"
        permit.wpa_fee_cents = 50000  # a Category 2 activity
        decision = s.scalars(select(Decision).where(Decision.filing_id == permit.id)).one()
        decision.findings = ("Significant to Prevention of Pollution and Flood Control.")
        meeting = Meeting(held_on=date(2026, 7, 15), start_time="19:00")
        s.add(meeting)
        s.flush()
        vote = Vote(meeting_id=meeting.id, filing_id=permit.id, motion="Issue the Order",
                    result="carried")
        s.add(vote)
        s.flush()
        members = s.scalars(select(Member).order_by(Member.id)).all()
        for member, choice in zip(members, ("yes", "yes", "yes", "no", "abstain"),
                                  strict=False):
            s.add(MemberVote(vote_id=vote.id, member_id=member.id, choice=choice))


def test_form_5_is_filled_from_the_record(db: Database) -> None:
    _fill_in_the_record(db)
    document = save_filing_document(db, "2026-014", "form-5-order-of-conditions",
                                    date(2026, 8, 5))
    text = every_word(document.path)
    for value in ("SE 082-1234", "Jane Doe & Sons, LLC", "Doe Family Trust", "12 Pond St",
                  "Middlesex South", "61234", "118", "June 12, 2026", "July 15, 2026",
                  "August 5, 2026", "Site Plan, 12 Pond St", "Blackstone Valley Engineering",
                  "David Ellis, P.E.", "July 10, 2026", "1 in. = 20 ft",
                  # 310 CMR 4.00 / the transmittal form: ($500 − $25) ÷ 2 to the state.
                  "$500.00", "$237.50", "$262.50", "No fertilizer within 50 feet"):
        assert value in text, value
    # The commission's standard conditions restate the form's General Conditions.
    assert "Record this Order before work begins." not in text
    assert f"{CHECKED}Flood Control" in text.replace("  ", "")
    assert f"{UNCHECKED}Fisheries" in text.replace("  ", "")
    assert "in favor" in text
    assert document.blanks == ()  # nothing the form needs is missing
    assert document.title.startswith("WPA Form 5 Order of Conditions 2026-014")


def test_what_the_record_lacks_prints_as_lines_and_is_named_first(db: Database) -> None:
    gaps = wpa_gaps(db, "2026-014", "form-5-order-of-conditions")
    for gap in ("no plan title recorded", "no plan preparer recorded", "no plan scale recorded",
                "no fee under the Act recorded", "no vote recorded",
                "no interests of the Act named in the decision's findings"):
        assert gap in gaps
    document = save_filing_document(db, "2026-014", "form-5-order-of-conditions",
                                    date(2026, 8, 5))
    assert document.blanks == tuple(gaps)
    assert BLANK in every_word(document.path)


def test_a_filing_without_a_dep_number_is_never_offered_a_wpa_form(db: Database) -> None:
    # 2026-020: an NOI under the bylaw only (no DEP file number).
    assert offered_templates(db, "2026-020", "noi") == (False, [])
    for kind in ("noi", "rda", "anrad", "amendment", "extension", "coc", "emergency"):
        assert not set(templates_for(kind, joint=False)) & set(WPA_FORMS), kind
    with pytest.raises(UserError, match="2026-020 is under the bylaw only"):
        save_filing_document(db, "2026-020", "form-5-order-of-conditions", date(2026, 9, 30))


def test_a_joint_filing_is_offered_the_wpa_form_first_then_the_bylaw_permit(
        db: Database) -> None:
    assert offered_templates(db, "2026-014", "noi") == (True, ["form-5-order-of-conditions"])
    offered = templates_for("noi", joint=True, status="closed")
    assert offered[:2] == ["form-5-order-of-conditions", "permit"]
    # Still being heard: the notice to the boards and the waiver first, the decision
    # papers after them (a Bourne clerk was offered Form 5 for an NOI received that week).
    for stage in ("received", "hearing"):
        assert templates_for("noi", joint=True, status=stage)[:3] == [
            "board-notice", "waiver-21-day", "form-5-order-of-conditions"]
    # A completed joint permit: its certificate first, and MassDEP's Form 8B beside it
    # (the COC is decided on the permit's own record; 310 CMR 10.05(9)).
    assert templates_for("noi", joint=True, status="completed",
                         decided="certificate_of_compliance")[:3] == [
        "certificate-of-compliance", "form-8b-certificate-of-compliance",
        "form-5-order-of-conditions"]
    assert "form-8b-certificate-of-compliance" not in templates_for(
        "noi", joint=False, status="completed", decided="certificate_of_compliance")
    # An emergency certification's work done: no Form 8B, which certifies the work of a
    # Final Order of Conditions (310 CMR 10.05(9)); an emergency certification is none
    # (310 CMR 10.06). A Sandwich clerk was offered one speaking of "the above-referenced
    # Order of Conditions".
    emergency = templates_for("emergency", joint=True, status="completed",
                              decided="certificate_of_compliance")
    assert "form-8b-certificate-of-compliance" not in emergency
    assert "emergency-certification-wpa" in emergency
    # A certificate carries its permit's DEP number, so it gets Form 8B.
    assert offered_templates(db, "2029-003", "coc") == (True,
                                                        ["form-8b-certificate-of-compliance"])


def test_render_names_the_blanks_and_refuses_a_bylaw_only_filing(
        db: Database, capsys: pytest.CaptureFixture[str]) -> None:
    from concom_desk.cli import main

    path = db_argument(db)
    db.close()
    assert main(["render", "--db", path, "--filing", "2026-014", "--template",
                 "form-5-order-of-conditions", "--date", "2026-08-05"]) == 0
    out = capsys.readouterr().out
    assert "left blank on the form: no plan title recorded; no plan preparer recorded" in out
    assert main(["render", "--db", path, "--filing", "2026-020", "--template",
                 "form-5-order-of-conditions"]) != 0
    assert "2026-020 is under the bylaw only" in capsys.readouterr().err


def test_the_interests_the_clerk_checks_are_checked_on_form_5(
        db: Database, capsys: pytest.CaptureFixture[str]) -> None:
    from concom_desk.cli import main
    from concom_desk.services.documents.context_extras import DraftChoices

    chosen = DraftChoices(interests=("Fisheries", "Flood Control"))
    gaps = wpa_gaps(db, "2026-014", "form-5-order-of-conditions", chosen)
    assert "no interests of the Act named in the decision's findings" not in gaps
    path = db_argument(db)
    db.close()
    assert main(["render", "--db", path, "--filing", "2026-014", "--template",
                 "form-5-order-of-conditions", "--interest", "Fisheries", "--json"]) == 0
    text = every_word(Path(json.loads(capsys.readouterr().out)["path"])).replace("  ", "")
    assert f"{CHECKED}Fisheries" in text and f"{UNCHECKED}Flood Control" in text


@pytest.mark.parametrize(("town", "answer", "separately"), [
    # Upton has its own bylaw (Upton General Bylaws ch. 330): its decision is a second one.
    ("upton", f"{CHECKED}Yes{UNCHECKED}No",
     "The Commission's decision under Town of Upton General Bylaws, Chapter 330, Wetlands "
     "Regulations is issued separately"),
    # On the state default the law is the Act itself (MGL c.131 §40, 310 CMR 10.00): no
    # municipal bylaw is applied, and none is said to be decided separately.
    ("massachusetts", f"{UNCHECKED}Yes{CHECKED}No", None),
])
def test_form_5_says_whether_a_town_bylaw_applies(db: Database, town: str, answer: str,
                                                 separately: str | None) -> None:
    with db.session() as s:
        from concom_desk.store.models import CommissionSettings

        s.query(CommissionSettings).one().town = town
        s.query(Filing).filter_by(file_no="2026-014").one().town = town
    document = save_filing_document(db, "2026-014", "form-5-order-of-conditions",
                                    date(2026, 8, 5))
    text = every_word(document.path)
    assert answer in text.replace(" ", "")
    if separately:
        assert separately in text
    else:
        assert "is issued separately" not in text


def test_a_joint_order_on_form_5_carries_the_acts_conditions_not_the_towns_permit(
        db: Database) -> None:
    # Sandwich, filed under the Act and the bylaw: the town's permit (its standard
    # conditions) is issued separately (Form 5 D.1); the Order under the Act carries the
    # form's General Conditions and the decision's special ones, numbered from 1.
    with db.session() as s:
        from concom_desk.store.models import CommissionSettings

        s.query(CommissionSettings).one().town = "sandwich"
        filing = s.query(Filing).filter_by(file_no="2026-014").one()
        filing.town, filing.laws, filing.resource_areas = "sandwich", "both", ""
    document = save_filing_document(db, "2026-014", "form-5-order-of-conditions",
                                    date(2026, 8, 5))
    lines = full_text(document.path).splitlines()
    special = lines[lines.index("Special Conditions:") + 1:
                    lines.index("D. Findings Under Municipal Wetlands Bylaw or Ordinance")]
    assert [line for line in special if line] == [
        "1.  No fertilizer within 50 feet, in perpetuity."]
    # No areas recorded: the project line ends with the work, not "within ."
    (project,) = [line for line in lines if line.startswith("Project described in the")]
    assert not project.endswith("within ."), project


def test_the_state_defaults_form_5_lists_only_the_decisions_special_conditions(
        db: Database) -> None:
    # No bylaw: the commission's standard conditions ("Failure to comply ...", "Record
    # this Order ...") repeat the General Conditions MassDEP prints on Form 5 itself
    # (310 CMR 10.05(6)); its Special Conditions are the decision's own, from 1.
    with db.session() as s:
        from concom_desk.store.models import CommissionSettings

        s.query(CommissionSettings).one().town = "massachusetts"
        filing = s.query(Filing).filter_by(file_no="2026-014").one()
        filing.town, filing.laws = "massachusetts", "act"
    document = save_filing_document(db, "2026-014", "form-5-order-of-conditions",
                                    date(2026, 8, 5))
    lines = full_text(document.path).splitlines()
    special = lines[lines.index("Special Conditions:") + 1:
                    lines.index("D. Findings Under Municipal Wetlands Bylaw or Ordinance")]
    assert [line for line in special if line] == [
        "1.  No fertilizer within 50 feet, in perpetuity."]
    # Once, in the form's General Conditions, not again among the special ones.
    assert full_text(document.path).count("Failure to comply") == 1


def test_form_5_ticks_the_coastal_areas_a_filing_names_and_an_inland_one_has_none(
        db: Database) -> None:
    from sqlalchemy import select

    _fill_in_the_record(db)
    inland = every_word(save_filing_document(db, "2026-014", "form-5-order-of-conditions",
                                             date(2026, 8, 5)).path)
    assert "Coastal Resource Area Impacts" not in inland
    with db.session() as s:
        permit = s.scalars(select(Filing).where(Filing.file_no == "2026-014")).one()
        permit.resource_areas = "Coastal Bank; Salt Marsh; 100-foot Buffer Zone"
    text = every_word(save_filing_document(db, "2026-014", "form-5-order-of-conditions",
                                           date(2026, 8, 5)).path).replace("  ", "")
    assert "Coastal Resource Area Impacts" in text
    assert f"{CHECKED}Coastal Banks (linear feet)" in text
    assert f"{CHECKED}Salt Marshes (square feet)" in text
    assert f"{UNCHECKED}Rocky Intertidal Shores (square feet)" in text
    # A coastal bank is not the inland Bank of 310 CMR 10.54.
    assert f"{UNCHECKED}Bank (linear feet)" in text


def _revision_table() -> dict[str, str]:
    """docs/templates.md's table of the revision each WPA form follows: template → revision."""
    text = (app_root() / "docs" / "templates.md").read_text(encoding="utf-8")
    table = text.split("<!-- wpa-revisions", 1)[1].split("\n\n", 1)[0]
    rows = [line.split("|") for line in table.splitlines() if line.startswith("| `")]
    return {row[1].strip().strip("`"): row[2].strip() for row in rows}


def test_the_docs_say_for_every_form_the_revision_its_foot_prints_and_where_it_was_read(
) -> None:
    table = _revision_table()
    assert set(table) == set(WPA_FORMS)
    for name, (form, _revision, _kinds) in WPA_FORMS.items():
        foot = every_word(forms_dir() / "wpa" / f"{name}.docx")
        assert f"Follows MassDEP {form} ({table[name]})" in foot, name
