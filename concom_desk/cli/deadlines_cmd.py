"""`concom-desk towns` and `concom-desk deadlines`: the statutory clocks from the
command line, for scripts and for checking a date by hand."""

from __future__ import annotations

import argparse
from datetime import date

from concom_desk.cli.common import EXIT_OK, iso_date, print_json
from concom_desk.domain.deadline_engine import Deadline, compute_deadlines
from concom_desk.domain.extension_acts import acts_already_in
from concom_desk.domain.filing_kinds import EVENT_NAMES, KINDS
from concom_desk.domain.laws import (
    ACT,
    STATE_TOWN,
    UNDER_CHOICES,
    default_under,
    is_joint,
    side_by_side,
    under_act,
    under_words,
)
from concom_desk.domain.status_rules import late_extension_request
from concom_desk.domain.towns_doc import towns_markdown
from concom_desk.errors import OperationFailed, UserError
from concom_desk.paths import towns_dir
from concom_desk.services.commission.town_profiles import available_profiles, profile_for


def register(subparsers: argparse._SubParsersAction) -> None:
    towns = subparsers.add_parser("towns", help="list the town rule profiles")
    towns.add_argument("--json", action="store_true", help="print JSON")
    towns.add_argument("--markdown", action="store_true",
                       help="print each town's deadlines as the tables of docs/towns.md")
    towns.set_defaults(run=run_towns)

    deadlines = subparsers.add_parser(
        "deadlines", help="compute a filing's statutory deadlines for a town"
    )
    deadlines.add_argument("--town", required=True, help="town profile (e.g. upton)")
    deadlines.add_argument("--kind", required=True, help=f"filing kind: {', '.join(KINDS)}")
    for event, meaning in EVENT_NAMES.items():
        deadlines.add_argument(
            "--" + event.replace("_", "-"), dest=event, type=iso_date, metavar="YYYY-MM-DD",
            help=f"date {meaning}",
        )
    deadlines.add_argument(
        "--maintenance", action="store_true",
        help="a permit for recurring maintenance work (longer term where the bylaw allows)",
    )
    deadlines.add_argument(
        "--denied", action="store_true",
        help="the commission finally refused it (a bylaw may bar a new application for a "
             "time: Nantucket, three years)",
    )
    deadlines.add_argument(
        "--not-covered", metavar="REASON", default="",
        help="the permit extension acts do not apply to this approval, and why "
             "(e.g. the holder waived them); the expiry is then the bare term",
    )
    deadlines.add_argument(
        "--under", choices=UNDER_CHOICES,
        help="the laws the filing is under: both (the Act and the town's bylaw), act or "
             "bylaw (default: both where the town has a bylaw, the Act on the state "
             "default); under both, the Act's clocks are listed beside the bylaw's")
    deadlines.add_argument("--json", action="store_true", help="print JSON")
    deadlines.set_defaults(run=run_deadlines)


def run_towns(args: argparse.Namespace) -> int:
    profiles = available_profiles()
    if not profiles:
        raise OperationFailed(f"no town profiles found: {towns_dir()} has no .toml files "
                              "(installing ConCom Desk again puts them back)")
    if args.markdown:
        print(towns_markdown(profiles.values()), end="")
        return EXIT_OK
    if args.json:
        print_json([
            {"id": p.id, "name": p.name, "source": p.source, "path": str(p.path)}
            for p in profiles.values()
        ])
        return EXIT_OK
    width = max(len(p.id) for p in profiles.values())
    for profile in profiles.values():
        print(f"{profile.id:<{width}}  {profile.name:<14} {profile.source}")
    return EXIT_OK


def run_deadlines(args: argparse.Namespace) -> int:
    town = profile_for(args.town)
    laws = ACT if town.id == STATE_TOWN else (args.under or default_under(town.id))
    # The profile the clocks run on: the bylaw's, or the Act's alone.
    profile = profile_for(STATE_TOWN) if laws == ACT else town
    events: dict[str, date] = {
        event: getattr(args, event) for event in EVENT_NAMES if getattr(args, event) is not None
    }
    flags = frozenset({"maintenance"} if args.maintenance else set()) | (
        {"joint"} if under_act(laws) else set()) | ({"denied"} if args.denied else set())
    # The expiry is the date in force: the permit extension acts are applied to the
    # term from --issued (St. 2010 c.240 §173; St. 2020 c.53 §17; St. 2024 c.238 §280).
    # For an extension, --expiry is the permit's expiry in force: the acts that already
    # moved it do not move its extension again (`acts_already_in`).
    skip: frozenset[str] = frozenset()
    if args.kind.strip().lower() == "extension" and "expiry" in events:
        skip = acts_already_in(events["expiry"], profile.extension_acts)
    found = compute_deadlines(profile, args.kind, events, flags, not_covered=args.not_covered,
                              skip_acts=skip)
    if is_joint(laws, town.id):
        found = side_by_side(found, compute_deadlines(
            profile_for(STATE_TOWN), args.kind, events, flags, not_covered=args.not_covered,
            skip_acts=skip))
    if args.kind.strip().lower() == "extension":
        _refuse_late_request(events, found)
    if args.json:
        # The Act's clocks beside the bylaw's are keyed "state:<id>".
        print_json({(f"state:{d.id}" if d.label.startswith("State: ") else d.id): d.as_json()
                    for d in found})
        return EXIT_OK
    print(f"{town.name} — {args.kind.lower()}, under "
          f"{under_words(laws, town.id, town.name)}")
    if not profile.covers(args.kind.strip().lower()):
        print(f"The {profile.name} profile sets no deadline for this kind of filing: its bylaw "
              "is silent (see the comments in the profile); "
              + ("the Act's clocks are those below." if found else
                 "the state Act's clocks may still apply (--under act)."))
    elif not found:
        print("No deadlines follow from the dates given.")
    for deadline in found:
        print(f"{deadline.date.isoformat()}  {deadline.date:%a}  {deadline.id:<28} "
              f"{deadline.label} [{deadline.rule}]")
        print(f"{'':17}{deadline.citation}")
    return EXIT_OK


def _refuse_late_request(events: dict[str, date], found: list[Deadline]) -> None:
    """A request received after the permit expired cannot be granted, as the window
    refuses to issue it (`late_extension_request`): one line, exit 2."""
    received, expiry = events.get("received"), events.get("expiry")
    if received is None or expiry is None or not late_extension_request(received, expiry):
        return
    asks = [d for d in found if d.id == "extension_request_by"]
    last_day = (f"; the last day to ask was {asks[0].date.isoformat()} ({asks[0].citation})"
                if asks else "")
    raise UserError(f"refused: the permit expired on {expiry.isoformat()}{last_day}; this "
                    f"request was received on {received.isoformat()}, after it expired, and "
                    "an expired permit cannot be extended (a new Notice of Intent is needed)")
