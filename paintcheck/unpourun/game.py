"""Un pour un behind the seam (``paintcheck.seam``), as ``paintcheck.game`` puts Paintcheck there.

``UnpourunGame`` is the game on one table (a ``terrain.Table`` and its ``Measurer``): the two players
``A`` and ``B`` are the seats, ``Engine.apply`` is the one door. The setup is a band list: a start
names the two bands (``bands_start``: their JSON) or asks for two seeded random bands
(``random_start(seed)``: ``bands.random_band``). There are no secrets (0.1: every roll is open): a
seat's view is the whole state, and ``view`` says so by returning it; the coaches still only see what
``seam.seen.look`` hands them.
"""

from __future__ import annotations

import json
from typing import Any

from paintcheck.rules.dice import Dice
from paintcheck.said import Said
from paintcheck.seam.game import Coach, Outcome
from paintcheck.seam.seen import Seen
from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import (
    BandSpec,
    Options,
    band_from_dict,
    band_to_dict,
    options_from_dict,
    options_to_dict,
    random_band,
)
from paintcheck.unpourun.engine import Engine
from paintcheck.unpourun.events import Event
from paintcheck.unpourun.invariants import invariant_problems
from paintcheck.unpourun.measurer import Measurer
from paintcheck.unpourun.odds_coach import OddsCoach
from paintcheck.unpourun.random_coach import RandomCoach
from paintcheck.unpourun.setup import new_match
from paintcheck.unpourun.state import MatchState, Phase
from paintcheck.unpourun.terrain import OPEN_TABLE, Table

RANDOM = "random:"  # a start "random:<seed>": two bands drawn from the seed
COACH_KINDS = ("random", "odds")  # the odds coach: unpourun.odds_coach
_OVER = Phase.OVER  # read once: an enum's member read from its class is slow (Python 3.11)


def random_start(seed: int) -> str:
    return f"{RANDOM}{seed}"


def bands_start(first: BandSpec, second: BandSpec, options: Options | None = None) -> str:
    """The start naming two bands, and the match's options when they are not the game's (a saved
    match keeps them: ``options_of``)."""
    data: dict[str, Any] = {"bands": [band_to_dict(first), band_to_dict(second)]}
    if options is not None:
        data["options"] = options_to_dict(options)
    return json.dumps(data, sort_keys=True)


def options_of(start: str) -> Options | None:
    """The options a start names (None: the game's own; ``ValueError`` with one line when unreadable)."""
    if start.startswith(RANDOM):
        return None
    try:
        data = json.loads(start).get("options")
    except (ValueError, AttributeError) as exc:
        raise ValueError(f"not an Un pour un start: {exc}") from None
    return None if data is None else options_from_dict(data)


def bands_of(start: str) -> tuple[BandSpec, BandSpec]:
    """The two bands a start names (``ValueError`` with one line when it names none)."""
    if start.startswith(RANDOM):
        seed = int(start[len(RANDOM):])
        return random_band(seed * 2, "A"), random_band(seed * 2 + 1, "B")
    try:
        data = json.loads(start)
        first, second = data["bands"]
    except (ValueError, KeyError, TypeError) as exc:
        raise ValueError(f"not an Un pour un start: {exc}") from None
    return band_from_dict(first), band_from_dict(second)


class UnpourunGame:
    seats = t.PLAYERS
    coach_kinds = COACH_KINDS

    def __init__(self, table: Table = OPEN_TABLE, options: Options | None = None,
                 check: bool = False, trusted: bool = False) -> None:
        """``check``: the invariants are checked after every decision (``simulate --check``);
        ``trusted``: the decisions come from the random coach, which asked the legality already, and
        are not asked again (``simulate`` without ``--check``, ``bench``)."""
        self.table = table
        self.options = options or Options()
        self.m = Measurer(table)
        self.engine = Engine(self.m)
        self.check = check
        self.trusted = trusted and not check

    def dice(self, seed: int | None) -> Dice:
        return Dice(seed)

    def begin(self, start: str) -> MatchState:
        return new_match(bands_of(start), options_of(start) or self.options, self.table.name)

    def to_move(self, state: MatchState) -> str | None:
        return self.engine.to_move(state)

    def why_illegal(self, state: MatchState, decision: Any) -> Said | None:
        return self.engine.why_illegal(state, decision)

    def apply(self, state: MatchState, decision: Any, dice: Any) -> tuple[MatchState, list[Event]]:
        new, events = self.engine.apply(state, decision, dice, check=not self.trusted)
        if self.check:
            problems = invariant_problems(new, self.m)
            if problems:
                raise AssertionError(f"after {a.text(decision)}: {problems[0]}")
        return new, events

    def view(self, state: MatchState, seat: str) -> MatchState:
        """No secrets (0.1): every seat sees the whole state."""
        return state

    def public_view(self, state: MatchState) -> MatchState:
        return state

    def outcome(self, state: MatchState) -> Outcome | None:
        if state.phase != _OVER:
            return None
        return Outcome(state.winner or "draw", state.end_reason, state.turn)

    def summary(self, state: MatchState) -> dict[str, Any]:
        return {"turn": state.turn, "phase": state.phase.value, "winner": state.winner, "vp": dict(state.vp),
                "standing": {p: sum(1 for f in state.band(p) if f.standing) for p in self.seats}}

    def invariant_problems(self, state: MatchState) -> list[str]:
        return invariant_problems(state, self.m)

    def decision_to_dict(self, decision: Any) -> dict[str, Any]:
        return a.to_dict(decision)

    def decision_from_dict(self, data: Any) -> Any:
        return a.from_dict(data)

    def event_to_dict(self, event: Event) -> dict[str, Any]:
        return event.to_dict()

    def coach(self, kind: str, seat: str, seed: int, window: bool = False) -> Coach:
        if kind not in COACH_KINDS:
            raise ValueError(f"no Un pour un coach {kind!r} (one of {', '.join(COACH_KINDS)})")
        if kind == "odds":
            return _OnItsView(OddsCoach(seat, self.engine, seed))
        return self.playout_coach(seat, seed)

    def playout_coach(self, seat: str, seed: int) -> Coach:
        return _OnItsView(RandomCoach(seat, self.engine, seed))


class _OnItsView:
    def __init__(self, inner: RandomCoach | OddsCoach) -> None:
        self.inner = inner

    def decide(self, seen: Seen) -> Any:
        return self.inner.decide(seen.state)
