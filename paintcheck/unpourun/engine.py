"""Un pour un's one door: ``Engine.apply(state, decision, dice) -> (state, events)``.

The flow in four lines: a roll-off and deployment (1.9); each turn an initiative roll (3.1), the first
and second waves player by player (3.2), each activation spending its PA on active actions (§3, §4)
while passive tests interrupt (§6); then the end of turn: rout and rally tests, VP, the end (§8, §9).
Every die is rolled on the injected dice and is an event; the state handed in is never changed.
``_Work`` keeps one decision's bookkeeping; each subject's rules are functions of it in the module
named after the subject (``deployment``, ``turn``, ``moves``, ``melee``, ``wounds``, ``shooting``,
``passive``, ``turn_end``), bound as its methods in the table at the end of the class.
"""

from __future__ import annotations

import logging
from typing import Any

from paintcheck.said import Said
from paintcheck.unpourun import actions as a
from paintcheck.unpourun import deployment, melee, moves, passive, shooting, turn, turn_end, wounds
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.events import Event, event_of
from paintcheck.unpourun.legality import why_illegal
from paintcheck.unpourun.measurer import Measurer
from paintcheck.unpourun.needs import cd_passes
from paintcheck.unpourun.passive import free_shot_possible
from paintcheck.unpourun.query import IMPOSSIBLE, Board
from paintcheck.unpourun.state import Figure, MatchState, Pending, Phase, other
from paintcheck.unpourun.turn_end import victory_points

log = logging.getLogger(__name__)

# Python 3.11 reads an enum's member from its class through ``EnumType.__getattr__``'s hook, about five
# times a module global's cost: the phases read at every decision are read here once.
_OVER, _DEPLOY, _ACTIVATION = Phase.OVER, Phase.DEPLOY, Phase.ACTIVATION
_new = object.__new__

_ACTIONS = frozenset({a.Walk, a.Run, a.Charge, a.ChargeMove, a.Strike, a.Flee, a.Shoot, a.Medikit,
                      a.EndActivation, a.RoutMove})  # the active figure's decisions (``_Work.action``)


class Engine:
    def __init__(self, m: Measurer) -> None:
        self.m = m
        self.board = Board(m)
        self._places: dict[str, int] = {}  # figure id -> its place in the figures of the last match asked

    def to_move(self, s: MatchState) -> str | None:
        return None if s.phase == _OVER else s.mover

    def why_illegal(self, s: MatchState, d: Any) -> Said | None:
        return why_illegal(self.board, s, d)

    def apply(self, s: MatchState, d: Any, dice: Any, check: bool = True) -> tuple[MatchState, list[Event]]:
        if check:
            reason = why_illegal(self.board, s, d)
            if reason is not None:
                raise a.IllegalActionError(reason)
        work = _Work(self.board, _shell(s), dice, self)
        work.decide(d)
        work.settle()
        return work.s, work.events


def _shell(s: MatchState) -> MatchState:
    """The state the engine changes: ``s``'s fields, one level, its containers shared. The engine
    replaces the figures, the queue, the zones, the VP whole and never changes them in place; the
    activation, which it does change (its PA, 3.3), is copied by the one function that changes it
    (``turn.action``) before it does. ``MatchState.copy`` copies them all for other callers."""
    out = _new(MatchState)
    out.__dict__ = s.__dict__.copy()  # a dict's copy (its table copied whole), not key by key
    return out


