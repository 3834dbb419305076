"""A filing's flood data, as the NOI and WPA Form 5 ask for it: the FEMA flood zone
of the site (with its base flood elevation where the map gives one), whether it is
in land subject to coastal storm flowage or a velocity zone, whether work is in the
riverfront area and how wide that area is in the town, and whether the project is
coastal or inland."""

from __future__ import annotations

from dataclasses import dataclass

# FEMA flood zones on a FIRM; the zones with an elevation carry their base flood
# elevation (feet, NAVD88), AO its depth.
FLOOD_ZONES: dict[str, str] = {
    "": "not recorded",
    "A": "Zone A (100-year floodplain, no base flood elevation)",
    "AE": "Zone AE (100-year floodplain, base flood elevation)",
    "AO": "Zone AO (sheet flow, depth in feet)",
    "VE": "Zone VE (coastal high hazard, wave action, base flood elevation)",
    "X": "Zone X (outside the 100-year floodplain)",
}
ZONES_WITH_ELEVATION = ("AE", "VE", "AO")
SETTINGS = ("", "inland", "coastal", "both")

# 310 CMR 10.58(2)(a)3 and St. 1996 c.258: the riverfront area is 25 feet, not 200,
# in these municipalities (population of 90,000 or more, or denser than 9,000 a square
# mile in 1990; 301 CMR 10.01 lists the fourteen). A densely developed area designated
# under 301 CMR 10.00 elsewhere is not a whole town and is entered by the clerk.
RIVERFRONT_25_FT = frozenset({
    "boston", "brockton", "cambridge", "chelsea", "everett", "fall river", "lawrence",
    "lowell", "malden", "new bedford", "somerville", "springfield", "winthrop", "worcester"})


def riverfront_width(town_name: str) -> int:
    """The riverfront area's width in feet in a town (310 CMR 10.58(2)(a)3)."""
    return 25 if " ".join(town_name.lower().split()) in RIVERFRONT_25_FT else 200


@dataclass(frozen=True)
class FloodData:
    zone: str = ""  # FLOOD_ZONES
    elevation: str = ""  # base flood elevation in feet (AE, VE) or depth (AO), as written
    lscsf: bool = False  # in land subject to coastal storm flowage
    v_zone: bool = False  # within a velocity zone
    riverfront: bool = False  # work within the riverfront area
    setting: str = ""  # SETTINGS

    def problem(self) -> str:
        """One line naming what is wrong, or ''."""
        if self.zone not in FLOOD_ZONES:
            return f"'{self.zone}' is not a FEMA flood zone (A, AE, AO, VE or X)"
        if self.setting not in SETTINGS:
            return f"'{self.setting}' is not inland, coastal or both"
        if self.elevation and self.zone not in ZONES_WITH_ELEVATION:
            return "a base flood elevation is given only for zones AE, VE and AO"
        if self.elevation:
            try:
                float(self.elevation)
            except ValueError:
                return f"the base flood elevation '{self.elevation}' is not a number of feet"
        if self.zone == "VE" and not self.v_zone:
            return "zone VE is a velocity zone: tick 'within a V-zone'"
        return ""

    def zone_text(self) -> str:
        """'VE (elevation 14 ft)', 'X', '' as the record and the forms print it."""
        if not self.zone:
            return ""
        if self.elevation:
            what = "depth" if self.zone == "AO" else "elevation"
            return f"{self.zone} ({what} {self.elevation} ft)"
        return self.zone
