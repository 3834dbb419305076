"""The Massachusetts State Plane grid and latitude/longitude: the exact Lambert conic
conformal (two standard parallels) both ways, on NAD83's ellipsoid (GRS 80).

MassGIS keeps every parcel in NAD83 / Massachusetts Mainland in metres (EPSG:26986); a
town's own export may be the same grid in US survey feet (EPSG:2249), which differs only
by the unit (1 US survey foot = 1200/3937 m exactly). The WPA forms ask for the
project's latitude and longitude, so the program turns a lot's centre from the grid
into degrees.

The formulas are those of IOGP's Guidance Note 7-2 (EPSG method 9802), whose worked
examples the tests repeat. A projection library (pyproj) would do the same in one
call, but it carries PROJ and its data, about 32 MB installed (9.5 MB as a wheel),
for a conversion of thirty lines that is exact to the millimetre on the state's grid.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

US_SURVEY_FOOT = 1200 / 3937  # metres, exactly (the foot the state's law uses)


@dataclass(frozen=True)
class Ellipsoid:
    a: float  # semi-major axis, metres
    inverse_flattening: float

    @property
    def e(self) -> float:
        f = 1 / self.inverse_flattening
        return math.sqrt(f * (2 - f))


GRS80 = Ellipsoid(6378137.0, 298.257222101)


@dataclass(frozen=True)
class LambertConic:
    """A Lambert conic conformal grid (2SP): angles in degrees, offsets in `unit`s."""

    ellipsoid: Ellipsoid
    lat_origin: float
    lon_origin: float
    parallel_1: float
    parallel_2: float
    false_easting: float
    false_northing: float
    unit: float = 1.0  # metres per grid unit

    def _m(self, phi: float) -> float:
        e = self.ellipsoid.e
        return math.cos(phi) / math.sqrt(1 - (e * math.sin(phi)) ** 2)

    def _t(self, phi: float) -> float:
        e = self.ellipsoid.e
        return (math.tan(math.pi / 4 - phi / 2)
                / ((1 - e * math.sin(phi)) / (1 + e * math.sin(phi))) ** (e / 2))

    @cached_property
    def _cone(self) -> tuple[float, float, float]:
        """(n, F, r at the origin), in metres."""
        p1, p2 = math.radians(self.parallel_1), math.radians(self.parallel_2)
        m1, m2, t1, t2 = self._m(p1), self._m(p2), self._t(p1), self._t(p2)
        n = (math.log(m1) - math.log(m2)) / (math.log(t1) - math.log(t2))
        big_f = m1 / (n * t1 ** n)
        r_origin = self.ellipsoid.a * big_f * self._t(math.radians(self.lat_origin)) ** n
        return n, big_f, r_origin

    def to_grid(self, latitude: float, longitude: float) -> tuple[float, float]:
        """(easting, northing) of a point given in degrees (north and east positive)."""
        n, big_f, r_origin = self._cone
        r = self.ellipsoid.a * big_f * self._t(math.radians(latitude)) ** n
        theta = n * math.radians(longitude - self.lon_origin)
        easting = self.false_easting * self.unit + r * math.sin(theta)
        northing = self.false_northing * self.unit + r_origin - r * math.cos(theta)
        return easting / self.unit, northing / self.unit

    def to_degrees(self, easting: float, northing: float) -> tuple[float, float]:
        """(latitude, longitude) in degrees of a grid point."""
        n, big_f, r_origin = self._cone
        e = self.ellipsoid.e
        x = (easting - self.false_easting) * self.unit
        y = r_origin - (northing - self.false_northing) * self.unit
        r = math.copysign(math.hypot(x, y), n)
        t = (r / (self.ellipsoid.a * big_f)) ** (1 / n)
        # With n negative (a southern cone) both arguments change sign (Note 7-2).
        theta = math.atan2(x, y) if n > 0 else math.atan2(-x, -y)
        phi = math.pi / 2 - 2 * math.atan(t)
        for _ in range(50):  # converges to 1e-12 rad in a handful of turns
            sin_phi = e * math.sin(phi)
            following = math.pi / 2 - 2 * math.atan(t * ((1 - sin_phi) / (1 + sin_phi)) ** (e / 2))
            if abs(following - phi) < 1e-14:
                phi = following
                break
            phi = following
        return math.degrees(phi), math.degrees(theta / n) + self.lon_origin


# NAD83 / Massachusetts Mainland (EPSG:26986), as the state's grid is defined: origin
# 41°N 71°30'W, standard parallels 42°41'N and 41°43'N, 200,000 m east, 750,000 m north.
MAINLAND_METRES = LambertConic(GRS80, 41.0, -71.5, 42 + 41 / 60, 41 + 43 / 60,
                               200_000.0, 750_000.0)
# The same grid in US survey feet (EPSG:2249): the offsets are the metres' in feet.
MAINLAND_US_FEET = LambertConic(GRS80, 41.0, -71.5, 42 + 41 / 60, 41 + 43 / 60,
                                200_000.0 / US_SURVEY_FOOT, 750_000.0 / US_SURVEY_FOOT,
                                US_SURVEY_FOOT)


@dataclass(frozen=True)
class LatLong:
    latitude: float
    longitude: float

    def latitude_text(self) -> str:
        """'42.17512° N': five decimals are about a metre, as the forms need."""
        return f"{abs(self.latitude):.5f}° {'N' if self.latitude >= 0 else 'S'}"

    def longitude_text(self) -> str:
        return f"{abs(self.longitude):.5f}° {'E' if self.longitude >= 0 else 'W'}"

    def __str__(self) -> str:
        return f"{self.latitude_text()}, {self.longitude_text()}"


def mainland_lat_long(easting_m: float, northing_m: float) -> LatLong:
    """A point of the MassGIS grid (metres) in degrees on NAD83."""
    return LatLong(*MAINLAND_METRES.to_degrees(easting_m, northing_m))
