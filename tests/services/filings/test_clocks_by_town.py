"""Every clock of every law a filing is under, per profile, per kind, under both laws, the
Act alone or the bylaw alone: through `every_clock`, which the record window, Today, the
calendar and the command line all use. Worked out by hand from the text cited in each
row (issue 29, "Must show").

The same legal dates for every filing (they do not depend on the program's day):

    received   Mon 2026-03-02     hearing (opened and closed) Mon 2026-03-16
    decided    Thu 2026-03-26     issued                      Mon 2026-03-30
    extension: the permit extended expires Mon 2026-06-01
    emergency: requested and certified Mon 03-02, work begun Tue 03-03, done Fri 03-20

Counts used below (310 CMR 10.05(1), the time rule of every profile; legal holidays
Patriots' Day Mon 2026-04-20, Memorial Day Mon 2026-05-25):

    03-02 + 21 d = Mon 03-23            03-16 + 21 d = Mon 04-06
    5 business d before Mon 03-16: 13, 12, 11, 10, 9 -> Mon 03-09
    03-02 + 14 d = Mon 03-16            03-30 + 10 business d = Mon 04-13
    03-30 + 20 d = Sun 04-19 -> Mon 04-20 is Patriots' Day -> Tue 04-21
    03-30 + 21 d = Mon 04-20, Patriots' Day -> Tue 04-21
    03-26 + 60 d = Mon 05-25, Memorial Day -> Tue 05-26
    03-30 + 3 y = Fri 2029-03-30 (an expiry is never moved; issued after every
        extension act's window, so no act moves it)
    30 d before Fri 2029-03-30 = Wed 2029-02-28; 60 d before = Mon 2029-01-29;
        "prior to expiration" = 1 business day before = Thu 2029-03-29
    30 d before Mon 2026-06-01 = Sat 05-02 -> earlier, Fri 05-01; 60 d before = Thu 04-02;
        1 business day before = Fri 05-29
    06-01 + 1 y = 2027-06-01; + 3 y = 2029-06-01
    emergency: 24 hours from 03-02 -> 03-03; from 03-03 -> 03-04; 03-02 + 30 d = Wed 04-01;
        03-03 + 21 d = Tue 03-24; 03-20 + 30 d = Sun 04-19 -> Tue 04-21
"""

from __future__ import annotations

from datetime import date

import pytest

from concom_desk.domain.filing_kinds import KINDS
from concom_desk.services.commission.town_profiles import available_profiles
from concom_desk.services.filings.deadlines import every_clock
from concom_desk.store.models import Filing

EVENTS = {"received": date(2026, 3, 2), "hearing": date(2026, 3, 16),
          "closed": date(2026, 3, 16), "decided": date(2026, 3, 26),
          "issued": date(2026, 3, 30)}
EMERGENCY = {"received": date(2026, 3, 2), "issued": date(2026, 3, 2),
             "commenced": date(2026, 3, 3), "completed": date(2026, 3, 20)}
EXPIRY = date(2026, 6, 1)

