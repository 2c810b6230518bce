"""The one door for change: ``Engine(measurer).apply(state, decision, dice) -> (state, events)``.

Turns 2–10 (RULES §4.6): order tokens → reveal token k → who speaks first → sequences → reactions
→ speed tests when needed → resolution by rank (pausing for each dodge die) → next k → next turn.
``apply`` never changes the state it is given; it refuses an illegal decision with
``IllegalActionError`` (the human reason) and checks the state's invariants after every decision.
``Engine(m, checks=False)`` leaves both checks out, as python-chess's ``Board.push`` trusts its move:
for callers whose decisions come from the legality queries themselves (a search, the benches,
``simulate`` without ``--check``), never for the window or the tests. A legal decision gives the same
state and events either way.

Where each phase lives: the break (turn 1) in ``break_turn.BreakTurn``; the resolution (speed
tests, shots by rank, dodges, tokens, dumps) in ``resolution.ResolutionPhases``; orders, reveals,
sequences, reactions and the end of a round, turn and match here. The two phases are objects the
engine builds with their collaborators (the measurer, the resolution, and the engine itself for
``finish_round``, ``check_end`` and ``end_turn``, as their ``Protocol``s declare): no mixins.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

from paintcheck.field.lattice import other_team
from paintcheck.rules import events as ev
from paintcheck.rules import reasons, tables
from paintcheck.rules.actions import (
    AssignOrders,
    BreakSheet,
    ChooseTarget,
    Decision,
    Declare,
    Dodge,
    IllegalActionError,
    React,
)
from paintcheck.rules.arrival import arrival, ran_to
from paintcheck.rules.break_turn import (
    BreakTurn,
    why_choice_illegal,
    why_sheet_illegal,
)
from paintcheck.rules.dice import Roller
from paintcheck.rules.flags import runs_with_flags
from paintcheck.rules.invariants import check_invariants
from paintcheck.rules.legality import Verdicts, can_react, to_move, why_illegal, why_sealed_orders_illegal
from paintcheck.rules.measure import Measurer
from paintcheck.rules.plan import declare_effects, make_plan
from paintcheck.rules.resolution import ResolutionPhases
from paintcheck.rules.state import (
    DECLARE,
    GUN_BROKEN,
    GUN_DEAD,
    GUN_OK,
    ORDERS,
    OVER,
    REACT,
    MatchState,
)
from paintcheck.rules.step import Step
from paintcheck.rules.values import RoundView, stays_behind
from paintcheck.rules.vocab import DRAW, TEAMS, Team, side_of
from paintcheck.rules.words import declaration_words
from paintcheck.said import Said


class SealedTokens(Protocol):
    """The other side's face-down order tokens on a networked table (``paintcheck.net.sealed``):
    ``team``'s tokens are ``HIDDEN`` in the state until revealed. ``open(state, after, ahead)``
    reveals into ``state.orders`` and ``ahead`` (token -> team -> player) each of ``team``'s tokens
    from ``after + 1`` up to the lowest token ahead, or raises when one is not revealed yet (the
    decision is then applied again once it is: ``apply`` never changes the state it was given)."""

    team: str

    def open(self, state: MatchState, after: int, ahead: dict[int, dict[str, str]]) -> None: ...


class Engine:
    """Applies decisions to match states with the geometry of one field."""

    def __init__(self, measurer: Measurer, checks: bool = True, sealed: SealedTokens | None = None) -> None:
        self.m = measurer
        self.checks = checks  # refuse illegal decisions, check the invariants after each one
        self.sealed = sealed  # a networked table's: the other side's tokens face down until revealed
        self.resolution = ResolutionPhases(measurer, self)
        self.break_turn = BreakTurn(measurer, self.resolution, self)
        # each handler takes the decision of its type
        self._handlers: dict[type, Callable[[Step, Any], None]] = {
            AssignOrders: self._orders,
            Declare: self._declare,
            React: self._react,
            Dodge: self.resolution.dodge,
            BreakSheet: self.break_turn.sheet,
            ChooseTarget: self.break_turn.choose,
        }

    # -- queries -----------------------------------------------------------------------------------
    def to_move(self, state: MatchState) -> str | None:
        return to_move(state)

    def why_illegal(self, state: MatchState, decision: Decision, verdicts: Verdicts | None = None,
                    lines_legal: bool = False) -> Said | None:
        """None if the engine accepts ``decision`` now, else the reason in one sentence. What a coach
        has judged already on ``state`` is not judged again: ``verdicts``, a sequence's moves and
        shots (``legality.Verdicts``); ``lines_legal``, a break sheet's lines, each on its own."""
        sealed = self.sealed
        if sealed is not None and isinstance(decision, AssignOrders) and decision.team == sealed.team:
            return why_sealed_orders_illegal(state, decision, self.m)
        reason = why_illegal(state, decision, self.m, verdicts)
        if reason is None and isinstance(decision, BreakSheet):
            reason = why_sheet_illegal(state, decision, self.m, lines_legal)
        elif reason is None and isinstance(decision, ChooseTarget):
            reason = why_choice_illegal(state, decision, self.m)
        return reason

    # -- the door ----------------------------------------------------------------------------------
    def apply(self, state: MatchState, decision: Decision, dice: Roller) -> tuple[MatchState, list[ev.Event]]:
        if self.checks:
            reason = self.why_illegal(state, decision)
            if reason:
                raise IllegalActionError(reason)
        step = Step(state.copy(), dice, self.m)
        self._handlers[type(decision)](step, decision)
        step.state.decisions += 1
        if self.checks:
            check_invariants(step.state, self.m)
        return step.state, step.events

    # -- phase 2: order tokens ---------------------------------------------------------------------
    def _orders(self, step: Step, d: AssignOrders) -> None:
        s = step.state
        s.orders[d.team] = dict(d.orders)
        step.emit(ev.OrdersAssigned(d.team))
        if to_move(s) is None:
            self._next_round(step)

    # -- phases 3–4: reveal, who speaks first ---------------------------------------------------------
    def _next_round(self, step: Step) -> None:
        s = step.state
        if self.check_end(step):
            return
        after, last = s.round, max(tables.ORDER_TOKENS)
        ahead: dict[int, dict[str, str]] = {}  # token -> team -> his player on the field, in order
        for team in TEAMS:
            for pid, token in s.orders[team].items():
                if after < token <= last and s.players[pid].point is not None:
                    ahead.setdefault(token, {})[team] = pid
        if self.sealed is not None:  # the other side's tokens, revealed one by one as they come
            self.sealed.open(s, after, ahead)
        if not ahead:
            self.end_turn(step)
            return
        k = min(ahead)
        active = ahead[k]
        s.round, s.active = k, active
        s.declarations, s.origins, s.reactions, s.resolution = {}, {}, [], None
        step.emit(ev.TokensRevealed(k, active.get(Team.BLUE), active.get(Team.WHITE)))
        for pid in active.values():
            p = s.players[pid]
            if p.gun == GUN_DEAD:
                roll = step.roll(tables.DEAD_GUN_DIE, reasons.PURPOSE_DEAD_GUN, pid)
                p.gun = GUN_OK if roll > tables.DEAD_GUN_REPAIR_ABOVE else GUN_BROKEN
                step.emit(ev.GunChecked(pid, roll, p.gun == GUN_OK))
        s.speakers = self._speaking_order(step, active)
        s.phase = DECLARE

    def _speaking_order(self, step: Step, active: dict[str, str]) -> list[str]:
        s = step.state
        if len(active) == 1:
            (team,) = active
            step.emit(ev.SpeakingOrder((team,), reasons.SPEAKS_ONLY_COACH))
            return [team]
        loaded = [t for t in TEAMS if s.players[active[t]].boulets]
        if len(loaded) == 1:
            first = loaded[0]
            reason = reasons.SPEAKS_BOULETS
        elif s.count_on_field(Team.BLUE) != s.count_on_field(Team.WHITE):
            first = min(TEAMS, key=s.count_on_field)
            reason = reasons.SPEAKS_FEWER
        else:
            while True:
                b = step.roll(tables.SPEAKS_FIRST_DIE, reasons.PURPOSE_SPEAKS_FIRST, Team.BLUE)
                w = step.roll(tables.SPEAKS_FIRST_DIE, reasons.PURPOSE_SPEAKS_FIRST, Team.WHITE)
                if b != w:
                    break
            first = Team.BLUE if b < w else Team.WHITE
            reason = reasons.speaks_lower_d6(min(b, w), max(b, w))
        step.emit(ev.SpeakingOrder((first, other_team(first)), reason))
        return [first, other_team(first)]

    # -- phase 5: sequences ------------------------------------------------------------------------
    def _declare(self, step: Step, d: Declare) -> None:
        s = step.state
        p = s.players[d.player]
        assert p.point is not None  # the activated player stands on the field
        s.declarations[d.player] = d
        s.origins[d.player] = p.point
        plan = make_plan(d, s.origins[d.player], self.m)  # as a view of the round reads it
        cleared = declare_effects(p, d, plan)
        if cleared:
            step.emit(ev.BouletsCleared(d.player, cleared, p.def_count))
        words = partial(declaration_words, d, self.m)  # worded when read
        step.emit(ev.SequenceDeclared.later(words, player=d.player, cost=plan.cost))
        if all(pid in s.declarations for pid in s.active.values()):
            self._start_reactions(step)

    # -- phase 6: reactions ------------------------------------------------------------------------
    def _start_reactions(self, step: Step) -> None:
        s = step.state
        first = s.speakers[0]
        s.reactors = list(s.speakers) if len(s.speakers) == 2 else [other_team(first), first]
        s.phase = REACT
        self._skip_idle_reactors(step)

    def _skip_idle_reactors(self, step: Step) -> None:
        s = step.state
        while s.reactors:
            team = s.reactors[0]
            if can_react(s, team, self.m):
                return
            s.reactors.pop(0)
            step.emit(ev.NoReaction(team, reasons.NO_PLAYER_CAN_REACT))
        self.resolution.start(step)

    def _react(self, step: Step, d: React) -> None:
        s = step.state
        s.reactions.extend(d.reactions)
        for r in d.reactions:
            step.emit(ev.ReactionDeclared(r.player, r.kind, r.target))
        if not d.reactions:
            step.emit(ev.NoReaction(d.team, reasons.COACH_DECLARES_NONE))
        s.reactors.pop(0)
        self._skip_idle_reactors(step)

    # -- phase 10: end of round, turn, match -------------------------------------------------------
    def finish_round(self, step: Step) -> None:
        s = step.state
        view = RoundView(s, self.m)
        runs = []  # (player, team, the points he ran), in speaking order
        for pid, plan in view.plans.items():
            p = s.players[pid]
            p.activated = True
            if p.on_field and plan.path:
                end, cover, side = arrival(self.m, s, pid, plan)
                ran = ran_to(plan, end)
                # a token stays while he stays behind the obstacle it presses, or when it was put
                # this round at his arrival (RULES 10.1, 10.2)
                stays = stays_behind(self.m, ran, p.cover, cover)
                p.point, p.cover, p.side = end, cover, side_of(side)
                step.emit(ev.Moved(pid, plan.start, end, plan.move_length, ran))
                runs.append((pid, p.team, ran))
                for q in s.players.values():
                    if q.token is not None and q.token.target == pid and not (
                            stays or q.token.point == plan.end):
                        step.emit(ev.TokenRemoved(q.id, reasons.token_left_cover(pid), q.token,
                                                  boulets=False))
                        q.token = None
        hung_by = None
        if s.flags and runs:  # the runs walked together: first there takes or hangs (RULES 13.2)
            s.flags, news = runs_with_flags(s.flags, runs, s.base_row)
            for n in news:
                step.emit(ev.FlagMoved(n.kind, n.flag, n.player, n.point))
                if n.kind == "hung":
                    hung_by = s.players[n.player]
        s.resolution, s.speakers, s.reactors = None, [], []
        if hung_by is not None:  # RULES 4.7, 13.3
            self._end_match(step, hung_by.team, reasons.flag_hung(hung_by.id))
            return
        if s.turn == tables.BREAK_TURN:
            for pid in list(s.active.values()) if s.break_stage == "finish" else ():
                if s.templates.pop(pid, None) is not None:  # RULES 12.7
                    step.emit(ev.TemplateLifted(pid))
            self.break_turn.next_round(step)
            return
        self._next_round(step)

    def end_turn(self, step: Step) -> None:
        s = step.state
        if s.turn >= tables.MAX_TURNS:
            blue, white = s.count_on_field(Team.BLUE), s.count_on_field(Team.WHITE)
            winner = DRAW if blue == white else (Team.BLUE if blue > white else Team.WHITE)
            reason = reasons.after_last_turn(s.turn, blue, white)
            self._end_match(step, winner, reason)
            return
        s.turn += 1
        s.round, s.active, s.declarations, s.reactions = 0, {}, {}, []
        s.orders = {Team.BLUE: {}, Team.WHITE: {}}
        for p in s.players.values():
            p.activated = False
        s.phase = ORDERS
        step.emit(ev.TurnStarted(s.turn))

    def check_end(self, step: Step) -> bool:
        blue = white = 0  # on the field, counted in one pass
        for p in step.state.players.values():
            if p.point is not None:
                if p.team == Team.BLUE:
                    blue += 1
                elif p.team == Team.WHITE:
                    white += 1
        if blue and white:
            return False
        winner = DRAW if not (blue or white) else (Team.BLUE if blue else Team.WHITE)
        self._end_match(step, winner, reasons.none_left_other_side() if winner != DRAW
                        else reasons.none_left_either_side())
        return True

    def _end_match(self, step: Step, winner: str, reason: str) -> None:
        s = step.state
        s.phase, s.winner, s.end_reason = OVER, winner, reason
        step.emit(ev.MatchEnded(winner, reason))
