"""A small table for the rule-by-rule tests: a scripted measurer, scripted dice, and players put
where a test wants them. Blue's half is y < 0, White's y > 0 (paintcheck.field.lattice)."""

from __future__ import annotations

from paintcheck.rules import events as ev
from paintcheck.rules.actions import AssignOrders, ClearBoulet, Declare, Def, React
from paintcheck.rules.dice import ScriptedDice
from paintcheck.rules.engine import Engine
from paintcheck.rules.state import MatchState, Player
from tests.rules.scripted import ScriptedMeasurer

# A standard little field: each player stands behind his own upright cylinder.
B1, B2, B3 = (8, -6), (4, -6), (12, -6)
W1, W2, W3 = (8, 6), (4, 6), (12, 6)
COVER = {B1: (8, -7), B2: (4, -7), B3: (12, -7), W1: (8, 7), W2: (4, 7), W3: (12, 7)}


def measurer() -> ScriptedMeasurer:
    """Cylinders cb1..cb3 and cw1..cw3 right behind the standard points."""
    m = ScriptedMeasurer()
    for name, point in (("cb1", B1), ("cb2", B2), ("cb3", B3), ("cw1", W1), ("cw2", W2), ("cw3", W3)):
        m.add(name, "cylinder", COVER[point])
    for b in (B1, B2, B3):
        for w in (W1, W2, W3):
            m.at(b, w, 8.0)  # the ruler's middle band: no distance modifier unless a test says so
    return m


def player(pid: str, point, cover: str | None = None, side: str | None = None, posture: str = "standing",
           **kw) -> Player:
    team = "blue" if pid[0] == "B" else "white"
    if cover is not None and side is None:
        side = "left"
    return Player(team, int(pid[1]), point, posture, cover, side, **kw)


def standard(pid: str, **kw) -> Player:
    """A player of the standard field on his point behind his cylinder."""
    point = {"B1": B1, "B2": B2, "B3": B3, "W1": W1, "W2": W2, "W3": W3}[pid]
    cover = kw.pop("cover", ("cb" if pid[0] == "B" else "cw") + pid[1])
    return player(pid, point, cover, **kw)


class Game:
    """Plays decisions through the engine and keeps every event."""

    def __init__(self, m: ScriptedMeasurer, players, dice=(), turn: int = 2) -> None:
        self.m = m
        self.engine = Engine(m)
        self.dice = ScriptedDice(dice)
        given = {p.id: p for p in players}
        everyone = {}
        for team, letter in (("blue", "B"), ("white", "W")):
            for jersey in range(1, 6):
                pid = f"{letter}{jersey}"
                everyone[pid] = given.get(pid) or Player(team, jersey, None)
        self.state = MatchState(layout="scripted", players=everyone, turn=turn)
        self.events: list = []

    def play(self, *decisions) -> list:
        new = []
        for d in decisions:
            self.state, evs = self.engine.apply(self.state, d, self.dice)
            new.extend(evs)
        self.events.extend(new)
        return new

    def why(self, decision) -> str | None:
        return self.engine.why_illegal(self.state, decision)

    def orders(self, blue: dict, white: dict) -> list:
        out = []
        for team, given in (("blue", blue), ("white", white)):
            given = {pid: k for pid, k in given.items() if self.state.players[pid].on_field}
            if self.state.count_on_field(team):
                out += self.play(AssignOrders(team, tuple(given.items())))
        return out

    def declare(self, pid: str, *actions, posture: str | None = None, cover="keep", side="keep") -> list:
        p = self.state.players[pid]
        return self.play(Declare(pid, posture or p.posture, tuple(actions),
                                 p.cover if cover == "keep" else cover, p.side if side == "keep" else side))

    def rest(self, pid: str) -> list:
        """A sequence that does nothing anybody could react to."""
        p = self.state.players[pid]
        return self.declare(pid, *([ClearBoulet()] * p.boulets + [Def()] * (4 - p.boulets)))

    def react(self, team: str, *reactions) -> list:
        return self.play(React(team, tuple(reactions)))

    def to_move(self) -> str | None:
        return self.engine.to_move(self.state)

    def p(self, pid: str) -> Player:
        return self.state.players[pid]

    def of(self, kind, **match) -> list:
        return of(self.events, kind, **match)

    def shot(self, shooter: str, **match):
        (e,) = self.of(ev.ShotResolved, shooter=shooter, **match)
        return e


def of(events, kind, **match) -> list:
    return [e for e in events if isinstance(e, kind) and all(getattr(e, k) == v for k, v in match.items())]
