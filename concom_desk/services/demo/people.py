"""Names, streets and firms for the demo town: plausible, invented, never real people."""

from __future__ import annotations

import random

# The commission's agent, who inspects the sites: a person's name on the papers (a
# Certificate of Compliance's "Site inspection by"), not only the title.
AGENT = "Jamie Park, Conservation Agent"
FIRST = ("Ann", "Bob", "Carla", "David", "Elena", "Frank", "Grace", "Henry", "Irene", "James",
         "Karen", "Luis", "Maria", "Nathan", "Olivia", "Paul", "Rosa", "Samuel", "Tara",
         "Victor", "Wendy", "Yusuf", "Zoe", "Brian", "Diane", "Ethan", "Fiona", "Gary")
LAST = ("Abbott", "Bergeron", "Chen", "Donovan", "Ellis", "Fitzgerald", "Gallagher", "Hughes",
        "Iverson", "Jablonski", "Kowalski", "Lambert", "Moreau", "Nguyen", "O'Brien",
        "Pereira", "Quinn", "Ramos", "Sullivan", "Tran", "Underwood", "Vasquez", "Walsh",
        "Xiong", "Young", "Zielinski", "Costa", "MacDonald", "Patel", "Rossi")
STREETS = ("Pond Street", "Mill Road", "Meadow Lane", "Brook Street", "Elm Street",
           "Hartford Avenue", "Maple Avenue", "Glen Avenue", "Fowler Street", "North Street",
           "Warren Street", "Christian Hill Road", "Westborough Road", "Mendon Street",
           "Grove Street", "Pleasant Street", "School Street", "Oak Hill Road", "Cedar Swamp Road",
           "Lake Shore Drive", "Heritage Way", "Country Club Lane", "River Road", "Spring Street")
FIRMS = ("Guerriere & Halnon, Inc.", "Bertin Engineering", "EcoTec, Inc.",
         "Goddard Consulting LLC", "Connorstone Engineering", "Waterman Design Associates",
         "Beals and Thomas, Inc.", "Level Design Group", "Norfolk Ram Group", "BSC Group")
COMPANIES = ("Pond Realty Trust", "Mill Road Development LLC", "Meadowview Homes, Inc.",
             "Town of {town} DPW", "Glen Brook Estates LLC", "Hartford Ave Holdings LLC",
             "Riverbend Builders, Inc.", "Maple Farm Nominee Trust", "National Grid",
             "Blackstone Valley Land Trust")
RESOURCE_AREAS = ("Bordering Vegetated Wetland", "Bank", "Land Under Water Bodies",
                  "Bordering Land Subject to Flooding", "Riverfront Area",
                  "100-foot Buffer Zone", "Isolated Vegetated Wetland", "Vernal pool")
WORK = ("single-family house with septic system", "addition and deck", "driveway crossing",
        "septic system repair", "in-ground pool", "garage and paved area",
        "5-lot subdivision roadway and drainage", "culvert replacement", "shed and patio",
        "dock and seasonal float", "tree removal and replanting", "stormwater basin",
        "title 5 septic upgrade", "solar array access road", "beaver dam breach")
VIOLATIONS = ("Clearing of vegetation in the buffer zone without a permit",
              "Fill placed in a bordering vegetated wetland", "Unpermitted alteration of bank",
              "Erosion controls not installed or maintained", "Work beyond the limit of work",
              "Dumping of yard waste in the wetland", "Tree cutting in riverfront area")
PROVISIONS = ("§330-4 (permit required)", "§330-8 (order of conditions)",
              "§330-11 (buffer zone)", "MGL c.131 §40 ¶1")
# The provisions a demo violation cites, in the town's own bylaw (a Sandwich case citing
# Upton's chapter 330 printed another town's law on Sandwich's order). Four each, so a
# demo draws the same cases whichever the town.
_TOWN_PROVISIONS = {
    "upton": PROVISIONS,
    "sandwich": ("Sandwich §7.10 (work in a resource area without a permit)",
                 "Sandwich §7.35 (condition of a permit)",
                 "Sandwich §7.10 (alteration within 100 feet of a resource area)",
                 "MGL c.131 §40 ¶1"),
    "massachusetts": ("310 CMR 10.02(2)(a) (work in a resource area without an Order)",
                      "310 CMR 10.05(6) (condition of an Order of Conditions)",
                      "310 CMR 10.02(2)(b) (work in the Buffer Zone without an Order)",
                      "MGL c.131 §40 ¶1"),
}


def provisions_for(town: str, bylaw: str) -> tuple[str, ...]:
    """What a demo violation in `town` cites: its bylaw's sections where written out
    above, else its bylaw by name, and the Act."""
    return _TOWN_PROVISIONS.get(town) or (f"{bylaw} (work without a permit)",
                                          f"{bylaw} (condition of a permit)",
                                          f"{bylaw} (work in the buffer zone)",
                                          "MGL c.131 §40 ¶1")
CONDITIONS = (
    "Record this order at the Registry of Deeds before any work begins.",
    "Install and inspect erosion controls before any work begins.",
    "Notify the commission in writing 48 hours before work begins.",
    "Post the DEP file number at the site, visible from the street.",
    "No stockpiling of material within 50 feet of a resource area.",
    "Maintain the erosion controls until the site is stabilized.",
    "No fuel or chemicals stored within 100 feet of a resource area.",
    "Keep a copy of this order and the plans on site during all work.",
    "Stabilize disturbed areas with loam and seed within 14 days.",
    "The commission may inspect the site at any reasonable time.",
    "Request a Certificate of Compliance within 30 days of completing the work.",
    "No work in the resource area between March 1 and June 30 (wildlife).",
)
SPECIAL = ("Plant 12 native shrubs along the 25-foot no-disturb line.",
           "Install permanent wetland markers every 50 feet along the buffer.",
           "Dewater only into a filter bag placed outside the buffer zone.",
           "No lawn within 25 feet of the bordering vegetated wetland.",
           "Submit an as-built plan stamped by a registered engineer.",
           "Replicate 1,200 square feet of wetland at a 1.5:1 ratio.")


class PeopleSource:
    def __init__(self, rng: random.Random, town: str):
        self.rng = rng
        self.town = town

    def person(self) -> str:
        return f"{self.rng.choice(FIRST)} {self.rng.choice(LAST)}"

    def owner_name(self) -> str:
        """As an assessor lists it: "SULLIVAN, ROSA & PAUL"."""
        first, other = self.rng.sample(FIRST, 2)  # never "ZOE & ZOE"
        return f"{self.rng.choice(LAST).upper()}, {first.upper()} & {other.upper()}"

    def company(self) -> str:
        return self.rng.choice(COMPANIES).format(town=self.town)

    def firm(self) -> str:
        return self.rng.choice(FIRMS)

    def street_address(self) -> str:
        return f"{self.rng.randint(1, 240)} {self.rng.choice(STREETS)}"

    def resource_areas(self) -> str:
        return ", ".join(self.rng.sample(RESOURCE_AREAS, self.rng.randint(1, 3)))

    def work(self) -> str:
        return self.rng.choice(WORK)