# The Act's clocks (310 CMR 10.00), the same for every town under the Act alone.
ACT = {
    "rda": {"hearing_by": ("2026-03-23", "310 CMR 10.05(3)(b)1"),
            "legal_notice_by": ("2026-03-09", "310 CMR 10.05(3)(b)1"),
            "decision_by": ("2026-04-06", "310 CMR 10.05(3)(b)"),
            "dep_copy_by": ("2026-03-30", "MGL c.131 §40; 310 CMR 10.05(3)(b)"),
            "appeal_ends": ("2026-04-13", "310 CMR 10.05(7)(c)"),
            "expires": ("2029-03-30", "310 CMR 10.05(6)(d), 10.05(3)(b)(3)")},
    "noi": {"hearing_by": ("2026-03-23", "MGL c.131 §40 ¶3; 310 CMR 10.05(5)(a)"),
            "legal_notice_by": ("2026-03-09", "MGL c.131 §40; 310 CMR 10.05(5)(b)"),
            "abutter_notice_by": ("2026-03-02", "MGL c.131 §40 ¶1; 310 CMR 10.05(4)(a)"),
            "decision_by": ("2026-04-06", "310 CMR 10.05(6)(a)"),
            "dep_copy_by": ("2026-03-30", "MGL c.131 §40"),
            "appeal_ends": ("2026-04-13", "310 CMR 10.05(7)(c)"),
            "expires": ("2029-03-30", "310 CMR 10.05(6)(d)"),
            "extension_request_by": ("2029-02-28", "310 CMR 10.05(8)(a)")},
    "anrad": {"hearing_by": ("2026-03-23", "MGL c.131 §40 ¶3; 310 CMR 10.05(5)(a)"),
              "legal_notice_by": ("2026-03-09", "MGL c.131 §40; 310 CMR 10.05(5)(b)"),
              "abutter_notice_by": ("2026-03-02", "MGL c.131 §40 ¶1; 310 CMR 10.05(4)(a)"),
              "decision_by": ("2026-04-06", "310 CMR 10.05(6)(a)"),
              "dep_copy_by": ("2026-03-30", "MGL c.131 §40"),
              "appeal_ends": ("2026-04-13", "310 CMR 10.05(7)(c)"),
              "expires": ("2029-03-30", "310 CMR 10.05(6)(d)")},
    # An amendment runs with the original order's term: no expiry of its own.
    "amendment": {"hearing_by": ("2026-03-23", "MGL c.131 §40 ¶3; 310 CMR 10.05(5)(a)"),
                  "legal_notice_by": ("2026-03-09", "MGL c.131 §40; 310 CMR 10.05(5)(b)"),
                  "abutter_notice_by": ("2026-03-02", "MGL c.131 §40 ¶1"),
                  "decision_by": ("2026-04-06", "310 CMR 10.05(6)(a)"),
                  "dep_copy_by": ("2026-03-30", "MGL c.131 §40"),
                  "appeal_ends": ("2026-04-13", "310 CMR 10.05(7)(c)")},
    "extension": {"extension_request_by": ("2026-05-01", "310 CMR 10.05(8)(a)"),
                  "expires": ("2029-06-01", "310 CMR 10.05(8)(a)"),
                  "dep_copy_by": ("2026-03-30", "MGL c.131 §40")},
    "coc": {"coc_decision_by": ("2026-03-23", "310 CMR 10.05(9)(a)"),
            "dep_copy_by": ("2026-03-30", "MGL c.131 §40"),
            "appeal_ends": ("2026-04-13", "310 CMR 10.05(7)(c)")},
    "emergency": {"emergency_certification_by": ("2026-03-03", "310 CMR 10.06(5)"),
                  "dep_copy_by": ("2026-03-02", "MGL c.131 §40; 310 CMR 10.05(3)(b)"),
                  "emergency_work_complete_by": ("2026-04-01", "310 CMR 10.06(3)")},
}

UPTON_APPEAL = {"appeal_ends": ("2026-04-21", "Upton ch. 330, appeals"),
                "certiorari_ends": ("2026-05-26", "MGL c.249 §4")}
SHUTESBURY_APPEAL = ("2026-05-26", "MGL c.249 §4: an action")  # the bylaw is silent

