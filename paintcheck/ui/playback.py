"""A resolution told line by line, and the board as it has been told so far.

The engine applies a decision at once; the window then reveals its events one line at a time
(``Telling``). Until a line is revealed the board must not show what it did: a runner still stands
where he started, a player hit later in the batch is still on the field, a template not yet laid is
not drawn and one lifted later still lies there. ``shown_state`` takes the coach's view after the
decision and undoes the events not yet revealed, latest first. It reads the events only: nothing
here re-derives a rule (and nothing here draws: no pygame).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from paintcheck.rules import events as ev
from paintcheck.rules.flags import Flag
from paintcheck.rules.state import MatchState
from paintcheck.rules.vocab import TEAMS

# the events a decision's telling shows line by line (a batch without any is written to the log at once)
RESOLUTION_EVENTS = (ev.Moved, ev.SpeedTest, ev.ShotResolved, ev.DumpResolved, ev.DodgeRolled, ev.Eliminated,
                     ev.ShotLost, ev.Dodged, ev.Fumble, ev.MatchEnded, ev.SheetsRevealed, ev.BreakRound,
                     ev.TargetChosen, ev.TemplateLifted, ev.FlagMoved)


def resolves(events: Sequence[object]) -> bool:
    """The events hold a resolution to tell (dice rolled, players moved or eliminated, a reveal)."""
    return any(isinstance(e, RESOLUTION_EVENTS) for e in events)


def shown_state(state: MatchState, pending: Sequence[ev.Event], history: Sequence[ev.Event]) -> MatchState:
    """``state`` (a view after the events) as it stood before ``pending``; ``history`` is every event
    of the match, to find where a lifted template lay."""
    if not pending:
        return state
    s = state.copy()
    players = s.players
    for e in reversed(pending):
        if isinstance(e, ev.Moved):
            players[e.player] = replace(players[e.player], point=e.start)
        elif isinstance(e, ev.Eliminated):
            p = players[e.player]
            players[e.player] = replace(p, point=p.fell_at, token=e.token)
        elif isinstance(e, ev.Deployed):
            players[e.player] = replace(players[e.player], point=None)
        elif isinstance(e, ev.PrebunkLaid):
            s.templates.pop(e.player, None)
        elif isinstance(e, ev.TemplateLifted):
            origin = next((h.origin for h in reversed(history)
                           if isinstance(h, ev.PrebunkLaid) and h.player == e.player), None)
            if origin is not None:
                s.templates[e.player] = origin
        elif isinstance(e, ev.TokenPlaced):
            players[e.player] = replace(players[e.player], token=e.previous)
        elif isinstance(e, ev.TokenRemoved):
            players[e.player] = replace(players[e.player], token=e.token)
        elif isinstance(e, ev.FlagMoved):
            f = s.flags[e.flag]
            if e.kind in ("taken", "returned"):  # it lay where he passed
                s.flags[e.flag] = Flag(f.id, f.home, e.point)
            elif e.kind == "dropped":  # he still carried it
                s.flags[e.flag] = Flag(f.id, f.home, None, e.player)
    return s


def last_shot(shown: Sequence[ev.Event]) -> ev.ShotResolved | None:
    """The shot the resolution is telling now: the last one revealed, if no other shot's or
    dodge's line came after it."""
    for e in reversed(shown):
        if isinstance(e, ev.ShotResolved):
            return e
        if isinstance(e, (ev.Moved, ev.BreakRound, ev.SpeedTest, ev.DumpResolved)):
            return None
    return None


REVEAL_EVERY = 0.25  # seconds between two lines
RUN_SECONDS = 1.5  # a run is shown moving along its path for this long


