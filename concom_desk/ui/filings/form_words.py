"""The filing form's fields in the commission's words: the dates it records, the
amounts, which laws a filing may be under, and the names a reload says it changed."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from concom_desk.domain.laws import ACT, BOTH, BYLAW, STATE_TOWN, default_under
from concom_desk.services.commission.settings import example_town

# The deadline engine's events the form records (shown for the kinds that have them).
DATE_FIELDS = (("received", "Recei&ved"), ("boards_notified", "&Boards notified"),
               ("hearing", "&Hearing opened"), ("closed", "Hearing &closed"),
               ("issued", "&Issued"))
# Record-keeping dates: when money came in or went back, when the permit was recorded.
RECORD_DATES = (("fee_paid_on", "Fee paid on"),
                ("consultant_fee_paid_on", "Consultant fee paid on"),
                ("bond_posted_on", "Bond posted on"), ("bond_released_on", "Bond released on"),
                ("recorded", "Recorded on"))
AMOUNTS = (("fee_cents", "Filing fee"), ("consultant_fee_cents", "Consultant fee"),
           ("bond_cents", "Bond amount"))
DATE_HINT = "YYYY-MM-DD or M/D/YYYY"
# Fields of the form the clerk does not type: the record's id and versions, the
# one-line addresses (the command line's) and what "Extension acts…" sets.
NOT_TYPED = frozenset({"id", "version", "party_versions", "applicant_address",
                       "owner_address", "acts_not_covered", "town"})


def laws_choice(town: str, laws: str) -> QComboBox:
    """Which laws the filing is under, in the commission's words."""
    box = QComboBox()
    box.setAccessibleName("Laws the filing is under")
    offer_laws(box, town, laws)
    return box


def offer_laws(box: QComboBox, town: str, laws: str) -> None:
    """The town's choices of laws in `box`, `laws` chosen; on the state default the Act
    alone, shown and not to be changed (there is no bylaw to be under)."""
    box.clear()
    bylaw = f"the {example_town(town)} bylaw" if town else "the town's bylaw"
    box.setEnabled(town != STATE_TOWN)
    if town == STATE_TOWN:
        box.addItem("The Wetlands Protection Act (MGL c.131 §40)", ACT)
        return
    box.addItem(f"The Wetlands Protection Act and {bylaw}", BOTH)
    box.addItem("The Wetlands Protection Act only", ACT)
    box.addItem(f"{bylaw[0].upper()}{bylaw[1:]} only", BYLAW)
    box.setCurrentIndex(max(box.findData(laws or default_under(town)), 0))


def field_words(names: list[str]) -> str:
    """"notes, filing fee" for ["notes", "fee_cents"]: the form's own words."""
    labels = {name: label.replace("&", "").lower()
              for name, label in (*DATE_FIELDS, *RECORD_DATES, *AMOUNTS)} | {
        "file_no": "file no.", "dep_file_no": "DEP file no.", "map_lot": "map/lot",
        "work_description": "work", "parent_file_no": "permit file no.",
        "applicant_mail": "applicant's address", "owner_mail": "owner's address",
        "representative_mail": "representative's address", "wpa_fee_cents": "fee under the Act"}
    return ", ".join(labels.get(n, n.replace("_", " ")) for n in names)
