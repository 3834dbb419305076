"""Editing a filing: the form Edit opens with, saving it with its parties and
property, and changing its status where the law allows. Every write is one
transaction, recorded by the store's audit trail; every refusal is a UserError in
plain words."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import Session, object_session

from concom_desk.domain.amounts import checked_amount
from concom_desk.domain.file_numbers import checked_file_number, next_file_number
from concom_desk.domain.flood_data import FloodData
from concom_desk.domain.laws import ACT, STATE_TOWN, default_under, under_problem
from concom_desk.domain.plain_text import without_control_characters
from concom_desk.domain.resource_areas import NamedArea, areas_in_text
from concom_desk.domain.status_rules import (
    EVENT_OF_STATUS,
    ParentPermit,
    Status,
    StatusFacts,
    check_status_change,
)
from concom_desk.domain.town_profile import TownProfile
from concom_desk.errors import UserError
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.filings.decisions import DecisionEntry, record_decision
from concom_desk.services.filings.filing_clock import FilingClock
from concom_desk.services.filings.form import (
    FilingForm,
    MailingAddress,
    OnFile,
)
from concom_desk.services.filings.parties import (
    find_or_add_property,
    mailing_address,
    party_from_form,
)
from concom_desk.services.filings.resource_areas import (
    areas_text,
    set_filing_areas,
    stored_areas,
)
from concom_desk.store import Database
from concom_desk.store.models import CommissionSettings, Filing, Party, Property
from concom_desk.store.models.parties import envelope_lines, map_lot_of
from concom_desk.store.record_versions import refuse_if_changed


def status_facts(filing: Filing, profiles: Mapping[str, TownProfile] | None = None
                 ) -> StatusFacts:
    """What the law's status rules are asked with: `change_status` refuses by them, and
    the record carries them so the window offers only the changes it would allow."""
    parent = None
    before, allowed, citation = 0, None, ""
    if filing.original is not None:
        o = filing.original
        parent = ParentPermit(o.file_no, o.status, o.issued, o.expires)
        if filing.kind == "extension":
            # The extensions the same permit already has: a town's count is per permit.
            before = sum(1 for other in o.follow_ups if other.kind == "extension"
                         and other.id != filing.id and other.issued is not None
                         and other.status != "void")
            profile = (profiles if profiles is not None else available_profiles()).get(
                filing.town)
            if profile is not None:
                allowed, citation = profile.extensions_allowed, profile.extensions_citation
    return StatusFacts(kind=filing.kind, status=filing.status, received=filing.received,
                       hearing=filing.hearing, closed=filing.closed, issued=filing.issued,
                       expires=filing.expires, parent=parent, extensions_before=before,
                       extensions_allowed=allowed, extensions_citation=citation)


# Columns the form shows and saves as they are (no party, property or parent to look up).
RECORD_COLUMNS = (
    "boards_notified", "fee_cents", "fee_paid_on", "fee_waived", "fee_waiver_reason",
    "consultant", "consultant_fee_cents", "consultant_fee_paid_on", "bond_cents", "bond_form",
    "bond_posted_on", "bond_released_on", "recorded", "recorded_book", "recorded_page",
    "recorded_document", "notes",
    "plan_title", "plan_prepared_by", "plan_stamped_by", "plan_dated", "plan_revised",
    "plan_scale", "wpa_fee_cents",
    "flood_zone", "flood_elevation", "in_lscsf", "in_v_zone", "in_riverfront", "setting",
)


def _areas_of(filing: Filing) -> tuple[NamedArea, ...]:
    """The filing's rows; a filing written without them (by a script) as its text
    reads, so a save from the form does not drop what the text names."""
    session = object_session(filing)
    stored = stored_areas(session, filing.id) if session is not None and filing.id else []
    return tuple(stored or areas_in_text(filing.resource_areas or ""))


def form_of(filing: Filing) -> FilingForm:
    """The filing as its form shows it, with the versions a save is checked against."""
    def address(party: Party | None) -> str:
        return ", ".join(party.address_lines()) if party else ""

    separate_owner = filing.owner is not None and filing.owner_id != filing.applicant_id
    rep = filing.representative
    return FilingForm(
        id=filing.id, kind=filing.kind, file_no=filing.file_no, dep_file_no=filing.dep_file_no,
        laws=filing.laws, town=filing.town,
        applicant=filing.applicant.name if filing.applicant else "",
        applicant_address=address(filing.applicant),
        applicant_mail=mailing_address(filing.applicant) if filing.applicant
        else MailingAddress(),
        applicant_phone=filing.applicant.phone if filing.applicant else "",
        applicant_email=filing.applicant.email if filing.applicant else "",
        owner=filing.owner.name if filing.owner and separate_owner else "",
        owner_address=address(filing.owner) if separate_owner else "",
        owner_mail=mailing_address(filing.owner) if filing.owner and separate_owner
        else MailingAddress(),
        representative=rep.name if rep else "",
        representative_company=rep.company if rep else "",
        representative_mail=mailing_address(rep) if rep else MailingAddress(),
        representative_phone=rep.phone if rep else "",
        representative_email=rep.email if rep else "",
        address=filing.property.address if filing.property else "",
        map_lot=filing.property.map_lot if filing.property else "",
        work_description=filing.work_description,
        resource_areas=filing.resource_areas or "",
        areas=_areas_of(filing),
        parent_file_no=filing.original.file_no if filing.original else "",
        received=filing.received, hearing=filing.hearing, closed=filing.closed,
        issued=filing.issued, acts_not_covered=filing.acts_not_covered or "",
        **{name: getattr(filing, name) for name in RECORD_COLUMNS},
        version=filing.version,
        party_versions={p.id: p.version for p in (filing.applicant, filing.owner, rep)
                        if p is not None},
    )


def _laws(form: FilingForm, town: str) -> str:
    """The laws the form says, or the town's default; on the state default the Act alone
    (there is no bylaw to be under)."""
    laws = form.laws.strip() or default_under(town)
    problem = under_problem(laws)
    if problem:
        raise UserError(problem)
    return ACT if town == STATE_TOWN else laws


def _town(session: Session) -> str:
    settings = session.scalars(select(CommissionSettings)).first()
    return settings.town if settings else STATE_TOWN


def store_expiry(filing: Filing) -> None:
    """Store the expiry in force: an issued permit's is the commission's clock's (from
    the issue date, as the permit extension acts move it), so the expiry watch, the
    annual report and the record count from the same date; an amendment runs with the
    original's term."""
    if filing.kind == "amendment":
        filing.expires = filing.original.expires if filing.original is not None else None
        return
    if filing.issued is None:
        return
    session = object_session(filing)
    if session is None:
        clock = FilingClock(available_profiles())
    else:
        with session.no_autoflush:  # the form's half-set row is flushed by the save
            clock = FilingClock.read(session, [filing.id])
    if not clock.counts(filing.facts()):
        return
    expiry = clock.expiry(filing.facts())
    if expiry is not None:
        filing.expires = expiry.date


