"""The state grid and latitude/longitude, checked against published points.

| source (published) | grid point | degrees | within |
|---|---|---|---|
| IOGP Guidance Note 7-2, LCC 2SP example 1 (NAD27 / Texas South Central, EPSG:32040) | E 2,963,503.91 N 254,759.80 ftUS | 28°30'N 96°00'W | 0.01 ft / 0.0001" |
| IOGP Guidance Note 7-2, LCC 2SP example 2 (AGD66 / Vicgrid66, EPSG:3110; a southern cone) | E 2,477,968.963 N 4,416,742.535 m | 37°45'S 144°45'E | 1 mm / 0.0001" |
| EPSG:2249's centre (epsg.io: the centre of its area of use, −73.5…−69.86 E, 41.46…42.89 N) | E 607,375.44 N 2,888,847.38 ftUS | 42.175 N, 71.68 W | 0.1 m |
| MassDOT Geodetic Control, NGS marks MY2937, MY3139, MY3207 (NAD83(1986) grid metres; the layer's degrees are on WGS 84) | below | below | 1 m |

The Note's examples test the formulas themselves to a millimetre; the Massachusetts
points test the state's own grid (origin, parallels, offsets) in metres and in US survey
feet. The MassDOT layer gives its marks' degrees on WGS 84, which in Boston lies about
0.96 m from NAD83(1986): the three marks agree within the issue's 1 m, all by the same
datum offset (a wrong grid constant would scatter them by far more).
"""

from __future__ import annotations

import math

import pytest

from concom_desk.domain.state_plane import (
    MAINLAND_METRES,
    MAINLAND_US_FEET,
    US_SURVEY_FOOT,
    Ellipsoid,
    LambertConic,
    LatLong,
    mainland_lat_long,
)

TEXAS_SOUTH_CENTRAL_NAD27 = LambertConic(
    Ellipsoid(6378206.4, 294.9786982), 27 + 50 / 60, -99.0, 28 + 23 / 60, 30 + 17 / 60,
    2_000_000.0, 0.0, US_SURVEY_FOOT)
VICGRID66 = LambertConic(Ellipsoid(6378160.0, 298.25), -37.0, 145.0, -36.0, -38.0,
                         2_500_000.0, 4_500_000.0)
SECOND = 1 / 3600

# (what, grid, (easting, northing), (latitude, longitude), grid tolerance, degrees tolerance)
NOTE_7_2 = [
    ("GN 7-2 example 1", TEXAS_SOUTH_CENTRAL_NAD27, (2963503.91, 254759.80), (28.5, -96.0),
     0.01, 0.0001 * SECOND),
    ("GN 7-2 example 2", VICGRID66, (2477968.963, 4416742.535), (-37.75, 144.75),
     0.001, 0.0001 * SECOND),
]


@pytest.mark.parametrize(("what", "grid", "point", "degrees", "grid_within", "deg_within"),
                         NOTE_7_2, ids=[row[0] for row in NOTE_7_2])
def test_the_iogp_worked_examples_both_ways(what: str, grid: LambertConic,
                                            point: tuple[float, float],
                                            degrees: tuple[float, float], grid_within: float,
                                            deg_within: float) -> None:
    east, north = grid.to_grid(*degrees)
    assert abs(east - point[0]) <= grid_within and abs(north - point[1]) <= grid_within
    lat, lon = grid.to_degrees(*point)
    assert abs(lat - degrees[0]) <= deg_within and abs(lon - degrees[1]) <= deg_within


def metres_apart(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Ground distance of two nearby (latitude, longitude) points, metres."""
    north = (a[0] - b[0]) * 111_132.0
    east = (a[1] - b[1]) * 111_320.0 * math.cos(math.radians(a[0]))
    return math.hypot(north, east)


def test_the_centre_of_epsg_2249_in_us_survey_feet() -> None:
    lat, lon = MAINLAND_US_FEET.to_degrees(607375.44, 2888847.38)
    assert metres_apart((lat, lon), (42.175, -71.68)) < 0.1


# NGS mark, NAD83(1986) easting and northing (m), the layer's longitude and latitude.
MASSDOT_MARKS = [
    ("MY2937", 237262.826, 901224.979, -71.04766282, 42.36064426),
    ("MY3139", 230990.058, 900971.069, -71.12382121, 42.35863266),
    ("MY3207", 239384.844, 899432.070, -71.02202587, 42.34439912),
]


def test_massdot_control_marks_on_the_mainland_grid_within_a_metre() -> None:
    offsets = []
    for _mark, east, north, lon, lat in MASSDOT_MARKS:
        found = mainland_lat_long(east, north)
        offsets.append(metres_apart((found.latitude, found.longitude), (lat, lon)))
        # The same mark given in US survey feet is the same point.
        in_feet = MAINLAND_US_FEET.to_degrees(east / US_SURVEY_FOOT, north / US_SURVEY_FOOT)
        assert metres_apart(in_feet, (found.latitude, found.longitude)) < 0.001
    assert all(offset < 1.0 for offset in offsets), offsets
    assert max(offsets) - min(offsets) < 0.05, offsets  # one datum offset, not scatter


def test_grid_and_degrees_round_trip_across_the_state_to_a_millimetre() -> None:
    for lat, lon in ((42.87, -73.26), (41.25, -70.05), (42.1747, -71.6023), (41.52, -69.95)):
        east, north = MAINLAND_METRES.to_grid(lat, lon)
        back = MAINLAND_METRES.to_degrees(east, north)
        assert metres_apart(back, (lat, lon)) < 0.001


@pytest.mark.parametrize(("latitude", "longitude", "words"), [
    (42.1747, -71.60231, "42.17470° N, 71.60231° W"),
    (-37.75, 144.75, "37.75000° S, 144.75000° E"),
])
def test_the_locus_is_written_with_its_hemispheres(latitude: float, longitude: float,
                                                   words: str) -> None:
    assert str(LatLong(latitude, longitude)) == words
