"""WPA Form 5's coastal table ends with the Riverfront Area (MassDEP's April 2015
revision, kept in rev. 5/18/2020): a filing on coastal areas prints its riverfront there,
an inland filing in the inland table as before."""

from __future__ import annotations

from concom_desk.services.documents.wpa_fields import CHECKED, UNCHECKED, WpaFacts, wpa_group

FORM_5 = "form-5-order-of-conditions"


def _rows(group: dict, table: str) -> dict[str, tuple[str, str]]:
    return {row["area"]: (row["box"], row["proposed"]) for row in group[table]}


def test_a_coastal_filings_riverfront_is_in_the_coastal_tables_last_row() -> None:
    group = wpa_group(WpaFacts(template=FORM_5, decision="approved", area_amounts={
        "coastal_bank": "120 linear feet", "riverfront": "2,400 square feet"}))
    assert group["coastal"][-1]["area"] == "Riverfront Area"
    assert _rows(group, "coastal")["Riverfront Area"] == (CHECKED, "2,400 square feet")
    assert _rows(group, "coastal")["Coastal Banks"] == (CHECKED, "120 linear feet")
    assert _rows(group, "impacts")["Riverfront Area"] == (UNCHECKED, "")


def test_an_inland_filings_riverfront_stays_in_the_inland_table() -> None:
    group = wpa_group(WpaFacts(template=FORM_5, decision="approved", area_amounts={
        "bvw": "300 square feet", "riverfront": "2,400 square feet"}))
    assert not group["coastal_named"]
    assert _rows(group, "impacts")["Riverfront Area"] == (CHECKED, "2,400 square feet")
    assert _rows(group, "coastal")["Riverfront Area"] == (UNCHECKED, "")


def test_a_denial_ticks_no_riverfront_row() -> None:
    group = wpa_group(WpaFacts(template=FORM_5, decision="denied_standards", area_amounts={
        "salt_marsh": "1,500 square feet", "riverfront": "2,400 square feet"}))
    assert _rows(group, "coastal")["Riverfront Area"] == (UNCHECKED, "")
