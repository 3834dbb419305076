"""Build MassDEP's WPA forms in forms/wpa/ (run: python tools/forms_wpa.py [NAME ...]).

Laid out as the state's forms (sections, numbering, check boxes and the words of the
fields as on the forms read: see docs/templates.md, "MassDEP's WPA forms"), filled
from the `wpa` group of the context (concom_desk/services/documents/wpa_fields.py)
and the parts each form shares with its bylaw counterpart. The .docx files are the
product, editable in Word; this script is how they were made.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

from forms_kit import new_document, page_break, para, save_reproducibly, tag  # noqa: E402
from forms_wpa_kit import (  # noqa: E402
    answers,
    check,
    grid,
    item,
    loop_of,
    section,
    signatures,
    small,
    wpa_footer,
    wpa_heading,
)

from concom_desk.services.documents.wpa_fields import WPA_FORMS  # noqa: E402

OUT = HERE.parent / "forms" / "wpa"
W = "wpa"


def _from_to(document, issuance: tuple[str, ...] = ()) -> None:
    item(document, "1.", "From:")
    answers(document, [("{{ wpa.commission_town }}", "Conservation Commission", 1)])
    number = 2
    if issuance:
        item(document, "2.", "This issuance is for (check one):")
        for letter, (box, text) in zip("ab", issuance, strict=False):
            check(document, box, f"{letter}. {text}", indent=0.3, after=1)
        number = 3
    item(document, f"{number}.", "To: Applicant:")
    answers(document, [("{{ wpa.applicant.name }}", "a. Name", 3),
                       ("{{ wpa.applicant.company }}", "b. Company", 3)])
    answers(document, [("{{ wpa.applicant.address }}", "c. Mailing Address", 3.2),
                       ("{{ wpa.applicant.city_state_zip }}", "d. City/Town, State, Zip Code",
                        2.8)])
    item(document, f"{number + 1}.", "Property Owner (if different from applicant):")
    answers(document, [("{{ wpa.owner.name }}", "a. Name", 3),
                       ("{{ wpa.owner.company }}", "b. Company", 3)])
    answers(document, [("{{ wpa.owner.address }}", "c. Mailing Address", 3.2),
                       ("{{ wpa.owner.city_state_zip }}", "d. City/Town, State, Zip Code", 2.8)])


def _location(document, number: str, latlong: bool = True) -> None:
    item(document, number, "Project Location:")
    answers(document, [("{{ wpa.location.street }}", "a. Street Address", 4),
                       ("{{ wpa.location.town }}", "b. City/Town", 2)])
    cells = [("{{ wpa.location.map }}", "c. Assessors Map/Plat Number", 2),
             ("{{ wpa.location.parcel }}", "d. Parcel/Lot Number", 2)]
    if latlong:
        cells += [("{{ wpa.location.latitude }}", "e. Latitude (if known)", 1.2),
                  ("{{ wpa.location.longitude }}", "f. Longitude (if known)", 1.2)]
    answers(document, cells)


def _registry(document, number: str) -> None:
    item(document, number, "Property recorded at the Registry of Deeds for (attach additional "
                           "information if more than one parcel):", bold_label=True)
    answers(document, [("{{ wpa.registry.county }}", "a. County", 2.4),
                       ("{{ wpa.registry.certificate }}", "b. Certificate (if registered land)",
                        1.6),
                       ("{{ wpa.registry.book }}", "c. Book", 1),
                       ("{{ wpa.registry.page }}", "d. Page", 1)])


def _dates(document, number: str, filed: str) -> None:
    item(document, number, "Dates:")
    answers(document, [("{{ wpa.dates.filed }}", f"a. Date {filed} Filed", 2),
                       ("{{ wpa.dates.closed }}", "b. Date Public Hearing Closed", 2),
                       ("{{ wpa.dates.issued }}", "c. Date of Issuance", 2)])


def _plans(document, number: str) -> None:
    item(document, number, "Final Approved Plans and Other Documents (attach additional plan "
                           "or document references as needed):")
    answers(document, [("{{ wpa.plan.title }}", "a. Plan Title", 6)])
    answers(document, [("{{ wpa.plan.prepared_by }}", "b. Prepared By", 3),
                       ("{{ wpa.plan.stamped_by }}", "c. Signed and Stamped by", 3)])
    answers(document, [("{{ wpa.plan.final_date }}", "d. Final Revision Date", 3),
                       ("{{ wpa.plan.scale }}", "e. Scale", 3)])


def _fee(document, number: str) -> None:
    item(document, number, "Total WPA Fee Paid:")
    answers(document, [("{{ wpa.fee.total }}", "a. Total Fee Paid", 2),
                       ("{{ wpa.fee.state }}", "b. State Fee Paid", 2),
                       ("{{ wpa.fee.town }}", "c. City/Town Fee Paid", 2)])


def _appeals(document, letter: str, what: str) -> None:
    section(document, f"{letter}. Appeals")
    small(document, f"The applicant, the owner, any person aggrieved by this {what}, any "
                    "owner of land abutting the land subject to this " + what + ", or any ten "
                    "residents of the city or town in which such land is located, are hereby "
                    "notified of their right to request the appropriate MassDEP Regional "
                    "Office to issue a Superseding " + ("Order of Conditions" if what ==
                                                        "Order" else what) + ". The request "
                    "must be made by certified mail or hand delivery to the Department, with "
                    "the appropriate filing fee and a completed Request for Departmental "
                    "Action Fee Transmittal Form, within ten business days from the date of "
                    "issuance of this " + what + ". A copy of the request shall at the same "
                    "time be sent by certified mail or hand delivery to the Conservation "
                    "Commission and to the applicant, if he/she is not the appellant "
                    "(310 CMR 10.05(7)).")
    small(document, "Any appellants seeking to appeal the Department's Superseding decision "
                    "associated with this appeal will be required to demonstrate prior "
                    "participation in the review of this project.", after=4)
    # The form's own words are the Act's route; the bylaw's follows under its heading.
    tag(document, "{%p for route in appeal_routes if 'Wetlands Protection Act' not in "
                  "route.title %}")
    small(document, "{{ route.title }}", bold=True, after=1)
    small(document, "{{ route.text }}")
    tag(document, "{%p endfor %}")


def _delivery(document, what: str) -> None:
    small(document, f"This {what} must be signed by a majority of the Conservation "
                    "Commission ({{ commission.signers_needed }} of "
                    "{{ commission.members_in_office|length }} members) and mailed by "
                    "certified mail (return receipt requested) or hand delivered to the "
                    "applicant. A copy must be mailed or hand delivered at the same time to "
                    "the appropriate MassDEP Regional Office, and to the property owner if "
                    "different from the applicant.")
    answers(document, [("{{ wpa.dates.issued }}", "Date of Issuance", 2),
                       ("{{ wpa.vote.text }}", "Vote of the Commission", 4)])
    check(document, "☐", "by hand delivery on ____________________        "
                         "☐  by certified mail, return receipt requested, on "
                         "____________________", after=6)


def _recording(document, letter: str, what: str, before_work: bool = False) -> None:
    """The recording page and the Registry's slip. Only an Order of Conditions is
    recorded before work may begin (310 CMR 10.05(6)(h), General Condition 9); a
    certificate, an extension or a delineation is recorded by the applicant, with no
    work waiting on it. The town's recording instructions are its permit's: this page
    states the Act's, once."""
    page_break(document)
    section(document, f"{letter}. Recording Information")
    if before_work:
        opening = (f"Prior to the commencement of work, this {what} must be recorded in the "
                   "Registry of Deeds or the Land Court for the district in which the land is "
                   "located, within the chain of title of the affected property.")
    else:
        opening = (f"The applicant is responsible for ensuring that this {what} is recorded "
                   "in the Registry of Deeds or the Land Court for the district in which the "
                   "land is located, within the chain of title of the affected property.")
    small(document, opening + " In the case of recorded land, it shall also be noted in the "
                    "Registry's Grantor Index under the name of the owner of the land subject "
                    "to it; in the case of registered land, on the Land Court Certificate of "
                    "Title of the owner. The recording information on this page shall be "
                    "submitted to the Conservation Commission listed below.")
    answers(document, [("{{ commission.name }}", "Conservation Commission", 6)])
    small(document, "Detach on dotted line, have stamped by the Registry of Deeds and submit "
                    "to the Conservation Commission.", italic=True)
    para(document, "- " * 62, size=7, after=4)
    small(document, "To: Conservation Commission", bold=True)
    small(document, f"Please be advised that the {what} for the Project at:")
    answers(document, [("{{ wpa.location.street }}", "Project Location", 4),
                       ("{{ wpa.dep_file_no }}", "DEP File Number", 2)])
    small(document, "Has been recorded at the Registry of Deeds of:")
    answers(document, [("{{ wpa.registry.county }}", "County", 2),
                       ("__________", "Book", 1.5), ("__________", "Page", 1.5)])
    answers(document, [("{{ wpa.owner.name }}", "for: Property Owner", 6)])
    small(document, "and has been noted in the chain of title of the affected property in:")
    answers(document, [("__________", "Book", 3), ("__________", "Page", 3)])
    small(document, f"In accordance with the {what} issued on:")
    answers(document, [("{{ wpa.dates.issued }}", "Date", 2)])
    small(document, "If recorded land, the instrument number identifying this transaction is:")
    answers(document, [("____________________", "Instrument Number", 3)])
    small(document, "If registered land, the document number identifying this transaction is:")
    answers(document, [("____________________", "Document Number", 3)])
    answers(document, [("", "Signature of Applicant", 4), ("", "Date", 2)])


