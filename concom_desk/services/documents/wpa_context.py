"""The part of a WPA form's context taken from the stored filing: the `wpa` group
(concom_desk/services/documents/wpa_fields.py) and the parts the form shares with
its bylaw counterpart (the conditions of an Order, the permit a Form 7 extends...).

Which document is offered: a filing under the Act (a DEP file number of its own,
or its permit's) gets the WPA form beside the bylaw's; a filing without one gets
the bylaw's only, and a WPA form asked for by name is refused.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from concom_desk.domain.act_areas import is_act_area
from concom_desk.domain.flood_data import FloodData, riverfront_width
from concom_desk.domain.laws import BOTH, STATE_TOWN, under_act
from concom_desk.domain.plain_dates import long_date
from concom_desk.domain.wpa_fees import split_fee
from concom_desk.errors import UserError
from concom_desk.services.documents.wpa_fields import (
    BLANK,
    COUNTERPART,
    WPA_FORMS,
    WPA_TEMPLATE_NAMES,
    WpaFacts,
    box,
    named_box,
    wpa_group,
)
from concom_desk.services.filings.resource_areas import filing_areas, profile_of
from concom_desk.services.parcels.locus import filing_locus
from concom_desk.store.models import Decision, Filing, Meeting, MemberVote, Vote

if TYPE_CHECKING:
    from concom_desk.store import Database

Context = dict[str, Any]

_DECISION_BOXES = {
    "positive_determination": "positive", "negative_determination": "negative",
}


def is_wpa_template(name: str) -> bool:
    return name in WPA_FORMS


def dep_number_of(filing: Filing) -> str:
    """The filing's DEP file number, or its permit's (an extension or a COC carries it)."""
    return (filing.dep_file_no or (filing.original.dep_file_no if filing.original else "")
            or "").strip()


def wpa_forms_for(kind: str) -> list[str]:
    """The WPA forms that decide a kind of filing, first the one it usually gets."""
    return [name for name, (_form, _rev, kinds) in WPA_FORMS.items() if kind in kinds]


def refuse_unless_under_the_act(filing: Filing, template: str) -> None:
    """MassDEP's forms are for a filing under the Act, as its form says (an RDA under the
    Act has no DEP file number and still gets Form 2)."""
    if is_wpa_template(template) and not under_act(filing.laws or BOTH):
        raise UserError(f"{WPA_FORMS[template][0]} is for a filing under the Wetlands "
                        f"Protection Act; filing {filing.file_no} is under the bylaw only "
                        "(say on the filing that it is under the Act, or make the bylaw's "
                        "document)")


def decided_counterpart(template: str, decision: Decision | None) -> str:
    """The bylaw document whose facts a WPA form states, as decided: Form 5 for a denied
    Notice of Intent states a denial's (no expiry: nothing is permitted to expire), Form 2
    for a positive determination the positive one's."""
    kind = decision.kind if decision is not None else ""
    if template == "form-5-order-of-conditions" and kind == "denial":
        return "denial"
    if template == "form-2-determination-of-applicability" and kind == \
            "positive_determination":
        return "determination-positive"
    return COUNTERPART.get(template, template)


def decided_box(decision: Decision | None) -> int | None:
    """The numbered box of WPA Form 2 the determination's findings name, if any."""
    if decision is None:
        return None
    return named_box(_lines(decision.findings), _decision_box(decision))


def _lines(text: str | None) -> tuple[str, ...]:
    return tuple(line.strip() for line in (text or "").splitlines() if line.strip())


def _decision_box(decision: Decision | None) -> str:
    if decision is None:
        return ""
    if decision.kind == "denial":
        return "denied_information" if decision.denial_kind == "procedural" \
            else "denied_standards"
    return _DECISION_BOXES.get(decision.kind, "approved")


