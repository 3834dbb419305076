"""Where each demo commission sits: the ZIP, Registry of Deeds and newspaper its letters
and recorded papers name, so that a demo of Sandwich reads as Sandwich."""

from __future__ import annotations

from dataclasses import dataclass

from concom_desk.services.commission.settings import TOWN_DEEDS_REGISTRY


@dataclass(frozen=True)
class DemoPlace:
    """Where a demo commission sits: what its letters and recorded papers name."""

    zip_code: str
    newspaper: str  # where its legal notices are published
    # the Registry of Deeds district its permits are recorded at (the town's, as the
    # wizard offers it)
    registry: str
    # MassDEP's file numbers: the region's letters (the town's MassDEP office) and a
    # town number, invented for the demo
    dep_prefix: str
    # where the demo's companies and engineers keep their offices
    business_city: str
    business_zip: str


# Each profiled town's own (a Sandwich demo records at Barnstable, not Worcester South);
# the state default's invented Millbrook keeps Upton's.
DEMO_PLACES = {town: DemoPlace(zip_code, newspaper, TOWN_DEEDS_REGISTRY[town], dep, *office)
               for town, zip_code, newspaper, dep, office in (
                   ("upton", "01568", "The Telegram & Gazette", "CE 313",
                    ("Worcester", "01608")),
                   ("bourne", "02532", "The Bourne Enterprise", "SE 136",
                    ("Hyannis", "02601")),
                   ("sandwich", "02563", "The Sandwich Enterprise", "SE 282",
                    ("Hyannis", "02601")),
                   ("nantucket", "02554", "The Inquirer and Mirror", "SE 248",
                    ("Nantucket", "02554")),
                   ("shutesbury", "01072", "Daily Hampshire Gazette", "WE 305",
                    ("Amherst", "01002")))}
MILLBROOK = DEMO_PLACES["upton"]


# The towns on the coast, whose bylaws name coastal areas (Nantucket ch. 136, Sandwich
# ch. 7, Bourne Art. 3.7 and BWR 1.02): their demo Notices of Intent include filings on
# a coastal bank, salt marsh, dune or land subject to coastal storm flowage.
COASTAL_TOWNS = frozenset({"nantucket", "sandwich", "bourne"})
# What a coastal demo NOI is filed on: each as the filing names its resource areas.
COASTAL_AREA_SETS = (
    "Coastal Bank, Salt Marsh, 100-foot Buffer Zone",
    "Coastal Bank, Salt Marsh, Land Subject to Coastal Storm Flowage",
    "Coastal Dune, Coastal Beach, Land Subject to Coastal Storm Flowage",
    "Land Containing Shellfish, Land Under the Ocean",
    "Salt Marsh, Land Subject to Coastal Storm Flowage",
)
