"""States, countries and how the last line of an address is written and read."""

from __future__ import annotations

import re

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


# The last part: "MA 01568", or with the town before it and no comma ("Upton MA 01568",
# "Upton MA"), as clerks type it.
_PLACE = re.compile(r"^(?:(?P<city>.*?)\s+)?(?P<state>[A-Za-z]{2})"
                    r"(?:\s+(?P<zip>\d{5}(?:-\d{4})?))?$")


def read_place(text: str) -> tuple[str, str, str] | None:
    """'MA 01568', 'Upton MA 01568' → (city or '', 'MA', '01568'); None when the text
    is not a US state (and ZIP). Without a ZIP, only a state written in capitals:
    "12 Oak Ct" is a street."""
    match = _PLACE.match(text.strip())
    state = match["state"] if match else ""
    if match and state.upper() in US_STATE_CODES and (match["zip"] or state.isupper()):
        return match["city"] or "", state.upper(), match["zip"] or ""
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
    state, zip (a Party's fields)."""
    parts = [p.strip() for p in re.split(r"[,\n]", text) if p.strip()]
    found = {"address_line1": "", "address_line2": "", "city": "", "state": HOME_STATE,
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
