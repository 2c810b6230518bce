"""The coach's mistakes (issue 28, item 3): each of his declarations against the computer coach's.

For every ``Declare`` of the seat reviewed, the computer coach (``normal`` or ``hard``) is handed the
same view the coach had (``ai.seen.look``: his eyes only) and chooses; both sequences are then read
as ``normal`` reads a sequence, one round deep, with the exact odds — by the normal coach's own
``Judge`` (``ai.judge``), nothing re-typed:

- ``given``: what its shots should bring (``Judge.offence``: eliminations, and boulets given at
  ``BOULET_WORTH``);
- ``taken``: the eliminations he should suffer before he plays again where the sequence leaves him
  (``Judge.danger`` at its end, with its DEF count) and on the way (``Judge.run_danger``);
- ``worth = given - DANGER * taken`` (``ai.normal.DANGER``).

``given_away`` is the coach's ``worth`` less the played one's; the declarations that gave away most
come first. A choice equal to the one played gave nothing away.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from paintcheck.ai.coach import make_coach
from paintcheck.ai.judge import Judge
from paintcheck.ai.normal import DANGER
from paintcheck.ai.seen import look
from paintcheck.review.timeline import Moment, Review
from paintcheck.rules.actions import Declare
from paintcheck.rules.state import MatchState
from paintcheck.rules.values import RoundView, with_declaration
from paintcheck.rules.words import declaration_words
from paintcheck.seam.game import seat_seed

log = logging.getLogger(__name__)

BLUNDER_COACHES = ("normal", "hard")


@dataclass(frozen=True)
class Reading:
    """A sequence read one round deep as ``normal`` reads it."""

    given: float
    taken: float

    @property
    def worth(self) -> float:
        return self.given - DANGER * self.taken


@dataclass(frozen=True)
class Blunder:
    """Decision ``index`` (moment ``index + 1``): the sequence played and the coach's."""

    index: int
    moment: Moment
    seat: str
    played: Declare
    chosen: Declare
    played_reading: Reading
    chosen_reading: Reading
    played_words: str  # the sequences in words (``rules.words.declaration_words``: a ``Said``)
    chosen_words: str

    @property
    def given_away(self) -> float:
        return self.chosen_reading.worth - self.played_reading.worth

    def as_json(self) -> dict[str, Any]:
        def reading(r: Reading) -> dict[str, float]:
            return {"given": round(r.given, 4), "taken": round(r.taken, 4), "worth": round(r.worth, 4)}

        return {"decision": self.index, "moment": self.index + 1, "turn": self.moment.turn,
                "round": self.moment.round, "seat": self.seat, "said": str(self.moment.said),
                "played": str(self.played_words), "chosen": str(self.chosen_words),
                "played_reading": reading(self.played_reading),
                "chosen_reading": reading(self.chosen_reading), "given_away": round(self.given_away, 4)}


def read_sequence(judge: Judge, state: MatchState, decl: Declare) -> Reading:
    """``decl`` on ``state`` (the declaring coach's view) read by ``judge``, ``normal``'s reading."""
    plan = RoundView(with_declaration(state, decl), judge.m).plans[decl.player]
    final = plan.final
    taken = judge.danger(decl.player, plan.end, final.cover, final.side, decl.posture, plan.def_count)
    return Reading(judge.offence(decl), taken + judge.run_danger(decl))


def blunders(review: Review, coach: str = "normal", seat: str | None = None,
             progress: Callable[[int, int], None] | None = None) -> list[Blunder]:
    """Every declaration of ``seat`` (both seats: None) against ``coach``'s choice on the same view,
    the most given away first (then in match order)."""
    if coach not in BLUNDER_COACHES:
        raise ValueError(f"a coach is one of {', '.join(BLUNDER_COACHES)}, not {coach!r}")
    engine = review.table.engine
    seed = review.record.coach_seed or 0
    coaches: dict[str, Any] = {}
    found = []
    todo = [(k, d) for k, d in enumerate(review.record.decisions) if isinstance(d, Declare)]
    for n, (k, decision) in enumerate(todo, start=1):
        who = review.moments[k + 1].seat
        if who is None or (seat is not None and who != seat):
            continue
        if who not in coaches:  # ``hard``: its fixed search (no wall clock), the same list each time
            coaches[who] = make_coach(coach, who, engine, seat_seed(seed, ("blue", "white"), who))
        seen = look(review.state(k), who)
        chosen = coaches[who].decide(seen)
        judge = Judge(seen.state, who, engine.m)
        played_reading = read_sequence(judge, seen.state, decision)
        chosen_reading = played_reading if chosen == decision else read_sequence(judge, seen.state, chosen)
        found.append(Blunder(k, review.moments[k + 1], who, decision, chosen, played_reading, chosen_reading,
                             declaration_words(decision, engine.m), declaration_words(chosen, engine.m)))
        if progress is not None:
            progress(n, len(todo))
    found.sort(key=lambda b: (-b.given_away, b.index))
    return found