class Telling:
    """One decision's events told a line every REVEAL_EVERY seconds. A run starts moving when its
    line appears, together with the runs right after it (one order's runners move together), and
    the next line waits until they arrive."""

    def __init__(self, events: Sequence[ev.Event] = ()) -> None:
        self.batch = list(events)
        self.reveal = 0  # lines told
        self.clock = 0.0
        self.runs: dict[str, tuple] = {}  # player -> the path he is shown running
        self.run_clock = 0.0

    def playing(self) -> bool:
        """Lines still to tell, or runs still moving."""
        return self.reveal < len(self.batch) or bool(self.runs)

    def told(self) -> list:
        return self.batch[: self.reveal]

    def pending(self) -> list:
        return self.batch[self.reveal:]

    def finish(self) -> None:
        self.reveal, self.runs = len(self.batch), {}

    def advance(self, dt: float) -> None:
        if self.runs:
            self.run_clock += dt
            if self.run_clock >= RUN_SECONDS:
                self.runs, self.clock = {}, 0.0
            return
        self.clock += dt
        while self.clock >= REVEAL_EVERY and self.reveal < len(self.batch) and not self.runs:
            self.clock -= REVEAL_EVERY
            self._tell_next()

    def _tell_next(self) -> None:
        while self.reveal < len(self.batch):
            e = self.batch[self.reveal]
            if self.runs and not isinstance(e, ev.Moved):
                return
            self.reveal += 1
            if isinstance(e, ev.Moved) and len(e.path) > 1:
                self.runs[e.player] = e.path
                self.run_clock = 0.0
            elif not self.runs:
                return

    def run_position(self, pid: str) -> tuple[float, float] | None:
        """Where a runner is drawn while his run is shown moving: along his path, by the clock."""
        path = self.runs.get(pid)
        if path is None:
            return None
        steps = [math.dist(a, b) for a, b in zip(path, path[1:], strict=False)]
        along = min(1.0, self.run_clock / RUN_SECONDS) * sum(steps)
        for (a, b), step in zip(zip(path, path[1:], strict=False), steps, strict=True):
            if along <= step:
                f = along / step if step else 1.0
                return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)
            along -= step
        return path[-1]

    def board(self, state: MatchState, history: Sequence[ev.Event]) -> MatchState:
        """The board as far as it has been told (``state`` itself when all is told)."""
        return shown_state(state, self.pending(), history)

    def shot(self) -> ev.ShotResolved | None:
        """The shot being told now, while the telling runs."""
        return last_shot(self.told()) if self.playing() else None


class Told:
    """What the screen has told of a match: the resolution being told now (``telling``), how far each
    coach has seen the events told (``looked``: a hand-over's coach missed what came after), and the
    first event *Tell again* tells (``replay_from``). Counts index the match's events, which every
    method is given as they stand (it keeps none)."""

    def __init__(self, told: int) -> None:
        self.telling = Telling()
        self.looked: dict[str, int] = {team: told for team in TEAMS}
        self.replay_from = told

    def count(self, events: Sequence[ev.Event]) -> int:
        """How many of the match's events are told so far (the rest of a telling is still to come)."""
        return len(events) - len(self.telling.pending())

    def start(self, first: int, batch: Sequence[ev.Event]) -> None:
        """``batch``, the match's events from ``first`` on, just came (a decision, or the other machine's):
        *Tell again* starts with it, and a resolution in it is told."""
        self.replay_from = first
        if resolves(batch):
            self.tell(batch)

    def look(self, lookers: frozenset[str], events: Sequence[ev.Event]) -> None:
        """Whoever looks at the screen has seen every event told so far."""
        told = self.count(events)
        for team in lookers:
            self.looked[team] = max(self.looked.get(team, 0), told)

    def handed_to(self, team: str) -> None:
        """The screen was handed to ``team``'s coach: *Tell again* starts where he looked away."""
        self.replay_from = min(self.replay_from, self.looked.get(team, self.replay_from))

    def again(self, events: Sequence[ev.Event]) -> list[ev.Event]:
        """What *Tell again* tells: every event from ``replay_from`` on (empty when they hold nothing
        to tell)."""
        batch = list(events[self.replay_from:])
        return batch if resolves(batch) else []

    def tell(self, batch: Sequence[ev.Event]) -> None:
        self.telling = Telling(batch)
