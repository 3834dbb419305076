"""Town profiles as data: every shipped profile loads and carries the deadlines
DOMAIN.md's table gives its town; a broken profile is refused with a message
naming the file and the entry."""

from __future__ import annotations

from pathlib import Path

import pytest

from concom_desk.domain.town_profile import ProfileError, load_profile, load_profiles
from concom_desk.paths import towns_dir
from tests.helpers.town_cases import shipped_profile

TOWNS = ("massachusetts", "nantucket", "upton", "sandwich", "shutesbury", "bourne")

# DOMAIN.md "Deadlines by town", read per filing kind: the ids each bylaw sets.
REQUIRED_IDS: dict[str, dict[str, set[str]]] = {
    "nantucket": {
        "rda": {"hearing_by", "decision_by", "legal_notice_by", "abutter_notice_by"},
        "noi": {"hearing_by", "legal_notice_by", "abutter_notice_by", "decision_by",
                "appeal_ends", "expires", "extension_request_by", "coc_application_by"},
        "extension": {"extension_request_by", "expires"},
        "emergency": {"emergency_work_complete_by", "emergency_filing_by"},
    },
    "upton": {
        "rda": {"hearing_by", "legal_notice_by", "decision_by", "expires", "appeal_ends"},
        "anrad": {"hearing_by", "legal_notice_by", "abutter_notice_by", "decision_by",
                  "expires", "appeal_ends"},
        "noi": {"hearing_by", "legal_notice_by", "abutter_notice_by",
                "board_comment_period_ends", "decision_by", "appeal_ends", "expires",
                "extension_request_by", "absence_notice_by"},
        "extension": {"extension_request_by", "expires", "appeal_ends"},
        "coc": {"coc_decision_by", "appeal_ends"},
    },
    "sandwich": {
        "rda": {"hearing_by", "legal_notice_by", "abutter_notice_by", "decision_by",
                "appeal_ends"},
        "noi": {"hearing_by", "legal_notice_by", "abutter_notice_by", "decision_by",
                "appeal_ends", "expires", "extension_request_by"},
        "extension": {"extension_request_by", "expires"},
        "emergency": {"emergency_notice_by", "emergency_filing_by"},
    },
    "shutesbury": {
        "rda": {"hearing_by", "legal_notice_by", "abutter_notice_by",
                "board_comment_period_ends", "decision_by"},
        "noi": {"hearing_by", "legal_notice_by", "abutter_notice_by",
                "board_comment_period_ends", "decision_by", "expires", "extension_request_by"},
        "extension": {"extension_request_by", "expires"},
        "emergency": {"emergency_notice_by", "emergency_filing_by"},
    },
    "bourne": {
        "rda": {"hearing_by", "decision_by", "legal_notice_by", "abutter_notice_by", "expires"},
        "noi": {"hearing_by", "legal_notice_by", "abutter_notice_by", "decision_by", "expires",
                "extension_request_by", "noi_presumed_expired"},
        "extension": {"extension_request_by", "expires", "hearing_request_by"},
        "coc": {"coc_decision_by", "hearing_request_by"},
        "emergency": {"emergency_work_complete_by"},
    },
}

# Where the table says the bylaw is silent (or sets the rule for other kinds only).
ABSENT_IDS: dict[str, dict[str, set[str]]] = {
    "nantucket": {"coc": {"coc_decision_by"}, "rda": {"appeal_ends", "expires"}},
    "upton": {"rda": {"abutter_notice_by", "board_comment_period_ends"},
              "emergency": {"emergency_work_complete_by", "emergency_filing_by"}},
    "sandwich": {"noi": {"board_comment_period_ends"},
                 "coc": {"coc_decision_by"}},
    # Shutesbury's bylaw names no appeal period; its appeal_ends is the statute's
    # (MGL c.249 §4), dated since issue 29: the profile says it is the program's reading.
    "shutesbury": {"rda": {"expires"}},
    "bourne": {"noi": {"appeal_ends", "board_comment_period_ends"}},
}