def _votes(session: Session, filing: Filing, decision: Decision | None
           ) -> tuple[int, int, int] | None:
    """The members' votes on the decision: its own vote, else the last carried one."""
    vote = session.get(Vote, decision.vote_id) if decision and decision.vote_id else None
    if vote is None:
        vote = session.scalars(
            select(Vote).join(Meeting, Vote.meeting_id == Meeting.id)
            .where(Vote.filing_id == filing.id, Vote.result == "carried")
            .order_by(Meeting.held_on.desc(), Vote.id.desc())).first()
    if vote is None:
        return None
    choices = list(session.scalars(select(MemberVote.choice)
                                   .where(MemberVote.vote_id == vote.id)))
    if not choices:
        return None
    return choices.count("yes"), choices.count("no"), choices.count("abstain")


def _county(registry: str) -> str:
    """'Worcester South Registry of Deeds' → 'Worcester South' (Form 5 A.6.a 'County')."""
    return registry.replace("Registry of Deeds", "").strip(" ,")


def _dollars(cents: int) -> str:
    return f"${cents // 100:,}.{cents % 100:02d}"


def wpa_facts(session: Session, filing: Filing, template: str, base: Context,
              interests: tuple[str, ...] = ()) -> WpaFacts:
    from concom_desk.services.documents.context_extras import latest_decision

    decision = latest_decision(session, filing)
    prop = filing.property
    fee = split_fee(filing.wpa_fee_cents) if filing.wpa_fee_cents else None
    votes = _votes(session, filing, decision)
    locus = filing_locus(session, filing)
    findings = _lines(decision.findings if decision else "")
    decided = _decision_box(decision)
    return WpaFacts(
        template=template, dep_file_no=dep_number_of(filing),
        commission_town=base["commission"]["town"],
        applicant=base["applicant"], owner=base["owner"],
        street=prop.address if prop else "", town=base["commission"]["town"],
        map=prop.map or "" if prop else "", parcel=prop.lot or "" if prop else "",
        latitude=locus.latitude_text() if locus else "",
        longitude=locus.longitude_text() if locus else "",
        county=_county(base["property"]["registry"]),
        book=base["property"]["book"], page=base["property"]["page"],
        certificate=base["property"]["certificate"],
        filed=long_date(filing.received), closed=long_date(filing.closed),
        issued=long_date(filing.issued),
        plan_title=filing.plan_title or "", plan_prepared_by=filing.plan_prepared_by or "",
        plan_stamped_by=filing.plan_stamped_by or "", plan_dated=long_date(filing.plan_dated),
        plan_revised=long_date(filing.plan_revised), plan_scale=filing.plan_scale or "",
        fee_total=_dollars(fee.total_cents) if fee else "",
        fee_state=_dollars(fee.state_cents) if fee else "",
        fee_town=_dollars(fee.town_cents) if fee else "",
        decision=decided, findings=findings, interests=interests,
        box=named_box(findings, decided),
        work_by=long_date(act_work_by(session, filing)),
        resource_areas=filing.resource_areas or "",
        area_amounts={a.code: a.amount_text for a in filing_areas(session, filing)},
        flood=flood_lines(filing),
        votes_for=votes[0] if votes else None, votes_against=votes[1] if votes else None,
        votes_abstained=votes[2] if votes else None,
    )


def _town_name(filing: Filing) -> str:
    profile = profile_of(filing.town)
    return profile.name if profile else filing.town


def flood_lines(filing: Filing) -> dict[str, Any]:
    """The filing's flood data as the forms print it (a blank line where none is
    recorded: the form's line stays to fill in by hand)."""
    data = FloodData(filing.flood_zone or "", filing.flood_elevation or "",
                     bool(filing.in_lscsf), bool(filing.in_v_zone),
                     bool(filing.in_riverfront), filing.setting or "")
    return {"zone": data.zone_text() or BLANK,
            "lscsf": box(data.lscsf), "v_zone": box(data.v_zone),
            "riverfront": box(data.riverfront),
            "riverfront_width": f"{riverfront_width(_town_name(filing))} feet",
            "setting": data.setting or BLANK,
            "recorded": bool(data.zone or data.lscsf or data.v_zone or data.riverfront
                             or data.setting)}