# -- WPA Form 5 ------------------------------------------------------------------------------
GENERAL_CONDITIONS = (
    "Failure to comply with all conditions stated herein, and with all related statutes and "
    "other regulatory measures, shall be deemed cause to revoke or modify this Order.",
    "The Order does not grant any property rights or any exclusive privileges; it does not "
    "authorize any injury to private property or invasion of private rights.",
    "This Order does not relieve the permittee or any other person of the necessity of "
    "complying with all other applicable federal, state, or local statutes, ordinances, "
    "bylaws, or regulations.",
    "The work authorized hereunder shall be completed within three years from the date of "
    "this Order unless the work is a maintenance dredging project as provided for in the Act, "
    "or the time for completion has been extended to a specified date more than three years, "
    "but less than five years, from the date of issuance (set forth as a special condition).",
    "This Order may be extended by the issuing authority for one or more periods of up to "
    "three years each upon application to the issuing authority at least 30 days prior to "
    "the expiration date of the Order.",
    "If this Order constitutes an Amended Order of Conditions, the Amended Order of "
    "Conditions does not exceed the expiration date of the original Final Order of "
    "Conditions.",
    "Any fill used in connection with this project shall be clean fill, containing no trash, "
    "refuse, rubbish, or debris, including but not limited to lumber, bricks, plaster, wire, "
    "lath, paper, cardboard, pipe, tires, ashes, refrigerators, motor vehicles, or parts of "
    "any of the foregoing.",
    "This Order is not final until all administrative appeal periods from this Order have "
    "elapsed, or if such an appeal has been taken, until all proceedings before the "
    "Department have been completed.",
    "No work shall be undertaken until the Order has become final and then has been recorded "
    "in the Registry of Deeds or the Land Court for the district in which the land is "
    "located, within the chain of title of the affected property, and the recording "
    "information submitted to the Conservation Commission on the form at the end of this "
    "Order, stamped by the Registry of Deeds, prior to the commencement of work.",
    "A sign shall be displayed at the site not less than two square feet or more than three "
    "square feet in size bearing the words \"Massachusetts Department of Environmental "
    "Protection\" [or \"MassDEP\"], \"File Number {{ wpa.dep_file_no }}\".",
    "Where the Department of Environmental Protection is requested to issue a Superseding "
    "Order, the Conservation Commission shall be a party to all agency proceedings and "
    "hearings before MassDEP.",
    "Upon completion of the work described herein, the applicant shall submit a Request for "
    "Certificate of Compliance (WPA Form 8A) to the Conservation Commission.",
    "The work shall conform to the plans and special conditions referenced in this Order.",
    "Any change to the plans identified in Condition #13 above shall require the applicant "
    "to inquire of the Conservation Commission in writing whether the change is significant "
    "enough to require the filing of a new Notice of Intent.",
    "The Agent or members of the Conservation Commission and the Department of Environmental "
    "Protection shall have the right to enter and inspect the area subject to this Order at "
    "reasonable hours to evaluate compliance with the conditions stated in this Order, and "
    "may require the submittal of any data deemed necessary for that evaluation.",
    "This Order of Conditions shall apply to any successor in interest or successor in "
    "control of the property subject to this Order and to any contractor or other person "
    "performing work conditioned by this Order.",
    "Prior to the start of work, and if the project involves work adjacent to a Bordering "
    "Vegetated Wetland, the boundary of the wetland in the vicinity of the proposed work "
    "area shall be marked by wooden stakes or flagging, maintained until a Certificate of "
    "Compliance has been issued by the Conservation Commission.",
    "All sedimentation barriers shall be maintained in good repair until all disturbed areas "
    "have been fully stabilized with vegetation or other means. At no time shall sediments "
    "be deposited in a wetland or water body. During construction, the applicant or his/her "
    "designee shall inspect the erosion controls on a daily basis and shall remove "
    "accumulated sediments as needed. The Conservation Commission may require additional "
    "erosion and/or sedimentation controls during construction if necessary.",
)


