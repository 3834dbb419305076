"""Build the default Word templates in forms/ (run: python tools/make_forms.py).

The .docx files are committed; this script is how they were made, so a change
to a default template is a reviewed change to this file followed by a re-run.
The fields used are those of concom_desk/services/documents/template_examples.py; the
tests render every template with those examples and run the checker on it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from forms_decisions import (  # noqa: E402
    UNDER,
    amended_permit,
    coc,
    delineation,
    denial,
    determination,
    emergency,
    extension_permit,
    permit,
)
from forms_inspections import inspection_report, monitoring_report  # noqa: E402
from forms_kit import footer, letterhead, new_document, save_reproducibly, title  # noqa: E402
from forms_letters import (  # noqa: E402
    abutter_letter,
    affidavit,
    agenda,
    board_notice,
    enforcement_order,
    expiry_reminder,
    legal_notice,
    violation_notice,
    waiver,
)
from forms_minutes import annual_report, minutes  # noqa: E402

FORMS = Path(__file__).resolve().parent.parent / "forms"

SUBTITLE_CASE = "{{ commission.name }} · {{ town.bylaw }}"

FORMS_TO_BUILD: dict[str, tuple[str, str, str, Callable]] = {
    # name: (title, subtitle, footer, body)
    "legal-notice": ("LEGAL NOTICE", "", "", legal_notice),
    "abutter-letter": ("", "", "{{ filing.file_no }}", abutter_letter),
    "affidavit-of-service": ("AFFIDAVIT OF SERVICE OF NOTICE TO ABUTTERS", "",
                             "{{ filing.file_no }}", affidavit),
    "board-notice": ("NOTICE TO OTHER BOARDS", "", "{{ filing.file_no }}", board_notice),
    "agenda": ("MEETING AGENDA", "", "", agenda),
    "permit": ("ORDER OF CONDITIONS (PERMIT)", UNDER, "{{ filing.file_no }}", permit),
    "determination-negative": ("DETERMINATION OF APPLICABILITY — NEGATIVE", UNDER,
                               "{{ filing.file_no }}", determination(positive=False)),
    "determination-positive": ("DETERMINATION OF APPLICABILITY — POSITIVE", UNDER,
                               "{{ filing.file_no }}", determination(positive=True)),
    "resource-area-delineation": ("ORDER OF RESOURCE AREA DELINEATION", UNDER,
                                  "{{ filing.file_no }}", delineation),
    "denial": ("DENIAL OF PERMIT", UNDER, "{{ filing.file_no }}", denial),
    "extension-permit": ("EXTENSION PERMIT", UNDER, "{{ filing.file_no }}", extension_permit),
    "amended-permit": ("AMENDED ORDER OF CONDITIONS", UNDER, "{{ filing.file_no }}",
                       amended_permit),
    "certificate-of-compliance": (
        "CERTIFICATE OF COMPLIANCE{% if partial %} (PARTIAL){% endif %}", UNDER,
        "{{ filing.file_no }}", coc),
    "emergency-certification": ("EMERGENCY CERTIFICATION", UNDER, "{{ filing.file_no }}",
                                emergency),
    "violation-notice": ("NOTICE OF VIOLATION", SUBTITLE_CASE, "{{ case.case_no }}",
                         violation_notice),
    "enforcement-order": ("ENFORCEMENT ORDER", SUBTITLE_CASE, "{{ case.case_no }}",
                          enforcement_order),
    "waiver-21-day": ("APPLICANT'S ASSENT TO A HEARING AFTER 21 DAYS", "",
                      "{{ filing.file_no }}", waiver),
    "minutes": ("MINUTES", "", "Minutes of {{ meeting.date }}", minutes),
    "annual-report": ("ANNUAL REPORT", "", "Annual report, {{ report.period_short }}",
                      annual_report),
    "expiry-reminder": ("", "", "{{ filing.file_no }}", expiry_reminder),
    "inspection-report": ("SITE INSPECTION REPORT", SUBTITLE_CASE, "{{ inspection.file_no }}",
                          inspection_report),
    "monitoring-report": ("MONITORING REPORT", "{{ commission.name }}", "{{ land.name }}",
                          monitoring_report),
}


def build(name: str, folder: Path = FORMS) -> Path:
    heading_text, subtitle, footer_left, body = FORMS_TO_BUILD[name]
    document = new_document(heading_text or name.replace("-", " ").title())
    # A mailing's letters are numbered each on its own (forms_kit.section_break).
    footer(document, footer_left, with_count=name != "abutter-letter")
    if name != "abutter-letter":  # each abutter letter carries its own letterhead
        letterhead(document)
        title(document, heading_text, subtitle)
    body(document)
    _drop_leading_empty_paragraph(document)
    out = folder / f"{name}.docx"
    save_reproducibly(document, out)
    return out


def _drop_leading_empty_paragraph(document) -> None:
    first = document.paragraphs[0] if document.paragraphs else None
    if first is not None and not first.text and not first.runs:
        first._p.getparent().remove(first._p)


def main(argv: list[str]) -> int:
    """make_forms.py [--out DIR] [NAME ...]: build the named forms (default: all)."""
    folder = FORMS
    if argv[:1] == ["--out"]:
        folder, argv = Path(argv[1]), argv[2:]
    folder.mkdir(parents=True, exist_ok=True)
    for name in argv or list(FORMS_TO_BUILD):
        print(build(name, folder))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
