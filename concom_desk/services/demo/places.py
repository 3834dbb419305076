"""Where each demo commission sits: the ZIP, Registry of Deeds and newspaper its letters
and recorded papers name, so that a demo of Sandwich reads as Sandwich."""

from __future__ import annotations

from dataclasses import dataclass, replace

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
    # The town centre (latitude, longitude; from the USGS place names): the demo's
    # drawn parcels lie there, so a form's latitude and longitude read as the town's.
    centre: tuple[float, float]
    # The town's number in MassGIS's parcel downloads (M###TaxPar); 1 for Millbrook.
    massgis_id: int


# Each profiled town's own (a Sandwich demo records at Barnstable, not Worcester South);
# the state default's invented Millbrook keeps Upton's.
DEMO_PLACES = {town: DemoPlace(zip_code, newspaper, TOWN_DEEDS_REGISTRY[town], dep, *office,
                               centre, massgis_id)
               for town, zip_code, newspaper, dep, office, centre, massgis_id in (
                   ("upton", "01568", "The Telegram & Gazette", "CE 313",
                    ("Worcester", "01608"), (42.1747, -71.6023), 304),
                   ("bourne", "02532", "The Bourne Enterprise", "SE 136",
                    ("Hyannis", "02601"), (41.7412, -70.5989), 36),
                   ("sandwich", "02563", "The Sandwich Enterprise", "SE 282",
                    ("Hyannis", "02601"), (41.7590, -70.4939), 261),
                   ("nantucket", "02554", "The Inquirer and Mirror", "SE 248",
                    ("Nantucket", "02554"), (41.2835, -70.0995), 197),
                   ("shutesbury", "01072", "Daily Hampshire Gazette", "WE 305",
                    ("Amherst", "01002"), (42.4562, -72.4101), 270))}
MILLBROOK = replace(DEMO_PLACES["upton"], massgis_id=1)