def form_5(document) -> None:
    section(document, "A. General Information")
    # An amendment's decision is an Amended Order; any other NOI's, the Order itself.
    _from_to(document, issuance=(
        ("{{ '☐' if filing.kind == 'amendment' else '☒' }}", "Order of Conditions"),
        ("{{ '☒' if filing.kind == 'amendment' else '☐' }}", "Amended Order of Conditions")))
    _location(document, "5.")
    _registry(document, "6.")
    _dates(document, "7.", "Notice of Intent")
    _plans(document, "8.")
    _fee(document, "9.")
    small(document, "Project described in the Notice of Intent: "
                    "{{ filing.work_description }}{% if filing.resource_areas %}, within "
                    "{{ filing.resource_areas }}{% endif %}.",
          italic=True)

    section(document, "B. Findings")
    item(document, "1.", "Findings pursuant to the Massachusetts Wetlands Protection Act:")
    small(document, "Following the review of the above-referenced Notice of Intent and based "
                    "on the information provided in this application and presented at the "
                    "public hearing, this Commission finds that the areas in which work is "
                    "proposed is significant to the following interests of the Wetlands "
                    "Protection Act (the Act). Check all that apply:")
    loop_of(document, "wpa.interests", "i", "{{ i.box }}  {{ i.name }}", indent=0.6)
    loop_of(document, "wpa.findings", "line", "{{ line }}", indent=0.3)
    item(document, "2.", "This Commission hereby finds the project, as proposed, is: "
                         "(check one of the following boxes)")
    small(document, "Approved subject to:", bold=True)
    check(document, "{{ wpa.boxes.approved }}",
          "a. the following conditions which are necessary in accordance with the "
          "performance standards set forth in the wetlands regulations. This Commission "
          "orders that all work shall be performed in accordance with the Notice of Intent "
          "referenced above, the following General Conditions, and any other special "
          "conditions attached to this Order. To the extent that the following conditions "
          "modify or differ from the plans, specifications, or other proposals submitted with "
          "the Notice of Intent, these conditions shall control.")
    small(document, "Denied because:", bold=True)
    check(document, "{{ wpa.boxes.denied_standards }}",
          "b. the proposed work cannot be conditioned to meet the performance standards set "
          "forth in the wetland regulations. Therefore, work on this project may not go "
          "forward unless and until a new Notice of Intent is submitted which provides "
          "measures which are adequate to protect the interests of the Act, and a final Order "
          "of Conditions is issued.")
    check(document, "{{ wpa.boxes.denied_information }}",
          "c. the information submitted by the applicant is not sufficient to describe the "
          "site, the work, or the effect of the work on the interests identified in the "
          "Wetlands Protection Act. Therefore, work on this project may not go forward unless "
          "and until a revised Notice of Intent is submitted which provides sufficient "
          "information and includes measures which are adequate to protect the Act's "
          "interests, and a final Order of Conditions is issued. A description of the "
          "performance standards which the proposed work cannot meet is attached to this "
          "Order as per 310 CMR 10.05(6)(c).")
    # A denial states why, on the Order itself (310 CMR 10.05(6)(c)).
    tag(document, "{%p if wpa.denied %}")
    item(document, "", "The reasons for the denial, and the performance standards the proposed "
                       "work cannot meet:")
    loop_of(document, "reasons", "reason", "{{ loop.index }}.  {{ reason }}", indent=0.6,
            empty="None recorded.")
    tag(document, "{%p endif %}")
    item(document, "3.", "Inland Resource Area Impacts: Check all that apply below. (For "
                         "Approvals Only)")
    grid(document, ["", "Resource Area", "Proposed Alteration", "Permitted Alteration",
                    "Proposed Replacement", "Permitted Replacement"],
         ["{{ a.box }}", "{{ a.area }} ({{ a.unit }})", "{{ a.proposed }}", "", "", ""],
         "a in wpa.impacts",
         [0.35, 2.15, 1.0, 1.0, 1.0, 1.0])
    # Coastal areas (310 CMR 10.25-10.35), only where the filing names one: an inland
    # Order keeps its page.
    tag(document, "{%p if wpa.coastal_named %}")
    item(document, "", "Coastal Resource Area Impacts: Check all that apply below. (For "
                       "Approvals Only)")
    grid(document, ["", "Resource Area", "Proposed Alteration", "Permitted Alteration",
                    "Proposed Replacement", "Permitted Replacement"],
         ["{{ a.box }}", "{{ a.area }} ({{ a.unit }})", "{{ a.proposed }}", "", "", ""],
         "a in wpa.coastal", [0.35, 2.15, 1.0, 1.0, 1.0, 1.0])
    tag(document, "{%p endif %}")
    # The site's flood data, where the record has it (an Order without it keeps its page).
    tag(document, "{%p if wpa.flood.recorded %}")
    item(document, "", "Flood data: FEMA flood zone {{ wpa.flood.zone }};  "
                       "{{ wpa.flood.lscsf }} within Land Subject to Coastal Storm Flowage;  "
                       "{{ wpa.flood.v_zone }} within a velocity zone (V-zone);  "
                       "{{ wpa.flood.riverfront }} within the Riverfront Area "
                       "({{ wpa.flood.riverfront_width }} in this municipality, "
                       "310 CMR 10.58(2)(a)3);  setting: {{ wpa.flood.setting }}.")
    tag(document, "{%p endif %}")

    section(document, "C. General Conditions Under Massachusetts Wetlands Protection Act "
                      "(only applicable to approved projects)")
    tag(document, "{%p if wpa.denied %}")
    small(document, "Not applicable: this Order denies the project.")
    tag(document, "{%p else %}")
    for number, text in enumerate(GENERAL_CONDITIONS, start=1):
        check(document, f"{number}.", text, indent=0.0, after=3)
    item(document, "", "Special Conditions:")
    loop_of(document, "standard_conditions", "c", "{{ c.number }}.  {{ c.text }}")
    loop_of(document, "special_conditions", "c", "{{ c.number }}.  {{ c.text }}")
    tag(document, "{%p endif %}")

    section(document, "D. Findings Under Municipal Wetlands Bylaw or Ordinance")
    item(document, "1.", "Is a municipal wetlands bylaw or ordinance applicable?")
    check(document, "{{ '☒' if town.local_bylaw else '☐' }}", "Yes        "
          "{{ '☐' if town.local_bylaw else '☒' }}  No")
    small(document, "{% if town.local_bylaw %}The Commission's decision under "
                    "{{ town.local_bylaw }} is issued separately under the Commission's file "
                    "number {{ filing.file_no }}{% if not wpa.denied %}; its conditions are "
                    "additional to this Order{% endif %}."
                    "{% endif %}")

    section(document, "E. Signatures")
    small(document, "This Order is valid for three years from the date of issuance, unless "
                    "otherwise specified as a special condition pursuant to General Conditions "
                    "#4. If this is an Amended Order of Conditions, the Amended Order expires "
                    "on the same date as the original Order of Conditions.")
    _delivery(document, "Order")
    signatures(document, "Signatures of the members of the {{ commission.name }}:")
    _appeals(document, "F", "Order")
    # An Order that denies the project permits no work: nothing to record before it.
    tag(document, "{%p if not wpa.denied %}")
    _recording(document, "G", "Order of Conditions", before_work=True)
    tag(document, "{%p endif %}")