def _refuse_bad_record_fields(form: FilingForm) -> None:
    """The form checks these as they are typed; a caller without the form (the
    command line, a script) gets the same refusals in one line."""
    if min(form.fee_cents, form.consultant_fee_cents, form.bond_cents,
           form.wpa_fee_cents) < 0:
        raise UserError("a fee or bond amount cannot be negative")
    for cents, what in ((form.fee_cents, "the filing fee"),
                        (form.consultant_fee_cents, "the consultant's fee"),
                        (form.bond_cents, "the bond"),
                        # The Act's fee too: ten million dollars is also what keeps a slip
                        # of the keyboard out of the server's integer column.
                        (form.wpa_fee_cents, "the fee under the Act")):
        checked_amount(cents, what)
    if form.dep_file_no.strip():
        checked_file_number(form.dep_file_no, "the DEP file number")
    if form.parent_file_no.strip():
        checked_file_number(form.parent_file_no, "the permit's file number")
    flood = FloodData(form.flood_zone, form.flood_elevation.strip(), form.in_lscsf,
                      form.in_v_zone, form.in_riverfront, form.setting).problem()
    if flood:
        raise UserError(flood)
    if form.fee_waived and not form.fee_waiver_reason.strip():
        raise UserError("a waived fee needs the reason it was waived")
    if form.boards_notified and form.received and form.boards_notified < form.received:
        raise UserError(f"the boards cannot be notified ({form.boards_notified}) before the "
                        f"filing was received ({form.received})")


