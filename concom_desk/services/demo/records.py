"""The demo town's records, turned into rows: parties, properties, filings and what
hangs off them (hearings, continuances, waivers, abutters and notices, votes,
decisions and conditions, documents, inspections)."""

from __future__ import annotations

import hashlib
import random
from datetime import date, datetime, timedelta

from concom_desk.domain.abutters.tidy import tidy_name
from concom_desk.domain.abutters.tracking import check_digit
from concom_desk.domain.resource_areas import areas_in_text
from concom_desk.services.demo.calendar import days_between
from concom_desk.services.demo.filings import (
    DENIAL_DECISION,
    HEARING_KINDS,
    PERMIT_DECISION,
    FilingPlan,
)
from concom_desk.services.demo.people import AGENT, CONDITIONS, SPECIAL, PeopleSource
from concom_desk.services.demo.places import COASTAL_AREA_SETS, COASTAL_TOWNS, DemoPlace
from concom_desk.services.demo.rows import RowBook
from concom_desk.store.models import (
    Abutter,
    AbutterNotice,
    Condition,
    Continuance,
    Decision,
    Filing,
    FilingResourceArea,
    GeneratedDocument,
    Hearing,
    HearingWaiver,
    Inspection,
    MemberVote,
    Party,
    Property,
    Vote,
)

# What the commission found, as its papers state it (none recorded makes a DRAFT): a
# determination names the box of WPA Form 2 it checks; an emergency certification says
# why (310 CMR 10.06(1)); a delineation, the areas as delineated.
# A denial's reasons by its kind (310 CMR 10.05(6)(c)): a procedural denial is for
# information missing; a substantive one for work that cannot meet the standards.
DENIAL_REASONS = {
    "procedural": "Insufficient information to describe the work's effect on the "
                  "resource areas.",
    "substantive": "The work cannot be conditioned to meet the performance standards "
                   "for Bordering Vegetated Wetland (310 CMR 10.55(4)).",
}

FINDINGS = {
    "positive_determination": "Box 3: The work described on the plans is within an area "
                              "subject to protection under the Act and will alter that area; "
                              "it requires the filing of a Notice of Intent.",
    "negative_determination": "Box 3: The work is within the Buffer Zone but will not alter "
                              "an Area subject to protection under the Act.",
    "emergency_certification": "Storm damage threatens the road and the houses below it; the "
                               "work cannot wait for a Notice of Intent.",
    "order_of_delineation": "Bordering Vegetated Wetland: as delineated on the plan of record",
    # WPA Form 5 B.1 ticks the interests the findings name; a denial finds them too (the
    # areas are significant to them, which is why the work is refused). Wetlands
    # bordering water are presumed significant to these (310 CMR 10.55(1)).
    "denial": "The wetland resource areas on the site are significant to Public Water "
              "Supply, Private Water Supply, Groundwater Supply, Flood Control, Storm Damage "
              "Prevention, Prevention of Pollution, Fisheries and Protection of Wildlife "
              "Habitat (310 CMR 10.55(1)).",
}
RDA_DECISIONS = ("negative_determination", "negative_determination", "positive_determination")


ENGINEERS = ("Dana Whitcomb", "Raj Patel", "Colleen Brady", "Marcus Ortega", "Helen Cho",
             "Paul Gagnon")
CONSULTANTS = ("Wetland Strategies, Inc.", "Goddard Consulting, LLC",
               "Oxbow Associates, Inc.")
NOTES = ("Applicant asked that the hearing be held after the school vacation week.",
         "Site walk with the agent before the hearing; flags checked along the wetland line.",
         "Revised plans promised before the continued hearing.",
         "Abutter at 14 Oak Street called with questions about drainage; referred to the plans.",
         "Paper copy of the plans kept in the flat file, drawer 3.")


def fake_sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()



def _article_number(serial: int) -> str:
    """A certified-mail number with a true check digit, grouped as the clerk's own entry
    is stored ("9407 1118 9876 5400 0003 32"): the tracking tab must accept it."""
    body = f"940711189876540{serial:06d}"
    digits = body + str(check_digit(body))
    return " ".join(digits[i:i + 4] for i in range(0, 22, 4))