# -- WPA Form 2 ------------------------------------------------------------------------------
POSITIVE = (
    "The area described on the referenced plan(s) is an area subject to protection under the "
    "Act. Removing, filling, dredging, or altering of the area requires the filing of a "
    "Notice of Intent.",
    "The boundary delineations of the following resource areas described on the referenced "
    "plan(s) are confirmed as accurate. Therefore, the resource area boundaries confirmed in "
    "this Determination are binding as to all decisions rendered pursuant to the Wetlands "
    "Protection Act and its regulations regarding such boundaries for as long as this "
    "Determination is valid.",
    "The work described on referenced plan(s) and document(s) is within an area subject to "
    "protection under the Act and will remove, fill, dredge, or alter that area. Therefore, "
    "said work requires the filing of a Notice of Intent.",
    "The work described on referenced plan(s) and document(s) is within the Buffer Zone and "
    "will alter an Area subject to protection under the Act. Therefore, said work requires "
    "the filing of a Notice of Intent or ANRAD Simplified Review (if work is limited to the "
    "Buffer Zone).",
    "The area and/or work described on referenced plan(s) and document(s) is subject to "
    "review and approval by the Conservation Commission of {{ wpa.commission_town }} pursuant "
    "to its wetlands bylaw. Therefore, said area and/or work requires local filing and "
    "approval.",
)
NEGATIVE = (
    "The area described in the Request is not an area subject to protection under the Act or "
    "the Buffer Zone.",
    "The work described in the Request is within an area subject to protection under the "
    "Act, but will not remove, fill, dredge, or alter that area. Therefore, said work does "
    "not require the filing of a Notice of Intent.",
    "The work described in the Request is within the Buffer Zone, as defined in the "
    "regulations, but will not alter an Area subject to protection under the Act. Therefore, "
    "said work does not require the filing of a Notice of Intent, subject to the conditions "
    "listed below (if any).",
    "The work described in the Request is not within an Area subject to protection under the "
    "Act (including the Buffer Zone). Therefore, said work does not require the filing of a "
    "Notice of Intent, unless and until said work alters an Area subject to protection under "
    "the Act.",
)


