"""The fields of MassDEP's WPA forms, as the forms print them (the `wpa` group of a
WPA template's context; docs/templates.md lists each form's fields).

Pure: given the facts of the record as text ("" for a fact the record lacks), it
returns every field the forms print, a fact the record lacks as a blank line to
fill in by hand, and the list of what was left blank ("no plan title recorded"),
which the window and the command line say before the document is printed.
The same builder makes the example context, so the checker, the field reference
and the real documents can never disagree on a name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from concom_desk.domain.resource_areas import STATE_AREAS, ResourceArea, areas_in_text

BLANK = "_" * 16
CHECKED, UNCHECKED = "☒", "☐"

# The WPA templates: (MassDEP's form, the revision followed, the kinds of filing it
# decides). The revision is printed at the foot of each form; docs/templates.md's table
# "Which revision each form follows" says where each was read (a test keeps them equal).
WPA_FORMS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "form-2-determination-of-applicability": (
        "WPA Form 2 – Determination of Applicability",
        "wpaform2.doc; no dated revision found", ("rda",)),
    "form-4b-order-of-resource-area-delineation": (
        "WPA Form 4B – Order of Resource Area Delineation",
        "wpaform4b.doc; no dated revision found", ("anrad",)),
    "form-5-order-of-conditions": (
        "WPA Form 5 – Order of Conditions", "wpaform5.doc rev. 5/18/2020",
        ("noi", "amendment")),
    "form-7-extension-permit": (
        "WPA Form 7 – Extension Permit for Orders of Conditions",
        "wpaform7, rev. March 2010", ("extension",)),
    "form-8b-certificate-of-compliance": (
        "WPA Form 8B – Certificate of Compliance", "wpafrm8b.doc rev. 5/29/14", ("coc",)),
    "emergency-certification-wpa": (
        "WPA Emergency Certification Form (310 CMR 10.06)",
        "rev. 01/31/0x",
        ("emergency",)),
    "enforcement-order-wpa": (
        "WPA Form 9 – Enforcement Order (MGL c.131 §40; 310 CMR 10.08)",
        "wpaform9a.doc rev. 5/18/2020", ()),
}
WPA_TEMPLATE_NAMES: tuple[str, ...] = tuple(WPA_FORMS)

# WPA Form 5 B.1: the interests of the Act the areas are significant to, in the form's order.
# The bylaw template whose extras (conditions, the original permit...) a WPA form shares.
COUNTERPART: dict[str, str] = {
    "form-2-determination-of-applicability": "determination-negative",
    "form-4b-order-of-resource-area-delineation": "resource-area-delineation",
    "form-5-order-of-conditions": "permit",
    "form-7-extension-permit": "extension-permit",
    "form-8b-certificate-of-compliance": "certificate-of-compliance",
    "emergency-certification-wpa": "emergency-certification",
}

INTERESTS: tuple[str, ...] = (
    "Public Water Supply", "Land Containing Shellfish", "Prevention of Pollution",
    "Private Water Supply", "Fisheries", "Protection of Wildlife Habitat",
    "Groundwater Supply", "Storm Damage Prevention", "Flood Control",
)

# WPA Form 5's impact tables (B.3 inland, and the coastal table), in the form's order:
# the Act's areas from the one table of them (domain/resource_areas.py), each as the
# form names it with the unit it asks for.
INLAND_AREAS: tuple[ResourceArea, ...] = tuple(
    a for a in STATE_AREAS if a.setting == "inland" and a.form_name)
COASTAL_AREAS: tuple[ResourceArea, ...] = tuple(
    a for a in STATE_AREAS if a.setting == "coastal" and a.form_name)
# MassDEP's April 2015 revision of Form 5 added the Riverfront Area to the coastal table
# (a coastal river's riverfront, 310 CMR 10.58): a filing on coastal areas puts its
# riverfront amount there, in that table's last row, not in the inland table's.
RIVERFRONT: ResourceArea = next(a for a in STATE_AREAS if a.code == "riverfront")


def box(checked: bool) -> str:
    return CHECKED if checked else UNCHECKED


def filled(value: str, missing: list[str], gap: str | None) -> str:
    """The value, or a blank line (and `gap` on the list of what is left blank)."""
    value = (value or "").strip()
    if value:
        return value
    if gap:
        missing.append(gap)
    return BLANK


@dataclass
class WpaFacts:
    """What the record holds for one WPA form, as text; "" for what it lacks."""

    template: str
    dep_file_no: str = ""
    commission_town: str = ""
    applicant: Mapping[str, Any] = field(default_factory=dict)  # party_context()
    owner: Mapping[str, Any] = field(default_factory=dict)
    street: str = ""
    town: str = ""
    map: str = ""
    parcel: str = ""
    latitude: str = ""  # '42.17512° N', from the loaded parcels
    longitude: str = ""
    county: str = ""
    book: str = ""
    page: str = ""
    certificate: str = ""
    filed: str = ""
    closed: str = ""
    issued: str = ""
    plan_title: str = ""
    plan_prepared_by: str = ""
    plan_stamped_by: str = ""
    plan_dated: str = ""
    plan_revised: str = ""
    plan_scale: str = ""
    fee_total: str = ""
    fee_state: str = ""
    fee_town: str = ""
    decision: str = ""  # approved, denied_standards, denied_information, positive, negative…
    findings: tuple[str, ...] = ()
    interests: tuple[str, ...] = ()  # checked by the clerk (Make a document…)
    resource_areas: str = ""
    # The filing's areas as codes, each with its amount as the form prints it ('120
    # linear feet', '' when none was entered); None: read from `resource_areas`.
    area_amounts: Mapping[str, str] | None = None
    flood: Mapping[str, Any] = field(default_factory=dict)  # wpa_context.flood_lines()
    votes_for: int | None = None
    votes_against: int | None = None
    votes_abstained: int | None = None
    box: int | None = None  # Form 2 B: the numbered box the determination checks
    work_by: str = ""  # an emergency certification: the Act's 30 days (310 CMR 10.06(3))


# WPA Form 2 B: how many numbered boxes each determination has.
FORM_2_BOXES = {"positive": 5, "negative": 4}
_BOX = re.compile(r"^\s*box\s*(\d)\b", re.IGNORECASE)


def named_box(findings: Iterable[str], decision: str) -> int | None:
    """The numbered box of WPA Form 2 a determination's findings name ("Box 3: the
    work ... requires the filing of a Notice of Intent"), or None: the form checks no
    box the commission did not find."""
    highest = FORM_2_BOXES.get(decision, 0)
    for line in findings:
        found = _BOX.match(line)
        if found and 1 <= int(found.group(1)) <= highest:
            return int(found.group(1))
    return None


def _party(party: Mapping[str, Any], missing: list[str], gap: str | None) -> dict[str, str]:
    lines = [str(line) for line in party.get("address_lines", [])]
    return {"name": filled(str(party.get("name", "")), missing, gap),
            "company": str(party.get("company", "")),
            "address": filled(", ".join(lines[:-1]) if len(lines) > 1 else "".join(lines),
                              missing, None),
            "city_state_zip": filled(lines[-1] if len(lines) > 1 else "", missing, None)}


def _area_amounts(facts: WpaFacts) -> Mapping[str, str]:
    if facts.area_amounts is not None:
        return facts.area_amounts
    return {a.code: "" for a in areas_in_text(facts.resource_areas)}


def _vote(facts: WpaFacts) -> dict[str, str]:
    counted = facts.votes_for is not None
    text = (f"{facts.votes_for} in favor, {facts.votes_against or 0} opposed"
            + (f", {facts.votes_abstained} abstaining" if facts.votes_abstained else "")
            if counted else "")
    return {"in_favor": str(facts.votes_for) if counted else BLANK,
            "opposed": str(facts.votes_against or 0) if counted else BLANK,
            "abstained": str(facts.votes_abstained or 0) if counted else BLANK,
            "text": text or BLANK}


# What each form needs from the record, beyond the applicant and the location. A fact a
# form does not print is not asked for (Form 2 has no fee, Form 7 no plans...).
_NEEDS: dict[str, frozenset[str]] = {
    "form-2-determination-of-applicability": frozenset({"plan_title", "plan_date", "filed",
                                                       "issued", "decision"}),
    "form-4b-order-of-resource-area-delineation": frozenset({
        "dep", "registry", "plan_title", "plan_prepared_by", "plan_stamped_by",
        "plan_revised", "plan_scale", "filed", "closed", "issued", "fee"}),
    "form-5-order-of-conditions": frozenset({
        "dep", "registry", "plan_title", "plan_prepared_by", "plan_stamped_by",
        "plan_revised", "plan_scale", "filed", "closed", "issued", "fee", "interests",
        "decision", "vote"}),
    "form-7-extension-permit": frozenset({"dep", "registry", "issued"}),
    "form-8b-certificate-of-compliance": frozenset({"dep", "registry", "issued"}),
    "emergency-certification-wpa": frozenset({"issued", "work_by"}),
    "enforcement-order-wpa": frozenset(),
}


def wpa_group(facts: WpaFacts) -> dict[str, Any]:
    """The `wpa` group of a WPA form's context, with `missing`: what was left blank."""
    needs = _NEEDS.get(facts.template, frozenset())
    missing: list[str] = []

    def need(key: str, value: str, gap: str) -> str:
        return filled(value, missing, gap if key in needs else None)

    group: dict[str, Any] = {
        "dep_file_no": need("dep", facts.dep_file_no, "no DEP file number recorded"),
        "commission_town": facts.commission_town,
        "applicant": _party(facts.applicant, missing, "no applicant recorded"),
        "owner": _party(facts.owner or facts.applicant, missing, None),
        "location": {
            "street": filled(facts.street, missing, "no site address recorded"),
            "town": filled(facts.town, missing, None),
            "map": filled(facts.map, missing, "no assessor's map/plat number recorded"),
            "parcel": filled(facts.parcel, missing, "no assessor's parcel/lot number recorded"),
            # From the loaded parcels (the lot's centre); the form says "if known", so
            # without parcels it is a line to fill.
            "latitude": facts.latitude or BLANK, "longitude": facts.longitude or BLANK,
        },
    }
    deed_known = bool(facts.book and facts.page) or bool(facts.certificate)
    if "registry" in needs and not facts.county:
        missing.append("no Registry of Deeds recorded for the property")
    if "registry" in needs and not deed_known:
        missing.append("no Registry book and page (or Land Court certificate) recorded")
    group["registry"] = {"county": filled(facts.county, missing, None),
                         "book": filled(facts.book, missing, None),
                         "page": filled(facts.page, missing, None),
                         "certificate": facts.certificate or ("" if deed_known else BLANK)}
    group["dates"] = {"filed": need("filed", facts.filed, "no date filed recorded"),
                      "closed": need("closed", facts.closed, "no date the hearing closed "
                                                             "recorded"),
                      "issued": need("issued", facts.issued, "no date of issuance recorded"),
                      "work_by": need("work_by", facts.work_by,
                                      "no date the emergency work must be done by")}
    plan_date = facts.plan_revised or facts.plan_dated
    group["plan"] = {
        "title": need("plan_title", facts.plan_title, "no plan title recorded"),
        "prepared_by": need("plan_prepared_by", facts.plan_prepared_by,
                            "no plan preparer recorded"),
        "stamped_by": need("plan_stamped_by", facts.plan_stamped_by,
                           "no plan signer and stamp recorded"),
        "dated": filled(facts.plan_dated, missing, None),
        # "Final Revision Date" (Form 5 A.8.d), or the plan's own date if never revised.
        "final_date": filled(plan_date, missing,
                             "no plan date recorded" if {"plan_revised", "plan_date"} & needs
                             else None),
        "scale": need("plan_scale", facts.plan_scale, "no plan scale recorded"),
    }
    if "fee" in needs and not facts.fee_total:
        missing.append("no fee under the Act recorded")
    group["fee"] = {"total": filled(facts.fee_total, missing, None),
                    "state": filled(facts.fee_state, missing, None),
                    "town": filled(facts.fee_town, missing, None)}
    findings = " ".join(facts.findings)
    named = [name for name in INTERESTS
             if name.lower() in findings.lower() or name in facts.interests]
    if "interests" in needs and not named:
        missing.append("no interests of the Act named in the decision's findings")
    group["interests"] = [{"name": name, "box": box(name in named)} for name in INTERESTS]
    group["findings"] = list(facts.findings)
    decision = facts.decision
    if "decision" in needs and not decision:
        missing.append("no decision recorded")
    # A denied Notice of Intent: Form 5 states its reasons, and neither the general
    # conditions of an approval nor the recording of an Order that permits nothing.
    group["denied"] = decision.startswith("denied")
    group["boxes"] = {key: box(decision == key) for key in (
        "approved", "denied_standards", "denied_information", "positive", "negative")}
    # Form 2 B: "positive_3" is box 3 of a positive determination, checked only when the
    # determination is positive and names that box.
    for kind, highest in FORM_2_BOXES.items():
        for number in range(1, highest + 1):
            group["boxes"][f"{kind}_{number}"] = box(decision == kind and facts.box == number)
    # B.3 is "For Approvals Only": a denial alters nothing, so checks no area.
    named = _area_amounts(facts)
    approved = not group["denied"]

    def row(area: ResourceArea, here: bool = True) -> dict[str, str]:
        # The amount the filing proposes, in the "Proposed Alteration" column; the
        # permitted amount is the commission's, written in by hand.
        ticked = here and area.code in named and approved
        return {"area": area.form_name, "unit": area.form_unit, "box": box(ticked),
                "proposed": named.get(area.code, "") if ticked else ""}

    # The coastal table is printed when the filing names a coastal area, so an inland
    # town's Order stays the page it was.
    coastal = any(area.code in named for area in COASTAL_AREAS)
    group["coastal_named"] = coastal
    group["impacts"] = [row(area, not (coastal and area is RIVERFRONT))
                        for area in INLAND_AREAS]
    group["coastal"] = ([row(area) for area in COASTAL_AREAS]
                        + [row(RIVERFRONT, coastal)])
    group["flood"] = {"recorded": False, **facts.flood}
    if "vote" in needs and facts.votes_for is None:
        missing.append("no vote recorded")
    group["vote"] = _vote(facts)
    group["missing"] = missing
    return group