def test_every_shipped_profile_loads() -> None:
    profiles = load_profiles(towns_dir())
    assert set(TOWNS) <= set(profiles)
    for profile in profiles.values():
        assert profile.deadlines
        assert all(rule.citation.strip() for rule in profile.deadlines)


@pytest.mark.parametrize("town", sorted(REQUIRED_IDS))
def test_town_has_the_deadlines_of_its_bylaw(town: str) -> None:
    profile = shipped_profile(town)
    for kind, wanted in REQUIRED_IDS[town].items():
        have = {rule.id for rule in profile.rules_for(kind)}
        assert wanted <= have, f"{town} {kind}: missing {sorted(wanted - have)}"


@pytest.mark.parametrize("town", sorted(ABSENT_IDS))
def test_town_has_no_deadline_its_bylaw_does_not_set(town: str) -> None:
    profile = shipped_profile(town)
    for kind, unwanted in ABSENT_IDS[town].items():
        have = {rule.id for rule in profile.rules_for(kind)}
        assert not unwanted & have, f"{town} {kind}: should not have {sorted(unwanted & have)}"


def test_maintenance_flag_changes_the_term_where_the_bylaw_allows_it() -> None:
    for town in ("upton", "sandwich", "shutesbury"):
        profile = shipped_profile(town)
        assert "maintenance" in profile.flags
        terms = {r.count for r in profile.rules_for("noi", frozenset({"maintenance"}))
                 if r.id == "expires"}
        assert 5 in terms, town


def test_fees_and_fines_as_the_bylaws_set_them() -> None:
    nantucket = shipped_profile("nantucket")
    assert nantucket.fees["consultant_fee_cap"] == 2500
    assert nantucket.fees["consultant_fee_cap_large"] == 5000
    assert "Nantucket Islands Land Bank" in nantucket.fees["filing_fee_exempt"]
    assert nantucket.fines is not None and nantucket.fines.per_offense == 300
    assert nantucket.fines.noncriminal_ticket is None
    sandwich = shipped_profile("sandwich")
    assert sandwich.fees["consultant_fee_cap"] == 2500
    assert len(sandwich.fees["consultant_fee_triggers"]) == 5
    assert sandwich.fines is not None and sandwich.fines.noncriminal_ticket == 50
    assert "21D" in sandwich.fines.noncriminal_citation
    shutesbury = shipped_profile("shutesbury")
    assert shutesbury.fees["consultant_fee_in_full"] is True
    assert shutesbury.fines is not None and shutesbury.fines.noncriminal_ticket == 50
    upton = shipped_profile("upton")
    assert upton.fines is not None and upton.fines.counted_from == "confirmed"
    assert nantucket.fines.counted_from == "violation"
    # Bourne's fines are in BWR 1.08, which the seed text does not contain.
    assert shipped_profile("bourne").fines is None


def test_other_rules_are_kept_with_their_citations() -> None:
    def rule_ids(town: str) -> set[str]:
        return {rule["id"] for rule in shipped_profile(town).rules}

    assert "denied_project_barred" in rule_ids("nantucket")
    assert {"enforcement_order_ratified", "replication_limit"} <= rule_ids("sandwich")
    assert "§ 7.55" in next(r["citation"] for r in shipped_profile("sandwich").rules
                            if r["id"] == "enforcement_order_ratified")


# --- broken profiles ---------------------------------------------------------

GOOD = '''
[town]
id = "testtown"
name = "Testtown"
source = "Testtown bylaw"

[[deadline]]
id = "hearing_by"
kinds = ["noi"]
from = "received"
count = 21
unit = "days"
label = "Hold the hearing"
citation = "Testtown § 1"
'''


