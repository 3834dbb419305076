"""States, countries and how the last line of an address is written and read."""

from __future__ import annotations

import re

from concom_desk.domain.abutters.country_formats import city_lines, country_name

US_STATES: dict[str, str] = {
    "ALABAMA": "AL", "ALASKA": "AK", "ARIZONA": "AZ", "ARKANSAS": "AR", "CALIFORNIA": "CA",
    "COLORADO": "CO", "CONNECTICUT": "CT", "DELAWARE": "DE", "DISTRICT OF COLUMBIA": "DC",
    "FLORIDA": "FL", "GEORGIA": "GA", "HAWAII": "HI", "IDAHO": "ID", "ILLINOIS": "IL",
    "INDIANA": "IN", "IOWA": "IA", "KANSAS": "KS", "KENTUCKY": "KY", "LOUISIANA": "LA",
    "MAINE": "ME", "MARYLAND": "MD", "MASSACHUSETTS": "MA", "MASS": "MA", "MASS.": "MA",
    "MICHIGAN": "MI", "MINNESOTA": "MN", "MISSISSIPPI": "MS", "MISSOURI": "MO",
    "MONTANA": "MT", "NEBRASKA": "NE", "NEVADA": "NV", "NEW HAMPSHIRE": "NH",
    "NEW JERSEY": "NJ", "NEW MEXICO": "NM", "NEW YORK": "NY", "NORTH CAROLINA": "NC",
    "NORTH DAKOTA": "ND", "OHIO": "OH", "OKLAHOMA": "OK", "OREGON": "OR",
    "PENNSYLVANIA": "PA", "RHODE ISLAND": "RI", "SOUTH CAROLINA": "SC", "SOUTH DAKOTA": "SD",
    "TENNESSEE": "TN", "TEXAS": "TX", "UTAH": "UT", "VERMONT": "VT", "VIRGINIA": "VA",
    "WASHINGTON": "WA", "WEST VIRGINIA": "WV", "WISCONSIN": "WI", "WYOMING": "WY",
    "PUERTO RICO": "PR", "GUAM": "GU", "VIRGIN ISLANDS": "VI", "AMERICAN SAMOA": "AS",
    "NORTHERN MARIANA ISLANDS": "MP",
}
US_STATE_CODES: frozenset[str] = frozenset(US_STATES.values()) | {"AA", "AE", "AP"}
HOME_STATE = "MA"
_US_NAMES = {"US", "USA", "U.S.", "U.S.A.", "UNITED STATES", "UNITED STATES OF AMERICA",
             "AMERICA"}


def us_state_code(text: str) -> str | None:
    upper = " ".join(text.upper().split())
    if upper in US_STATE_CODES:
        return upper
    return US_STATES.get(upper)


def is_us_country(text: str) -> bool:
    return not text.strip() or " ".join(text.upper().split()) in _US_NAMES


def last_line(city: str, state: str, zip_code: str) -> str:
    """'Upton, MA 01568-1234' — the Postal Service's city line (state in capitals)."""
    state_zip = " ".join(part for part in (state, zip_code) if part)
    if city and state_zip:
        return f"{city}, {state_zip}"
    return city or state_zip


# A foreign owner on an assessor's list often has a province and a postal code but no
# country column; a Canadian province names its country, so the envelope can say it.
CANADIAN_PROVINCES: frozenset[str] = frozenset(
    {"AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT"})


def country_of(state: str, country: str) -> str:
    """The country line of a foreign address: as given ('Deutschland' → GERMANY), or
    CANADA for a province."""
    if country.strip():
        return country_name(country)
    return "CANADA" if state.strip().upper() in CANADIAN_PROVINCES else ""


def postal_lines(street_lines: tuple[str, ...] | list[str], city: str, state: str,
                 zip_code: str, country: str = "", foreign: bool = False) -> tuple[str, ...]:
    """An address as an envelope prints it, the one way for US and foreign mail:
    the street lines, the city line ('Upton, MA 01568'), then for a foreign address
    its country in capitals on a line of its own (USPS International Mail Manual 122),
    the city line written in the order that country's post expects ('80331 Munich',
    'Montreal QC H2X 1Y4': domain/abutters/country_formats.py). A state alone (no
    city, no ZIP) is no line: a stored default 'MA' prints nothing."""
    streets = [line.strip() for line in street_lines]
    if foreign or (country.strip() and not is_us_country(country)):
        abroad = country_of(state, country)
        places = city_lines(abroad, city, state, zip_code) if (city or zip_code) else ()
        return tuple(line for line in (*streets, *places, abroad) if line)
    city_line = last_line(city, state, zip_code) if (city or zip_code) else ""
    return tuple(line for line in (*streets, city_line) if line)


_STATE_NAMES = "|".join(sorted((re.escape(name) for name in US_STATES), key=len, reverse=True))
# The last part: "MA 01568", or with the town before it and no comma ("Upton MA 01568",
# "Upton MA"), or the state written out ("Nantucket, Massachusetts 02554"), as clerks
# type it.
_PLACE = re.compile(rf"^(?:(?P<city>.*?)\s+)?(?P<state>[A-Za-z]{{2}}|{_STATE_NAMES})"
                    r"(?:\s+(?P<zip>\d{5}(?:-\d{4})?))?$", re.IGNORECASE)


def read_place(text: str) -> tuple[str, str, str] | None:
    """'MA 01568', 'Upton MA 01568' → (city or '', 'MA', '01568'); None when the text
    is not a US state (and ZIP). Without a ZIP, only a state in capitals or written
    out: "12 Oak Ct" is a street."""
    match = _PLACE.match(text.strip())
    written = match["state"] if match else ""
    state = us_state_code(written) or ""
    if match and state and (match["zip"] or written.isupper() or len(written) > 2):
        return match["city"] or "", state, match["zip"] or ""
    return None


def read_last_line(line: str) -> tuple[str, str, str] | None:
    """'Upton, MA 01568' (or 'Upton MA 01568') → ('Upton', 'MA', '01568'), or None."""
    town, comma, place = line.rpartition(",")
    found = read_place(place if comma else line)
    if found is None:
        return None
    city, state, zip_code = found
    return city or town.strip(), state, zip_code


def split_address(text: str) -> dict[str, str]:
    """'1 Main St, Suite 2, Upton, MA 01568' → address_line1, address_line2, city,
    state, zip (a Party's fields).

    An address that names no US state is kept as typed, line by line, with no
    state added: a foreign address, or one typed without its town, must not
    print a stray 'MA' line."""
    parts = [p.strip() for p in re.split(r"[,\n]", text) if p.strip()]
    found = {"address_line1": "", "address_line2": "", "city": "", "state": "",
             "zip": ""}
    if parts:
        place = read_place(parts[-1]) if len(parts) >= 2 else None
        if place is not None:
            city, found["state"], found["zip"] = place
            parts.pop()
            found["city"] = city or (parts.pop() if len(parts) >= 2 else "")
        found["address_line1"] = parts[0] if parts else ""
        found["address_line2"] = ", ".join(parts[1:])
    return found