def form_2(document) -> None:
    section(document, "A. General Information")
    item(document, "", "From:")
    answers(document, [("{{ wpa.commission_town }}", "Conservation Commission", 1)])
    item(document, "", "To: Applicant:")
    answers(document, [("{{ wpa.applicant.name }}", "Name", 3),
                       ("{{ wpa.applicant.address }}, {{ wpa.applicant.city_state_zip }}",
                        "Mailing Address, City/Town, State, Zip Code", 3)])
    item(document, "", "Property Owner (if different from applicant):")
    answers(document, [("{{ wpa.owner.name }}", "Name", 3),
                       ("{{ wpa.owner.address }}, {{ wpa.owner.city_state_zip }}",
                        "Mailing Address, City/Town, State, Zip Code", 3)])
    item(document, "1.", "Title and Date (or Revised Date if applicable) of Final Plans and "
                         "Other Documents:")
    answers(document, [("{{ wpa.plan.title }}", "Title", 4.4),
                       ("{{ wpa.plan.final_date }}", "Date", 1.6)])
    item(document, "2.", "Date Request Filed:")
    answers(document, [("{{ wpa.dates.filed }}", "", 1)])

    section(document, "B. Determination")
    small(document, "Pursuant to the authority of M.G.L. c. 131, §40, the Conservation "
                    "Commission considered your Request for Determination of Applicability, "
                    "with its supporting documentation, and made the following Determination.")
    small(document, "Project Description (if applicable): {{ filing.work_description }}.")
    item(document, "", "Project Location:")
    answers(document, [("{{ wpa.location.street }}", "Street Address", 4),
                       ("{{ wpa.location.town }}", "City/Town", 2)])
    answers(document, [("{{ wpa.location.map }}", "Assessors Map/Plat Number", 3),
                       ("{{ wpa.location.parcel }}", "Parcel/Lot Number", 3)])
    small(document, "The following Determination(s) is/are applicable to the proposed site "
                    "and/or project relative to the Wetlands Protection Act and regulations:")
    check(document, "{{ wpa.boxes.positive }}", "Positive Determination", after=1)
    small(document, "Note: No work within the jurisdiction of the Wetlands Protection Act may "
                    "proceed until a final Order of Conditions (issued following submittal of "
                    "a Notice of Intent or Abbreviated Notice of Intent) has been received "
                    "from the issuing authority (i.e., Conservation Commission or the "
                    "Department of Environmental Protection).", italic=True, indent=0.6)
    for number, text in enumerate(POSITIVE, start=1):
        check(document, f"{{{{ wpa.boxes.positive_{number} }}}}", f"{number}. {text}",
              indent=0.6)
    check(document, "{{ wpa.boxes.negative }}", "Negative Determination", after=1)
    small(document, "Note: No further filing with the Conservation Commission is required "
                    "under the Act for the work described, unless it changes. Work must comply "
                    "with the conditions below, if any.", italic=True, indent=0.6)
    for number, text in enumerate(NEGATIVE, start=1):
        check(document, f"{{{{ wpa.boxes.negative_{number} }}}}", f"{number}. {text}",
              indent=0.6)
    tag(document, "{%p if findings %}")
    item(document, "", "The Commission's findings, as voted:")
    loop_of(document, "findings", "line", "{{ line }}", indent=0.6)
    tag(document, "{%p endif %}")
    tag(document, "{%p if wpa.boxes.negative == '☒' %}")
    item(document, "", "Conditions of the Negative Determination:")
    loop_of(document, "conditions", "c", "{{ c.number }}.  {{ c.text }}", indent=0.6,
            empty="None.")
    tag(document, "{%p endif %}")

    section(document, "C. Authorization")
    small(document, "This Determination is issued to the applicant and delivered as follows: "
                    "by hand delivery on ____________, or by certified mail, return receipt "
                    "requested, on ____________. This Determination is valid for three years "
                    "from the date of issuance. The applicant is notified that a copy is sent "
                    "to the MassDEP Regional Office.")
    answers(document, [("{{ wpa.dates.issued }}", "Date of Issuance", 2),
                       ("{{ wpa.vote.text }}", "Vote of the Commission", 4)])
    signatures(document, "This Determination must be signed by a majority of the "
                         "{{ commission.name }} ({{ commission.signers_needed }} of "
                         "{{ commission.members_in_office|length }} members):")
    _appeals(document, "D", "Determination")


# -- WPA Form 4B -----------------------------------------------------------------------------
def form_4b(document) -> None:
    section(document, "A. General Information")
    _from_to(document, issuance=(("☒", "Order of Resource Area Delineation"),
                                 ("☐", "Amended Order of Resource Area Delineation")))
    _location(document, "5.")
    _registry(document, "6.")
    _dates(document, "7.", "ANRAD")
    _plans(document, "8.")
    _fee(document, "9.")

    section(document, "B. Order of Resource Area Delineation")
    item(document, "1.", "The Conservation Commission has determined that the following "
                         "resource area boundaries are confirmed as accurately delineated:")
    grid(document, ["Resource area", "Boundary as confirmed"],
         ["{{ area.name }}", "{{ area.boundary }}"], "area in confirmed_areas", [2.6, 3.9])
    item(document, "2.", "The boundaries of resource areas listed below are not confirmed by "
                         "this Order (if any):")
    answers(document, [("", "", 1)])
    small(document, "This Order of Resource Area Delineation determines that the boundaries "
                    "of those resource areas noted above have been delineated and approved by "
                    "the Commission and are binding as to all decisions rendered pursuant to "
                    "the Wetlands Protection Act (M.G.L. c. 131, §40) and its regulations "
                    "(310 CMR 10.00). This Order does not, however, determine the boundaries "
                    "of any resource area or Buffer Zone to any resource area not specifically "
                    "noted above, regardless of whether such boundaries are contained on the "
                    "plans attached to this Order or to the Abbreviated Notice of Resource "
                    "Area Delineation. This Order is valid for three years from the date of "
                    "issuance.")

    section(document, "C. Authorization")
    _delivery(document, "Order")
    signatures(document, "Signatures of the members of the {{ commission.name }}:")
    _appeals(document, "D", "Order of Resource Area Delineation")
    _recording(document, "E", "Order of Resource Area Delineation")


