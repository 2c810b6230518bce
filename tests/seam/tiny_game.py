"""A tiny game behind the seam, to prove the table generic: nothing of Paintcheck's rules here.

*Hide and seek on a line.* ``points`` points (0 to ``points - 1``), two seats, ``north`` and
``south``. Each seat first hides its token on a point, face down: the other seat's view shows
``None`` there until the match is over (the secret revealed later). Then the seats seek in turn,
north first, for ``ROUNDS`` rounds: a seat names a point and rolls a d6; it finds the other's token
when the point is the token's and the die shows ``FIND`` or more, and wins. Nobody found: a draw.
Both tokens are shown at the end (``Revealed``).

The seam's parts: ``TinyGame`` (a game on a line of ``points``), ``TinyKind`` (its records:
``tiny-hide-seek/1``), ``TinyRecord``, its dice (seeded, or rolls recorded and given back), its coach
(``TinyCoach``: a point drawn from its seed and the decision's number, from its own view only).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from paintcheck.seam.game import DRAW, Outcome, RecordError
from paintcheck.seam.seen import Seen

SEATS = ("north", "south")
COACH_KINDS = ("random",)
ROUNDS = 3  # each seat seeks at most 3 times
FIND = 3  # a seek on the right point finds the token on a d6 of 3 or more
HIDE, SEEK, OVER = "hide", "seek", "over"
START = "hide"  # the only start: both tokens to hide
FORMAT = "tiny-hide-seek/1"


def other(seat: str) -> str:
    return SEATS[1 - SEATS.index(seat)]


# -- state, decisions, events: plain data -----------------------------------------------------------
@dataclass(frozen=True)
class TinyState:
    points: int
    phase: str = HIDE
    hidden: tuple[tuple[str, int | None], ...] = (("north", None), ("south", None))  # the secrets
    seeks: int = 0  # seeks made so far (both seats)
    decisions: int = 0
    winner: str | None = None

    def token(self, seat: str) -> int | None:
        return dict(self.hidden)[seat]

    @property
    def turn(self) -> int:
        return 1 + self.seeks // 2


@dataclass(frozen=True)
class Hide:
    seat: str
    point: int


@dataclass(frozen=True)
class Seek:
    seat: str
    point: int


@dataclass(frozen=True)
class Hidden:
    seat: str  # the point stays secret: the event says only that it is hidden


@dataclass(frozen=True)
class Rolled:
    seat: str
    point: int
    face: int
    found: bool


@dataclass(frozen=True)
class Revealed:
    north: int | None
    south: int | None
    winner: str


# -- dice and record -------------------------------------------------------------------------------------
class TinyDice:
    """Seeded dice, or rolls kept as they are made and given back first when a record replays."""

    def __init__(self, seed: int | None = None, rolls: list[int] | None = None) -> None:
        self.rng = random.Random(seed)
        self.rolls = rolls  # None: seeded
        self.used = 0
        self.replaying = False

    def roll(self, sides: int) -> int:
        if self.rolls is None:
            return self.rng.randint(1, sides)
        if self.used < len(self.rolls):
            face = self.rolls[self.used]
        elif self.replaying:
            raise ValueError(f"the recorded rolls end at #{len(self.rolls)}")
        else:
            face = self.rng.randint(1, sides)
            self.rolls.append(face)
        self.used += 1
        return face

    def replayed(self) -> None:
        if self.rolls is not None and self.used != len(self.rolls):
            raise ValueError(f"{len(self.rolls) - self.used} recorded rolls were never rolled")
        self.replaying = False

    def mark(self) -> Any:
        return self.rng.getstate(), self.used, None if self.rolls is None else len(self.rolls)

    def back_to(self, mark: Any) -> None:
        state, self.used, kept = mark
        self.rng.setstate(state)
        if self.rolls is not None:
            del self.rolls[kept:]


@dataclass
class TinyRecord:
    points: int
    seed: int | None
    rolls: list[int] | None = None
    start: str = START
    decisions: list[Any] = field(default_factory=list)
    coaches: dict[str, str] = field(default_factory=dict)
    coach_seed: int | None = None
    summary: dict[str, Any] = field(default_factory=dict)

    def dice(self) -> TinyDice:
        return TinyDice(self.seed, self.rolls)

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "points": self.points, "seed": self.seed, "rolls": self.rolls,
                "start": self.start, "coaches": self.coaches, "coach_seed": self.coach_seed,
                "summary": self.summary, "decisions": [decision_to_dict(d) for d in self.decisions]}


def decision_to_dict(decision: Any) -> dict[str, Any]:
    return {"type": type(decision).__name__.lower(), "seat": decision.seat, "point": decision.point}


def decision_from_dict(data: Any) -> Any:
    kinds = {"hide": Hide, "seek": Seek}
    if not isinstance(data, dict) or data.get("type") not in kinds:
        raise RecordError(f"not a decision of hide and seek: {data!r}")
    if data.get("seat") not in SEATS or not isinstance(data.get("point"), int):
        raise RecordError(f"a decision names a seat and a point: {data!r}")
    return kinds[data["type"]](data["seat"], data["point"])


# -- the game on a line ------------------------------------------------------------------------------------
class TinyGame:
    seats = SEATS
    coach_kinds = COACH_KINDS

    def __init__(self, points: int) -> None:
        self.points = points

    def dice(self, seed: int | None) -> TinyDice:
        return TinyDice(seed)

    def begin(self, start: str) -> TinyState:
        if start != START:
            raise ValueError(f"hide and seek starts with the tokens to hide, not {start!r}")
        return TinyState(self.points)

    def to_move(self, state: TinyState) -> str | None:
        if state.phase == HIDE:
            return next(seat for seat in SEATS if state.token(seat) is None)
        if state.phase == SEEK:
            return SEATS[state.seeks % 2]
        return None

    def why_illegal(self, state: TinyState, decision: Any) -> str | None:
        if state.phase == OVER:
            return "the match is over"
        if decision.seat != self.to_move(state):
            return f"it is {self.to_move(state)}'s turn"
        if not isinstance(decision, Hide if state.phase == HIDE else Seek):
            return f"now is the time to {state.phase}"
        if not 0 <= decision.point < state.points:
            return f"there is no point {decision.point}"
        return None

    def apply(self, state: TinyState, decision: Any, dice: Any) -> tuple[TinyState, list[Any]]:
        reason = self.why_illegal(state, decision)
        if reason is not None:
            raise ValueError(reason)
        events: list[Any] = []
        if isinstance(decision, Hide):
            hidden = tuple((s, decision.point if s == decision.seat else p) for s, p in state.hidden)
            state = replace(state, hidden=hidden)
            events.append(Hidden(decision.seat))
            if all(p is not None for _, p in hidden):
                state = replace(state, phase=SEEK)
        else:
            face = dice.roll(6)
            found = decision.point == state.token(other(decision.seat)) and face >= FIND
            events.append(Rolled(decision.seat, decision.point, face, found))
            state = replace(state, seeks=state.seeks + 1)
            if found or state.seeks == 2 * ROUNDS:
                winner = decision.seat if found else DRAW
                state = replace(state, phase=OVER, winner=winner)
                events.append(Revealed(state.token("north"), state.token("south"), winner))
        state = replace(state, decisions=state.decisions + 1)
        problems = self.invariant_problems(state)
        if problems:
            raise AssertionError("; ".join(problems))
        return state, events

    def view(self, state: TinyState, seat: str) -> TinyState:
        if state.phase == OVER:
            return state
        return replace(state, hidden=tuple((s, p if s == seat else None) for s, p in state.hidden))

    def public_view(self, state: TinyState) -> TinyState:
        if state.phase == OVER:
            return state
        return replace(state, hidden=tuple((s, None) for s, _ in state.hidden))

    def outcome(self, state: TinyState) -> Outcome | None:
        if state.phase != OVER:
            return None
        how = "found" if state.winner != DRAW else "nobody found"
        return Outcome(state.winner or DRAW, how, state.turn)

    def summary(self, state: TinyState) -> dict[str, Any]:
        return {"turn": state.turn, "phase": state.phase, "winner": state.winner,
                "players": {seat: 1 for seat in SEATS}}

    def invariant_problems(self, state: TinyState) -> list[str]:
        problems = [f"{seat}'s token is off the line" for seat, p in state.hidden
                    if p is not None and not 0 <= p < state.points]
        if state.seeks > 2 * ROUNDS:
            problems.append(f"{state.seeks} seeks")
        return problems

    def decision_to_dict(self, decision: Any) -> dict[str, Any]:
        return decision_to_dict(decision)

    def decision_from_dict(self, data: Any) -> Any:
        return decision_from_dict(data)

    def event_to_dict(self, event: Any) -> dict[str, Any]:
        return {"type": type(event).__name__, **asdict(event)}

    def coach(self, kind: str, seat: str, seed: int, window: bool = False) -> TinyCoach:
        if kind not in COACH_KINDS:
            raise ValueError(f"hide and seek has no {kind!r} coach")
        return TinyCoach(seat, seed)

    def playout_coach(self, seat: str, seed: int) -> TinyCoach:
        return TinyCoach(seat, seed)


class TinyCoach:
    """A point drawn from the coach's seed and the decision's number; it remembers what it saw."""

    def __init__(self, seat: str, seed: int) -> None:
        self.seat = seat
        self.seed = seed
        self.seen: list[TinyState] = []

    def decide(self, seen: Seen) -> Any:
        if not isinstance(seen, Seen) or seen.team != self.seat:
            raise TypeError("a coach decides from its own view")
        state = seen.state
        self.seen.append(state)
        point = random.Random(f"{self.seed}/{state.decisions}").randrange(state.points)
        return (Hide if state.phase == HIDE else Seek)(self.seat, point)


class TinyKind:
    format = FORMAT
    formats = (FORMAT,)
    seats = SEATS

    def record_from_dict(self, data: Any, source: str) -> TinyRecord:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"{source}: not a match of hide and seek")
        points, seed, rolls = data.get("points"), data.get("seed"), data.get("rolls")
        if not isinstance(points, int) or points < 2:
            raise RecordError(f"{source}: 'points' is a whole number, 2 or more")
        try:
            decisions = [decision_from_dict(d) for d in data.get("decisions", [])]
        except RecordError as exc:
            raise RecordError(f"{source}: {exc}") from None
        return TinyRecord(points, seed, rolls, data.get("start", START), decisions,
                          dict(data.get("coaches") or {}), data.get("coach_seed"), data.get("summary") or {})

    def setup_key(self, record: Any) -> str:
        return f"points={record.points}"

    def game(self, record: Any) -> TinyGame:
        return TinyGame(record.points)

    def setup_name(self, data: Mapping[str, Any]) -> tuple[str | None, Any, Any]:
        points = data.get("points")
        return (f"a line of {points}" if isinstance(points, int) else None), {"points": points}, None

    def unreadable(self, source: str, problem: str) -> RecordError:
        return RecordError(f"{source}: {problem}")

    def does_not_replay(self, source: str, exc: Exception) -> RecordError:
        return RecordError(f"{source}: the match does not replay ({exc})")


TINY = TinyKind()


@dataclass(frozen=True)
class TinySetup:
    """``simulate``'s setup of hide and seek on a line of ``points``."""

    points: int = 5
    start: str = START
    seats: tuple[str, ...] = SEATS

    def start_for(self, match_seed: int) -> str:
        return self.start

    def __call__(self) -> TinyGame:
        return TinyGame(self.points)
