"""Paintcheck behind the seam (``paintcheck.seam``): one game among those the table may play.

``PaintcheckGame`` is Paintcheck on one table (a field's engine, and the ``Table`` it stands on):
the two teams are the seats, the engine is the one door, ``rules.views`` gives each coach its view,
``rules.codec`` writes decisions and saves, and ``ai.coach`` makes the computer's coaches.
``PAINTCHECK`` is the game before any table: it reads saved matches (``paintcheck-match/2``, and /1) and sets
a table up for one. ``GAMES`` are the games the program plays (the window's saves are read among
them). Nothing of the seam's callers (sessions, saves, replay, ``simulate``) names a class of
Paintcheck's rules: they are handed these.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from paintcheck.ai.coach import COACH_KINDS
from paintcheck.field.lattice import TEAMS
from paintcheck.field.layout import Layout
from paintcheck.field.layout_checks import name_problem
from paintcheck.field.layout_file import layout_from_dict, layout_to_dict
from paintcheck.rules import codec, views
from paintcheck.rules.codec import START_BREAK, CodecError, MatchRecord
from paintcheck.rules.dice import Dice
from paintcheck.rules.engine import Engine
from paintcheck.rules.events import Event
from paintcheck.rules.invariants import invariant_problems
from paintcheck.rules.state import OVER, MatchState
from paintcheck.seam.game import Coach, GameKind, Outcome, Refusal
from paintcheck.seam.seen import Seen
from paintcheck.table import Table

SAVED_MATCH = "<saved match>"  # the source of a layout read from a save


class PaintcheckGame:
    """Paintcheck on one table: ``engine`` applies the decisions; ``table`` (the field, its
    measurer) sets matches up, when there is one (a bare engine plays out a given start)."""

    seats = TEAMS
    coach_kinds = COACH_KINDS

    def __init__(self, engine: Engine, table: Table | None = None) -> None:
        self.engine = engine
        self._table = table

    @classmethod
    def on(cls, table: Table) -> PaintcheckGame:
        return cls(table.engine, table)

    @property
    def table(self) -> Table:
        if self._table is None:
            raise TypeError("this Paintcheck game is a bare engine, on no table")
        return self._table

    def dice(self, seed: int | None) -> Dice:
        return Dice(seed)

    def begin(self, start: str) -> MatchState:
        """The break (``START_BREAK``), or turn 2 in the default position (``START_DEFAULT_TURN2``)."""
        return self.table.start_break() if start == START_BREAK else self.table.start()

    def to_move(self, state: MatchState) -> str | None:
        return self.engine.to_move(state)

    def why_illegal(self, state: MatchState, decision: Any) -> Refusal | None:
        return self.engine.why_illegal(state, decision)

    def apply(self, state: MatchState, decision: Any, dice: Any) -> tuple[MatchState, list[Event]]:
        return self.engine.apply(state, decision, dice)

    def view(self, state: MatchState, seat: str) -> MatchState:
        return views.view(state, seat)

    def public_view(self, state: MatchState) -> MatchState:
        return views.public_view(state)

    def outcome(self, state: MatchState) -> Outcome | None:
        if state.phase != OVER:
            return None
        return Outcome(state.winner or "draw", state.end_reason or "", state.turn)

    def summary(self, state: MatchState) -> dict[str, Any]:
        return {"turn": state.turn, "phase": state.phase, "winner": state.winner,
                "players": {team: state.count_on_field(team) for team in TEAMS}}

    def invariant_problems(self, state: MatchState) -> list[str]:
        return list(invariant_problems(state, self.engine.m))

    def decision_to_dict(self, decision: Any) -> dict[str, Any]:
        return codec.decision_to_dict(decision)

    def decision_from_dict(self, data: Any) -> Any:
        return codec.decision_from_dict(data)

    def event_to_dict(self, event: Event) -> dict[str, Any]:
        return event.to_dict()

    def coach(self, kind: str, seat: str, seed: int, window: bool = False) -> Coach:
        """``ai.coach``'s coach of strength ``kind``; ``window``: ``window_coach`` (warmed, and ``hard``
        stops at its wall-clock budget)."""
        from paintcheck.ai.coach import make_coach, window_coach

        return (window_coach if window else make_coach)(kind, seat, self.engine, seed)

    def playout_coach(self, seat: str, seed: int) -> Coach:
        """The random coach (``ai.random_coach``), keeping one generator for the whole match."""
        from paintcheck.ai.random_coach import RandomCoach

        return _OnItsView(RandomCoach(seat, self.engine, seed))


class _OnItsView:
    """A coach that decides from a bare view (``RandomCoach``), handed the view a ``Seen`` holds."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner

    def decide(self, seen: Seen) -> Any:
        return self.inner.decide(seen.state)


class PaintcheckKind:
    """Paintcheck before any table: its saved matches and the table set up for one."""

    format = codec.MATCH_FORMAT
    formats = codec.MATCH_FORMATS
    seats = TEAMS

    def new_record(self, layout: Layout, seed: int | None, start: str) -> MatchRecord:
        """A match to play on ``layout``: seeded dice, or (no seed) dice from fresh entropy, their rolls
        kept (``Table.new_record``)."""
        return MatchRecord(seed, layout_to_dict(layout), start=start, rolls=None if seed is not None else [])

    def record_from_dict(self, data: Any, source: str) -> MatchRecord:
        return codec.record_from_data(data, source)

    def setup_key(self, record: Any) -> str:
        """The layout's content, whatever its file was called (``layout_to_dict`` of it read)."""
        layout = layout_to_dict(layout_from_dict(record.layout, SAVED_MATCH))
        return json.dumps(layout, sort_keys=True, separators=(",", ":"))

    def game(self, record: Any) -> PaintcheckGame:
        return PaintcheckGame.on(Table.from_layout_data(record.layout, SAVED_MATCH))

    def setup_name(self, data: Mapping[str, Any]) -> tuple[str | None, Any, Any]:
        """The layout's name and data; no layout, or a name ``validate`` refuses, cannot be resumed."""
        layout = data.get("layout") if isinstance(data.get("layout"), dict) else None
        name = layout.get("name") if layout else None
        name = name if isinstance(name, str) else None
        problem: str | None = None if layout is not None else codec.no_layout()
        if problem is None and name is not None and (bad_name := name_problem(name)) is not None:
            problem = bad_name  # validate's sentence: the match could not be resumed on that layout
        return name, layout, problem

    def unreadable(self, source: str, problem: str) -> CodecError:
        return CodecError(codec.in_file(source, problem))

    def does_not_replay(self, source: str, exc: Exception) -> CodecError:
        return codec.does_not_replay(source, exc)


PAINTCHECK = PaintcheckKind()
GAMES: tuple[GameKind, ...] = (PAINTCHECK,)  # the games the program plays; a save's format picks one