# Each bylaw's own clocks, by kind ({} where the bylaw has no procedure for it).
BYLAW: dict[str, dict[str, dict[str, tuple[str, str]]]] = {
    "upton": {
        "rda": {"hearing_by": ("2026-03-23", "Upton ch. 330, RDA/ANRAD"),
                "legal_notice_by": ("2026-03-09", "Upton ch. 330, RDA/ANRAD"),
                "decision_by": ("2026-04-06", "Upton ch. 330, RDA/ANRAD"),
                "expires": ("2029-03-30", "Upton ch. 330, RDA/ANRAD"), **UPTON_APPEAL},
        "noi": {"abutter_notice_by": ("2026-03-02", "Upton ch. 330, § 330-10B"),
                "board_notice_by": ("2026-03-02", "Upton ch. 330, § 330-10C"),
                # no date of the boards' notice: counted from the filing (label says so)
                "board_comment_period_ends": ("2026-03-16", "Upton ch. 330, § 330-10C"),
                "hearing_by": ("2026-03-23", "Upton ch. 330, § 330-10D"),
                "legal_notice_by": ("2026-03-09", "Upton ch. 330, § 330-10D"),
                "decision_by": ("2026-04-06", "Upton ch. 330, § 330-10E"),
                "expires": ("2029-03-30", "Upton ch. 330, permit decisions ¶D"),
                "extension_request_by": ("2029-02-28", "Upton ch. 330, extensions ¶A"),
                **UPTON_APPEAL},
        "anrad": {"abutter_notice_by": ("2026-03-02", "Upton ch. 330, RDA/ANRAD"),
                  "hearing_by": ("2026-03-23", "Upton ch. 330, RDA/ANRAD"),
                  "legal_notice_by": ("2026-03-09", "Upton ch. 330, RDA/ANRAD"),
                  "decision_by": ("2026-04-06", "Upton ch. 330, RDA/ANRAD"),
                  "expires": ("2029-03-30", "Upton ch. 330, RDA/ANRAD"), **UPTON_APPEAL},
        "amendment": {"abutter_notice_by": ("2026-03-02", "Upton ch. 330, § 330-10B"),
                      "hearing_by": ("2026-03-23", "Upton ch. 330, § 330-10D"),
                      "legal_notice_by": ("2026-03-09", "Upton ch. 330, § 330-10D"),
                      "decision_by": ("2026-04-06", "Upton ch. 330, § 330-10E"),
                      **UPTON_APPEAL},
        "extension": {"extension_request_by": ("2026-05-01", "Upton ch. 330, extensions ¶A"),
                      "expires": ("2029-06-01", "Upton ch. 330, extensions ¶A"),
                      **UPTON_APPEAL},
        "coc": {"coc_decision_by": ("2026-03-23", "Upton ch. 330, certificates of compliance"),
                **UPTON_APPEAL},
        "emergency": {},
    },
    "sandwich": {
        "rda": {"abutter_notice_by": ("2026-03-02", "Sandwich § 7.25 Part 1"),
                "board_notice_by": ("2026-03-02", "Sandwich § 7.30 Part 1"),
                "hearing_by": ("2026-03-23", "Sandwich § 7.25 Part 3"),
                "legal_notice_by": ("2026-03-09", "Sandwich § 7.25 Part 2"),
                "decision_by": ("2026-04-06", "Sandwich § 7.35"),
                "appeal_ends": ("2026-05-26", "Sandwich § 7.75"),
                "expires": ("2029-03-30", "Sandwich § 7.35 Part 3")},
        "noi": {"abutter_notice_by": ("2026-03-02", "Sandwich § 7.25 Part 1"),
                "board_notice_by": ("2026-03-02", "Sandwich § 7.30 Part 1"),
                "hearing_by": ("2026-03-23", "Sandwich § 7.25 Part 3"),
                "legal_notice_by": ("2026-03-09", "Sandwich § 7.25 Part 2"),
                "decision_by": ("2026-04-06", "Sandwich § 7.35 Part 1"),
                "appeal_ends": ("2026-05-26", "Sandwich § 7.75"),
                "expires": ("2029-03-30", "Sandwich § 7.35 Part 3"),
                "extension_request_by": ("2029-01-29", "Sandwich § 7.35 Part 3")},
        "anrad": {}, "amendment": {},
        "extension": {"extension_request_by": ("2026-04-02", "Sandwich § 7.35 Part 3"),
                      "expires": ("2027-06-01", "Sandwich § 7.35 Part 3"),
                      "appeal_ends": ("2026-05-26", "Sandwich § 7.75")},
        "coc": {"appeal_ends": ("2026-05-26", "Sandwich § 7.75")},
        "emergency": {"emergency_notice_by": ("2026-03-04", "Sandwich § 7.15(a)"),
                      "emergency_filing_by": ("2026-04-21", "Sandwich § 7.15(e)")},
    },
    "shutesbury": {
        "rda": {"abutter_notice_by": ("2026-03-02", "Shutesbury § 5"),
                "board_notice_by": ("2026-03-02", "Shutesbury § 6"),
                "board_comment_period_ends": ("2026-03-16", "Shutesbury § 6"),
                "hearing_by": ("2026-03-23", "Shutesbury § 5"),
                "legal_notice_by": ("2026-03-09", "Shutesbury § 5"),
                "decision_by": ("2026-04-06", "Shutesbury § 5"),
                "appeal_ends": SHUTESBURY_APPEAL},
        "noi": {"abutter_notice_by": ("2026-03-02", "Shutesbury § 5"),
                "board_notice_by": ("2026-03-02", "Shutesbury § 6"),
                "board_comment_period_ends": ("2026-03-16", "Shutesbury § 6"),
                "hearing_by": ("2026-03-23", "Shutesbury § 5"),
                "legal_notice_by": ("2026-03-09", "Shutesbury § 5"),
                "decision_by": ("2026-04-06", "Shutesbury § 5"),
                "expires": ("2029-03-30", "Shutesbury § 7"),
                "extension_request_by": ("2029-03-29", "Shutesbury § 7"),
                "appeal_ends": SHUTESBURY_APPEAL},
        "anrad": {}, "amendment": {}, "coc": {},
        "extension": {"extension_request_by": ("2026-05-29", "Shutesbury § 7"),
                      "expires": ("2027-06-01", "Shutesbury § 7"),
                      "appeal_ends": SHUTESBURY_APPEAL},
        "emergency": {"emergency_notice_by": ("2026-03-04", "Shutesbury § 3b"),
                      "emergency_filing_by": ("2026-03-24", "Shutesbury § 3b")},
    },
    "nantucket": {
        "rda": {"hearing_by": ("2026-03-23", "Nantucket ch. 136, requests for determination"),
                # 'within 21 days of receipt make a written determination'
                "decision_by": ("2026-03-23", "Nantucket ch. 136, requests for determination"),
                "legal_notice_by": ("2026-03-09", "Nantucket ch. 136, requests for"),
                "abutter_notice_by": ("2026-03-09", "Nantucket ch. 136, requests for")},
        "noi": {"board_notice_by": ("2026-03-02", "Nantucket ch. 136, application"),
                "hearing_by": ("2026-03-23", "Nantucket ch. 136, hearing"),
                "legal_notice_by": ("2026-03-09", "Nantucket ch. 136, hearing"),
                "abutter_notice_by": ("2026-03-09", "Nantucket ch. 136, hearing"),
                "decision_by": ("2026-04-06", "Nantucket ch. 136, 'Permit and conditions'"),
                "appeal_ends": ("2026-04-21", "Nantucket ch. 136, appeals"),
                "expires": ("2029-03-30", "Nantucket ch. 136, 'Permit and conditions'"),
                "extension_request_by": ("2029-03-29", "Nantucket ch. 136, 'Permit and")},
        "anrad": {}, "amendment": {}, "coc": {},
        "extension": {"extension_request_by": ("2026-05-29", "Nantucket ch. 136"),
                      "expires": ("2027-06-01", "Nantucket ch. 136")},
        "emergency": {"emergency_work_complete_by": ("2026-04-01", "Nantucket ch. 136, emerg"),
                      "emergency_filing_by": ("2026-03-24", "Nantucket ch. 136, emerg")},
    },
    "bourne": {
        "rda": {"hearing_by": ("2026-03-23", "Bourne BWR 1.05(6)(a)"),
                "decision_by": ("2026-03-23", "Bourne BWR 1.05(4)(b)1"),
                "legal_notice_by": ("2026-03-09", "Bourne BWR 1.05(4)(b)1"),
                "abutter_notice_by": ("2026-03-09", "Bourne BWR 1.05(4)(a)"),
                "expires": ("2029-03-30", "Bourne BWR 1.05(4)(b)1")},
        # The NOI presumed lapsed a year after filing is moot once the permit issued.
        "noi": {"abutter_notice_by": ("2026-03-02", "Bourne BWR 1.05(5)(e)"),
                "hearing_by": ("2026-03-23", "Bourne BWR 1.05(6)(a)"),
                "continuance_without_consent_by": ("2026-03-23", "Bourne BWR 1.05(6)(c)1"),
                "legal_notice_by": ("2026-03-09", "Bourne BWR 1.05(6)(a)"),
                "decision_by": ("2026-04-06", "Bourne BWR 1.05(7)(b)"),
                "expires": ("2029-03-30", "Bourne BWR 1.05(7)(d)"),
                "extension_request_by": ("2029-02-28", "Bourne BWR 1.05(10)(a)")},
        "anrad": {},
        "amendment": {"abutter_notice_by": ("2026-03-02", "Bourne BWR 1.05(5)(e)"),
                      "legal_notice_by": ("2026-03-09", "Bourne BWR 1.05(8)(c)")},
        "extension": {"extension_request_by": ("2026-05-01", "Bourne BWR 1.05(10)(a)"),
                      "expires": ("2029-06-01", "Bourne BWR 1.05(10)(a)"),
                      "hearing_request_by": ("2026-04-13", "Bourne BWR 1.05(10)(c)")},
        "coc": {"coc_decision_by": ("2026-03-23", "Bourne BWR 1.05(11)(a)"),
                "hearing_request_by": ("2026-04-13", "Bourne BWR 1.05(11)(g)")},
        "emergency": {"emergency_work_complete_by": ("2026-04-01", "Bourne BWR 1.06(1)")},
    },
}

