"""Finding the people and land already on file, so nobody types them twice.

A name or street address typed in a form is matched, ignoring case and spacing,
against what is stored; only when nothing matches is a new party or property
added. A stored address is filled in when it was empty, never overwritten
silently: other filings' letters go to it too.
"""

from __future__ import annotations

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from concom_desk.domain.abutters.addresses import split_address
from concom_desk.services.filings.form import MailingAddress
from concom_desk.store.models import Party, Property


def find_or_add_party(session: Session, name: str, address: str) -> Party:
    wanted = " ".join(name.split())
    # One row asked for: `.first()` alone would make an object of every party of that
    # name first (905 of one name in the 4x town: 160 ms of a save).
    party = session.scalars(select(Party).where(func.lower(Party.name) == wanted.lower())
                            .limit(1)).first()
    if party is None:
        party = Party(name=wanted, kind="person", **split_address(address))
        session.add(party)
    elif address.strip() and not party.address_line1:
        for key, value in split_address(address).items():
            setattr(party, key, value)
    return party


def address_parts(mail: MailingAddress) -> dict[str, str]:
    return {"address_line1": mail.street.strip(), "address_line2": mail.street2.strip(),
            "city": mail.city.strip(), "state": mail.state.strip().upper(),
            "zip": mail.zip.strip()}


def mailing_address(party: Party) -> MailingAddress:
    return MailingAddress(party.address_line1, party.address_line2, party.city, party.state,
                          party.zip)


def party_from_form(session: Session, name: str, mail: MailingAddress, typed: str = "",
                    **contact: str) -> Party:
    """The party a form names, with the address in parts as the form showed it.

    The form opens with the address on file, so parts that differ were changed by
    the clerk on purpose (the window says beforehand that other filings' letters
    follow). Only `typed` one-line text (the command line) keeps the older rule:
    it fills an empty address and never overwrites one. `contact`: company, phone,
    email, each written when given."""
    if mail.is_empty():
        party = find_or_add_party(session, name, typed)
    else:
        party = find_or_add_party(session, name, "")
        for key, value in address_parts(mail).items():
            if getattr(party, key) != value:
                setattr(party, key, value)
    for key, value in contact.items():
        if value.strip() and getattr(party, key) != value.strip():
            setattr(party, key, value.strip())
    return party


def find_or_add_property(session: Session, address: str, map_lot: str,
                         current: Property | None = None) -> Property:
    """The land at `address` (any case and spacing) and `map_lot`: `current` (the
    filing's own) when it is that land; else the parcel on file with both; else one at
    that address with no map and lot yet, given them; else, with no map and lot typed,
    the first at that address; else a new parcel. A street address is not a parcel:
    one address can stand on several lots (2,704 addresses of the large demo town do),
    and matching by the address alone moved a filing to another lot when its form was
    saved unchanged."""
    wanted = " ".join(address.split())
    map_no, _, lot = map_lot.strip().partition("-")
    map_no, lot = map_no.strip(), lot.strip()
    typed = bool(map_no or lot)
    if (current is not None and " ".join(current.address.split()).lower() == wanted.lower()
            and (not typed or (current.map, current.lot) == (map_no, lot))):
        return current
    at_address = select(Property).where(func.lower(Property.address) == wanted.lower())
    land = None
    if typed:
        land = session.scalars(at_address.where(Property.map == map_no, Property.lot == lot)
                               .limit(1)).first()
        if land is None:
            land = session.scalars(at_address.where(Property.map == "", Property.lot == "")
                                   .limit(1)).first()
            if land is not None:
                land.map, land.lot = map_no, lot
    else:
        land = session.scalars(at_address.limit(1)).first()
    if land is None:
        land = Property(address=wanted, map=map_no, lot=lot)
        session.add(land)
    return land