class _Work:
    """One decision being applied: the state's copy, the dice, the events made."""

    __slots__ = ("b", "m", "s", "dice", "events", "_places", "_engine")

    def __init__(self, board: Board, s: MatchState, dice: Any, engine: Engine | None = None) -> None:
        self.b = board
        self.m = board.m
        self.s = s
        self.dice = dice
        self.events: list[Event] = []
        self._engine = engine
        # figure id -> its place in ``s.figures``: the engine's, kept from decision to decision (a
        # match's figures keep their order all match long); every place read is checked (``fig``)
        self._places: dict[str, int] = engine._places if engine is not None else {}

    # -- small tools ---------------------------------------------------------------------------------
    def ev(self, kind: str, rule: str, **values: Any) -> None:
        self.events.append(event_of(kind, rule, values))

    def roll(self, rule: str, purpose: str, who: str, need: int = 0) -> int:
        value: int = self.dice.roll(t.D6)
        self.ev("roll", rule, figure=who, purpose=purpose, value=value, need=need)
        return value

    def place(self, fid: str) -> int:
        """Where the figure ``fid`` stands in ``s.figures``. The places are the engine's, kept from one
        decision to the next (the engine only replaces a figure in its place or all of them in order,
        so a match's figures keep their order); a place found is checked (the figure there has the
        id), and the places are read anew from the figures when it is not (another match, another
        state's figures)."""
        figures = self.s.figures
        places = self._places
        i = places.get(fid)
        if i is not None and i < len(figures) and figures[i].id == fid:
            return i
        places = self._places = {f.id: i for i, f in enumerate(figures)}
        if self._engine is not None:
            self._engine._places = places  # one assignment: another decision keeps the places it read
        return places[fid]

    def fig(self, fid: str) -> Figure:
        """``s.figure(fid)``, found at its place (``place``, checked here without the call: the engine's
        most frequent question)."""
        figures = self.s.figures
        i = self._places.get(fid)
        if i is not None and i < len(figures):
            f = figures[i]
            if f.id == fid:
                return f
        return figures[self.place(fid)]

    def put(self, f: Figure) -> None:
        """``f`` in place of the figure of its id (a new tuple: what is remembered of the old one stays
        true of it)."""
        figures = list(self.s.figures)
        figures[self.place(f.id)] = f
        self.s.figures = tuple(figures)

    def cd_test(self, f: Figure, cd: int, purpose: str, rule: str) -> bool:
        """0.2: 2d6 <= the Cd used."""
        total = 0
        for _ in range(t.CD_TEST_DICE):
            total += self.roll(rule, purpose, f.id, cd)
        passed = cd_passes(total, cd)
        self.ev("test_passed" if passed else "test_failed", rule, figure=f.id, purpose=purpose, total=total,
                cd=cd, passed=passed)
        return passed

    # -- the decision ------------------------------------------------------------------------------
    def decide(self, d: Any) -> None:
        s = self.s
        kind = type(d)
        if kind is a.Activate:  # the most frequent decisions first (a third of a match's)
            self.activate(d.figure)
        elif kind in _ACTIONS:
            self.action(d)
        elif isinstance(d, a.RollOff):
            self.roll_off()
        elif isinstance(d, a.ChooseZone):
            s.zones = {s.first: d.zone, other(s.first): 1 - d.zone}
            self.ev("zone", "1.9", player=s.first, zone=d.zone)
            s.phase, s.mover = _DEPLOY, other(s.first)
        elif isinstance(d, a.Deploy):
            self.deploy(d)
        elif isinstance(d, a.Activate):
            self.activate(d.figure)
        elif isinstance(d, a.StopWave):
            self.ev("wave_stopped", "3.2", player=s.mover)
            self.next_segment()
        elif isinstance(d, a.FreeShot):
            self.free_shot(d)
        elif isinstance(d, a.Withdraw):
            self.withdraw(d)
        elif isinstance(d, a.TakeTest):
            self.take_first(d)
        elif isinstance(d, a.ChooseTarget):
            self.choose_target(d)
        else:
            self.action(d)

    def settle(self) -> None:
        """After a decision: the sightings still to test (6.6, 6.8), then the activation ends when its
        figure is down, gone or out of PA."""
        s = self.s
        if s.queue:
            self.drain()
        act = s.activation
        if act is None or s.phase != _ACTIVATION:
            return
        if (act.pa <= 0 and not act.charging) or not self.fig(act.figure).standing:
            self.end_activation()

    def moment(self) -> int:
        self.s.moments += 1
        return self.s.moments

    def pend(self, tests: list[Pending]) -> None:
        """6.8: tests triggered now are taken before those still pending (each test, with whatever it
        triggers, is finished before the next)."""
        if tests:
            self.s.queue = (*tests, *self.s.queue)

    # -- the subjects: functions of the work, each in the module named after it --------------------
    roll_off, deploy = deployment.roll_off, deployment.deploy  # 1.9
    start_turn, begin_segment, next_segment = turn.start_turn, turn.begin_segment, turn.next_segment  # 3.1
    activatable, any_activatable = turn.activatable, turn.any_activatable
    activate, end_activation, action = turn.activate, turn.end_activation, turn.action  # 3.3
    climb_along, move_along, leave = moves.climb_along, moves.move_along, moves.leave  # 3.4, 3.11, 8.5
    straight_away, ray = moves.straight_away, moves.ray  # 6.3, 6.4, 6.5
    rout_move, climb_down = moves.rout_move, moves.climb_down  # 8.4
    charge, reach, charge_move, strike = melee.charge, melee.reach, melee.charge_move, melee.strike  # 3.6-3.8
    damage, fall, lose_pv, medikit = wounds.damage, wounds.fall, wounds.lose_pv, wounds.medikit  # §5, §7
    shoot, blast, accident = shooting.shoot, shooting.blast, shooting.accident  # §4
    aim, choose_target, fire = shooting.aim, shooting.choose_target, shooting.fire  # 4.3, 10.1
    shot_tests, being_shot = shooting.shot_tests, shooting.being_shot  # 6.7
    sightings, drain, test_choices = passive.sightings, passive.drain, passive.test_choices  # 6.6, 6.8
    take_first, ask_withdraw, withdraw = passive.take_first, passive.ask_withdraw, passive.withdraw  # 6.5
    free_shot = passive.free_shot  # 6.6
    end_turn, finish_turn = turn_end.end_turn, turn_end.finish_turn  # 8, 9
    rout_tests, band_testers, rout_test = turn_end.rout_tests, turn_end.band_testers, turn_end.rout_test


__all__ = ["Engine", "IMPOSSIBLE", "free_shot_possible", "victory_points"]
