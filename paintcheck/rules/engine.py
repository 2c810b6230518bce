"""The one door for change: ``Engine(measurer).apply(state, decision, dice) -> (state, events)``.

Turns 2–10 (RULES §4.6): order tokens → reveal token k → who speaks first → sequences → reactions
→ speed tests when needed → resolution by rank (pausing for each dodge die) → next k → next turn.
``apply`` never changes the state it is given; it refuses an illegal decision with
``IllegalActionError`` (the human reason) and checks the state's invariants after every decision.
``Engine(m, checks=False)`` leaves both checks out, as python-chess's ``Board.push`` trusts its move:
for callers whose decisions come from the legality queries themselves (a search, the benches,
``simulate`` without ``--check``), never for the window or the tests. A legal decision gives the same
state and events either way.
"""

from __future__ import annotations

from functools import partial

from paintcheck.field.lattice import chebyshev, other_team
from paintcheck.rules import events as ev
from paintcheck.rules import tables
from paintcheck.rules.actions import (
    REFLEX,
    SUPPRESSIVE,
    AssignOrders,
    BreakSheet,
    ChooseTarget,
    Declare,
    Dodge,
    IllegalActionError,
    React,
)
from paintcheck.rules.break_turn import (
    PREBUNK,
    BreakTurn,
    template_reading,
    why_choice_illegal,
    why_sheet_illegal,
)
from paintcheck.rules.flags import drop_flags, runs_with_flags
from paintcheck.rules.invariants import check_invariants
from paintcheck.rules.legality import Verdicts, can_react, to_move, why_illegal
from paintcheck.rules.measure import Measurer
from paintcheck.rules.plan import make_plan
from paintcheck.rules.state import (
    DECLARE,
    DODGE,
    GUN_BROKEN,
    GUN_DEAD,
    GUN_OK,
    ORDERS,
    OVER,
    REACT,
    MatchState,
    Resolution,
    ShotEntry,
    Token,
)
from paintcheck.rules.values import Reading, RoundView, Stand
from paintcheck.rules.words import declaration_words


class _Step:
    """One decision being applied: the new state, the dice and the events so far (a plain class
    with slots: one is made per decision)."""

    __slots__ = ("state", "dice", "m", "events")

    def __init__(self, state: MatchState, dice, m: Measurer, events: list | None = None) -> None:
        self.state, self.dice, self.m = state, dice, m
        self.events = [] if events is None else events

    def roll(self, sides: int, purpose: str, player: str | None = None) -> int:
        value = self.dice.roll(sides)
        self.events.append(ev.Rolled(sides, value, purpose, player))
        return value

    def exploding_d6(self, purpose: str, player: str | None) -> tuple[int, ...]:
        """A d6 whose 6 is rolled again and added, again and again (RULES 7.3, 9.2)."""
        faces = [self.roll(6, purpose, player)]
        while faces[-1] == tables.EXPLODING_FACE:
            faces.append(self.roll(6, ev.purpose_again(purpose), player))
        return tuple(faces)

    def emit(self, event) -> None:
        self.events.append(event)