def wpa_extras(session: Session, filing: Filing, template: str, base: Context,
               draft: Any) -> Context:
    """`wpa` and the counterpart's extras, for a WPA template; {} for any other."""
    if template not in COUNTERPART:
        return {}
    from concom_desk.services.documents.context_extras import latest_decision, template_extras

    refuse_unless_under_the_act(filing, template)
    extras = template_extras(session, filing, COUNTERPART[template], base, draft)
    decided = decided_counterpart(template, latest_decision(session, filing))
    if decided != COUNTERPART[template]:  # a denial's reasons beside the Order's lists
        extras.update(template_extras(session, filing, decided, base, draft))
    if template == "form-5-order-of-conditions":
        extras.setdefault("reasons", [])  # none for an Order that approves
        # Without a bylaw the commission's standard conditions restate the General
        # Conditions MassDEP prints on the form; with one, a joint filing's are the
        # bylaw permit's. Either way the Order carries only the decision's own.
        if not base["town"]["local_bylaw"] or (filing.laws or BOTH) == BOTH:
            extras.update(act_order_conditions(extras.get("special_conditions", [])))
    if template == "form-4b-order-of-resource-area-delineation":
        # Confirmed under the Act: the Act's areas only, never a bylaw's (an isolated
        # vegetated wetland is the town's to confirm, in its own order).
        # A bylaw's own area is left out by its code too: Bourne's "Buffer Zone (100 ft;
        # 200 ft in an ACEC ...)" names the Act's words but is the bylaw's.
        town_only = {area.name for area in filing_areas(session, filing)
                     if area.setting in ("bylaw", "other")}
        extras["confirmed_areas"] = [area for area in extras["confirmed_areas"]
                                     if is_act_area(area["name"])
                                     and area["name"] not in town_only]
    extras["wpa"] = wpa_group(wpa_facts(session, filing, template, base,
                                        tuple(getattr(draft, "interests", ()))))
    return extras


def act_order_conditions(special: list[Context]) -> Context:
    """An Order under the Act on the state default, or a joint filing's: the General
    Conditions MassDEP prints on Form 5, then the decision's special conditions numbered
    from 1. The town's standard
    conditions (its permit term, its renewal rule, its sections) are the bylaw permit's,
    issued separately as the form's section D says; printed here they read as the Act's
    conditions (Sandwich's "renewed once ... sixty (60) days" beside General Condition 5's
    "one or more periods of up to three years", 310 CMR 10.05(8))."""
    return {"standard_conditions": [],
            "special_conditions": [{**condition, "number": number}
                                   for number, condition in enumerate(special, start=1)]}


def act_work_by(session: Session, filing: Filing) -> date | None:
    """When emergency work must be finished under the Act (310 CMR 10.06(3): 30 days
    from the certification), whatever the town's bylaw sets: the WPA form certifies
    under the Act. None before the certification is issued, or for another kind of filing."""
    from concom_desk.domain.deadline_engine import compute_deadlines
    from concom_desk.services.filings.filing_clock import FilingClock

    if filing.issued is None or filing.kind != "emergency":
        return None
    state = FilingClock.read_profiles(session).profiles.get(STATE_TOWN)
    if state is None:
        return None
    found = {d.id: d.date for d in compute_deadlines(state, "emergency",
                                                      {"issued": filing.issued},
                                                      filing.flags())}
    return found.get("emergency_work_complete_by")


def wpa_gaps(db: Database, file_no: str, template: str, draft: Any = None) -> list[str]:
    """What a WPA form would leave blank for the filing ("no plan title recorded"),
    said before it is printed; [] for any other template."""
    if template not in COUNTERPART:
        return []
    from concom_desk.services.documents.context import filing_by_number, filing_context

    with db.read_session() as session:
        filing = filing_by_number(session, file_no)
        return list(filing_context(session, filing, template, draft=draft)["wpa"]["missing"])


def offered_templates(db: Database, file_no: str, kind: str) -> tuple[bool, list[str]]:
    """Whether the filing is under the Act, and the WPA forms offered for it."""
    from concom_desk.services.documents.context import filing_by_number

    with db.read_session() as session:
        under = under_act(filing_by_number(session, file_no).laws or BOTH)
    return under, (wpa_forms_for(kind) if under else [])


__all__ = ["WPA_TEMPLATE_NAMES", "dep_number_of", "offered_templates", "wpa_extras",
           "wpa_forms_for", "wpa_gaps"]
