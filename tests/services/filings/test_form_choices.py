"""The names and addresses a filing's form completes from: every party and property on
file, each address as its envelope prints it (read as columns, not records, and kept as
strings until one is chosen)."""

from __future__ import annotations

import gc

from concom_desk.services.filings.editing import on_file
from concom_desk.services.filings.form import MailingAddress, PartyChoice, PropertyChoice
from concom_desk.store import Database
from concom_desk.store.models import Party, Property


def test_every_party_and_property_on_file_is_offered_as_its_envelope_reads(db: Database
                                                                          ) -> None:
    with db.session() as session:
        session.add_all([
            Party(name="Walter Stone", care_of="Stone Family Trust", address_line1="PO Box 77",
                  city="Naples", state="FL", zip="34102", phone="239-555-0101"),
            Party(name="Blackstone Valley Engineering", company="BVE",
                  address_line1="40 Mill Road", address_line2="Suite 2", city="Grafton",
                  zip="01519", email="office@bve.example"),
            Property(address="12 Pond Road", map="14", lot="22"),
            Property(address="1 Main Street"),
        ])
    found = on_file(db)
    assert sorted(found.parties) == ["Blackstone Valley Engineering", "Walter Stone"]
    assert found.party("Blackstone Valley Engineering") == PartyChoice(
        "Blackstone Valley Engineering", "40 Mill Road, Suite 2, Grafton, MA 01519",
        MailingAddress("40 Mill Road", "Suite 2", "Grafton", "MA", "01519"),
        "BVE", "", "office@bve.example")
    assert found.party("Walter Stone") == PartyChoice(
        "Walter Stone", "c/o Stone Family Trust, PO Box 77, Naples, FL 34102",
        MailingAddress("PO Box 77", "", "Naples", "FL", "34102"), "", "239-555-0101", "")
    assert found.party("Nobody on file") is None
    assert sorted(found.properties) == ["1 Main Street", "12 Pond Road"]
    assert found.property("12 Pond Road") == PropertyChoice("12 Pond Road", "14-22")
    assert found.property("1 Main Street") == PropertyChoice("1 Main Street", "")


def test_what_is_on_file_leaves_the_cycle_collector_nothing_to_walk(db: Database) -> None:
    """A 4x town's 80,000 names and addresses as objects made the collector stop the
    window some 70 ms as a form opened: kept as strings and tuples of strings, they are
    set aside by its first look."""
    with db.session() as session:
        session.add_all([Party(name=f"Owner {n}", address_line1=f"{n} Elm Street",
                               city="Upton") for n in range(300)])
    found = on_file(db)
    gc.collect()
    rows = list(found.parties.values())
    assert len(rows) == 300 and not any(gc.is_tracked(row) for row in rows)
    assert not gc.is_tracked(found.properties)
