"""The example context of the enforcement papers (the violation notice and the
enforcement order): a case, its violator, violations and order (part of
template_examples.EXAMPLES)."""

from __future__ import annotations

from typing import Any

Context = dict[str, Any]

ENFORCEMENT: Context = {
    "case": {
        "case_no": "ENF 2026-004",
        "opened": "October 2, 2026",
        "address": "88 Mill Pond Road",
        "map_lot": "9-112",
        "description": "Fill and cutting of vegetation within a Bordering Vegetated Wetland",
        # By name and citation, from the case's codes (services/enforcement/case_areas.py).
        "resource_areas": "Bordering Vegetated Wetland (310 CMR 10.55): 2,000 square feet; "
                          "Buffer Zone (310 CMR 10.02(2)(b))",
        "status": "order issued",
        # The Order of Conditions the case concerns; its fields "" when none.
        "permit": {"file_no": "", "dep_file_no": "", "holder": "", "issued": ""},
    },
    "violator": {"name": "Mill Pond Holdings LLC",
                 "address_lines": ["500 Commerce Way", "Worcester, MA 01608"]},
    "violations": [
        {"number": 1, "provision": "Upton ch. 330, Permits required",
         "description": "Placement of about 40 cubic yards of fill in the wetland",
         "observed": "October 2, 2026", "under_act": False},
        {"number": 2, "provision": "Upton ch. 330, Buffer zone",
         "description": "Clearing of trees and shrubs within 25 feet of the wetland",
         "observed": "October 2, 2026", "under_act": False},
    ],
    # The laws the violations break, as the paper names them: the town's bylaw, the
    # Act ("the Wetlands Protection Act (MGL c.131 §40)"), or "<bylaw> and <the Act>".
    "laws_violated": "Town of Upton General Bylaws, Chapter 330, Wetlands Regulations",
    "order": {
        "order_no": "EO 2026-004",
        "issued": "October 5, 2026",
        "signed_by": ["Margaret Hale", "Thomas Brennan", "Alice Wu"],
        "emergency": False,
        "ratify_by": "",
        "stop_work": True,
        "restore_by": "December 1, 2026",
        "file_noi_by": "November 15, 2026",
        "requirements": [
            "Stop all work on the property at once.",
            "Remove the fill by hand under the supervision of a wetland scientist.",
            "Submit a restoration plan by a wetland scientist.",
        ],
        "ratified": "",
    },
    "fines": {"per_offense": "$300", "citation": "Upton ch. 330, Enforcement",
              "noncriminal_ticket": ""},
}