class RecordWriter:
    def __init__(self, book: RowBook, rng: random.Random, people: PeopleSource, today: date,
                 town_id: str, town_name: str, place: DemoPlace, meeting_ids: dict[date, int],
                 present: dict[date, list[int]], member_names: dict[int, str],
                 condition_ids: list[int], abutters_per_filing: tuple[int, int]):
        self.book, self.rng, self.people, self.today = book, rng, people, today
        self.town_id, self.town_name, self.place = town_id, town_name, place
        self.meeting_ids, self.present, self.member_names = meeting_ids, present, member_names
        self.condition_ids = condition_ids
        self.abutters_per_filing = abutters_per_filing
        # The record's newer fields (engineer's name, consultant, notes, Land Court
        # documents) draw from their own generator, so the rest of the town is as before.
        self.extra = random.Random(f"{town_id}-record-fields")
        self.firms = [book.add(Party, name=f"{self.extra.choice(ENGINEERS)}, P.E.",
                               company=people.firm(), kind="person",
                               address_line1=people.street_address(),
                               city=place.business_city, zip=place.business_zip,
                               phone=f"508-555-01{n:02d}",
                               email=f"permits{n}@engineers.example.com")
                      for n in range(8)]
        # MassDEP's forms' plans and fee, from a generator of their own for the same reason.
        self.wpa = random.Random(f"{town_id}-wpa-forms")
        # A coastal town's NOIs on its coast, from a generator of their own (the inland
        # towns' demos stay as they were).
        self.coast = random.Random(f"{town_id}-coast") if town_id in COASTAL_TOWNS else None
        self.coast_used = False
        self.numbers: dict[int, int] = {}
        self.article = 0
        self.dep_no = 1000

    # -- people and places ----------------------------------------------------------
    def new_property(self) -> int:
        return self.book.add(
            Property, address=self.people.street_address(), map=str(self.rng.randint(1, 40)),
            lot=str(self.rng.randint(1, 300)), book=str(self.rng.randint(20000, 69999)),
            page=str(self.rng.randint(1, 350)), deeds_registry=self.place.registry,
            acres=f"{self.rng.uniform(0.2, 12):.2f}")

    def new_party(self, address: str) -> int:
        if self.rng.random() < 0.8:
            return self.book.add(Party, name=self.people.person(), address_line1=address,
                                 city=self.town_name, zip=self.place.zip_code,
                                 phone=f"508-555-{self.rng.randint(0, 9999):04d}")
        return self.book.add(Party, name=self.people.company(), kind="company",
                             address_line1=f"PO Box {self.rng.randint(10, 999)}",
                             city=self.place.business_city, zip=self.place.business_zip)

    # -- filings ----------------------------------------------------------------------
    def file_no(self, received: date) -> str:
        self.numbers[received.year] = self.numbers.get(received.year, 0) + 1
        return f"{received.year}-{self.numbers[received.year]:03d}"

    def write_filing(self, plan: FilingPlan) -> int:
        original = plan.original
        if original is not None:
            source = self.book.get(Filing, original.filing_id)
            property_id, applicant_id = source["property_id"], source["applicant_id"]
            owner_id, rep_id = source["owner_id"], source["representative_id"]
        else:
            property_id = self.new_property()
            address = self.book.get(Property, property_id)["address"]
            applicant_id = self.new_party(address)
            owner_id = applicant_id if self.rng.random() < 0.7 else self.new_party(address)
            rep_id = self.rng.choice(self.firms) if self.rng.random() < 0.6 else None
        dep = ""
        if plan.kind in ("noi", "anrad", "amendment"):
            self.dep_no += 1
            dep = f"{self.place.dep_prefix}-{self.dep_no:04d}"
        paid = plan.kind != "emergency" and plan.status != "void"
        land_court = plan.recorded is not None and self.extra.random() < 0.06
        waived = plan.kind == "rda" and self.rng.random() < 0.1
        reason = "no financial connection to the land (RDA)" if waived else ""
        if not waived and paid and self.extra.random() < 0.05:
            waived, reason = True, "filed by a town department"
        bond = plan.kind == "noi" and plan.issued is not None and self.rng.random() < 0.2
        # In the order the generator drew them before (the work, then the areas).
        work = self.people.work()
        areas_text = self._resource_areas(plan.kind, self.people.resource_areas())
        on_coast = self.coast is not None and areas_text in COASTAL_AREA_SETS
        plan.filing_id = self.book.add(
            Filing, file_no=self.file_no(plan.received), dep_file_no=dep, kind=plan.kind,
            town=self.town_id, status=plan.status, maintenance=plan.maintenance,
            applicant_id=applicant_id, owner_id=owner_id, representative_id=rep_id,
            property_id=property_id, original_id=original.filing_id if original else None,
            work_description=work,
            resource_areas=areas_text,
            received=plan.received, complete=plan.complete,
            boards_notified=plan.boards_notified, hearing=plan.hearing, closed=plan.closed,
            decided=plan.decided, issued=plan.issued, recorded=plan.recorded,
            recorded_book=str(self.rng.randint(60000, 69999))
            if plan.recorded and not land_court else "",
            recorded_page=str(self.rng.randint(1, 350))
            if plan.recorded and not land_court else "",
            recorded_document=str(self.extra.randint(1_100_000, 1_299_999)) if land_court
            else "",
            expires=plan.expires, commenced=plan.commenced, completed=plan.completed,
            occupancy=plan.occupancy,
            fee_cents=0 if waived or not paid else self.rng.choice((5000, 12500, 27500, 50000)),
            fee_paid_on=plan.received if paid and not waived else None, fee_waived=waived,
            fee_waiver_reason=reason,
            **self._consultant(plan,
                               250000 if plan.kind == "noi" and self.rng.random() < 0.08
                               else 0),
            notes=self.extra.choice(NOTES) if self.extra.random() < 0.15 else "",
            bond_cents=self.rng.choice((250000, 500000, 1000000)) if bond else 0,
            bond_form="passbook" if bond else "", bond_posted_on=plan.issued if bond else None,
            bond_released_on=plan.bond_released if bond else None,
            voided_at=(plan.received + timedelta(days=1)) if plan.status == "void" else None,
            void_reason=plan.void_reason,
            **self._plans_and_wpa_fee(plan, dep, rep_id, property_id),
            **(self._flood(areas_text) if on_coast else {}))
        self._areas(plan.filing_id, areas_text, on_coast)
        self._children(plan)
        return plan.filing_id

    def _plans_and_wpa_fee(self, plan: FilingPlan, dep: str, rep_id: int | None,
                           property_id: int) -> dict[str, object]:
        """The final plans (most filings name them; some leave the WPA form's lines
        blank) and, for a joint filing, the fee under the Act by the transmittal form's
        categories (1: $110, 2: $500, 3: $1,050)."""
        none: dict[str, object] = {"plan_title": "", "plan_prepared_by": "",
                                   "plan_stamped_by": "", "plan_dated": None,
                                   "plan_revised": None, "plan_scale": "", "wpa_fee_cents": 0}
        if plan.kind not in ("noi", "anrad", "amendment", "rda") or self.wpa.random() < 0.15:
            return none
        firm = self.book.get(Party, rep_id) if rep_id else None
        dated = plan.received - timedelta(days=self.wpa.randint(10, 60))
        revised = plan.closed - timedelta(days=self.wpa.randint(2, 9)) \
            if plan.closed and self.wpa.random() < 0.6 else None
        fields: dict[str, object] = {
            **none,
            "plan_title": f"Site Plan, {self.book.get(Property, property_id)['address']}",
            "plan_prepared_by": (firm.get("company") or firm["name"]) if firm
            else "the applicant (sketch plan)",
            "plan_stamped_by": firm["name"] if firm else "",
            "plan_dated": dated, "plan_revised": revised if revised and revised > dated
            else None,
            "plan_scale": self.wpa.choice(("1 in. = 20 ft", "1 in. = 40 ft", "1 in. = 30 ft")),
        }
        if dep and plan.kind != "amendment":
            fields["wpa_fee_cents"] = self.wpa.choice((11000, 50000, 50000, 105000))
        return fields

    def _areas(self, filing_id: int, text: str, on_coast: bool) -> None:
        """The filing's areas as codes; a coastal NOI with the amounts its applicant
        gives (linear feet of coastal bank, square feet of the rest)."""
        for area in areas_in_text(text):
            amount = None
            if on_coast and self.coast is not None and area.code != "buffer_zone":
                amount = float(self.coast.randint(20, 180) if area.unit == "linear_ft"
                               else self.coast.randrange(200, 6000, 50))
            self.book.add(FilingResourceArea, filing_id=filing_id, code=area.code,
                          amount=amount, unit=area.unit if amount is not None else "",
                          text=area.text)

    def _flood(self, text: str) -> dict[str, object]:
        """A coastal NOI's flood data: in LSCSF when it names it (zone AE or VE with a
        base flood elevation), otherwise zone X."""
        assert self.coast is not None
        if "Coastal Storm Flowage" not in text:
            return {"flood_zone": "X", "setting": "coastal"}
        velocity = self.coast.random() < 0.4
        return {"flood_zone": "VE" if velocity else "AE",
                "flood_elevation": str(self.coast.randint(11, 16) if velocity
                                       else self.coast.randint(8, 12)),
                "in_lscsf": True, "in_v_zone": velocity, "setting": "coastal"}

    def _resource_areas(self, kind: str, inland: str) -> str:
        """On the coast, about half the Notices of Intent are on coastal areas (the first
        on a coastal bank and salt marsh, so each coastal demo has one to print)."""
        if self.coast is None or kind != "noi":
            return inland
        first = not self.coast_used
        if not first and self.coast.random() >= 0.5:
            return inland
        self.coast_used = True
        return COASTAL_AREA_SETS[0] if first else self.coast.choice(COASTAL_AREA_SETS)

    def _consultant(self, plan: FilingPlan, cents: int) -> dict[str, object]:
        """A consultant review (MGL c.44 §53G) paid into its account two weeks in."""
        if not cents:
            return {"consultant_fee_cents": 0}
        paid = plan.received + timedelta(days=14)
        return {"consultant_fee_cents": cents, "consultant": self.extra.choice(CONSULTANTS),
                "consultant_fee_paid_on": paid if paid <= self.today else None}

    def _children(self, plan: FilingPlan) -> None:
        if plan.status == "void":
            return
        hearing_id = self._hearing(plan) if plan.kind in HEARING_KINDS else None
        if plan.kind in HEARING_KINDS:
            self._abutters(plan, hearing_id)
        if plan.waiver:
            self.book.add(HearingWaiver, filing_id=plan.filing_id, signed_by="the applicant",
                          signed_on=plan.received + timedelta(days=2),
                          received_on=plan.received + timedelta(days=3),
                          hearing_no_later_than=plan.hearing)
        if plan.kind == "coc":
            self.book.add(Inspection, filing_id=plan.filing_id, inspector=AGENT,
                          inspected_on=min(plan.received + days_between(self.rng, 2, 7),
                                           self.today),
                          findings="Site stable; work as permitted.")
        if plan.issued is not None:
            self._decision(plan)

    def _published(self, meeting_day: date) -> date | None:
        """The day the paper ran the hearing's notice; none yet if that day is ahead."""
        day = meeting_day - timedelta(days=self.rng.randint(8, 12))
        return day if day <= self.today else None

    def _hearing(self, plan: FilingPlan) -> int | None:
        if plan.booked is None:
            return None
        status = {"received": "scheduled", "hearing": "continued" if len(plan.sessions) > 1
                  else "open", "withdrawn": "withdrawn"}.get(plan.status, "closed")
        hearing_id = self.book.add(
            Hearing, filing_id=plan.filing_id, meeting_id=self.meeting_ids[plan.booked],
            status=status, legal_ad_newspaper="The Telegram & Gazette",
            legal_ad_published_on=self._published(plan.booked),
            opened_on=plan.hearing, closed_on=plan.closed)
        for before, after in zip(plan.sessions, plan.sessions[1:], strict=False):
            by_applicant = self.rng.random() < 0.7
            self.book.add(Continuance, hearing_id=hearing_id,
                          from_meeting_id=self.meeting_ids[before],
                          to_meeting_id=self.meeting_ids[after], continued_to=after,
                          requested_by="applicant" if by_applicant else "commission",
                          reason=self.rng.choice(("revised plans pending",
                                                  "awaiting DEP file number",
                                                  "site walk requested",
                                                  "peer review not complete")),
                          applicant_consent=by_applicant,
                          consent_received_on=before - timedelta(days=1) if by_applicant
                          else None)
        return hearing_id

    def _abutters(self, plan: FilingPlan, hearing_id: int | None) -> None:
        low, high = self.abutters_per_filing
        mailed = plan.received if plan.kind != "rda" else (plan.booked or plan.received) \
            - timedelta(days=10)
        mailed = max(min(mailed, self.today), plan.received)
        letter = self.book.add(GeneratedDocument, filing_id=plan.filing_id,
                               title="Abutter notice letters", template="abutter-letter.docx",
                               path=f"{self.book.get(Filing, plan.filing_id)['file_no']}/"
                                    "abutter-letters.docx",
                               created_at=_noon(mailed), created_by="JB",
                               sha256=fake_sha256(f"abutters {plan.filing_id}"))
        for _ in range(self.rng.randint(low, high)):
            away = self.rng.random() < 0.15
            abutter = self.book.add(
                # Tidied as an imported list is: "Sullivan, Rosa & Paul".
                Abutter, filing_id=plan.filing_id, owner_name=tidy_name(self.people.owner_name()),
                address_line1=self.people.street_address(),
                city="Boca Raton" if away else self.town_name, state="FL" if away else "MA",
                zip="33431" if away else self.place.zip_code,
                parcels=", ".join(f"{self.rng.randint(1, 40)}-{self.rng.randint(1, 300)}"
                                  for _ in range(self.rng.choice((1, 1, 1, 2)))),
                distance_ft=self.rng.randint(5, 300), source="Board of Assessors certified list")
            self.article += 1
            card = mailed + days_between(self.rng, 3, 12)
            self.book.add(AbutterNotice, abutter_id=abutter, hearing_id=hearing_id,
                          document_id=letter, method="certified",
                          certified_article_no=_article_number(self.article),
                          mailed_on=mailed,
                          green_card_returned_on=card if card <= self.today
                          and self.rng.random() < 0.85 else None)

    def _decision(self, plan: FilingPlan) -> None:
        assert plan.issued is not None and plan.decided is not None
        vote_id = None
        meeting_day = plan.decided
        if meeting_day in self.meeting_ids:
            present = self.present[meeting_day]
            motion = ("to deny" if plan.denied else "to issue") + f" ({plan.kind.upper()})"
            vote_id = self.book.add(Vote, meeting_id=self.meeting_ids[meeting_day],
                                    filing_id=plan.filing_id, motion=motion,
                                    moved_by_id=present[0], seconded_by_id=present[1],
                                    result="carried")
            for position, member in enumerate(present):
                choice = "no" if position == len(present) - 1 and self.rng.random() < 0.2 \
                    else "yes"
                self.book.add(MemberVote, vote_id=vote_id, member_id=member, choice=choice)
        kind = self._decision_kind(plan)
        signers = self.present.get(meeting_day) or list(self.member_names)[:3]
        denial_kind = self.rng.choice(("procedural", "substantive")) if plan.denied \
            else None
        decision = self.book.add(
            Decision, filing_id=plan.filing_id, kind=kind, vote_id=vote_id,
            decided_on=plan.decided, issued_on=plan.issued,
            signed_by="\n".join(self.member_names[m] for m in signers[:3]),
            denial_kind=denial_kind,
            # the reason must fit the kind: Form 5 ticks box b or c from the kind
            reasons=DENIAL_REASONS.get(denial_kind or "", ""),
            findings=FINDINGS.get(kind, ""))
        if kind in ("order_of_conditions", "amended_order"):
            chosen = sorted(self.rng.sample(self.condition_ids, self.rng.randint(5, 8)))
            number = 0
            for number, library_id in enumerate(chosen, start=1):
                self.book.add(Condition, decision_id=decision, number=number, kind="standard",
                              standard_condition_id=library_id,
                              text=CONDITIONS[library_id - 1])
            for extra in range(self.rng.randint(0, 3)):
                self.book.add(Condition, decision_id=decision, number=number + extra + 1,
                              kind="special", text=self.rng.choice(SPECIAL),
                              continuing=self.rng.random() < 0.3)
        file_no = self.book.get(Filing, plan.filing_id)["file_no"]
        self.book.add(GeneratedDocument, filing_id=plan.filing_id, title=kind.replace("_", " "),
                      template=f"{kind}.docx", path=f"{file_no}/{kind}.docx",
                      created_at=_noon(plan.issued), created_by="JB",
                      sha256=fake_sha256(f"{file_no} {kind}"))

    def _decision_kind(self, plan: FilingPlan) -> str:
        if plan.kind == "rda":
            return self.rng.choice(RDA_DECISIONS)
        if plan.denied:
            return DENIAL_DECISION.get(plan.kind, "denial")
        return PERMIT_DECISION[plan.kind]


def _noon(day: date) -> datetime:
    """The time a document was printed, in UTC (noon in Massachusetts)."""
    return datetime(day.year, day.month, day.day, 16, 0)