ALL_OF_THE_ACT = {kind: tuple(clocks) for kind, clocks in ACT.items()}
# Under both laws: which of the Act's clocks are listed beside the bylaw's ("State: …").
# Left out: the same act on the same day as the bylaw's; the Act's expiry and extension
# request where the bylaw sets its own. Where the bylaw has no procedure for the kind,
# every clock of the Act.
BESIDE: dict[str, dict[str, tuple[str, ...]]] = {
    "upton": {"rda": ("dep_copy_by", "appeal_ends"), "noi": ("dep_copy_by", "appeal_ends"),
              "anrad": ("dep_copy_by", "appeal_ends"),
              "amendment": ("dep_copy_by", "appeal_ends"), "extension": ("dep_copy_by",),
              "coc": ("dep_copy_by", "appeal_ends"),
              "emergency": ALL_OF_THE_ACT["emergency"]},
    # Sandwich's abutters are told on filing (§ 7.25 Part 1), as the Act's are: the
    # same act on the same day is listed once, as the bylaw's.
    "sandwich": {"rda": ("dep_copy_by", "appeal_ends"),
                 "noi": ("dep_copy_by", "appeal_ends"),
                 "anrad": ALL_OF_THE_ACT["anrad"], "amendment": ALL_OF_THE_ACT["amendment"],
                 "extension": ("dep_copy_by",),
                 "coc": ("coc_decision_by", "dep_copy_by", "appeal_ends"),
                 "emergency": ALL_OF_THE_ACT["emergency"]},
    # Shutesbury is silent on how long a determination lasts: the Act's three years.
    "shutesbury": {"rda": ("dep_copy_by", "appeal_ends", "expires"),
                   "noi": ("dep_copy_by", "appeal_ends"),
                   "anrad": ALL_OF_THE_ACT["anrad"],
                   "amendment": ALL_OF_THE_ACT["amendment"], "extension": ("dep_copy_by",),
                   "coc": ALL_OF_THE_ACT["coc"], "emergency": ALL_OF_THE_ACT["emergency"]},
    # Nantucket decides an RDA 21 days from receipt, the Act 21 days from the meeting's
    # close; its abutters are told 5 days before the hearing, the Act's at filing.
    "nantucket": {"rda": ("decision_by", "dep_copy_by", "appeal_ends", "expires"),
                  "noi": ("abutter_notice_by", "dep_copy_by", "appeal_ends"),
                  "anrad": ALL_OF_THE_ACT["anrad"],
                  "amendment": ALL_OF_THE_ACT["amendment"], "extension": ("dep_copy_by",),
                  "coc": ALL_OF_THE_ACT["coc"],
                  "emergency": ("emergency_certification_by", "dep_copy_by")},
    "bourne": {"rda": ("decision_by", "dep_copy_by", "appeal_ends"),
               "noi": ("dep_copy_by", "appeal_ends"), "anrad": ALL_OF_THE_ACT["anrad"],
               "amendment": ("hearing_by", "decision_by", "dep_copy_by", "appeal_ends"),
               "extension": ("dep_copy_by",), "coc": ("dep_copy_by", "appeal_ends"),
               "emergency": ("emergency_certification_by", "dep_copy_by")},
}


