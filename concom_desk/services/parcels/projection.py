"""Is the parcel set on the Massachusetts Mainland grid (NAD83), and in what unit?

MassGIS publishes every town's Level 3 parcels in metres (EPSG:26986), and every
distance the program measures (100 ft, 300 ft) assumes metres on it. A town's own
export on the same grid in US survey feet (EPSG:2249) differs only by the unit, an
exact scale (1200/3937 m to the foot), so it is read and scaled to metres. A .prj from
another projection (the Island zone, UTM, latitude/longitude) is refused, naming what it
is, rather than reprojected: a silent guess would move every distance.
"""

from __future__ import annotations

import re

from concom_desk.domain.state_plane import US_SURVEY_FOOT
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
    """'' when the .prj describes the Mainland grid in metres or US survey feet, else what
    it describes instead."""
    return _judged(prj_text)[0]


def _judged(prj_text: str) -> tuple[str, float]:
    """(what is wrong, or ''; metres per unit of the grid)."""
    wkt = prj_text.strip()
    if not wkt:
        return "its .prj file is empty", 0.0
    projcs = _name(wkt, "PROJCS").lower()
    if not projcs:
        geog = _name(wkt, "GEOGCS") or "an unprojected coordinate system"
        return f"it is in latitude/longitude ({geog}), not {MAINLAND}", 0.0
    for key, words in _KNOWN_OTHERS:
        if key in projcs.replace(" ", "_"):
            return f"it is in {words}, not {MAINLAND}", 0.0
    mainland = "massachusetts_mainland" in projcs.replace(" ", "_") or "_mass_mainland" in projcs
    if not mainland:
        return f"it is in the projection '{_name(wkt, 'PROJCS')}', not {MAINLAND}", 0.0
    if "nad_1983" not in projcs.replace(" ", "_") and "nad83" not in projcs.replace(" ", ""):
        return f"it is in '{_name(wkt, 'PROJCS')}' (not on NAD83), not {MAINLAND}", 0.0
    units = re.findall(r'UNIT\s*\[\s*"([^"]*)"', wkt, re.IGNORECASE)
    unit = units[-1].lower() if units else ""
    if "foot" in unit or "feet" in unit or "ft" in projcs:
        factor = re.findall(r'UNIT\s*\[\s*"[^"]*"\s*,\s*([0-9.eE+-]+)', wkt, re.IGNORECASE)
        # The state's foot is the US survey foot; an international foot (0.3048 m) on
        # this grid is no standard projection, and reading it as the other would move
        # every lot by two feet in a million.
        if factor and abs(float(factor[-1]) - US_SURVEY_FOOT) < 1e-12:
            return "", US_SURVEY_FOOT
        return (f"it is in NAD83 Massachusetts Mainland in '{units[-1] if units else 'feet'}' "
                f"(not the US survey foot of EPSG:2249), not {MAINLAND}"), 0.0
    if unit and unit not in ("meter", "metre", "meters", "metres"):
        return f"its unit is '{units[-1]}', not metres ({MAINLAND})", 0.0
    return "", 1.0


def check_projection(prj_text: str, source: str) -> float:
    """Metres per unit of the set's grid (1.0, or the US survey foot); a set on another
    projection is refused in one line."""
    problem, unit = _judged(prj_text)
    if problem:
        raise UserError(f"{source}: {problem}; download the town's parcels from MassGIS "
                        "(Level 3 shapefiles), which are in that projection")
    return unit