# -- WPA Form 7 ------------------------------------------------------------------------------
def form_7(document) -> None:
    section(document, "A. General Information")
    small(document, "Important: the extension must be requested at least 30 days before the "
                    "Order expires (310 CMR 10.05(8)).", italic=True)
    item(document, "1.", "Applicant:")
    answers(document, [("{{ wpa.applicant.name }}", "Name", 3),
                       ("{{ wpa.applicant.address }}, {{ wpa.applicant.city_state_zip }}",
                        "Mailing Address, City/Town, State, Zip Code", 3)])
    item(document, "2.", "Property Owner (if different):")
    answers(document, [("{{ wpa.owner.name }}", "Name", 3),
                       ("{{ wpa.owner.address }}, {{ wpa.owner.city_state_zip }}",
                        "Mailing Address, City/Town, State, Zip Code", 3)])
    _location(document, "3.", latlong=False)
    item(document, "4.", "Order of Conditions being extended:")
    answers(document, [("{{ original_permit.issued }}", "a. Date Order of Conditions issued",
                        2),
                       ("{{ wpa.dep_file_no }}", "b. DEP File Number", 2),
                       ("{{ original_permit.expires }}", "c. Date it expires", 2)])
    _registry(document, "5.")
    small(document, "(Where the Order was recorded: Book {{ original_permit.book or "
                    "'__________' }}, Page {{ original_permit.page or '__________' }}.)",
          italic=True)

    section(document, "B. Authorization")
    small(document, "The Order of Conditions (or Extension Permit) issued to the applicant or "
                    "property owner listed above is hereby extended until:")
    answers(document, [("{{ extension.new_expires or '____________________' }}", "Date", 2),
                       ("{{ extension.term }}", "Term of this extension", 2),
                       ("", "Date the Order was last extended (if applicable)", 2)])
    small(document, "This Extension Permit must be signed by a majority of the Conservation "
                    "Commission and a copy sent to the applicant and the appropriate MassDEP "
                    "Regional Office. It must be recorded in the Registry of Deeds or the Land "
                    "Court for the district in which the land is located, within the chain of "
                    "title of the affected property, before the Order's expiry.")
    answers(document, [("{{ wpa.dates.issued }}", "Date of Issuance", 2),
                       ("{{ wpa.vote.text }}", "Vote of the Commission", 4)])
    signatures(document, "Signatures of the members of the {{ commission.name }} "
                         "({{ commission.signers_needed }} of "
                         "{{ commission.members_in_office|length }} must sign):")
    _recording(document, "C", "Extension Permit")


# -- WPA Form 8B -----------------------------------------------------------------------------
def form_8b(document) -> None:
    section(document, "A. Project Information")
    item(document, "1.", "This Certificate of Compliance is issued to:")
    answers(document, [("{{ wpa.applicant.name }}", "Name", 3),
                       ("{{ wpa.applicant.address }}, {{ wpa.applicant.city_state_zip }}",
                        "Mailing Address, City/Town, State, Zip Code", 3)])
    # A.2-4 as wpafrm8b.doc rev. 5/29/14 numbers them: the Order (to whom, its date and
    # file number), the site with the Order's recording, and the site inspection.
    item(document, "2.", "This Certificate of Compliance is issued for work regulated by a "
                         "final Order of Conditions issued to:")
    answers(document, [("{{ wpa.owner.name }}", "Name", 3),
                       ("{{ original_permit.issued or '____________________' }}", "Dated", 1.5),
                       ("{{ wpa.dep_file_no }}", "DEP File Number", 1.5)])
    item(document, "3.", "The project site is located at:")
    answers(document, [("{{ wpa.location.street }}", "Street Address", 4),
                       ("{{ wpa.location.town }}", "City/Town", 2)])
    answers(document, [("{{ wpa.location.map }}", "Assessors Map/Plat Number", 3),
                       ("{{ wpa.location.parcel }}", "Parcel/Lot Number", 3)])
    small(document, "the final Order of Conditions was recorded at the Registry of Deeds for:")
    answers(document, [("{{ wpa.owner.name }}", "Property Owner (if different)", 6)])
    answers(document, [("{{ wpa.registry.county }}", "County", 2.4),
                       ("{{ wpa.registry.book }}", "Book", 1),
                       ("{{ wpa.registry.page }}", "Page", 1),
                       ("{{ wpa.registry.certificate }}", "Certificate", 1.6)])
    item(document, "4.", "A site inspection was made in the presence of the applicant, or the "
                         "applicant's agent, on:")
    answers(document, [("{{ inspection.date or '____________________' }}", "Date", 2),
                       ("{{ inspection.by }}", "By", 4)])

    section(document, "B. Certification")
    small(document, "Check all that apply:")
    check(document, "{{ '☐' if partial else '☒' }}",
          "1. Complete Certification: It is hereby certified that the work regulated by the "
          "above-referenced Order of Conditions has been satisfactorily completed.")
    check(document, "{{ '☒' if partial else '☐' }}",
          "2. Partial Certification: It is hereby certified that only the following portions "
          "of work regulated by the above-referenced Order of Conditions have been "
          "satisfactorily completed. The project areas or work subject to this partial "
          "certification that have been completed and are released from this Order are:"
          "{% if partial %} {{ filing.work_description }}.{% endif %}")
    check(document, "☐", "3. Invalid Order of Conditions: It is hereby certified that the work "
                         "regulated by the above-referenced Order of Conditions never "
                         "commenced. The Order of Conditions has lapsed and is therefore no "
                         "longer valid. No future work subject to regulation under the "
                         "Wetlands Protection Act may commence without filing a new Notice of "
                         "Intent and receiving a new Order of Conditions.")
    check(document, "{{ '☒' if continuing_conditions else '☐' }}",
          "4. Ongoing Conditions: The following conditions of the Order shall continue "
          "(include any conditions contained in the Final Order, such as maintenance or "
          "monitoring, that should continue for a longer period):")
    loop_of(document, "continuing_conditions", "c", "Condition {{ c.number }}: {{ c.text }}",
            indent=0.6, empty="None.")

    section(document, "C. Authorization")
    small(document, "Issued by the {{ commission.name }}. This Certificate must be signed by a "
                    "majority of the Commission and a copy sent to the applicant and the "
                    "appropriate MassDEP Regional Office.")
    answers(document, [("{{ wpa.dates.issued }}", "Date of Issuance", 2),
                       ("{{ wpa.vote.text }}", "Vote of the Commission", 4)])
    signatures(document, "Signatures ({{ commission.signers_needed }} of "
                         "{{ commission.members_in_office|length }} members):")
    _recording(document, "D", "Certificate of Compliance")