def _plain_form(form: FilingForm) -> FilingForm:
    """The form with characters no document can hold dropped from every text."""
    def plain(value: object) -> object:
        if isinstance(value, str):
            return without_control_characters(value)
        if isinstance(value, MailingAddress):
            return dataclasses.replace(value, **{
                f.name: without_control_characters(getattr(value, f.name))
                for f in dataclasses.fields(value) if isinstance(getattr(value, f.name), str)})
        return value

    return dataclasses.replace(form, **{f.name: plain(getattr(form, f.name))
                                        for f in dataclasses.fields(form)})


def _refuse_changed_people(session: Session, form: FilingForm, file_no: str,
                           people: Mapping[str, Party | None]) -> None:
    """A party's address and phone are shared by all its filings: a form that read
    them before another desk saved them would put the old ones back. Refused only
    when this save would change the party (the same values write nothing)."""
    for role, party in people.items():
        if (party is not None and party.id in form.party_versions
                and session.is_modified(party)):
            refuse_if_changed(session, party, form.party_versions[party.id],
                              f"{file_no}'s {role} {party.name}")


def save_filing(db: Database, form: FilingForm) -> int:
    """Add or update a filing with its parties and property, in one transaction."""
    form = _plain_form(form)
    file_no = checked_file_number(form.file_no)
    _refuse_bad_record_fields(form)
    with db.session() as session:
        taken = session.scalars(select(Filing).where(func.lower(Filing.file_no)
                                                     == file_no.lower())).first()
        if taken is not None and taken.id != form.id:
            raise UserError(f"file number {file_no} is already used by another filing "
                            f"({taken.kind.upper()}, received {taken.received}); "
                            "choose another number")
        if form.id is None:
            filing = Filing(file_no=file_no, kind=form.kind, town=_town(session),
                            status="received", maintenance=False)
        else:
            filing = session.get(Filing, form.id)
            if filing is None:
                raise UserError("this filing is no longer in the database")
            refuse_if_changed(session, filing, form.version, filing.file_no)
        parent = None
        if form.parent_file_no.strip():
            parent = session.scalars(select(Filing).where(
                func.lower(Filing.file_no) == form.parent_file_no.strip().lower())).first()
            if parent is None:
                raise UserError(f"there is no permit with file number {form.parent_file_no}; "
                                "check the number on the permit")
        applicant = party_from_form(session, form.applicant, form.applicant_mail,
                                    form.applicant_address, phone=form.applicant_phone,
                                    email=form.applicant_email)
        owner = (party_from_form(session, form.owner, form.owner_mail, form.owner_address)
                 if form.owner.strip() else applicant)
        representative = (party_from_form(
            session, form.representative, form.representative_mail,
            company=form.representative_company, phone=form.representative_phone,
            email=form.representative_email) if form.representative.strip() else None)
        _refuse_changed_people(session, form, file_no, {
            "applicant": applicant, "owner": owner, "representative": representative})
        land = (find_or_add_property(session, form.address, form.map_lot, filing.property)
                if form.address.strip() else None)
        filing.file_no = file_no
        session.add(filing)
        filing.dep_file_no = form.dep_file_no
        filing.laws = _laws(form, filing.town)
        filing.applicant = applicant
        filing.owner = owner
        filing.representative = representative
        filing.property = land
        filing.original = parent
        filing.work_description = form.work_description
        text_changed = filing.resource_areas != form.resource_areas
        # The text first, so that the filing is written once (its rows follow, below).
        with session.no_autoflush:  # its rows are read: the filing is not written half-set
            filing.resource_areas = (form.resource_areas if form.areas is None
                                     else areas_text(session, filing, form.areas))
        filing.received = form.received
        filing.hearing = form.hearing
        filing.closed = form.closed
        filing.issued = form.issued
        for name in RECORD_COLUMNS:
            value = getattr(form, name)
            setattr(filing, name, value.strip() if isinstance(value, str) else value)
        store_expiry(filing)
        session.flush()
        if form.areas is not None:
            set_filing_areas(session, filing, form.areas)
        elif text_changed or form.id is None:
            # A caller with only the text (a script, the command line): its words read
            # into codes; unchanged text leaves the rows and their amounts alone.
            set_filing_areas(session, filing, areas_in_text(form.resource_areas),
                             text=form.resource_areas)
        session.flush()
        return filing.id


