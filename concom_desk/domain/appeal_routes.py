"""The appeal paragraph of a decision: one route under the bylaw, and a second
under the Wetlands Protection Act when the filing is joint.

A filing with a DEP file number is decided under the Act (MGL c.131 §40) and
the town's bylaw at once (DOMAIN.md, "Joint filings"), and each has its own
appeal: the bylaw decision goes to the Superior Court (in the nature of
certiorari, MGL c.249 §4, or as the bylaw says), the decision under the Act to
MassDEP, which may issue a superseding order on a request made within ten
business days of issuance (310 CMR 10.05(7)(j)). A joint Order that gave only
the bylaw route would leave a person aggrieved without the state route.
"""

from __future__ import annotations

# The superseding decision MassDEP issues, by the commission's decision
# (310 CMR 10.05(7)(j)); an extension permit or a certificate of compliance has
# no such request under (7)(j), so it keeps the bylaw route alone.
SUPERSEDING = {
    "permit": ("Order", "Superseding Order of Conditions"),
    "amended-permit": ("Order", "Superseding Order of Conditions"),
    "denial": ("Order", "Superseding Order of Conditions"),
    "determination-negative": ("Determination", "Superseding Determination of Applicability"),
    "determination-positive": ("Determination", "Superseding Determination of Applicability"),
    "resource-area-delineation": ("Order",
                                  "Superseding Order of Resource Area Delineation"),
}
# The kind of paper each decision document is, for the town's appeal paragraph of that
# kind (ConditionsLibrary.appeal_for); a WPA form is read as its bylaw counterpart.
PAPER_OF = {
    "permit": "permit",
    "amended-permit": "permit",
    "extension-permit": "extension",
    "denial": "denial",
    "determination-negative": "determination",
    "determination-positive": "determination",
    "resource-area-delineation": "delineation",
    "certificate-of-compliance": "certificate",
}
BYLAW_TITLE = "Under the bylaw"
ACT_TITLE = "Under the Wetlands Protection Act (MGL c.131 §40)"
ACT_CITATION = "MGL c.131 §40; 310 CMR 10.05(7)(j)"


def superseding_request(decision: str, dep_office: str = "") -> str:
    """The Act's route, in the words of MassDEP's WPA forms (Appeal Rights); naming the
    town's MassDEP office ('MassDEP Southeast Regional Office, 20 Riverside Drive, …')
    where it is known."""
    this, superseding = SUPERSEDING[decision]
    office = f"the {dep_office}" if dep_office else "the MassDEP Regional Office"
    return (
        f"The applicant, the owner, any person aggrieved by this {this}, any owner of land "
        f"abutting the land subject to this {this}, or any ten residents of the city or town "
        f"in which that land is located may ask {office} to issue a "
        f"{superseding}. The request must be made by certified mail or hand delivery to "
        f"MassDEP, with the filing fee and the fee transmittal form, within ten business "
        f"days of the date of issuance of this {this}, and a copy sent at the same time, by "
        f"certified mail or hand delivery, to the Commission and to the applicant if the "
        f"applicant is not the one asking ({ACT_CITATION}). A {superseding} decides the "
        f"matter under the Act only; it does not replace the decision under the bylaw."
    )


def appeal_routes(bylaw_appeal: str, joint: bool, decision: str,
                  bylaw_is_the_act: bool = False, act_only: bool = False,
                  dep_office: str = "") -> list[dict[str, str]]:
    """[{'title', 'text'}]: the bylaw's route, then the Act's when the filing is joint
    and the decision is one MassDEP supersedes. A commission on the state's rules
    alone (no bylaw) has the Act's route once; so has a filing under the Act alone in a
    town with a bylaw (the bylaw's route is not open to it)."""
    if bylaw_is_the_act:
        return [{"title": ACT_TITLE, "text": bylaw_appeal}]
    act = ({"title": ACT_TITLE, "text": superseding_request(decision, dep_office)}
           if decision in SUPERSEDING else None)
    if act_only and act is not None:
        return [act]
    routes = [{"title": BYLAW_TITLE, "text": bylaw_appeal}]
    if joint and act is not None:
        routes.append(act)
    return routes