# -- Emergency Certification ----------------------------------------------------------------
def emergency(document) -> None:
    # The numbered items of MassDEP's WPA Emergency Certification Form (rev. 01/31/0x,
    # as a 2023 copy in Northampton's records prints it), in its order.
    section(document, "A. Emergency Information")
    item(document, "", "Issuance From:")
    answers(document, [("{{ commission.name }}", "Issuing Authority", 6)])
    item(document, "1.", "Site Location:")
    answers(document, [("{{ wpa.location.street }}, {{ wpa.location.town }}",
                        "Street Address, City/Town", 4),
                       ("{{ wpa.location.map }} / {{ wpa.location.parcel }}",
                        "Assessors Map/Plat – Parcel/Lot", 2)])
    item(document, "2.", "Reason for Emergency:")
    small(document, "{{ emergency.reason }}")
    item(document, "3.", "Applicant to perform work:")
    answers(document, [("{{ emergency.requested_by or wpa.applicant.name }}", "Name", 3),
                       ("{{ wpa.applicant.address }}, {{ wpa.applicant.city_state_zip }}",
                        "Mailing Address, City/Town, State, Zip Code", 3)])
    item(document, "4.", "Public agency to perform work or public agency ordering the work "
                         "to be performed:")
    answers(document, [("{{ emergency.requested_by or wpa.applicant.name }}",
                        "Public agency", 6)])
    item(document, "5.", "Date of Site Visit:")
    # The site visit is the commission's (310 CMR 10.06(1)); the record's dates of
    # the certification and of the 30 days (10.06(3)) fill the start and the end.
    answers(document, [("________________", "Date of Site Visit", 2),
                       ("{{ wpa.dates.issued }}", "Start Date", 2),
                       ("{{ wpa.dates.work_by }}", "End Date *", 2)])
    small(document, "* no later than 30 days from start date or 60 days in the case of an "
                    "Immediate Response Action approved by MassDEP to address an oil/hazardous "
                    "material release (310 CMR 10.06(3)).", italic=True)
    item(document, "6.", "Work to be allowed *:")
    small(document, "{{ emergency.work_allowed }}")
    small(document, "* May not include work beyond that necessary to abate the emergency.",
          italic=True)

    section(document, "B. Signatures")
    small(document, "Certified to be an Emergency by this Issuing Authority.")
    signatures(document, "Signed by the {{ commission.name }} (by a majority, or by the "
                         "member or agent the Commission designated, as 310 CMR 10.06 "
                         "allows):")
    small(document, "A copy of this form must be provided to the appropriate MassDEP "
                    "Regional Office (310 CMR 10.06(4)).", italic=True)

    section(document, "C. General Conditions")
    for number, text in enumerate(EMERGENCY_CONDITIONS, start=1):
        check(document, f"{number}.", text, indent=0.0, after=3)
    item(document, "", "Conditions of this Commission:")
    loop_of(document, "special_conditions", "c", "{{ c.number }}.  {{ c.text }}",
            empty="None beyond the limits of this certification.")
    answers(document, [("{{ deadlines.emergency_filing_by.date or '__________' }}",
                        "Notice of Intent to be filed by", 3)])
    small(document, "The emergency certification does not relieve the applicant of filing a "
                    "Notice of Intent for the work, nor of any other permit.", italic=True)


# The general conditions of the WPA Emergency Certification Form (C.1-3), as read.
EMERGENCY_CONDITIONS = (
    "Failure to comply with all conditions stated herein, and with all related statutes and "
    "other regulatory measures, shall be deemed cause to revoke or modify this Emergency "
    "Certification or subject to enforcement action.",
    "This Emergency Certification does not grant any property rights or any exclusive "
    "privileges; it does not authorize any injury to private property or invasion of "
    "property rights.",
    "This Emergency Certification does not relieve the applicant or any other person of the "
    "necessity of complying with all other applicable federal, state, or local statutes, "
    "ordinances, bylaws, or regulations.",
)


