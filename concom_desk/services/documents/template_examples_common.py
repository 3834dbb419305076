"""The example of what every template is given: the commission (its Settings and
members) and its town (the law and texts of its conditions library), and today
(part of template_examples.EXAMPLES)."""

from __future__ import annotations

from typing import Any

Context = dict[str, Any]

COMMON: Context = {
    "commission": {
        "name": "Upton Conservation Commission",
        "town": "Upton",
        "address_lines": ["Upton Town Hall", "1 Main Street, Box 10", "Upton, MA 01568"],
        "phone": "(508) 529-1008",
        "email": "conservation@uptonma.gov",
        "chair": "Margaret Hale",
        "members_in_office": ["Margaret Hale", "Thomas Brennan", "Alice Wu", "Robert King",
                              "Susan Ortiz"],
        "signers_needed": 3,
        "signature_lines": ["Margaret Hale", "Thomas Brennan", "Alice Wu", "Robert King",
                            "Susan Ortiz"],
        "clerk_initials": "JP",
        "newspaper": "The Milford Daily News",
        "deeds_registry": "Worcester South Registry of Deeds",
        "meeting_place": "Upton Town Hall, Room 1, 1 Main Street",
        "meeting_time": "7:00 PM",
        # The letterhead logo: an image when the Settings have one, "" for none.
        "logo": "",
    },
    "town": {
        "id": "upton",
        "name": "Upton",
        "bylaw": "Town of Upton General Bylaws, Chapter 330, Wetlands Regulations",
        "local_bylaw": "Town of Upton General Bylaws, Chapter 330, Wetlands Regulations",
        "appeal_rights": (
            "Any person may appeal this decision to the Superior Court under MGL c.249 §4 "
            "within 21 days of the date of its issuance, sending notice of the appeal and a "
            "copy of the complaint to the Commission and Town Counsel (Upton ch. 330)."
        ),
        "recording_instructions": (
            "Before any work begins, this document must be recorded at the Worcester District "
            "Registry of Deeds (or the Land Court for registered land) in the chain of title "
            "of the property, and proof of recording sent to the Commission (Upton ch. 330)."
        ),
    },
    "today": "November 29, 2026",
}
