"""A record played again, and a match played out, through any game's one door (``Game.apply``).

``replay`` gives a saved match back event for event, with its dice ready for the next decision;
``playout`` plays a match to its end between the game's playout coaches (``simulate``), or any
coaches (``tournament``)."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from paintcheck.seam.game import Coach, Decision, Dice, Event, Game, Record, ReplayedDice, State, seat_seed
from paintcheck.seam.seen import look

MAX_DECISIONS = 5000  # Paintcheck's 9 turns need a few hundred; more means a game's rules loop


class MatchDidNotEnd(RuntimeError):
    pass


def replay(game: Game, record: Record, upto: int | None = None) -> tuple[State, list[Event], Dice]:
    """Play ``record``'s decisions (the first ``upto`` of them) again on ``game`` with its dice.

    Returns the state reached, every event in order, and the dice ready for the next decision, so a
    resumed match goes on exactly as if it had never stopped. Recorded rolls must replay exactly:
    the whole record's decisions use every one of them, and no fresh one (the dice's error
    otherwise: a roll appended to a save would decide the next die)."""
    dice = record.dice()
    recorded: ReplayedDice | None = dice if isinstance(dice, ReplayedDice) else None
    if recorded is not None:
        recorded.replaying = True
    state = game.begin(record.start)
    events: list[Event] = []
    for decision in record.decisions[:upto]:
        state, new = game.apply(state, decision, dice)
        events.extend(new)
    if recorded is not None:
        if upto is None or upto >= len(record.decisions):
            recorded.replayed()
        else:
            recorded.replaying = False  # part of the match: the rolls after it are given back next
    return state, events, dice


@dataclass(frozen=True)
class Played:
    """A match played out: its last state, every decision in order (with the seed, the match
    replays exactly) and how many events it made."""

    final: State
    decisions: tuple[Decision, ...]
    events: int


def playout(game: Game, start: State, seed: int, coaches: Mapping[str, Coach] | None = None,
            seconds: Mapping[str, list[float]] | None = None,
            watch: Callable[[State], None] | None = None) -> Played:
    """The game's playout coaches (or ``coaches``, seat -> coach) play ``start`` to the end, each from
    its own view; the dice and the coaches are seeded from ``seed`` (``seat_seed``). ``seconds``
    (seat -> a list): each decision's thinking time is appended to its seat's list (the view is
    made before the clock starts). ``watch`` is shown each state a decision leads to (``balance``
    reads the pieces taken at the break there)."""
    seats = game.seats
    coaches = coaches or {seat: game.playout_coach(seat, seat_seed(seed, seats, seat)) for seat in seats}
    dice = game.dice(seed)
    state, events = start, 0
    decisions: list[Decision] = []
    while game.outcome(state) is None:
        if len(decisions) >= MAX_DECISIONS:
            raise MatchDidNotEnd(f"no result after {MAX_DECISIONS} decisions (turn "
                                 f"{getattr(state, 'turn', '?')})")
        seat = game.to_move(state)
        if seat is None:
            raise MatchDidNotEnd(f"the match waits for nobody (turn {getattr(state, 'turn', '?')})")
        seen = look(game, state, seat)
        began = time.perf_counter()
        decision = coaches[seat].decide(seen)
        if seconds is not None:
            seconds[seat].append(time.perf_counter() - began)
        state, new = game.apply(state, decision, dice)
        decisions.append(decision)
        events += len(new)
        if watch is not None:
            watch(state)
    return Played(state, tuple(decisions), events)