# -- Enforcement Order ----------------------------------------------------------------------
def enforcement(document) -> None:
    section(document, "A. Violation Information")
    item(document, "", "This Enforcement Order is issued by:")
    check(document, "☒", "Conservation Commission of {{ wpa.commission_town }} (Issuing "
                         "Authority)        ☐  MassDEP (Issuing Authority)")
    item(document, "", "To:")
    answers(document, [("{{ violator.name }}", "Name of Violator", 3),
                       ("{{ violator.address_lines|join(', ') }}", "Address", 3)])
    item(document, "1.", "Location of Violation:")
    answers(document, [("{{ case.address }}", "Street Address", 4),
                       ("{{ wpa.commission_town }}", "City/Town", 2)])
    answers(document, [("{{ case.map_lot }}", "Assessors Map/Plat Number – Parcel/Lot Number",
                        3), ("{{ order.order_no }}", "Order number", 1.5),
                       ("{{ case.case_no }}", "Case number", 1.5)])
    item(document, "2.", "Extent and type of activity:")
    small(document, "{{ case.description }}{% if case.resource_areas %} (within "
                    "{{ case.resource_areas }}){% endif %}.")

    section(document, "B. Findings")
    small(document, "The Issuing Authority has determined that the activity described above is "
                    "in a resource area and/or buffer zone and is in violation of the Wetlands "
                    "Protection Act (M.G.L. c. 131, §40) and its Regulations (310 CMR 10.00), "
                    "because:")
    # The Act's violations only: a bylaw's sections are cited on the town's own order.
    # Work with no Order of Conditions is itself the violation of MGL c.131 §40; work
    # under one breaks the Order, whose holder, date and number the case's permit gives.
    check(document, "{{ '☐' if case.permit.dep_file_no else '☒' }}",
          "the activity has been/is being conducted in an area subject to protection under "
          "M.G.L. c. 131, §40 or the buffer zone without approval from the issuing authority "
          "(i.e., a valid Order of Conditions or Negative Determination).",
          indent=0.3)
    check(document, "{{ '☒' if case.permit.dep_file_no else '☐' }}",
          "the activity has been/is being conducted in violation of an Order of Conditions "
          "issued to: {{ case.permit.holder or '______________________' }} dated "
          "{{ case.permit.issued or '____________' }} File Number "
          "{{ case.permit.dep_file_no or '____________' }} Condition number(s) "
          "____________.",
          indent=0.3)
    check(document, "{{ '☒' if violations|selectattr('under_act')|list else '☐' }}",
          "other (specify):", indent=0.3)
    loop_of(document, "violations|selectattr('under_act')|list", "v",
            "{{ v.description }} ({{ v.provision }}; observed {{ v.observed }})", indent=0.6)

    section(document, "C. Order")
    small(document, "The issuing authority hereby orders the following (check all that "
                    "apply):")
    check(document, "{{ '☒' if order.stop_work else '☐' }}",
          "The property owner, his agents, permittees, and all others shall immediately cease "
          "and desist from the activity affecting the Buffer Zone and/or resource areas.")
    check(document, "{{ '☒' if order.restore_by else '☐' }}",
          "Resource area alterations resulting from said activity shall be corrected and the "
          "site returned to its original condition{% if order.restore_by %} by "
          "{{ order.restore_by }}{% endif %}.")
    check(document, "{{ '☒' if order.file_noi_by else '☐' }}",
          "Complete the attached Notice of Intent (WPA Form 3) and submit it, with the "
          "required plans, calculations and fee, to the Conservation Commission"
          "{% if order.file_noi_by %} by {{ order.file_noi_by }}{% endif %}. No further work "
          "shall be performed until a public hearing has been held and an Order of "
          "Conditions has been issued to regulate said work.")
    check(document, "{{ '☒' if order.requirements else '☐' }}", "Other (specify):")
    loop_of(document, "order.requirements", "r", "•  {{ r }}", indent=0.6)
    small(document, "Failure to comply with this Order may constitute grounds for additional "
                    "legal action. Massachusetts General Laws Chapter 131, Section 40 "
                    "provides: \"Whoever violates any provision of this section (a) shall be "
                    "punished by a fine of not more than twenty-five thousand dollars or by "
                    "imprisonment for not more than two years, or both, such fine and "
                    "imprisonment; or (b) shall be subject to a civil penalty not to exceed "
                    "twenty-five thousand dollars for each violation.\" Each day or portion "
                    "thereof of continuing violation shall constitute a separate offense.")

    section(document, "D. Signatures")
    small(document, "Questions regarding this Enforcement Order should be directed to the "
                    "{{ commission.name }}"
                    "{% if commission.phone %}, {{ commission.phone }}{% endif %}"
                    "{% if commission.email %}, {{ commission.email }}{% endif %}.")
    answers(document, [("{{ order.issued }}", "Date of Issuance", 2),
                       ("{{ order.signed_by|join(', ') }}", "Signed by", 4)])
    small(document, "{{ order.ratified }}", bold=True)
    small(document, "{% if order.emergency %}Signed by a single member or agent of the "
                    "Commission in a situation requiring immediate action; "
                    "{% if order.ratified %}ratified by a majority of the members, as recorded "
                    "above.{% else %}to be ratified by a majority of the members at the next "
                    "scheduled meeting{% if order.ratify_by %}, by {{ order.ratify_by }}"
                    "{% endif %}.{% endif %}"
                    "{% else %}In a situation requiring immediate action, an Enforcement Order "
                    "may be signed by a single member or agent of the Commission and ratified "
                    "by a majority of the members at the next scheduled meeting of the "
                    "Commission (310 CMR 10.08(2)).{% endif %}", italic=True)
    # Those who signed it, members in office on the order's date (or the agent alone,
    # in an emergency): a line for each, not one for every member in office today.
    signatures(document, "Signatures:", names="order.signed_by")
    small(document, "This Enforcement Order shall be served on the violator by certified "
                    "mail, return receipt requested, or by hand delivery, and a copy sent to "
                    "the MassDEP Regional Office.", italic=True)


FORMS_TO_BUILD: dict[str, Callable] = {
    "form-2-determination-of-applicability": form_2,
    "form-4b-order-of-resource-area-delineation": form_4b,
    "form-5-order-of-conditions": form_5,
    "form-7-extension-permit": form_7,
    "form-8b-certificate-of-compliance": form_8b,
    "emergency-certification-wpa": emergency,
    "enforcement-order-wpa": enforcement,
}


def build(name: str, folder: Path = OUT) -> Path:
    form_title, revision, _kinds = WPA_FORMS[name]
    document = new_document(form_title)
    wpa_heading(document, form_title, dep_box=name != "form-2-determination-of-applicability")
    wpa_footer(document, f"{form_title} ({revision})",
               "{{ case.case_no }}" if name == "enforcement-order-wpa" else "{{ filing.file_no }}")
    FORMS_TO_BUILD[name](document)
    first = document.paragraphs[0]
    if not first.text and not first.runs:
        first._p.getparent().remove(first._p)
    folder.mkdir(parents=True, exist_ok=True)
    out = folder / f"{name}.docx"
    save_reproducibly(document, out)
    return out


def main(argv: list[str]) -> int:
    for name in argv or list(FORMS_TO_BUILD):
        print(build(name))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