EXAMPLE_FACTS: dict[str, Any] = {
    "dep_file_no": "SE 316-0412", "commission_town": "Upton",
    "applicant": {"name": "Jane Doe", "company": "",
                  "address_lines": ["12 Pond Street", "Upton, MA 01568"]},
    "owner": {"name": "Doe Family Trust, John Doe, Trustee", "company": "",
              "address_lines": ["PO Box 77", "Upton, MA 01568"]},
    "street": "12 Pond Street", "town": "Upton", "map": "14", "parcel": "27",
    "county": "Worcester District", "book": "61234", "page": "118",
    "filed": "June 12, 2026", "closed": "July 15, 2026", "issued": "August 5, 2026",
    "plan_title": "Site Plan, 12 Pond Street, Upton MA",
    "plan_prepared_by": "Blackstone Valley Engineering, Inc.",
    "plan_stamped_by": "David Ellis, P.E.", "plan_dated": "May 20, 2026",
    "plan_revised": "July 10, 2026", "plan_scale": "1 in. = 20 ft",
    "fee_total": "$500.00", "fee_state": "$237.50", "fee_town": "$262.50",
    "decision": "approved",
    "findings": ("The areas are significant to Prevention of Pollution, Protection of "
                 "Wildlife Habitat and Flood Control.",),
    "resource_areas": "Bordering Vegetated Wetland and 100-foot Buffer Zone",
    # An inland lot outside the floodplain: the example Order prints no flood line.
    "flood": {"zone": "X", "lscsf": UNCHECKED, "v_zone": UNCHECKED, "riverfront": UNCHECKED,
              "riverfront_width": "200 feet", "setting": "inland", "recorded": False},
    "votes_for": 4, "votes_against": 1, "votes_abstained": 0,
}


def example_group(template: str) -> dict[str, Any]:
    return wpa_group(WpaFacts(template=template, **EXAMPLE_FACTS))
