"""Going into executive session (MGL c.30A §21): the ten purposes of §21(a), and the
motion the roll call is taken on.

§21(b): the body convenes in open session, and the chair states the purpose of the
executive session, "stating all subjects that may be revealed without compromising
the purpose for which the executive session was called"; the vote to go in is a
roll call, recorded in the minutes (§21(b)(3)), which also say whether the body
will reconvene in open session (§21(b)(4)). For purposes 3 and 6 the chair also
declares that an open meeting may have a detrimental effect on the body's
bargaining or litigating position, or its negotiating position.
"""

from __future__ import annotations

from dataclasses import dataclass

from concom_desk.errors import UserError

ENTRY_CITATION = ("MGL c.30A §21(b): convened in open session, the chair states the purpose; "
                  "the vote to enter is a roll call recorded in the minutes")

# How the motion to enter begins: what tells the record's votes which entered a session.
ENTRY_WORDS = "To enter executive session under "


@dataclass(frozen=True)
class Purpose:
    number: int
    words: str  # what the motion says the session is for
    declaration: str = ""  # what the chair must also declare (purposes 3 and 6)

    @property
    def citation(self) -> str:
        return f"MGL c.30A §21(a)({self.number})"

    def label(self) -> str:
        return f"{self.number}. {self.words[0].upper()}{self.words[1:]}"


# The words of §21(a)(1)–(10), shortened only where the statute lists examples.
PURPOSES: tuple[Purpose, ...] = (
    Purpose(1, "to discuss the reputation, character, physical condition or mental health, "
               "rather than professional competence, of an individual, or to discuss the "
               "discipline or dismissal of, or complaints or charges brought against, a "
               "public officer, employee, staff member or individual"),
    Purpose(2, "to conduct strategy sessions in preparation for negotiations with nonunion "
               "personnel or to conduct collective bargaining sessions or contract "
               "negotiations with nonunion personnel"),
    Purpose(3, "to discuss strategy with respect to collective bargaining or litigation",
            "an open meeting may have a detrimental effect on the bargaining or litigating "
            "position of the commission"),
    Purpose(4, "to discuss the deployment of security personnel or devices, or strategies "
               "with respect thereto"),
    Purpose(5, "to investigate charges of criminal misconduct or to consider the filing of "
               "criminal complaints"),
    Purpose(6, "to consider the purchase, exchange, lease or value of real property",
            "an open meeting may have a detrimental effect on the negotiating position of "
            "the commission"),
    Purpose(7, "to comply with, or act under the authority of, a general or special law or "
               "federal grant-in-aid requirement"),
    Purpose(8, "to consider or interview applicants for employment or appointment by a "
               "preliminary screening committee"),
    Purpose(9, "to meet or confer with a mediator with respect to any litigation or decision "
               "on any public business within its jurisdiction involving another party, "
               "group or entity"),
    Purpose(10, "to discuss trade secrets or confidential, competitively-sensitive or other "
                "proprietary information provided in the course of activities conducted by "
                "a governmental body as an energy supplier"),
)


def purpose(number: int) -> Purpose:
    for candidate in PURPOSES:
        if candidate.number == number:
            return candidate
    raise UserError(f"§21(a) has ten purposes, 1 to 10: there is no purpose {number}")


def entry_motion(number: int, statement: str, reconvene: bool) -> str:
    """The motion the roll call is taken on, naming the purpose and its citation, the
    chair's statement of the subjects, and whether the commission comes back."""
    chosen = purpose(number)
    statement = " ".join(statement.split())
    if not statement:
        raise UserError("write the chair's statement of the subject (all that may be said "
                        "without compromising the purpose, §21(b)), e.g. \"the purchase of "
                        "the Maple Avenue parcel, Map 12 Lot 4\"")
    declared = f"; the chair declared that {chosen.declaration}" if chosen.declaration else ""
    after = ("and to reconvene in open session" if reconvene
             else "and not to reconvene in open session")
    return (f"{ENTRY_WORDS}{chosen.citation}, {chosen.words}: "
            f"{statement}{declared}; {after}")



def is_entry_motion(motion: str) -> bool:
    """Whether a recorded motion is the vote to enter executive session (as
    `entry_motion` words it)."""
    return motion.startswith(ENTRY_WORDS)
