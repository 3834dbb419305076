"""Town profiles for the enforcement tests, written from the bylaw texts in
/work/shared/seeds (the shipped profiles may say more; these say only what the
fines need). A test writes them into the data folder's `towns` folder, where a
clerk's own profile would go, so they take precedence over shipped ones."""

from __future__ import annotations

from pathlib import Path

_DEADLINE = """
[[deadline]]
id = "hearing_by"
kinds = ["noi"]
from = "received"
count = 21
unit = "days"
label = "Open the public hearing"
citation = "test stub"
"""

# town -> (per offense, citation, ticket, ticket citation); None: no fine in the bylaw
FINES: dict[str, tuple[int, str, int | None, str] | None] = {
    "nantucket": (300, "Nantucket Code ch. 136 (penalties): fine of not more than $300; "
                  "each day or portion thereof and each condition violated a separate offense",
                  None, ""),
    "upton": (300, "Upton ch. 330, Enforcement E: fined not more than $300, commencing the day "
              "the violation has been confirmed; each day or portion thereof and each "
              "provision a separate offense", None, ""),
    "sandwich": (300, "Sandwich Bylaws ch. 7 §7.55 Part 5: fine of not more than $300; each day "
                 "or portion thereof and each provision violated a separate offense",
                 50, "Sandwich Bylaws ch. 7 §7.55 Parts 5-6; MGL c.40 §21D: non-criminal fine "
                 "of $50 per offense"),
    "shutesbury": (300, "Shutesbury Wetlands Protection Bylaw Section 11: fine of not more than "
                   "$300; each day or portion thereof and each provision a separate offense",
                   50, "Shutesbury Wetlands Protection Bylaw, Enforcement (MGL c.40 §21D): each "
                   "offense punished by a fine of $50.00"),
    # Bourne's regulations (BWR 1.00) set no fine of their own.
    "bourne": None,
}


def _fines_toml(town: str) -> str:
    entry = FINES[town]
    if entry is None:
        return ""
    per_offense, citation, ticket, ticket_citation = entry
    text = f'\n[fines]\nper_offense = {per_offense}\ncitation = "{citation}"\n'
    if ticket is not None:
        text += f'noncriminal_ticket = {ticket}\nnoncriminal_citation = "{ticket_citation}"\n'
    return text


def write_enforcement_towns(data_dir: Path) -> Path:
    folder = data_dir / "towns"
    folder.mkdir(parents=True, exist_ok=True)
    for town in FINES:
        text = (
            f'[town]\nid = "{town}"\nname = "{town.title()}"\nsource = "test profile"\n'
            f"{_DEADLINE}{_fines_toml(town)}"
        )
        (folder / f"{town}.toml").write_text(text, encoding="utf-8")
    return folder
