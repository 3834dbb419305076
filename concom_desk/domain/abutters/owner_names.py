"""An owner's name as a person writes it on a letter, from the assessor's order.

Assessors list owners surname first, with the words that say what kind of owner
it is put last: "Perkins Elizabeth Estate of", "Sandwich Town of & Conservation
Commission", "Smith John & Mary". A letter is addressed the other way round:
"Estate of Elizabeth Perkins", "Town of Sandwich Conservation Commission",
"John & Mary Smith". A name is turned only where its pattern says for certain
which word is the surname:

- a comma after the surname ("Costa, James & David");
- "Estate of" / "Heirs of" at the end (what is left is the person, surname first);
- "Town of" / "City of" / "Commonwealth of" / "County of" after a place name;
- two or more given names joined by "&" after one surname ("Smith John & Mary"), or a
  middle initial at the end ("Macdonald John A") — a name typed in natural order
  never takes those shapes.

Anything else ("Smith John", "Riverbend Builders, Inc.", "Smith John & Jones Mary")
is kept as typed: the clerk corrects it on the Abutters tab when it needs it.
"""

from __future__ import annotations

import re

# Words that make a name a company, a trust or a public body, never "surname, given".
_NOT_A_PERSON = re.compile(
    r"\b(inc|llc|llp|lp|ltd|corp|co|company|corporation|trust|trusts|trustee|trustees|tr|"
    r"trs|realty|bank|association|assoc|partners|partnership|holdings|properties|"
    r"condominium|condo|church|club|foundation|nominee|society|school|college|"
    r"university|district|authority|department|dept|commission|board|et|al|"
    r"estate|heirs|town|city|county|commonwealth|state|united|fund|group)\b\.?",
    re.IGNORECASE)
_GIVEN = r"[A-Z][A-Za-z'\-]+"
_INITIAL = r"[A-Z]\.?"
_SURNAME = r"(?:[A-Z][A-Za-z'\-]+)(?: (?:[A-Z][A-Za-z'\-]+))?"
_COMMA = re.compile(rf"^(?P<surname>{_SURNAME}), (?P<given>{_GIVEN}(?: {_INITIAL})?"
                    rf"(?: & {_GIVEN}(?: {_INITIAL})?)*)$")
_ESTATE = re.compile(r"^(?P<person>.+?),? (?P<what>Estate|Heirs) of$", re.IGNORECASE)
_PUBLIC_BODY = re.compile(
    r"^(?P<place>[A-Z][A-Za-z'.\- ]*?),? (?P<body>Town|City|Commonwealth|County) of"
    r"(?: ?[&,] ?(?P<rest>.+)| (?P<tail>.+))?$", re.IGNORECASE)


def natural_name(name: str) -> str:
    """The owner's name in the order a letter is addressed, or as typed when its
    pattern is not certain (see the module's docstring)."""
    text = " ".join((name or "").split())
    estate = _ESTATE.match(text)
    if estate:
        person = _person(estate["person"])
        if person is None and len(estate["person"].split()) == 2 \
                and not _NOT_A_PERSON.search(estate["person"]):
            # Before "Estate of" two words are the assessor's "Surname Given".
            surname, given = estate["person"].split()
            person = f"{given} {surname}"
        return f"{estate['what'].capitalize()} of {person or estate['person']}"
    body = _PUBLIC_BODY.match(text)
    if body and not _NOT_A_PERSON.search(body["place"]):
        rest = body["rest"] or body["tail"] or ""
        return " ".join(part for part in (f"{body['body'].capitalize()} of {body['place']}",
                                          rest) if part)
    return _person(text) or text


def _person(text: str) -> str | None:
    """'Smith John & Mary' → 'John & Mary Smith'; None when not certain."""
    if _NOT_A_PERSON.search(text):
        return None
    comma = _COMMA.match(text)
    found = (comma["surname"], comma["given"]) if comma else _surname_first(text)
    if found is None:
        return None
    surname, given = found
    return f"{given} {surname}"


def _surname_first(text: str) -> tuple[str, str] | None:
    words = text.split(" ")
    if len(words) < 3 or not re.fullmatch(_GIVEN, words[0]):
        return None
    surname, given = words[0], words[1:]
    # Given names and initials, one or more joined by "&": the shape after one surname.
    people = " ".join(given).split(" & ")
    shapes = [re.fullmatch(rf"{_GIVEN}(?: {_INITIAL})?", person) for person in people]
    if not all(shapes):
        return None
    with_initial = len(people) == 1 and re.fullmatch(_INITIAL, given[-1]) is not None
    if len(people) < 2 and not with_initial:
        return None
    return surname, " ".join(given)

