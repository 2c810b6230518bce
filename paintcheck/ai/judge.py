"""How a coach weighs a place and a sequence: the exact odds read on the instruments (RULES 6–9).

Every shot is read by the engine's own ``RoundView.reading`` (distance, angle, line of fire, field of
vision, a run's vulnerable points and sweep) on a tentative copy of the coach's view, and turned into
the chance of an elimination with ``chances`` (the exact odds). Nothing here looks beyond the view."""

from __future__ import annotations

from paintcheck.ai.chances import chances
from paintcheck.field.lattice import Point
from paintcheck.rules import tables
from paintcheck.rules.actions import Declare
from paintcheck.rules.measure import Measurer
from paintcheck.rules.resolution import fire_entry
from paintcheck.rules.state import MatchState, Player, ShotEntry
from paintcheck.rules.values import RoundView, dodge_dice_for, with_declaration
from paintcheck.rules.vocab import ShotKind

BOULET_WORTH = 0.12  # one boulet given to an enemy, in eliminations (he loses an action per boulet)
LATER = 0.45  # weight of a threat from an enemy who has already played this turn (he shoots next turn)


def dodge_dice_of(p: Player, def_count: int) -> int:
    """``p``'s dodge dice with ``def_count``, as the engine allows them (``values.dodge_dice_for``)."""
    return dodge_dice_for(p.boulets, def_count)


def protection(m: Measurer, cover: str | None, posture: str, def_count: int) -> int:
    """A static player's protection value (RULES 6.3)."""
    base = tables.NATURAL_PROTECTION if cover is None else tables.obstacle_protection(
        m.obstacle(cover).kind, posture)
    return tables.protection_value(base, def_count)


def placed(state: MatchState, pid: str, point: Point, cover: str | None, side: str | None,
           posture: str) -> MatchState:
    """A shallow copy of ``state`` with ``pid`` standing at ``point`` (no declaration of his)."""
    p = state.players[pid]
    moved = object.__new__(Player)
    moved.__dict__.update(p.__dict__, point=point, cover=cover, side=side, posture=posture)
    copy = object.__new__(MatchState)
    declarations = {k: v for k, v in state.declarations.items() if k != pid}
    copy.__dict__.update(state.__dict__, players={**state.players, pid: moved}, declarations=declarations,
                         origins={k: v for k, v in state.origins.items() if k in declarations})
    return copy


class Judge:
    """Reads shots on one view for one team; remembers the shot values it has read."""

    def __init__(self, state: MatchState, team: str, m: Measurer) -> None:
        self.state, self.team, self.m = state, team, m
        self.enemies = [q for q in state.players.values() if q.on_field and q.team != team]
        self._threat: dict[tuple, list[tuple[Player, int]]] = {}

    def enemy_weight(self, q: Player) -> float:
        """How surely ``q`` fires at a player of ours before our next activation."""
        if q.gun != "ok" or q.reload:
            return 0.0
        if q.boulets >= tables.MAX_BOULETS:
            return 0.1
        return LATER if q.activated else 1.0

    def shot_values_at(self, pid: str, point: Point, cover: str | None, side: str | None) -> list:
        """(enemy, shot value) of every enemy who can shoot a static ``pid`` at ``point`` behind
        ``cover`` (his line of fire possible, he sees him)."""
        key = (pid, point, cover)
        if key not in self._threat:
            state = placed(self.state, pid, point, cover, side, "kneeling")
            view = RoundView(state, self.m)
            out = []
            for q in self.enemies:
                if not self.enemy_weight(q):
                    continue
                r = view.reading(ShotEntry(q.id, pid, ShotKind.SIMPLE))
                if not r.lost:
                    out.append((q, r.shot_value))
            self._threat[key] = out
        return self._threat[key]

    def danger(self, pid: str, point: Point, cover: str | None, side: str | None, posture: str,
               def_count: int) -> float:
        """Expected eliminations of ``pid`` standing there with ``def_count`` DEF, before he plays
        again: each enemy's best simple shot at him, weighted by how surely it comes."""
        p = self.state.players[pid]
        value = protection(self.m, cover, posture, def_count)
        dice = dodge_dice_of(p, def_count) if p.boulets < tables.MAX_BOULETS else 0
        total = 0.0
        for q, shot in self.shot_values_at(pid, point, cover, side):
            _, out, _ = chances(tables.required_roll(shot, value), dice)
            total += out * self.enemy_weight(q)
        return min(total, 1.5)

    def offence(self, decl: Declare, state: MatchState | None = None) -> float:
        """Expected worth of the shots of ``decl`` (eliminations, and boulets given)."""
        tentative = with_declaration(state or self.state, decl)
        view = RoundView(tentative, self.m)
        plan = view.plans[decl.player]
        worth = 0.0
        for f in plan.fires:
            if f.dump:
                continue
            entry = fire_entry(decl.player, f)
            r = view.reading(entry)
            if r.lost:
                continue
            target = self.state.players[f.target]
            _, out, boulets = chances(r.required, dodge_dice_of(target, target.def_count))
            worth += out + BOULET_WORTH * min(boulets, 4 - target.boulets)
        return worth

    def run_danger(self, decl: Declare) -> float:
        """Expected eliminations during a declared run, from the reflex shots the enemies may fire."""
        tentative = with_declaration(self.state, decl)
        view = RoundView(tentative, self.m)
        if not view.running(decl.player):
            return 0.0
        plan = view.plans[decl.player]
        dice = tables.dodge_dice(plan.def_count) if plan.def_after_move else 0
        total = 0.0
        for q in self.enemies:
            if q.boulets or q.gun != "ok" or q.reload or q.def_count > tables.REFLEX_MAX_DEF:
                continue
            r = view.reading(ShotEntry(q.id, decl.player, ShotKind.REFLEX))
            if r.lost:
                continue
            total += chances(r.required, dice)[1] * 0.6
        return total

