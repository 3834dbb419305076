"""The resource areas a filing is on, as codes: the Act's (310 CMR 10.25-10.35 coastal,
10.54-10.58 inland, the Buffer Zone of 10.02(2)(b)) each with its citation and the
unit MassDEP's forms measure it in, and the words a free-text field names it by.

A town's bylaw adds its own areas (an isolated wetland, a vernal pool, a no-disturb
zone); its profile lists them with the bylaw's section ([[resource_area]],
domain/town_profile.py). What a filing names that is on neither list is kept as
"other" with the clerk's own words, so nothing written is lost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from concom_desk.domain.act_areas import ACT_AREAS

# The units WPA Forms 3 and 5 measure an area's alteration in.
UNITS: dict[str, str] = {"sq_ft": "square feet", "linear_ft": "linear feet",
                         "cubic_yards": "cubic yards"}
OTHER = "other"


@dataclass(frozen=True)
class ResourceArea:
    code: str
    name: str  # as the record and the permit name it
    citation: str
    setting: str  # "coastal", "inland", "buffer" or "bylaw"
    unit: str = "sq_ft"  # the unit its amount is entered in (UNITS)
    form_name: str = ""  # as WPA Form 5's impact table names it (plural), "" if not listed
    form_unit: str = ""  # the unit words the form prints beside it
    words: tuple[str, ...] = ()  # how free text names it (lowercase)

    @property
    def section(self) -> str:
        """The section its citation names ("BWR 1.04"), for the record, the papers and
        the form; the bylaw's words quoted after it are for docs/towns.md."""
        return section_of(self.citation)


def section_of(citation: str) -> str:
    """The section a profile's citation names, without the words it quotes: "Sandwich
    § 7.10 Jurisdiction: 'any bank, beach…'" → "Sandwich § 7.10 Jurisdiction"."""
    return citation.split(": ", 1)[0].split(" '", 1)[0].strip().rstrip(",;")


def _words(name: str) -> tuple[str, ...]:
    return dict(ACT_AREAS)[name]


# In the order of WPA Form 5's impact tables (inland B.3, then the coastal table).
STATE_AREAS: tuple[ResourceArea, ...] = (
    ResourceArea("bank", "Bank (inland)", "310 CMR 10.54", "inland", "linear_ft",
                 "Bank", "linear feet", _words("Bank")),
    ResourceArea("bvw", "Bordering Vegetated Wetland", "310 CMR 10.55", "inland", "sq_ft",
                 "Bordering Vegetated Wetland", "square feet",
                 _words("Bordering Vegetated Wetland")),
    ResourceArea("luww", "Land Under Waterbodies and Waterways", "310 CMR 10.56", "inland",
                 "sq_ft", "Land Under Waterbodies and Waterways", "square feet",
                 _words("Land Under Waterbodies and Waterways")),
    ResourceArea("blsf", "Bordering Land Subject to Flooding", "310 CMR 10.57", "inland",
                 "sq_ft", "Bordering Land Subject to Flooding", "square feet",
                 _words("Bordering Land Subject to Flooding")),
    ResourceArea("ilsf", "Isolated Land Subject to Flooding", "310 CMR 10.57", "inland",
                 "sq_ft", "Isolated Land Subject to Flooding", "square feet",
                 ("isolated land", "ilsf")),
    ResourceArea("riverfront", "Riverfront Area", "310 CMR 10.58", "inland", "sq_ft",
                 "Riverfront Area", "square feet", _words("Riverfront Area")),
    ResourceArea("dpa", "Designated Port Area", "310 CMR 10.26", "coastal", "sq_ft",
                 "Designated Port Areas", "size under Land Under the Ocean",
                 _words("Designated Port Area")),
    ResourceArea("luo", "Land Under the Ocean", "310 CMR 10.25", "coastal", "sq_ft",
                 "Land Under the Ocean", "square feet", _words("Land Under the Ocean")),
    ResourceArea("barrier_beach", "Barrier Beach", "310 CMR 10.29", "coastal", "sq_ft",
                 "Barrier Beaches", "size under Coastal Beaches and/or Coastal Dunes",
                 _words("Barrier Beach")),
    ResourceArea("coastal_beach", "Coastal Beach", "310 CMR 10.27", "coastal", "sq_ft",
                 "Coastal Beaches", "square feet; cubic yards of nourishment",
                 _words("Coastal Beach")),
    ResourceArea("coastal_dune", "Coastal Dune", "310 CMR 10.28", "coastal", "sq_ft",
                 "Coastal Dunes", "square feet; cubic yards of nourishment",
                 _words("Coastal Dune")),
    ResourceArea("coastal_bank", "Coastal Bank", "310 CMR 10.30", "coastal", "linear_ft",
                 "Coastal Banks", "linear feet", _words("Coastal Bank")),
    ResourceArea("rocky_intertidal", "Rocky Intertidal Shore", "310 CMR 10.31", "coastal",
                 "sq_ft", "Rocky Intertidal Shores", "square feet",
                 _words("Rocky Intertidal Shore")),
    ResourceArea("salt_marsh", "Salt Marsh", "310 CMR 10.32", "coastal", "sq_ft",
                 "Salt Marshes", "square feet", _words("Salt Marsh")),
    ResourceArea("salt_pond", "Land Under Salt Pond", "310 CMR 10.33", "coastal", "sq_ft",
                 "Land Under Salt Ponds", "square feet; cubic yards dredged",
                 _words("Land Under Salt Pond")),
    ResourceArea("shellfish", "Land Containing Shellfish", "310 CMR 10.34", "coastal",
                 "sq_ft", "Land Containing Shellfish", "square feet",
                 _words("Land Containing Shellfish")),
    ResourceArea("fish_run", "Fish Run", "310 CMR 10.35", "coastal", "linear_ft",
                 "Fish Runs", "size under Coastal Banks, Inland Bank, Land Under the Ocean "
                 "and/or Land Under Waterbodies and Waterways", ("fish run", "anadromous")),
    ResourceArea("lscsf", "Land Subject to Coastal Storm Flowage", "310 CMR 10.02(1)(d)",
                 "coastal", "sq_ft", "Land Subject to Coastal Storm Flowage", "square feet",
                 _words("Land Subject to Coastal Storm Flowage")),
    ResourceArea("buffer_zone", "Buffer Zone", "310 CMR 10.02(2)(b)", "buffer", "sq_ft",
                 "", "", _words("Buffer Zone")),
)
STATE_BY_CODE: dict[str, ResourceArea] = {a.code: a for a in STATE_AREAS}

