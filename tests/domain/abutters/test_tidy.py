"""Names and addresses read consistently without being mangled."""

import pytest

from concom_desk.domain.abutters.tidy import (
    match_key,
    repair_mojibake,
    split_care_of,
    tidy_address,
    tidy_name,
)


@pytest.mark.parametrize(("raw", "expected"), [
    ("O'BRIEN JOHN & MARY", "O'Brien John & Mary"),
    ("MCDONALD PATRICIA  TRUSTEE", "McDonald Patricia Trustee"),
    ("MACLEOD ANGUS III", "MacLeod Angus III"),
    ("MACHADO JOSE", "Machado Jose"),                  # not "MacHado"
    ("ACME REALTY LLC", "Acme Realty LLC"),
    ("SMITH & WESSON LLP", "Smith & Wesson LLP"),
    ("NORTH SHORE HOLDINGS INC", "North Shore Holdings Inc"),
    ("SMITH ROBERT ET AL", "Smith Robert et al"),
    ("JONES MARY ET UX", "Jones Mary et ux"),
    ("ESTATE OF JOHN DOE", "Estate of John Doe"),
    ("DOE JANE TRUSTEES", "Doe Jane Trustees"),
    ("SMITH FAMILY TRUST", "Smith Family Trust"),
    ("TRUSTEES OF THE SMITH TRUST", "Trustees of the Smith Trust"),
    ("THE NATURE CONSERVANCY", "The Nature Conservancy"),
    ("HALL JOHN JR", "Hall John Jr"),
    ("KELLY ,  SEAN", "Kelly, Sean"),
    ("SMITH-JONES ANNE", "Smith-Jones Anne"),
    ("ST JOHN'S CHURCH", "St John's Church"),
    ("deBenedictis Paul", "deBenedictis Paul"),        # mixed case is the owner's own
    ("SMITH JOHN TR", "Smith John TR"),
    ("JosÃ© GarcÃ­a", "José García"),                  # UTF-8 read as Windows-1252
])
def test_names(raw: str, expected: str) -> None:
    assert tidy_name(raw) == expected


@pytest.mark.parametrize(("raw", "expected"), [
    ("P.O. BOX 123", "PO Box 123"),
    ("POST OFFICE BOX 9", "PO Box 9"),
    ("p o box 44", "PO Box 44"),
    ("12  MAIN ST", "12 Main St"),
    ("1 1ST AVE UNIT 12A", "1 1st Ave Unit 12A"),
    ("100 N MAIN ST APT #3B", "100 N Main St Apt #3B"),
    ("14 OAK CT", "14 Oak Ct"),
    # An abbreviation with its period was kept in capitals ("12 Main ST.") on the letters.
    ("12 MAIN ST.", "12 Main St."),
    ("7 ELM RD., APT 2", "7 Elm Rd., Apt 2"),
])
def test_addresses(raw: str, expected: str) -> None:
    assert tidy_address(raw) == expected


def test_care_of_lines_are_recognized() -> None:
    assert split_care_of("C/O JANE DOE") == ("c/o", "Jane Doe")
    assert split_care_of("c/o Bank of America") == ("c/o", "Bank of America")
    assert split_care_of("ATTN: TAX DEPT") == ("c/o", "Tax Dept")
    assert split_care_of("12 Main St") is None


def test_match_key_ignores_case_spacing_and_punctuation() -> None:
    assert match_key("O'Brien, John") == match_key("OBRIEN  JOHN")
    assert match_key("P.O. Box 12") == match_key("PO BOX 12")
    assert match_key("Smith John") != match_key("Smith Joan")


def test_mojibake_repair_leaves_real_text_alone() -> None:
    assert repair_mojibake("Ångström Café") == "Ångström Café"
