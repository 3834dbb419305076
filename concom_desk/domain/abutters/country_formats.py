"""How each country's post wants the city line of an address written.

USPS International Mail Manual 122.2: the last line is the country in capitals, and
the lines above it are written as the country of destination writes them. A German
address reads "80331 Munich" (the postcode before the town), a Canadian one
"Montreal QC H2X 1Y4" (town, province, postal code, no comma), a British one puts
the postcode on a line of its own under the town. The table is data: a country
missing from it gets the US order ("City, PROV CODE"), which the post delivers.

Each format is one or two lines made of {city}, {state} and {postal}; an empty part
leaves no stray spaces or commas.
"""

from __future__ import annotations

# Country (as the envelope's last line prints it) → the lines above it.
CITY_LINE_FORMATS: dict[str, tuple[str, ...]] = {
    "CANADA": ("{city} {state} {postal}",),
    "UNITED KINGDOM": ("{city}", "{postal}"),
    "IRELAND": ("{city} {postal}",),
    "GERMANY": ("{postal} {city}",),
    "FRANCE": ("{postal} {city}",),
    "ITALY": ("{postal} {city} {state}",),
    "SPAIN": ("{postal} {city} {state}",),
    "PORTUGAL": ("{postal} {city}",),
    "NETHERLANDS": ("{postal} {city}",),
    "BELGIUM": ("{postal} {city}",),
    "SWITZERLAND": ("{postal} {city}",),
    "AUSTRIA": ("{postal} {city}",),
    "DENMARK": ("{postal} {city}",),
    "SWEDEN": ("{postal} {city}",),
    "NORWAY": ("{postal} {city}",),
    "FINLAND": ("{postal} {city}",),
    "POLAND": ("{postal} {city}",),
    "GREECE": ("{postal} {city}",),
    "ISRAEL": ("{city} {postal}",),
    "MEXICO": ("{postal} {city}, {state}",),
    "BRAZIL": ("{city} {state}", "{postal}"),
    "AUSTRALIA": ("{city} {state} {postal}",),
    "NEW ZEALAND": ("{city} {postal}",),
    "JAPAN": ("{city} {state} {postal}",),
}
# Other ways an assessor's list names a country.
COUNTRY_NAMES: dict[str, str] = {
    "CAN": "CANADA", "CA": "CANADA",
    "UK": "UNITED KINGDOM", "U.K.": "UNITED KINGDOM", "GB": "UNITED KINGDOM",
    "GREAT BRITAIN": "UNITED KINGDOM", "ENGLAND": "UNITED KINGDOM",
    "SCOTLAND": "UNITED KINGDOM", "WALES": "UNITED KINGDOM",
    "NORTHERN IRELAND": "UNITED KINGDOM",
    "DE": "GERMANY", "DEU": "GERMANY", "DEUTSCHLAND": "GERMANY",
    "FR": "FRANCE", "FRA": "FRANCE", "IT": "ITALY", "ITALIA": "ITALY",
    "ES": "SPAIN", "ESPANA": "SPAIN", "ESPAÑA": "SPAIN", "PT": "PORTUGAL",
    "NL": "NETHERLANDS", "HOLLAND": "NETHERLANDS", "THE NETHERLANDS": "NETHERLANDS",
    "CH": "SWITZERLAND", "SCHWEIZ": "SWITZERLAND", "SUISSE": "SWITZERLAND",
    "AT": "AUSTRIA", "OSTERREICH": "AUSTRIA", "ÖSTERREICH": "AUSTRIA",
    "IE": "IRELAND", "EIRE": "IRELAND", "MX": "MEXICO", "BR": "BRAZIL",
    "AU": "AUSTRALIA", "NZ": "NEW ZEALAND", "JP": "JAPAN",
}


def country_name(country: str) -> str:
    """The country as the envelope's last line prints it: 'Germany', 'DEU' → 'GERMANY'."""
    upper = " ".join(country.upper().split())
    return COUNTRY_NAMES.get(upper, upper)


def city_lines(country: str, city: str, state: str, postal: str) -> tuple[str, ...]:
    """The lines between the street and the country, in that country's order."""
    formats = CITY_LINE_FORMATS.get(country_name(country))
    if formats is None:
        state_postal = " ".join(part for part in (state, postal) if part)
        line = f"{city}, {state_postal}" if city and state_postal else city or state_postal
        return (line,) if line else ()
    parts = {"city": city.strip(), "state": state.strip(), "postal": postal.strip()}
    lines = []
    for line in formats:
        filled = line.format(**parts)
        # An empty part leaves no doubled space, no comma at an end.
        filled = " ".join(filled.split()).strip(" ,").replace(" ,", ",")
        if filled:
            lines.append(filled)
    return tuple(lines)
