"""How a letter joins names, lists and phrases, in one place.

Every notice, letter, agenda and permit prints a party's name before a verb
("Daniel and Susan Forsberg have filed"), a list of resource areas in a
sentence ("within Bordering Vegetated Wetland and Riverfront Area"), and text a
clerk typed into a form followed by the template's own full stop. Typed text
often ends in a full stop already; printed as it is, that gives "Wetland.." and
"Wetland., within". Each template asks here instead of gluing strings itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# "Daniel and Susan Forsberg", "Forsberg Daniel & Susan", "Ann + Bob Lee".
_TWO_PEOPLE = re.compile(r"\s(?:and|&|\+)\s", re.IGNORECASE)
# Trustees sign for a trust together: "Jane and John Doe, Trustees" are several.
_TRUSTEES = re.compile(r"\btrustees\b", re.IGNORECASE)
# What ends a typed phrase that the template ends again.
_TRAILING = ".,;: \t\r\n"
# How a clerk separates resource areas typed in one field.
_AREA_SEPARATORS = re.compile(r"\s*(?:;|\n|,)\s*")


def phrase(text: str | None) -> str:
    """Typed text made ready for the middle of a sentence: spaces collapsed, no
    trailing full stop, comma or semicolon (the template puts its own)."""
    collapsed = " ".join((text or "").split())
    return collapsed.rstrip(_TRAILING)


def join_list(items: Iterable[str | None]) -> str:
    """'A', 'A and B', 'A, B and C' — blanks left out, each item a phrase."""
    kept = [phrase(item) for item in items]
    kept = [item for item in kept if item]
    if len(kept) <= 1:
        return "".join(kept)
    return f"{', '.join(kept[:-1])} and {kept[-1]}"


def resource_area_list(typed: str | None) -> list[str]:
    """The areas typed in one field ('BVW; Riverfront Area.') as a list."""
    return [phrase(part) for part in _AREA_SEPARATORS.split(typed or "") if phrase(part)]


def resource_areas_phrase(typed: str | None) -> str:
    """'Bordering Vegetated Wetland; Buffer Zone.' → 'Bordering Vegetated Wetland
    and Buffer Zone'."""
    return join_list(resource_area_list(typed))


def work_within(work: str | None, areas: str | None) -> str:
    """'Build a deck, within Bordering Vegetated Wetland' — the work and where it
    is, without a full stop; either part may be blank, and both blank give ''."""
    what = phrase(work)
    # An area the work already names is not said twice ("within 100 ft of coastal bank
    # and salt marsh, within Coastal Bank, Salt Marsh…"): only the others are added.
    named = what.lower()
    where = join_list(area for area in resource_area_list(areas)
                      if area.lower() not in named)
    if what and where:
        return f"{what}, within {where}"
    if where:
        return f"work within {where}"
    return what


def same_party(name: str | None, within: str | None) -> bool:
    """Whether `name` is already said by `within`: the owner 'Scorton Shores Realty
    Trust' of the applicant 'Scorton Shores Realty Trust, Mark Delaney, Trustee', so a
    notice does not print 'filed by …, Trustee for Scorton Shores Realty Trust'."""
    def key(text: str | None) -> str:
        return " ".join(re.sub(r"[^\w&]+", " ", (text or "").lower()).split())
    owner, applicant = key(name), key(within)
    return bool(owner) and (owner == applicant or f" {owner} " in f" {applicant} ")


def names_several(name: str | None, kind: str = "person") -> bool:
    """Whether a party's name stands for more than one person, so that its verb is
    plural: two people joined by 'and' or '&', or trustees. A company, a public
    body or a trust is one party whatever its name ('Smith & Sons Inc has')."""
    text = " ".join((name or "").split())
    if not text:
        return False
    if _TRUSTEES.search(text):
        return True
    return kind == "person" and bool(_TWO_PEOPLE.search(text))


def has_or_have(name: str | None, kind: str = "person") -> str:
    """'has' for one party, 'have' for several: 'Daniel and Susan Forsberg have filed'."""
    return "have" if names_several(name, kind) else "has"


def counted(count: int, noun: str, plural: str = "") -> str:
    """'1 filing', '2 filings', '1,204 filings': a count with its noun agreeing."""
    return f"{count:,} {noun if count == 1 else (plural or noun + 's')}"