def filing(town: str, kind: str, under: str, **more: object) -> Filing:
    events = EMERGENCY if kind == "emergency" else {
        name: day for name, day in EVENTS.items() if name in KINDS[kind].events}
    original = None
    if kind == "extension":  # the permit it extends, not issued here: its expiry as given
        original = Filing(file_no="2023-1", kind="noi", town=town, laws=under,
                          status="issued", expires=EXPIRY)
    return Filing(file_no="2026-1", kind=kind, town=town, laws=under, status="issued",
                  original=original, **events, **more)


def shown(found: Filing) -> dict[str, tuple[str, str]]:
    """What the record lists: each clock by id ('State: …' ones as 'state:<id>')."""
    rows: dict[str, tuple[str, str]] = {}
    for clock in every_clock(found, available_profiles()):
        key = f"state:{clock.id}" if clock.label.startswith("State: ") else clock.id
        assert key not in rows, f"{key} listed twice"
        rows[key] = (clock.date.isoformat(), clock.citation)
    return rows


def expected(town: str, kind: str, under: str) -> dict[str, tuple[str, str]]:
    if under == "act":
        return ACT[kind]
    if under == "bylaw":
        return BYLAW[town][kind]
    return {**BYLAW[town][kind],
            **{f"state:{clock}": ACT[kind][clock] for clock in BESIDE[town][kind]}}


