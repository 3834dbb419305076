"""What the filing's form holds: the parties' names and mailing addresses, the
property, the dates, fees and plans the clerk types; ids are None until saved.
Plain values, safe to hand to another thread."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from concom_desk.domain.resource_areas import NamedArea


@dataclass
class MailingAddress:
    """A party's address in the parts an envelope needs (the store keeps the same parts)."""

    street: str = ""
    street2: str = ""
    city: str = ""
    state: str = "MA"
    zip: str = ""

    def is_empty(self) -> bool:
        return not (self.street.strip() or self.street2.strip() or self.city.strip()
                    or self.zip.strip())

    def one_line(self) -> str:
        place = " ".join(p for p in (f"{self.city}," if self.city else "", self.state,
                                     self.zip) if p).strip().rstrip(",")
        return ", ".join(p for p in (self.street, self.street2, place) if p)


@dataclass
class FilingForm:
    """What the new/edit form holds; ids are None for a record not yet saved.

    Applicant and owner addresses come in parts (`*_mail`); the one-line
    `*_address` is for callers that have only typed text (the command line),
    split by the parser when the parts are empty."""

    kind: str = "noi"
    file_no: str = ""
    dep_file_no: str = ""
    # The laws it is under (domain/laws.py: "both", "act", "bylaw"); empty: the town's
    # default. `town` is the commission's (or the filing's), for the form's choices.
    laws: str = ""
    town: str = ""
    applicant: str = ""
    applicant_address: str = ""
    applicant_mail: MailingAddress = field(default_factory=MailingAddress)
    applicant_phone: str = ""
    applicant_email: str = ""
    owner: str = ""
    owner_address: str = ""
    owner_mail: MailingAddress = field(default_factory=MailingAddress)
    # The representative or engineer who speaks for the applicant.
    representative: str = ""
    representative_company: str = ""
    representative_mail: MailingAddress = field(default_factory=MailingAddress)
    representative_phone: str = ""
    representative_email: str = ""
    address: str = ""
    map_lot: str = ""
    work_description: str = ""
    resource_areas: str = ""  # named in the legal notice, the abutter letter and the permit
    # The areas as codes with amounts (the form's table); None: a caller that gives
    # only the text above, whose words are read into codes.
    areas: tuple[NamedArea, ...] | None = None
    # The site's flood data (domain/flood_data.py).
    flood_zone: str = ""
    flood_elevation: str = ""
    in_lscsf: bool = False
    in_v_zone: bool = False
    in_riverfront: bool = False
    setting: str = ""
    parent_file_no: str = ""
    received: date | None = None
    hearing: date | None = None
    closed: date | None = None
    issued: date | None = None
    # The day the notice went to the other boards: meets the "send to the boards" clock.
    boards_notified: date | None = None
    # Fees. A waived fee keeps its reason (a public body, hardship…).
    fee_cents: int = 0
    fee_paid_on: date | None = None
    fee_waived: bool = False
    fee_waiver_reason: str = ""
    # The consultant review fee the applicant pays into the MGL c.44 §53G account.
    consultant: str = ""
    consultant_fee_cents: int = 0
    consultant_fee_paid_on: date | None = None
    bond_cents: int = 0
    bond_form: str = ""  # "passbook", "surety bond", "cash"…
    bond_posted_on: date | None = None
    bond_released_on: date | None = None
    # Where the permit is recorded: Registry book and page, or a Land Court document.
    recorded: date | None = None
    recorded_book: str = ""
    recorded_page: str = ""
    recorded_document: str = ""
    notes: str = ""
    # What MassDEP's WPA forms print: the final plans and the fee under the Act.
    plan_title: str = ""
    plan_prepared_by: str = ""
    plan_stamped_by: str = ""
    plan_dated: date | None = None
    plan_revised: date | None = None
    plan_scale: str = ""
    wpa_fee_cents: int = 0
    id: int | None = None
    # Why the permit extension acts do not apply (shown, not edited, by the form:
    # it is set on the record by "Extension acts…", an audited change of its own).
    acts_not_covered: str = ""
    # How many times the filing, and each party it names (by id), had been saved when
    # the form read them: a save from an older read is refused (store.record_versions).
    # None / empty: nothing was read first (a new filing, a one-shot command).
    version: int | None = None
    party_versions: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PartyChoice:
    name: str
    address: str
    mail: MailingAddress = field(default_factory=MailingAddress)
    company: str = ""
    phone: str = ""
    email: str = ""


@dataclass(frozen=True)
class PropertyChoice:
    address: str
    map_lot: str


@dataclass(frozen=True)
class OnFile:
    """Every party and property on file, for a form's names and addresses to complete
    from: kept as strings and tuples of strings, and made into a choice only for the
    name or address chosen. (As 80,000 objects, a 4x town's made Python's cycle
    collector stop the window some 70 ms as the form opened: bench/freeze.py; tuples
    of strings it sets aside after one look.)"""

    # name -> (address as the envelope prints it, street, street 2, city, state, zip,
    # company, phone, email)
    parties: dict[str, tuple[str, ...]] = field(default_factory=dict)
    properties: dict[str, str] = field(default_factory=dict)  # address -> map/lot

    def party(self, name: str) -> PartyChoice | None:
        found = self.parties.get(name)
        if found is None:
            return None
        address, street, street2, city, state, code, company, phone, email = found
        return PartyChoice(name, address, MailingAddress(street, street2, city, state, code),
                           company, phone, email)

    def property(self, address: str) -> PropertyChoice | None:
        map_lot = self.properties.get(address)
        return None if map_lot is None else PropertyChoice(address, map_lot)
