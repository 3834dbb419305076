"""The names and addresses a filing's form completes from: every party and property on
file, in order, each address as its envelope prints it (read as columns, not records)."""

from __future__ import annotations

from concom_desk.services.filings.editing import party_choices, property_choices
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
    assert party_choices(db) == [
        PartyChoice("Blackstone Valley Engineering", "40 Mill Road, Suite 2, Grafton, MA 01519",
                    MailingAddress("40 Mill Road", "Suite 2", "Grafton", "MA", "01519"),
                    "BVE", "", "office@bve.example"),
        PartyChoice("Walter Stone", "c/o Stone Family Trust, PO Box 77, Naples, FL 34102",
                    MailingAddress("PO Box 77", "", "Naples", "FL", "34102"),
                    "", "239-555-0101", ""),
    ]
    assert property_choices(db) == [PropertyChoice("1 Main Street", ""),
                                    PropertyChoice("12 Pond Road", "14-22")]