def change_status(db: Database, filing_id: int, new_status: str, on: date,
                  decision: DecisionEntry | None = None) -> None:
    """Move a filing to a new status if the law allows it, recording the date of the event
    (the day the hearing opened or closed, the day of issuance) when not yet known, and
    the decision an issuance, a denial or a certificate is (`decision`: what the clerk
    said of it; without it, the usual decision of the filing's kind), all in one
    transaction."""
    with db.session() as session:
        filing = session.get(Filing, filing_id)
        if filing is None:
            raise UserError("this filing is no longer in the database")
        reason = check_status_change(status_facts(filing), new_status, on)
        if reason:
            raise UserError(reason)
        target = Status(new_status)
        event = EVENT_OF_STATUS.get(target)
        if event and getattr(filing, event) is None:
            setattr(filing, event, on)
        if target in (Status.ISSUED, Status.DENIED) and filing.decided is None:
            filing.decided = on
        if target == Status.ISSUED:
            store_expiry(filing)
        filing.status = target.value
        if target == Status.ISSUED and filing.kind == "coc" and filing.original is not None:
            # The certificate closes out the permit it certifies, in the same transaction.
            permit = filing.original
            if check_status_change(status_facts(permit), Status.COMPLIANCE_CERTIFIED, on) is None:
                permit.status = Status.COMPLIANCE_CERTIFIED.value
        # After the status changes are written, so their audit entries stay side by side
        # (an undo of a certificate finds the close-out of its permit beside its own).
        session.flush()
        record_decision(session, filing, target.value, on, decision)


def suggested_file_number(db: Database, today: date) -> str:
    """The next number in the commission's own pattern for a new filing ('' when its
    numbers follow none): offered on the form, the clerk's to change."""
    with db.read_session() as session:
        numbers = list(session.scalars(select(Filing.file_no).order_by(Filing.id)))
    suggested = next_file_number(numbers, today.year)
    return "" if suggested in numbers else suggested


def on_file(db: Database) -> OnFile:
    """Every party and property on file, for a form's names and addresses to complete
    from: read as columns, not as records (45,000 parties and 36,000 properties at 4x
    took 3.5 s as records, behind the open form, holding the interpreter the window
    shares), each row kept as a tuple of strings (services/filings/form.OnFile)."""
    with db.read_session() as session:
        parties = {
            name: (", ".join(envelope_lines(care, line1, line2, city, state, code)),
                   line1, line2, city, state, code, company, phone, email)
            for name, care, line1, line2, city, state, code, company, phone, email
            in session.execute(select(
                Party.name, Party.care_of, Party.address_line1, Party.address_line2,
                Party.city, Party.state, Party.zip, Party.company, Party.phone,
                Party.email).order_by(Party.name))}
        properties = {address: map_lot_of(map_no, lot) for address, map_no, lot
                      in session.execute(select(Property.address, Property.map, Property.lot)
                                         .order_by(Property.address))}
    return OnFile(parties, properties)
