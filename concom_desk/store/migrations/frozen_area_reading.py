"""Frozen: the reading of free text as revisions 0019_resource_area_codes (a filing's
words) and 0021_case_resource_areas (an enforcement case's) carry it over to codes
(concom_desk/domain/resource_areas.py's areas_in_text, December 2026).

A revision must do the same to every database whenever it runs, so it does not import
the domain, which will go on changing (a new area, new words) after the revision has
run on other clerks' files (tests/store/test_migrations_stand_alone.py). Do not edit;
a new reading is a new revision. (code, unit, the words that name it), in the order
they are tried: a bylaw's first, then coastal before inland (a "coastal bank" is not
the inland "bank"), longest words first.
"""

from __future__ import annotations

import re

_BYLAW_WORDS = (
    ("isolated_wetland", ("isolated vegetated wetland", "isolated wetland")),
    ("vernal_pool", ("vernal pool",)),
    ("no_disturb", ("no-disturb", "no disturb", "no-build", "no build")),
)
_STATE_WORDS = (
    ("lscsf", "sq_ft", ("coastal storm flowage", "lscsf")),
    ("luo", "sq_ft", ("land under the ocean",)),
    ("rocky_intertidal", "sq_ft", ("rocky intertidal",)),
    ("dpa", "sq_ft", ("designated port",)),
    ("barrier_beach", "sq_ft", ("barrier beach",)),
    ("coastal_beach", "sq_ft", ("coastal beach",)),
    ("coastal_dune", "sq_ft", ("coastal dune", "dune")),
    ("coastal_bank", "linear_ft", ("coastal bank",)),
    ("salt_marsh", "sq_ft", ("salt marsh",)),
    ("fish_run", "linear_ft", ("fish run", "anadromous")),
    ("salt_pond", "sq_ft", ("salt pond",)),
    ("shellfish", "sq_ft", ("shellfish",)),
    ("blsf", "sq_ft", ("bordering land subject", "blsf")),
    ("bvw", "sq_ft", ("bordering vegetated", "bvw")),
    ("luww", "sq_ft", ("land under water",)),
    ("ilsf", "sq_ft", ("isolated land", "ilsf")),
    ("buffer_zone", "sq_ft", ("buffer zone",)),
    ("riverfront", "sq_ft", ("riverfront",)),
    ("bank", "linear_ft", ("bank",)),
)


def _code_of(part: str) -> tuple[str, str] | None:
    lowered = " ".join(part.lower().split())
    for code, words in _BYLAW_WORDS:
        if any(word in lowered for word in words):
            return code, "sq_ft"
    for code, unit, words in _STATE_WORDS:
        if any(re.search(rf"\b{re.escape(word)}\b", lowered) for word in words):
            return code, unit
    return None


def areas_in_text(text: str) -> list[tuple[str, str, str]]:
    """(code, unit, words) for each area the text names, each code once, in the text's
    order; what names none is ("other", "", its words)."""
    found: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for part in re.split(r"[;,\n]|\band\b|&", text or ""):
        part = part.strip(" .")
        if not part:
            continue
        matched = _code_of(part)
        if matched is None:
            found.append(("other", "", part))
        elif matched[0] not in seen:
            seen.add(matched[0])
            found.append((matched[0], matched[1], ""))
    return found
