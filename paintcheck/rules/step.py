"""One decision being applied by the engine: the new state, the dice and the events so far. The
engine's phases (``engine``, ``resolution``, ``break_turn``) work on it."""

from __future__ import annotations

from paintcheck.rules import chance, reasons, tables
from paintcheck.rules import events as ev
from paintcheck.rules.dice import Roller
from paintcheck.rules.measure import Measurer
from paintcheck.rules.state import MatchState


class Step:
    """One decision being applied: the new state, the dice and the events so far (a plain class
    with slots: one is made per decision)."""

    __slots__ = ("state", "dice", "m", "events", "keyed")

    def __init__(self, state: MatchState, dice: Roller, m: Measurer,
                 events: list[ev.Event] | None = None) -> None:
        self.state, self.dice, self.m = state, dice, m
        self.events = [] if events is None else events
        # dice that want to know what each roll is for (``KeyedRoller``: a review's branch keeps a
        # roll's luck by its purpose); every other dice is only asked for a die
        self.keyed = getattr(dice, "roll_for", None)

    def roll(self, sides: int, purpose: str, player: str | None = None) -> int:
        """A die for ``purpose`` (a ``Said``) rolled by ``player`` (a player, a team, or None)."""
        keyed = self.keyed
        value = self.dice.roll(sides) if keyed is None else keyed(sides, self.state, purpose, player)
        self.events.append(ev.Rolled(sides, value, purpose, player))
        return value

    def exploding_d6(self, purpose: str, player: str | None) -> tuple[int, ...]:
        """A d6 whose 6 is rolled again and added, again and again (RULES 7.3, 9.2)."""
        faces = [self.roll(tables.EXPLODING_DIE, purpose, player)]
        while chance.explodes(faces[-1]):
            faces.append(self.roll(tables.EXPLODING_DIE, reasons.purpose_again(purpose), player))
        return tuple(faces)

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)
