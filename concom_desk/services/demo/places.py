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


# Each profiled town's own (a Sandwich demo records at Barnstable, not Worcester South);
# the state default's invented Millbrook keeps Upton's.
DEMO_PLACES = {town: DemoPlace(zip_code, newspaper, TOWN_DEEDS_REGISTRY[town]) for
               town, zip_code, newspaper in (
                   ("upton", "01568", "The Telegram & Gazette"),
                   ("bourne", "02532", "The Bourne Enterprise"),
                   ("sandwich", "02563", "The Sandwich Enterprise"),
                   ("nantucket", "02554", "The Inquirer and Mirror"),
                   ("shutesbury", "01072", "Daily Hampshire Gazette"))}
MILLBROOK = DEMO_PLACES["upton"]
