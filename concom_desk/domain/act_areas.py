"""What the Wetlands Protection Act itself protects and forbids, as MassDEP's forms
say it: a WPA form confirms, orders or cites only the Act's, never a town's.

A town's bylaw protects more than the Act does (an isolated vegetated wetland, a
vernal pool outside the Act's areas, a bylaw's own buffer) and forbids in its own
sections; printed on a WPA form, those would be confirmed or cited under a law that
does not have them. The Act's resource areas are those of 310 CMR 10.02(1) (inland,
10.54-10.58) and 10.25-10.35 (coastal), and the Buffer Zone of 10.02(2)(b).
"""

from __future__ import annotations

import re

# (name as a form prints it, the words a filing or a finding names it by), in the
# order of 310 CMR 10.02(1). Matched on the lowercased text, longest words first where
# one name holds another ("isolated land subject to flooding" before "land subject to").
ACT_AREAS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Bank", ("bank",)),
    ("Bordering Vegetated Wetland", ("bordering vegetated", "bvw")),
    ("Land Under Waterbodies and Waterways", ("land under water",)),
    ("Bordering Land Subject to Flooding", ("bordering land subject", "blsf")),
    ("Isolated Land Subject to Flooding", ("isolated land subject", "ilsf")),
    ("Riverfront Area", ("riverfront",)),
    ("Land Under the Ocean", ("land under the ocean",)),
    ("Designated Port Area", ("designated port",)),
    ("Coastal Beach", ("coastal beach",)),
    ("Coastal Dune", ("coastal dune", "dune")),
    ("Barrier Beach", ("barrier beach",)),
    ("Coastal Bank", ("coastal bank",)),
    ("Rocky Intertidal Shore", ("rocky intertidal",)),
    ("Salt Marsh", ("salt marsh",)),
    ("Land Under Salt Pond", ("salt pond",)),
    ("Land Containing Shellfish", ("shellfish",)),
    ("Land Subject to Coastal Storm Flowage", ("coastal storm flowage", "lscsf")),
    ("Buffer Zone", ("buffer zone",)),
)

# Named only by a bylaw: never an area under the Act, whatever else its name holds.
_BYLAW_ONLY = ("isolated vegetated wetland", "isolated wetland", "vernal pool",
               "no-disturb", "no disturb", "no-build", "no build")


def is_act_area(name: str) -> bool:
    """Whether a resource area as the record names it is one the Act protects
    ('Isolated Vegetated Wetland': no, a bylaw's; 'Coastal Bank': yes)."""
    lowered = " ".join(name.lower().split())
    if any(words in lowered for words in _BYLAW_ONLY):
        return False
    return any(word in lowered for _name, words in ACT_AREAS for word in words)


# A provision of the Act or its regulations, as a violation cites it. An "order of
# conditions" alone says nothing of the law: a bylaw's section about its own permits
# ("§330-8 (order of conditions)") is the bylaw's.
_ACT_CITATION = re.compile(
    r"310\s*CMR|c(?:h(?:apter)?)?\.?\s*131\s*,?\s*(?:§|s(?:ec(?:tion)?)?\.?)\s*40|"
    r"wetlands\s+protection\s+act", re.IGNORECASE)


def cites_the_act(provision: str) -> bool:
    """Whether a violation's provision is the Act's (MGL c.131 §40, 310 CMR 10.00), not
    a town bylaw's section."""
    return bool(_ACT_CITATION.search(provision or ""))