# A bylaw's areas the carry-over of old free text recognises by their usual words,
# whatever town (each town's profile names them with its own section).
BYLAW_WORDS: dict[str, tuple[str, ...]] = {
    "isolated_wetland": ("isolated vegetated wetland", "isolated wetland"),
    "vernal_pool": ("vernal pool",),
    "no_disturb": ("no-disturb", "no disturb", "no-build", "no build"),
}

_CODE = re.compile(r"^[a-z][a-z0-9_]{1,39}$")


def valid_code(code: str) -> bool:
    return bool(_CODE.match(code)) and code != OTHER


@dataclass(frozen=True)
class NamedArea:
    """One area a filing is on: its code ("other" with the clerk's words), the amount
    altered (None: not given) and its unit."""
    code: str
    amount: float | None = None
    unit: str = ""
    text: str = ""  # the words, for "other"


def _match(part: str) -> str | None:
    lowered = " ".join(part.lower().split())
    for code, words in BYLAW_WORDS.items():
        if any(word in lowered for word in words):
            return code
    # Coastal names before inland (a "coastal bank" is not the inland "bank"), longest
    # words first within each.
    ordered = sorted(STATE_AREAS, key=lambda a: (a.setting != "coastal",
                                                 -max(len(w) for w in a.words)))
    for area in ordered:
        if any(re.search(rf"\b{re.escape(word)}\b", lowered) for word in area.words):
            return area.code
    return None


def areas_in_text(text: str) -> list[NamedArea]:
    """The areas an old free-text field names, as codes; what names none is kept as
    "other" with its words ('Coastal Bank, Salt Marsh, drainage swale' → coastal_bank,
    salt_marsh, other 'drainage swale'). Each code once, in the text's order."""
    found: list[NamedArea] = []
    seen: set[str] = set()
    for part in re.split(r"[;,\n]|\band\b|&", text or ""):
        part = part.strip(" .")
        if not part:
            continue
        code = _match(part)
        if code is None:
            found.append(NamedArea(OTHER, text=part))
        elif code not in seen:
            seen.add(code)
            area = STATE_BY_CODE.get(code)
            found.append(NamedArea(code, unit=area.unit if area else "sq_ft"))
    return found


def amount_text(amount: float | None, unit: str) -> str:
    """'1,200 square feet'; '' without an amount."""
    if amount is None:
        return ""
    number = f"{amount:,.0f}" if float(amount).is_integer() else f"{amount:,.2f}"
    return f"{number} {UNITS.get(unit, unit)}".strip()
