"""A finished match's story, as the result screen tells it: who was eliminated in which turn (and by
whom), how many shots each player fired and how many hit, and what became of the flags.

Computed from the match's events only (``rules.events``), like ``ui.playback``: nothing here
re-derives a rule, and nothing here draws (no pygame); ``ui.scenes.ResultScene`` draws it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from paintcheck.rules import events as ev
from paintcheck.rules import tables

TEAMS = ("blue", "white")


@dataclass(frozen=True)
class PlayerStory:
    """One player's match."""

    player: str
    team: str
    fired: int = 0  # shots resolved with him as the shooter (simple, reflex, suppressive, templates)
    hit: int = 0  # of those, the hits
    eliminated: int = 0  # players he eliminated (``Eliminated.by``)
    out_turn: int | None = None  # the turn he was eliminated in (None: he ended the match on the field)
    out_by: str | None = None


@dataclass(frozen=True)
class Elimination:
    turn: int
    player: str
    by: str | None


@dataclass(frozen=True)
class FlagMoment:
    """A flag taken, dropped, returned or hung (``event`` is the engine's, for its words)."""

    turn: int
    event: ev.FlagMoved


@dataclass(frozen=True)
class Story:
    players: tuple[PlayerStory, ...]  # Blue's, then White's, by jersey
    eliminations: tuple[Elimination, ...]  # in the order they happened
    flags: tuple[FlagMoment, ...]

    def by_turn(self) -> list[tuple[int, tuple[Elimination, ...]]]:
        """The eliminations grouped by turn, the turns in order (a turn with none is left out)."""
        turns: dict[int, list[Elimination]] = {}
        for e in self.eliminations:
            turns.setdefault(e.turn, []).append(e)
        return [(turn, tuple(out)) for turn, out in sorted(turns.items())]

    def team(self, team: str) -> tuple[PlayerStory, ...]:
        return tuple(p for p in self.players if p.team == team)

    def totals(self, team: str) -> tuple[int, int]:
        """A team's shots fired and hits."""
        mine = self.team(team)
        return sum(p.fired for p in mine), sum(p.hit for p in mine)


def _natural(pid: str) -> tuple:
    return tuple(int(part) if part.isdigit() else part for part in re.split(r"(\d+)", pid))


def story(events: Iterable[ev.Event], teams: Mapping[str, str], first_turn: int = tables.BREAK_TURN) -> Story:
    """The story of the match whose events are ``events``; ``teams`` names each player's team (his
    id → ``blue`` / ``white``); ``first_turn`` is the turn the match began in (the break's, or turn
    2 for a match set up in the default position): every ``TurnStarted`` moves the count on."""
    turn = first_turn
    fired: dict[str, int] = {}
    hit: dict[str, int] = {}
    made: dict[str, int] = {}
    out: dict[str, tuple[int, str | None]] = {}
    eliminations: list[Elimination] = []
    flags: list[FlagMoment] = []
    for e in events:
        if isinstance(e, ev.TurnStarted):
            turn = e.turn
        elif isinstance(e, ev.ShotResolved):
            fired[e.shooter] = fired.get(e.shooter, 0) + 1
            if e.hit:
                hit[e.shooter] = hit.get(e.shooter, 0) + 1
        elif isinstance(e, ev.Eliminated):
            if e.player in out:  # told once; a second word of it changes nothing
                continue
            out[e.player] = (turn, e.by)
            eliminations.append(Elimination(turn, e.player, e.by))
            if e.by is not None:
                made[e.by] = made.get(e.by, 0) + 1
        elif isinstance(e, ev.FlagMoved):
            flags.append(FlagMoment(turn, e))
    order = sorted(teams, key=lambda pid: (TEAMS.index(teams[pid]) if teams[pid] in TEAMS else len(TEAMS),
                                           _natural(pid)))
    players = tuple(
        PlayerStory(pid, teams[pid], fired.get(pid, 0), hit.get(pid, 0), made.get(pid, 0),
                    *(out[pid] if pid in out else (None, None)))
        for pid in order)
    return Story(players, tuple(eliminations), tuple(flags))