def write(tmp_path: Path, text: str, name: str = "testtown.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(path: Path) -> str:
    with pytest.raises(ProfileError) as caught:
        load_profile(path)
    return str(caught.value)


def test_a_good_minimal_profile_loads(tmp_path: Path) -> None:
    assert load_profile(write(tmp_path, GOOD)).id == "testtown"


def test_bad_toml_is_refused_naming_the_file(tmp_path: Path) -> None:
    message = refused(write(tmp_path, GOOD.replace('count = 21', 'count = = 21')))
    assert "testtown.toml" in message and "not valid TOML" in message


def test_unknown_unit_is_refused_naming_the_entry(tmp_path: Path) -> None:
    message = refused(write(tmp_path, GOOD.replace('unit = "days"', 'unit = "weeks"')))
    assert "testtown.toml deadline #1 (hearing_by)" in message
    assert "unknown unit 'weeks'" in message and "business_days" in message


def test_missing_citation_is_refused_naming_the_entry(tmp_path: Path) -> None:
    message = refused(write(tmp_path, GOOD.replace('citation = "Testtown § 1"\n', '')))
    assert "testtown.toml deadline #1 (hearing_by): missing 'citation'" in message


def test_empty_citation_is_refused(tmp_path: Path) -> None:
    message = refused(write(tmp_path, GOOD.replace('"Testtown § 1"', '"  "')))
    assert "testtown.toml deadline #1 (hearing_by): 'citation' is empty" in message


def test_dangling_deadline_reference_is_refused(tmp_path: Path) -> None:
    text = GOOD + '''
[[deadline]]
id = "extension_request_by"
kinds = ["noi"]
from = "deadline:expires"
count = 30
unit = "days"
direction = "before"
label = "Ask for the extension"
citation = "Testtown § 2"
'''
    message = refused(write(tmp_path, text))
    assert "testtown.toml deadline extension_request_by" in message
    assert "'expires'" in message


def test_misspelt_key_is_refused(tmp_path: Path) -> None:
    message = refused(write(tmp_path, GOOD.replace("count = 21", "count = 21\ncuont = 3")))
    assert "testtown.toml deadline #1 (hearing_by): unknown key(s) cuont" in message


def test_unknown_event_and_flag_are_refused(tmp_path: Path) -> None:
    message = refused(write(tmp_path, GOOD.replace('from = "received"', 'from = "filed"')))
    assert "unknown event in 'from' 'filed'" in message
    message = refused(write(tmp_path, GOOD.replace('unit = "days"',
                                                   'unit = "days"\nwhen = "maintainance"')))
    assert "unknown flag in 'when' 'maintainance'" in message


def test_ticket_without_its_citation_is_refused(tmp_path: Path) -> None:
    text = GOOD + '\n[fines]\nper_offense = 300\ncitation = "§ 9"\nnoncriminal_ticket = 50\n'
    message = refused(write(tmp_path, text))
    assert "testtown.toml [fines]: 'noncriminal_ticket' needs 'noncriminal_citation'" in message


def test_fees_with_an_unknown_key_or_no_citation_are_refused(tmp_path: Path) -> None:
    message = refused(write(tmp_path, GOOD + '\n[fees]\nconsultant_fee_cap = 2500\n'))
    assert "testtown.toml [fees]: missing 'citation'" in message
    message = refused(write(tmp_path, GOOD + '\n[fees]\ncitation = "§ 3"\nconsultant_cap = 1\n'))
    assert "testtown.toml [fees]: unknown key(s) consultant_cap" in message


def test_rule_without_citation_is_refused(tmp_path: Path) -> None:
    message = refused(write(tmp_path, GOOD + '\n[[rule]]\nid = "x"\ntext = "Something"\n'))
    assert "testtown.toml rule #1: missing 'citation'" in message


def test_two_files_with_one_town_id_are_refused(tmp_path: Path) -> None:
    write(tmp_path, GOOD, "a.toml")
    write(tmp_path, GOOD, "b.toml")
    with pytest.raises(ProfileError, match="b.toml: town id 'testtown' is already used by a.toml"):
        load_profiles(tmp_path)