class Engine(BreakTurn):
    """Applies decisions to match states with the geometry of one field."""

    def __init__(self, measurer: Measurer, checks: bool = True) -> None:
        self.m = measurer
        self.checks = checks  # refuse illegal decisions, check the invariants after each one
        self._handlers = {
            AssignOrders: self._orders,
            Declare: self._declare,
            React: self._react,
            Dodge: self._dodge,
            BreakSheet: self._sheet,
            ChooseTarget: self._choose,
        }

    # -- queries -----------------------------------------------------------------------------------
    def to_move(self, state: MatchState) -> str | None:
        return to_move(state)

    def why_illegal(self, state: MatchState, decision, verdicts: Verdicts | None = None,
                    lines_legal: bool = False) -> str | None:
        """None if the engine accepts ``decision`` now, else the reason in one sentence. What a coach
        has judged already on ``state`` is not judged again: ``verdicts``, a sequence's moves and
        shots (``legality.Verdicts``); ``lines_legal``, a break sheet's lines, each on its own."""
        reason = why_illegal(state, decision, self.m, verdicts)
        if reason is None and isinstance(decision, BreakSheet):
            reason = why_sheet_illegal(state, decision, self.m, lines_legal)
        elif reason is None and isinstance(decision, ChooseTarget):
            reason = why_choice_illegal(state, decision, self.m)
        return reason

    # -- the door ----------------------------------------------------------------------------------
    def apply(self, state: MatchState, decision, dice) -> tuple[MatchState, list]:
        if self.checks:
            reason = self.why_illegal(state, decision)
            if reason:
                raise IllegalActionError(reason)
        step = _Step(state.copy(), dice, self.m)
        self._handlers[type(decision)](step, decision)
        step.state.decisions += 1
        if self.checks:
            check_invariants(step.state, self.m)
        return step.state, step.events

    # -- phase 2: order tokens ---------------------------------------------------------------------
    def _orders(self, step: _Step, d: AssignOrders) -> None:
        s = step.state
        s.orders[d.team] = dict(d.orders)
        step.emit(ev.OrdersAssigned(d.team))
        if to_move(s) is None:
            self._next_round(step)

    # -- phases 3–4: reveal, who speaks first ---------------------------------------------------------
    def _next_round(self, step: _Step) -> None:
        s = step.state
        if self._check_end(step):
            return
        after, last = s.round, max(tables.ORDER_TOKENS)
        ahead: dict[int, dict[str, str]] = {}  # token -> team -> his player on the field, in order
        for team in ("blue", "white"):
            for pid, token in s.orders[team].items():
                if after < token <= last and s.players[pid].point is not None:
                    ahead.setdefault(token, {})[team] = pid
        if not ahead:
            self._end_turn(step)
            return
        k = min(ahead)
        active = ahead[k]
        s.round, s.active = k, active
        s.declarations, s.origins, s.reactions, s.resolution = {}, {}, [], None
        step.emit(ev.TokensRevealed(k, active.get("blue"), active.get("white")))
        for pid in active.values():
            p = s.players[pid]
            if p.gun == GUN_DEAD:
                roll = step.roll(20, ev.PURPOSE_DEAD_GUN, pid)
                p.gun = GUN_OK if roll > tables.DEAD_GUN_REPAIR_ABOVE else GUN_BROKEN
                step.emit(ev.GunChecked(pid, roll, p.gun == GUN_OK))
        s.speakers = self._speaking_order(step, active)
        s.phase = DECLARE

    def _speaking_order(self, step: _Step, active: dict[str, str]) -> list[str]:
        s = step.state
        if len(active) == 1:
            (team,) = active
            step.emit(ev.SpeakingOrder((team,), ev.SPEAKS_ONLY_COACH))
            return [team]
        loaded = [t for t in ("blue", "white") if s.players[active[t]].boulets]
        if len(loaded) == 1:
            first = loaded[0]
            reason = ev.SPEAKS_BOULETS
        elif s.count_on_field("blue") != s.count_on_field("white"):
            first = min(("blue", "white"), key=s.count_on_field)
            reason = ev.SPEAKS_FEWER
        else:
            while True:
                b = step.roll(6, ev.PURPOSE_SPEAKS_FIRST, "blue")
                w = step.roll(6, ev.PURPOSE_SPEAKS_FIRST, "white")
                if b != w:
                    break
            first = "blue" if b < w else "white"
            reason = ev.speaks_lower_d6(min(b, w), max(b, w))
        step.emit(ev.SpeakingOrder((first, other_team(first)), reason))
        return [first, other_team(first)]

    # -- phase 5: sequences ------------------------------------------------------------------------
    def _declare(self, step: _Step, d: Declare) -> None:
        s = step.state
        p = s.players[d.player]
        s.declarations[d.player] = d
        s.origins[d.player] = p.point
        if p.boulets:
            cleared = p.boulets
            p.boulets = 0
        else:
            cleared = 0
        p.posture, p.cover, p.side = d.posture, d.cover, d.side
        p.weakened_from, p.bare = None, False
        # A sequence that cleans or reloads ends the fumble for good (RULES 7.5); legality keeps
        # his shots after the RELOAD, and values.py still counts messy paint for a shot before CLEAN.
        if any(a.code == "CLEAN" for a in d.actions):
            p.messy = False
        if any(a.code == "RELOAD" for a in d.actions):
            p.reload = False
        plan = make_plan(d, s.origins[d.player], self.m)  # as a view of the round reads it
        p.def_count = plan.def_count
        if cleared == tables.MAX_BOULETS:
            p.def_count = tables.DEF_AFTER_CLEARING_FOUR
        if cleared:
            step.emit(ev.BouletsCleared(d.player, cleared, p.def_count))
        words = partial(declaration_words, d, self.m)  # worded when read
        step.emit(ev.SequenceDeclared.later(words, player=d.player, cost=plan.cost))
        if all(pid in s.declarations for pid in s.active.values()):
            self._start_reactions(step)

    # -- phase 6: reactions ------------------------------------------------------------------------
    def _start_reactions(self, step: _Step) -> None:
        s = step.state
        first = s.speakers[0]
        s.reactors = list(s.speakers) if len(s.speakers) == 2 else [other_team(first), first]
        s.phase = REACT
        self._skip_idle_reactors(step)

    def _skip_idle_reactors(self, step: _Step) -> None:
        s = step.state
        while s.reactors:
            team = s.reactors[0]
            if can_react(s, team, self.m):
                return
            s.reactors.pop(0)
            step.emit(ev.NoReaction(team, ev.NO_PLAYER_CAN_REACT))
        self._start_resolution(step)

    def _react(self, step: _Step, d: React) -> None:
        s = step.state
        s.reactions.extend(d.reactions)
        for r in d.reactions:
            step.emit(ev.ReactionDeclared(r.player, r.kind, r.target))
        if not d.reactions:
            step.emit(ev.NoReaction(d.team, ev.COACH_DECLARES_NONE))
        s.reactors.pop(0)
        self._skip_idle_reactors(step)

    # -- phase 7: reflex DEF losses and speed tests ----------------------------------------------------
    def _start_resolution(self, step: _Step) -> None:
        s = step.state
        view = RoundView(s, self.m)
        for r in s.reactions:
            if r.kind == REFLEX:
                self._reflex_def_loss(step, view, r.player, r.target)
        entries, groups = self._rank(step, view, self._sequence_entries(view))
        s.resolution = Resolution(entries, groups)
        self._continue(step)

    def _sequence_entries(self, view: RoundView) -> list[ShotEntry]:
        """The round's shots and dumps: the activated players' (in speaking order), then reactions."""
        s = view.state
        entries = []
        for team in s.speakers:
            plan = view.plans[s.active[team]]
            for f in plan.fires:
                kind = "dump" if f.dump else "simple"
                entries.append(ShotEntry(plan.player, f.target, kind, max(f.number, 0), f.supports, f.action))
        for r in s.reactions:
            entries.append(ShotEntry(r.player, r.target, r.kind))
        return entries

    def _rank(self, step: _Step, view: RoundView, entries: list[ShotEntry]) -> tuple[list, list[int]]:
        """Resolution order and simultaneous groups: by speed test when a shooter is also a target
        (RULES 11.1), else all together in declaration order."""
        shooters = {e.shooter for e in entries}
        if not any(e.target in shooters for e in entries):
            return entries, [0] * len(entries)
        self._speed_tests(step, view, entries)
        # to fire before a dumper an opponent beats him by DUMPER_EDGE; by less he does not  [B p.27]
        edge = tables.DUMPER_EDGE - 1
        keys = [(e.last, -(e.score + (edge if e.kind == "dump" else 0))) for e in entries]
        order = sorted(range(len(entries)), key=lambda i: keys[i])
        distinct = sorted(set(keys))
        return [entries[i] for i in order], [distinct.index(keys[i]) for i in order]

    def _reflex_def_loss(self, step: _Step, view: RoundView, pid: str, target: str) -> None:
        p = step.state.players[pid]
        segments = 0
        if p.token is not None:
            angle = self.m.angle_between(p.point, p.token.point, view.aim_point(target))
            segments = tables.angle_segment(angle)
        if segments:
            lost = segments
        else:
            roll = step.roll(6, ev.PURPOSE_REFLEX_DEF, pid)
            lost = 1 if roll in tables.REFLEX_DEF_LOSS_ROLL else 0
        lost = min(lost, p.def_count)
        p.def_count -= lost
        step.emit(ev.DefLost(pid, segments, lost, p.def_count))

    def _speed_tests(self, step: _Step, view: RoundView, entries: list[ShotEntry]) -> None:
        s = step.state
        rolls: dict[str, int] = {}
        for e in entries:
            if e.shooter not in rolls:
                rolls[e.shooter] = step.roll(6, ev.PURPOSE_SPEED, e.shooter)
        for e in entries:
            parts = [(ev.LABEL_D6, rolls[e.shooter])]
            if e.kind == SUPPRESSIVE:  # a presser who fires anything else loses it  [B p.40]
                presser_team = s.players[e.shooter].team
                if any(x.shooter == e.target and s.players[x.target].team == presser_team for x in entries):
                    parts.append((ev.LABEL_PRESSER, tables.SPEED_PRESSER_BONUS))
            if e.kind == REFLEX:
                parts.append((ev.LABEL_REFLEX, tables.SPEED_REFLEX_MALUS))
            if e.index:
                parts.append((ev.label_shot_number(e.index + 1), tables.SPEED_EXTRA_SHOT_MALUS * e.index))
            plan = view.plans.get(e.shooter)
            if plan is not None and e.action >= 0:
                if plan.stance_at(e.action).side_changed:
                    parts.append((ev.LABEL_AFTER_SIDE_CHANGE, tables.SPEED_AFTER_SIDE_CHANGE_MALUS))
                if plan.move_action is not None and e.action > plan.move_action:
                    n = view.moved_vulnerable(e.shooter)
                    if n > tables.SPEED_SHOOTS_LAST_ABOVE:
                        e.last = True
                    elif n:
                        parts.append((ev.label_moved_vulnerable(n), tables.SPEED_PER_VULNERABLE_POINT * n))
            e.score = sum(v for _, v in parts)
            step.emit(ev.SpeedTest(e.shooter, e.target, tuple(parts), e.score, e.last))

    # -- phases 8–9: resolution by rank ----------------------------------------------------------------
    def _continue(self, step: _Step) -> None:
        s = step.state
        res = s.resolution
        while res.next < len(res.entries):
            i = res.next
            if i and res.groups[i] != res.groups[i - 1]:
                res.hit.extend(res.hit_now)
                res.hit_now = []
            if self._resolve_entry(step, res.entries[i]) == "pause":
                s.phase = DODGE
                return
            res.next += 1
        self._finish_round(step)

    def _resolve_entry(self, step: _Step, e: ShotEntry) -> str | None:
        s = step.state
        res = s.resolution
        shooter = s.players[e.shooter]
        if e.shooter in res.hit:
            step.emit(ev.ShotLost(e.shooter, e.target, ev.LOST_FASTER_SHOT))
            return None
        if not shooter.on_field and e.shooter not in res.hit_now:
            step.emit(ev.ShotLost(e.shooter, e.target, ev.LOST_SHOOTER_DEAD))
            return None
        if shooter.gun != GUN_OK or shooter.reload:
            step.emit(ev.ShotLost(e.shooter, e.target, ev.LOST_MARKER))
            return None
        view = RoundView(s, self.m)
        if e.kind == "dump":
            self._dump(step, view, e)
            return None
        reading = self._reading(view, e)
        if reading.lost:
            step.emit(ev.ShotLost(e.shooter, e.target, reading.lost))
            return None
        roll = step.roll(20, ev.purpose_shot_at(e.target), e.shooter)
        bonus: tuple[int, ...] = ()
        if roll == tables.NATURAL_CRITICAL:
            bonus = step.exploding_d6(ev.PURPOSE_CRITICAL, e.shooter)
        margin = roll + sum(bonus) - reading.required + 1
        hit = roll != tables.NATURAL_MISS and margin >= 1
        step.emit(ev.ShotResolved(
            e.shooter, e.target, e.kind, reading.shot_parts, reading.shot_value, reading.target_parts,
            reading.target_value, reading.required, roll, bonus, margin if hit else 0, hit,
        ))
        if roll == tables.NATURAL_MISS:
            self._fumble(step, e.shooter)
        if not hit:
            self._place_token(step, e, reading.shooter, reading.token_point, advantage=False)
            return None
        res.hit_now.append(e.target)
        allowed, why_none = view.dodge_dice(e.target, reading.running)
        if allowed == 0:
            self._eliminate(step, e.target, e.shooter, why_none)
            self._place_token(step, e, reading.shooter, reading.token_point, advantage=False)
            return None
        if margin == 1:
            self._dodged(step, e.target, 1, reading.shooter.point, automatic=True)
            self._place_token(step, e, reading.shooter, reading.token_point, advantage=True)
            return None
        res.dodge = {"target": e.target, "shooter": e.shooter, "margin": margin,
                     "allowed": allowed, "used": 0}
        return "pause"

    def _reading(self, view: RoundView, e: ShotEntry) -> Reading:
        return template_reading(view, e) if e.kind == PREBUNK else view.reading(e)

    def _dodge(self, step: _Step, d: Dodge) -> None:
        s = step.state
        res = s.resolution
        dg = res.dodge
        faces = [step.roll(6, ev.PURPOSE_DODGE, dg["target"])]
        # a 6 is rolled again and added, while there is margin left to dodge  [B p.21-22, p.41]
        while faces[-1] == tables.EXPLODING_FACE and dg["margin"] - sum(faces) > 0:
            faces.append(step.roll(6, ev.purpose_again(ev.PURPOSE_DODGE), dg["target"]))
        faces = tuple(faces)
        dg["used"] += 1
        dg["margin"] -= sum(faces)
        step.emit(ev.DodgeRolled(dg["target"], faces, dg["margin"]))
        if dg["margin"] > 0 and dg["used"] < dg["allowed"]:
            return
        e = res.entries[res.next]
        shooter, token_point = _shot_ends(RoundView(s, self.m), e)
        if dg["margin"] <= 0:
            self._dodged(step, dg["target"], dg["used"], shooter.point, automatic=False)
            self._place_token(step, e, shooter, token_point, advantage=True)
        else:
            self._eliminate(step, dg["target"], dg["shooter"], ev.DODGE_FELL_SHORT)
            self._place_token(step, e, shooter, token_point, advantage=False)
        res.dodge = None
        res.next += 1
        self._continue(step)

    def _dodged(self, step: _Step, pid: str, dice: int, shooter_point, automatic: bool) -> None:
        p = step.state.players[pid]
        p.boulets = tables.MAX_BOULETS if p.boulets else tables.boulets_for_dice(dice)
        p.weakened_from = shooter_point
        step.emit(ev.Dodged(pid, dice, p.boulets, automatic))
        if p.token is not None:
            step.emit(ev.TokenRemoved(pid, ev.TOKEN_BOULETS, p.token))
            p.token = None

    def _eliminate(self, step: _Step, pid: str, by: str | None, reason: str) -> None:
        p = step.state.players[pid]
        if not p.on_field:
            return
        token = p.token
        p.fell_at, p.point, p.token = p.point, None, None
        step.state.flags, dropped = drop_flags(step.state.flags, pid, p.fell_at)
        res = step.state.resolution
        if res is not None and pid not in res.hit_now:
            res.hit_now.append(pid)
        step.emit(ev.Eliminated(pid, by, reason, token))
        for fid in dropped:
            step.emit(ev.FlagMoved("dropped", fid, pid, p.fell_at))

    def _fumble(self, step: _Step, pid: str) -> None:
        p = step.state.players[pid]
        roll = step.roll(20, ev.PURPOSE_FUMBLE, pid)
        outcome = tables.fumble_outcome(roll)
        step.emit(ev.Fumble(pid, roll, outcome))
        if outcome == "technical":
            p.gun = GUN_DEAD
            # 1 boulet; one who already carries boulets (a tied shooter who dodged) keeps them
            p.boulets = max(p.boulets, tables.TECHNICAL_PROBLEM_BOULETS)
            if p.token is not None:
                step.emit(ev.TokenRemoved(pid, ev.TOKEN_BOULETS, p.token))
                p.token = None
        elif outcome == "messy_paint":
            p.messy = True
        else:
            p.reload = True

    def _place_token(self, step: _Step, e: ShotEntry, shooter: Stand, token_point, advantage: bool) -> None:
        """After every shot the shooter's token goes beside the target (RULES 10.1, 10.5): at
        ``token_point``, the shot's reading's, ``shooter`` standing as the reading reads him."""
        s = step.state
        p = s.players[e.shooter]
        if not p.on_field or p.boulets or e.kind == PREBUNK:  # a template is its own token
            return
        target = s.players[e.target]
        pid = p.id
        for q in s.players.values():
            token = q.token
            if token is not None and token.target == pid and q.on_field and self.m.in_lock_wedge(
                q.point, shooter.point, p.team, shooter.cover, shooter.side, token_point,
            ):
                step.emit(ev.TokenKept(pid, e.target, ev.token_priority_lock(q.id)))
                return
        cover = side = None
        if target.on_field:  # as he stands after his sequence (RoundView.static_stand), one plan read
            decl = s.declarations.get(e.target)
            if decl is None:
                cover, side = target.cover, target.side
            else:
                final = make_plan(decl, s.origins[e.target], self.m).final
                cover, side = final.cover, final.side
        side = self.m.pressed_side(token_point, target.team, cover, side,
                                   shooter.point) if cover else None
        previous, p.token = p.token, Token(e.target, side, token_point, advantage and target.on_field)
        step.emit(ev.TokenPlaced(pid, e.target, side, p.token.advantage, previous))

    def _dump(self, step: _Step, view: RoundView, e: ShotEntry) -> None:
        """Bunkering (RULES 11.7): d6 + supports + 1 outside the target's field of vision."""
        dumper = view.stand(e.shooter, e.action)
        target = view.state.players[e.target]
        if not target.on_field:
            step.emit(ev.ShotLost(e.shooter, e.target, ev.LOST_TARGET_DEAD))
            return
        if view.running(e.target):
            step.emit(ev.ShotLost(e.shooter, e.target, ev.LOST_RAN_OFF))
            return
        st = view.static_stand(e.target)
        if chebyshev(dumper.point, st.point) > tables.DUMP_REACH:
            step.emit(ev.ShotLost(e.shooter, e.target, ev.LOST_OUT_OF_REACH))
            return
        roll = step.roll(6, ev.purpose_dump_on(e.target), e.shooter)
        parts = [(ev.LABEL_D6, roll)]
        if e.supports:
            parts.append((ev.label_supports(e.supports), tables.DUMP_SUPPORT_BONUS * e.supports))
        if not view.sees(st, [dumper.point])[0]:
            parts.append((ev.LABEL_OUTSIDE_FOV, tables.DUMP_OUTSIDE_FOV_BONUS))
        total = sum(v for _, v in parts)
        outcome = tables.dump_outcome(total)
        step.emit(ev.DumpResolved(e.shooter, e.target, roll, tuple(parts), total, outcome))
        if outcome in ("disaster", "confusion"):
            self._eliminate(step, e.shooter, e.target, ev.dump_outcome(outcome))
        if outcome in ("confusion", "clean"):
            self._eliminate(step, e.target, e.shooter, ev.dumped(outcome))

    # -- phase 10: end of round, turn, match -------------------------------------------------------
    def _finish_round(self, step: _Step) -> None:
        s = step.state
        view = RoundView(s, self.m)
        runs = []  # (player, team, the points he ran), in speaking order
        for pid, plan in view.plans.items():
            p = s.players[pid]
            p.activated = True
            if p.on_field and plan.path:
                end, cover, side = self._arrival(s, pid, plan)
                p.point, p.cover, p.side = end, cover, side
                ran = tuple(plan.path) if end == plan.end else _up_to_last(plan.path, end)
                step.emit(ev.Moved(pid, plan.start, end, plan.move_length, ran))
                runs.append((pid, p.team, ran))
                for q in s.players.values():
                    if q.token is not None and q.token.target == pid and q.token.point != plan.end:
                        step.emit(ev.TokenRemoved(q.id, ev.token_left_cover(pid), q.token, boulets=False))
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
            self._end_match(step, hung_by.team, ev.flag_hung(hung_by.id))
            return
        if s.turn == tables.BREAK_TURN:
            for pid in list(s.active.values()) if s.break_stage == "finish" else ():
                if s.templates.pop(pid, None) is not None:  # RULES 12.7
                    step.emit(ev.TemplateLifted(pid))
            self._next_break_round(step)
            return
        self._next_round(step)

    def _arrival(self, s: MatchState, pid: str, plan):
        """Where a runner stops: his arrival point, or during the break, when a figure already
        stands there (runs of one break round cross), the last free point of his path [H]."""
        runner, end = s.players[pid], plan.end
        if not any(q.point == end and q is not runner for q in s.players.values()):  # nobody there
            return end, plan.final.cover, plan.final.side
        taken = {q.point for q in s.players.values() if q.on_field and q is not runner}
        for point in reversed(plan.path[:-1]):
            if point not in taken and self.m.obstacle_at(point) is None:
                covers = self.m.covers(point)
                if not covers:
                    return point, None, None
                side = plan.final.side
                if side not in ("left", "right") and not self.m.obstacle(covers[0]).overable:
                    side = "left"
                return point, covers[0], side or "left"
        return plan.start, s.players[pid].cover, s.players[pid].side

    def _end_turn(self, step: _Step) -> None:
        s = step.state
        if s.turn >= tables.MAX_TURNS:
            blue, white = s.count_on_field("blue"), s.count_on_field("white")
            winner = "draw" if blue == white else ("blue" if blue > white else "white")
            reason = ev.after_last_turn(s.turn, blue, white)
            self._end_match(step, winner, reason)
            return
        s.turn += 1
        s.round, s.active, s.declarations, s.reactions = 0, {}, {}, []
        s.orders = {"blue": {}, "white": {}}
        for p in s.players.values():
            p.activated = False
        s.phase = ORDERS
        step.emit(ev.TurnStarted(s.turn))

    def _check_end(self, step: _Step) -> bool:
        blue = white = 0  # on the field, counted in one pass
        for p in step.state.players.values():
            if p.point is not None:
                if p.team == "blue":
                    blue += 1
                elif p.team == "white":
                    white += 1
        if blue and white:
            return False
        winner = "draw" if not (blue or white) else ("blue" if blue else "white")
        self._end_match(step, winner, ev.none_left_other_side() if winner != "draw"
                        else ev.none_left_either_side())
        return True

    def _end_match(self, step: _Step, winner: str, reason: str) -> None:
        s = step.state
        s.phase, s.winner, s.end_reason = OVER, winner, reason
        step.emit(ev.MatchEnded(winner, reason))


def _shot_ends(view: RoundView, e: ShotEntry) -> tuple[Stand, object]:
    """What a dodged shot's end reads of its reading (the shooter's stand, where his token goes),
    without reading the whole shot again: the state is the one it was read on, the target hit."""
    if e.kind == PREBUNK:  # template_reading's shooter; a template places no token
        return view.stand(e.shooter), None
    shooter = view.stand(e.shooter, e.action)
    if view.running(e.target):
        return shooter, view.plans[e.target].end
    return shooter, view.static_stand(e.target).point


def _up_to_last(path, point) -> tuple:
    """``path`` up to the last time it passes ``point`` (where a cut-short run stopped)."""
    last = len(path) - 1 - path[::-1].index(point)
    return tuple(path[: last + 1])

