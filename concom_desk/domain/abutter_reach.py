"""How far abutter notice reaches: a distance from the property line, and whose land
within it is notified. A town profile's `[abutters]` entry, with its citation.

Two rules are in the law the program knows:
- `within_distance` (MGL c.131 §40 ¶1, and a bylaw that repeats it): every owner of
  land within the distance of the property line, including land directly opposite on
  a street or way, in another town or across a body of water;
- `abutters_to_abutters` (Upton ch. 330): the abutters (land touching the lot, or
  directly opposite it on a street or way) and the abutters to those abutters, as far
  as they lie within the distance of the applicant's property line.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from concom_desk.errors import UserError

REACH_RULES = {
    "within_distance": "every owner within {ft} ft of the property line",
    "abutters_to_abutters": "abutters, and abutters to the abutters within {ft} ft of the "
                            "property line",
}
_KEYS = {"distance_ft", "rule", "citation", "note"}


@dataclass(frozen=True)
class AbutterReach:
    distance_ft: int
    rule: str
    citation: str
    note: str = ""

    def describe(self) -> str:
        return REACH_RULES[self.rule].format(ft=self.distance_ft)

    def at(self, distance_ft: int) -> AbutterReach:
        """The same rule at another distance (the clerk's 'custom' choice)."""
        return replace(self, distance_ft=distance_ft)

    @property
    def cited(self) -> str:
        """The citation without the quoted text: 'Upton ch. 330, § 330-10B (…)'."""
        return self.citation.split(":")[0].strip()


STATE_REACH = AbutterReach(
    distance_ft=100,
    rule="within_distance",
    citation="MGL c.131 §40 ¶1 and 310 CMR 10.05(4)(a): notice 'to all abutters within "
             "one hundred feet of the property line of the land where the activity is "
             "proposed ... including ... owners of land directly opposite said proposed "
             "activity on any public or private street or way, and in another municipality "
             "or across a body of water'",
)


def parse_reach(raw: Any, where: str) -> AbutterReach:
    """A profile's [abutters] table, refused whole with the entry named when malformed."""
    if not isinstance(raw, dict):
        raise UserError(f"{where}: [abutters] must be a table")
    unknown = set(raw) - _KEYS
    if unknown:
        raise UserError(f"{where}: unknown key(s) {', '.join(sorted(unknown))}; "
                        f"allowed: {', '.join(sorted(_KEYS))}")
    distance = raw.get("distance_ft")
    if not isinstance(distance, int) or isinstance(distance, bool) or not 1 <= distance <= 5280:
        raise UserError(f"{where}: 'distance_ft' must be a whole number of feet (1 to 5280), "
                        f"not {distance!r}")
    rule = raw.get("rule", "within_distance")
    if rule not in REACH_RULES:
        raise UserError(f"{where}: unknown rule {rule!r}; allowed: {', '.join(REACH_RULES)}")
    citation = raw.get("citation")
    if not isinstance(citation, str) or not citation.strip():
        raise UserError(f"{where}: missing 'citation'")
    note = raw.get("note", "")
    if not isinstance(note, str):
        raise UserError(f"{where}: 'note' must be text")
    return AbutterReach(distance, rule, citation, note)

