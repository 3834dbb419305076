"""Is the parcel set in NAD83 Massachusetts Mainland, metres (EPSG:26986)?

MassGIS publishes every town's Level 3 parcels in that projection, and every
distance the program measures (100 ft, 300 ft) assumes metres on it. A .prj
from another projection (a town's own export in US feet, the Island zone,
latitude/longitude) is refused, naming what it is, rather than reprojected:
the program carries no projection library, and a silent guess would move
every distance.
"""

from __future__ import annotations

import re

from concom_desk.errors import UserError

MAINLAND = "NAD83 Massachusetts Mainland in metres (EPSG:26986)"

# Names of projections a clerk may meet instead, by what their WKT says.
_KNOWN_OTHERS = (
    ("massachusetts_island", "NAD83 Massachusetts Island zone (EPSG:26987)"),
    ("utm_zone_19n", "UTM zone 19N (EPSG:26919)"),
    ("utm_zone_18n", "UTM zone 18N (EPSG:26918)"),
    ("mercator_auxiliary_sphere", "Web Mercator (EPSG:3857)"),
    ("pseudo_mercator", "Web Mercator (EPSG:3857)"),
)


def _name(wkt: str, keyword: str) -> str:
    match = re.search(keyword + r'\s*\[\s*"([^"]*)"', wkt, re.IGNORECASE)
    return match.group(1) if match else ""


def projection_problem(prj_text: str) -> str:
    """'' when the .prj describes EPSG:26986, else what it describes instead."""
    wkt = prj_text.strip()
    if not wkt:
        return "its .prj file is empty"
    projcs = _name(wkt, "PROJCS").lower()
    if not projcs:
        geog = _name(wkt, "GEOGCS") or "an unprojected coordinate system"
        return f"it is in latitude/longitude ({geog}), not {MAINLAND}"
    for key, words in _KNOWN_OTHERS:
        if key in projcs.replace(" ", "_"):
            return f"it is in {words}, not {MAINLAND}"
    mainland = "massachusetts_mainland" in projcs.replace(" ", "_") or "_mass_mainland" in projcs
    if not mainland:
        return f"it is in the projection '{_name(wkt, 'PROJCS')}', not {MAINLAND}"
    if "nad_1983" not in projcs.replace(" ", "_") and "nad83" not in projcs.replace(" ", ""):
        return f"it is in '{_name(wkt, 'PROJCS')}' (not on NAD83), not {MAINLAND}"
    units = re.findall(r'UNIT\s*\[\s*"([^"]*)"', wkt, re.IGNORECASE)
    unit = units[-1].lower() if units else ""
    if "foot" in unit or "feet" in unit or "ft" in projcs:
        return ("it is in NAD83 Massachusetts Mainland in US feet (EPSG:2249), "
                f"not {MAINLAND}")
    if unit and unit not in ("meter", "metre", "meters", "metres"):
        return f"its unit is '{units[-1]}', not metres ({MAINLAND})"
    return ""


def check_projection(prj_text: str, source: str) -> None:
    problem = projection_problem(prj_text)
    if problem:
        raise UserError(f"{source}: {problem}; download the town's parcels from MassGIS "
                        "(Level 3 shapefiles), which are in that projection")