def check(found: dict[str, tuple[str, str]], wanted: dict[str, tuple[str, str]]) -> None:
    assert sorted(found) == sorted(wanted)
    for key, (day, citation) in wanted.items():
        assert found[key][0] == day, (key, found[key], day)
        assert found[key][1].startswith(citation), (key, found[key][1], citation)


CASES = [(town, kind, under) for town in BYLAW for kind in KINDS
         for under in ("both", "act", "bylaw")]


@pytest.mark.parametrize(("town", "kind", "under"), CASES,
                         ids=[f"{t}-{k}-{u}" for t, k, u in CASES])
def test_every_clock_of_every_law_the_filing_is_under(town: str, kind: str, under: str
                                                      ) -> None:
    check(shown(filing(town, kind, under)), expected(town, kind, under))


@pytest.mark.parametrize("kind", list(KINDS))
def test_the_state_default_runs_the_acts_clocks(kind: str) -> None:
    # The state default has no bylaw: a filing there is under the Act.
    check(shown(filing("massachusetts", kind, "act")), ACT[kind])


def test_the_clocks_a_fact_of_the_filing_adds() -> None:
    # Sandwich § 7.35 Part 3: the maintenance permit's yearly notice, five working days
    # before the work starts (Mon 2026-04-06: Apr 3, 2, 1, Mar 31, 30 -> Mon 03-30);
    # a maintenance permit runs five years: 2031-03-30.
    sandwich = shown(filing("sandwich", "noi", "bylaw", maintenance=True,
                            commenced=date(2026, 4, 6)))
    assert sandwich["maintenance_notice_by"][0] == "2026-03-30"
    assert sandwich["maintenance_notice_by"][1].startswith("Sandwich § 7.35 Part 3")
    assert sandwich["expires"][0] == "2031-03-30"
    # Nantucket ch. 136 'Permit and waiver rehearing limit': denied by the vote of Thu
    # 2026-03-26: no new application for three years, to Mon 2029-03-26.
    denied = Filing(file_no="2026-2", kind="noi", town="nantucket", laws="bylaw",
                    status="denied", received=date(2026, 3, 2), hearing=date(2026, 3, 16),
                    closed=date(2026, 3, 16), decided=date(2026, 3, 26))
    barred = shown(denied)["reapplication_barred_until"]
    assert barred == ("2029-03-26", barred[1])
    assert barred[1].startswith("Nantucket ch. 136, 'Permit and waiver rehearing limit'")
    # Shutesbury's appeal says it is the program's reading of a silent bylaw.
    label = next(clock.label for clock in every_clock(filing("shutesbury", "noi", "bylaw"),
                                                      available_profiles())
                 if clock.id == "appeal_ends")
    assert "the bylaw is silent: the program's reading" in label
    # Bourne BWR 1.05(6)(c): a hearing opened Mon 03-16 and continued to Mon 03-30 is
    # advertised again, five days before (Article 3.7 not in the text; business days,
    # 310 CMR 10.05(1)): Mar 27, 26, 25, 24, 23 -> Mon 03-23.
    open_hearing = Filing(file_no="2026-3", kind="noi", town="bourne", laws="bylaw",
                          status="hearing", received=date(2026, 3, 2),
                          hearing=date(2026, 3, 16))
    again = {clock.id: clock for clock in every_clock(open_hearing, available_profiles(),
                                                      continued_to=date(2026, 3, 30))}
    assert again["continued_notice_by"].date == date(2026, 3, 23)
    assert again["continued_notice_by"].citation.startswith("Bourne BWR 1.05(6)(c)")
