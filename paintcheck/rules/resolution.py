"""Phases 7–9 of a round (RULES 4.6): reflex DEF losses and speed tests, then the shots resolved
by rank, pausing for each dodge die; eliminations, fumbles, tokens and dumps.

``ResolutionPhases(measurer, rounds)`` is an object of the step: the engine calls ``start`` when the
reactions are in, ``dodge`` for each dodge die, and the break calls ``rank``, ``sequence_entries`` and
``resume``; when the last shot is resolved the round goes back to ``rounds.finish_round`` (the
engine's, declared by ``RoundEnd``). A round's start and end stay in ``engine``."""

from __future__ import annotations

from typing import Protocol

from paintcheck.field.lattice import Point, chebyshev
from paintcheck.rules import chance, reasons, tables
from paintcheck.rules import events as ev
from paintcheck.rules.actions import REFLEX, Dodge
from paintcheck.rules.arrival import arrival, ran_to
from paintcheck.rules.break_turn import PREBUNK, template_reading
from paintcheck.rules.flags import drop_flags, runs_with_flags
from paintcheck.rules.measure import Measurer
from paintcheck.rules.plan import Fire, Plan, make_plan
from paintcheck.rules.speed import speed_modifiers
from paintcheck.rules.state import DODGE, GUN_DEAD, GUN_OK, PendingDodge, Resolution, ShotEntry, Token
from paintcheck.rules.step import Step
from paintcheck.rules.values import Reading, RoundView, Stand
from paintcheck.rules.vocab import ShotKind, side_of


class RoundEnd(Protocol):
    """What the resolution hands a round back to when its last shot is resolved (the engine)."""

    def finish_round(self, step: Step) -> None: ...


class ResolutionPhases:
    """The resolution's handlers, given the field's measurer and what ends the round."""

    def __init__(self, m: Measurer, rounds: RoundEnd) -> None:
        self.m = m
        self.rounds = rounds

    # -- phase 7: reflex DEF losses and speed tests ----------------------------------------------------
    def start(self, step: Step) -> None:
        s = step.state
        view = RoundView(s, self.m)
        for r in s.reactions:
            if r.kind == REFLEX:
                self._reflex_def_loss(step, view, r.player, r.target)
        entries, groups = self.rank(step, view, self.sequence_entries(view))
        s.resolution = Resolution(entries, groups)
        self.resume(step)

    def sequence_entries(self, view: RoundView) -> list[ShotEntry]:
        """The round's shots and dumps: the activated players' (in speaking order), then reactions."""
        s = view.state
        entries = []
        for team in s.speakers:
            plan = view.plans[s.active[team]]
            entries += [fire_entry(plan.player, f) for f in plan.fires]
        for r in s.reactions:
            entries.append(ShotEntry(r.player, r.target, ShotKind(r.kind)))
        return entries

    def rank(self, step: Step, view: RoundView, entries: list[ShotEntry]
             ) -> tuple[list[ShotEntry], list[int]]:
        """Resolution order and simultaneous groups: by speed test when a shooter is also a target
        (RULES 11.1), else all together in declaration order."""
        shooters = {e.shooter for e in entries}
        if not any(e.target in shooters for e in entries):
            return entries, [0] * len(entries)
        self._speed_tests(step, view, entries)
        return resolution_order(entries)

    def _reflex_def_loss(self, step: Step, view: RoundView, pid: str, target: str) -> None:
        p = step.state.players[pid]
        segments = 0
        if p.token is not None:
            assert p.point is not None  # a reactor stands on the field
            angle = self.m.angle_between(p.point, p.token.point, view.aim_point(target))
            segments = tables.angle_segment(angle)
        if segments:
            lost = segments
        else:
            roll = step.roll(tables.REFLEX_DEF_DIE, reasons.PURPOSE_REFLEX_DEF, pid)
            lost = 1 if roll in tables.REFLEX_DEF_LOSS_ROLL else 0
        lost = min(lost, p.def_count)
        p.def_count -= lost
        step.emit(ev.DefLost(pid, segments, lost, p.def_count))

    def _speed_tests(self, step: Step, view: RoundView, entries: list[ShotEntry]) -> None:
        """Each shooter rolls the speed die once; each of his shots adds its own modifiers (``speed``)."""
        rolls: dict[str, int] = {}
        for e in entries:
            if e.shooter not in rolls:
                rolls[e.shooter] = step.roll(tables.SPEED_DIE, reasons.PURPOSE_SPEED, e.shooter)
        for e in entries:
            mods = speed_modifiers(view, e, entries)
            parts = ((reasons.LABEL_D6, rolls[e.shooter]), *mods.parts)
            if mods.last:
                e.last = True
            e.score = rolls[e.shooter] + mods.total
            step.emit(ev.SpeedTest(e.shooter, e.target, parts, e.score, e.last))

    # -- phases 8–9: resolution by rank ----------------------------------------------------------------
    def resume(self, step: Step) -> None:
        """Resolves the round's shots from the next one on, pausing for a dodge die; then the round ends."""
        s = step.state
        res = s.resolution
        assert res is not None  # the round's shots are being resolved
        while res.next < len(res.entries):
            i = res.next
            res.hit, res.hit_now, res.out_now = _hit_before(res, i)
            if self._resolve_entry(step, res.entries[i]) == "pause":
                s.phase = DODGE
                return
            res.next += 1
        self.rounds.finish_round(step)

    def _resolve_entry(self, step: Step, e: ShotEntry) -> str | None:
        s = step.state
        res = s.resolution
        assert res is not None  # the round's shots are being resolved
        shooter = s.players[e.shooter]
        if e.shooter in res.hit:
            step.emit(ev.ShotLost(e.shooter, e.target, reasons.LOST_FASTER_SHOT))
            return None
        if not shooter.on_field and e.shooter not in res.hit_now:
            step.emit(ev.ShotLost(e.shooter, e.target, reasons.LOST_SHOOTER_DEAD))
            return None
        if shooter.gun != GUN_OK or shooter.reload:
            step.emit(ev.ShotLost(e.shooter, e.target, reasons.LOST_MARKER))
            return None
        view = RoundView(s, self.m)
        if e.kind == ShotKind.DUMP:
            self._dump(step, view, e)
            return None
        reading = self._reading(view, e)
        if reading.lost:
            step.emit(ev.ShotLost(e.shooter, e.target, reading.lost))
            return None
        roll = step.roll(tables.SHOT_DIE, reasons.purpose_shot_at(e.target), e.shooter)
        face = chance.shot_face(roll, reading.required)  # the branches: ``chance``, as the odds read them
        bonus: tuple[int, ...] = ()
        if face.critical:
            bonus = step.exploding_d6(reasons.PURPOSE_CRITICAL, e.shooter)
        margin = face.margin + sum(bonus)
        hit = chance.hits(face, sum(bonus))
        step.emit(ev.ShotResolved(
            e.shooter, e.target, e.kind, reading.shot_parts, reading.shot_value, reading.target_parts,
            reading.target_value, reading.required, roll, bonus, margin if hit else 0, hit,
        ))
        if face.fumble:
            self._fumble(step, e.shooter)
        if not hit:
            self._place_token(step, e, reading.shooter, reading.token_point, advantage=False)
            return None
        res.hit_now.append(e.target)
        res.hits.append((e.target, res.next))
        if not s.players[e.target].on_field:  # put out by a simultaneous shot: nothing more (RULES 11.5)
            self._place_token(step, e, reading.shooter, reading.token_point, advantage=False)
            return None
        allowed, why_none = view.dodge_dice(e.target, reading.running)
        after = chance.after_hit(margin, allowed)
        if after == chance.ELIMINATED:
            arrived = finished_move(view, e.target, reading.running)
            self._eliminate(step, e.target, e.shooter, why_none, arrived)
            self._place_token(step, e, reading.shooter, reading.token_point, advantage=False)
            return None
        if after == chance.DODGED_AT_ONCE:
            self._dodged(step, e.target, 1, reading.shooter.point, automatic=True)
            self._place_token(step, e, reading.shooter, reading.token_point, advantage=True)
            return None
        res.dodge = PendingDodge(e.target, e.shooter, margin, allowed)
        return "pause"

    def _reading(self, view: RoundView, e: ShotEntry) -> Reading:
        return template_reading(view, e) if e.kind == PREBUNK else view.reading(e)

    def dodge(self, step: Step, d: Dodge) -> None:
        s = step.state
        res = s.resolution
        assert res is not None and res.dodge is not None  # a dodge waits in the resolution
        dg = res.dodge
        faces = [step.roll(tables.EXPLODING_DIE, reasons.PURPOSE_DODGE, dg.target)]
        # a 6 is rolled again and added, while there is margin left to dodge  [B p.21-22, p.41]
        while chance.rolls_again(faces[-1], dg.margin - sum(faces)):
            again = reasons.purpose_again(reasons.PURPOSE_DODGE)
            faces.append(step.roll(tables.EXPLODING_DIE, again, dg.target))
        dg.used += 1
        dg.margin -= sum(faces)
        step.emit(ev.DodgeRolled(dg.target, tuple(faces), dg.margin))
        if not chance.dodge_over(dg.margin, dg.used, dg.allowed):
            return
        e = res.entries[res.next]
        view = RoundView(s, self.m)
        shooter, token_point = _shot_ends(view, e)
        if chance.dodged(dg.margin):
            self._dodged(step, dg.target, dg.used, shooter.point, automatic=False)
            self._place_token(step, e, shooter, token_point, advantage=True)
        else:
            # a template's shot reads every runner running (RULES 12.4, ``template_reading``)
            running = e.kind == PREBUNK or view.running(dg.target)
            self._eliminate(step, dg.target, dg.shooter, reasons.DODGE_FELL_SHORT,
                            finished_move(view, dg.target, running))
            self._place_token(step, e, shooter, token_point, advantage=False)
        res.dodge = None
        res.next += 1
        self.resume(step)

    def _dodged(self, step: Step, pid: str, dice: int, shooter_point: Point, automatic: bool) -> None:
        p = step.state.players[pid]
        p.boulets = tables.MAX_BOULETS if p.boulets else tables.boulets_for_dice(dice)
        if p.weakened_from is None:  # the first shot that forced a dodge (B p.23, RULES 9.6)
            p.weakened_from = shooter_point
        step.emit(ev.Dodged(pid, dice, p.boulets, automatic))
        if p.token is not None:
            step.emit(ev.TokenRemoved(pid, reasons.TOKEN_BOULETS, p.token))
            p.token = None

    def _eliminate(self, step: Step, pid: str, by: str | None, reason: str, arrived: Plan | None) -> None:
        """``pid`` leaves the field, where he stands, or when his move was over (``arrived``, his
        plan: ``finished_move``), at its end (RULES 11.3); a carrier drops his flags there (13.2)."""
        p = step.state.players[pid]
        if p.point is None:  # in the dead zone already
            return
        fell_at = p.point if arrived is None else self._finish_move(step, pid, arrived)
        token = p.token
        p.fell_at, p.point, p.token = fell_at, None, None
        step.state.flags, dropped = drop_flags(step.state.flags, pid, p.fell_at)
        res = step.state.resolution
        if res is not None:
            res.hits.append((pid, res.next))
            res.outs.append((pid, res.next))
            if pid not in res.hit_now:
                res.hit_now.append(pid)
        step.emit(ev.Eliminated(pid, by, reason, token))
        for fid in dropped:
            step.emit(ev.FlagMoved("dropped", fid, pid, p.fell_at))

    def _finish_move(self, step: Step, pid: str, plan: Plan) -> Point:
        """The move of a runner eliminated after it was over (RULES 11.3): he runs it, taking and
        returning the flags on his path as usual (13.2) but hanging none (he is out before the round's
        end hangs a flag, docs/rules-decisions.md), and falls where it ends."""
        s = step.state
        p = s.players[pid]
        end = arrival(self.m, s, pid, plan)[0]
        ran = ran_to(plan, end)
        step.emit(ev.Moved(pid, plan.start, end, plan.move_length, ran))
        if s.flags:
            s.flags, news = runs_with_flags(s.flags, [(pid, p.team, ran)], s.base_row, hang=False)
            for n in news:
                step.emit(ev.FlagMoved(n.kind, n.flag, n.player, n.point))
        return end

    def _fumble(self, step: Step, pid: str) -> None:
        p = step.state.players[pid]
        roll = step.roll(tables.FUMBLE_DIE, reasons.PURPOSE_FUMBLE, pid)
        outcome = tables.fumble_outcome(roll)
        step.emit(ev.Fumble(pid, roll, outcome))
        if outcome == "technical":
            p.gun = GUN_DEAD
            # 1 boulet; one who already carries boulets (a tied shooter who dodged) keeps them
            p.boulets = max(p.boulets, tables.TECHNICAL_PROBLEM_BOULETS)
            if p.token is not None:
                step.emit(ev.TokenRemoved(pid, reasons.TOKEN_BOULETS, p.token))
                p.token = None
        elif outcome == "messy_paint":
            p.messy = True
        else:
            p.reload = True

    def _place_token(self, step: Step, e: ShotEntry, shooter: Stand, token_point: Point | None,
                     advantage: bool) -> None:
        """After every shot the shooter's token goes beside the target (RULES 10.1, 10.5): at
        ``token_point``, the shot's reading's, ``shooter`` standing as the reading reads him."""
        s = step.state
        p = s.players[e.shooter]
        if not p.on_field or p.boulets or e.kind == PREBUNK:  # a template is its own token
            return
        assert token_point is not None  # a template's shot alone has none
        target = s.players[e.target]
        pid = p.id
        for q in s.players.values():
            token = q.token
            if token is not None and token.target == pid and q.point is not None and self.m.in_lock_wedge(
                q.point, shooter.point, p.team, shooter.cover, shooter.side, token_point,
            ):
                step.emit(ev.TokenKept(pid, e.target, reasons.token_priority_lock(q.id)))
                return
        cover: str | None = None
        side: str | None = None
        if target.on_field:  # as he stands after his sequence (RoundView.static_stand), one plan read
            decl = s.declarations.get(e.target)
            if decl is None:
                cover, side = target.cover, target.side
            else:
                final = make_plan(decl, s.origins[e.target], self.m).final
                cover, side = final.cover, final.side
        side = self.m.pressed_side(token_point, target.team, cover, side,
                                   shooter.point) if cover else None
        previous = p.token
        p.token = Token(e.target, side_of(side), token_point, advantage and target.on_field)
        step.emit(ev.TokenPlaced(pid, e.target, side, p.token.advantage, previous))

    def _dump(self, step: Step, view: RoundView, e: ShotEntry) -> None:
        """Bunkering (RULES 11.7): d6 + supports + 1 outside the target's field of vision."""
        dumper = view.stand(e.shooter, e.action)
        if view.gone(e.target):
            step.emit(ev.ShotLost(e.shooter, e.target, reasons.LOST_TARGET_DEAD))
            return
        if view.running(e.target):
            step.emit(ev.ShotLost(e.shooter, e.target, reasons.LOST_RAN_OFF))
            return
        st = view.static_stand(e.target)
        if chebyshev(dumper.point, st.point) > tables.DUMP_REACH:
            step.emit(ev.ShotLost(e.shooter, e.target, reasons.LOST_OUT_OF_REACH))
            return
        roll = step.roll(tables.DUMP_DIE, reasons.purpose_dump_on(e.target), e.shooter)
        parts = [(reasons.LABEL_D6, roll)]
        if e.supports:
            parts.append((reasons.label_supports(e.supports), tables.DUMP_SUPPORT_BONUS * e.supports))
        if not view.sees(st, [dumper.point])[0]:
            parts.append((reasons.LABEL_OUTSIDE_FOV, tables.DUMP_OUTSIDE_FOV_BONUS))
        total = sum(v for _, v in parts)
        outcome = tables.dump_outcome(total)
        step.emit(ev.DumpResolved(e.shooter, e.target, roll, tuple(parts), total, outcome))
        if outcome in ("disaster", "confusion"):
            self._eliminate(step, e.shooter, e.target, reasons.dump_outcome(outcome),
                            finished_move(view, e.shooter, view.running(e.shooter)))
        if outcome in ("confusion", "clean"):  # a target who runs is out of reach (above)
            self._eliminate(step, e.target, e.shooter, reasons.dumped(outcome),
                            finished_move(view, e.target, False))


def fire_entry(player: str, fire: Fire) -> ShotEntry:
    """The resolution's entry for one shot or dump of ``player``'s sequence: its kind, its number
    among the sequence's shots (RULES 7.6), its supports and its place in the sequence. The engine
    lists a round's shots with it; the coaches and the odds read a declared shot through it."""
    kind = ShotKind.DUMP if fire.dump else ShotKind.SIMPLE
    return ShotEntry(player, fire.target, kind, max(fire.number, 0), fire.supports, fire.action)


def finished_move(view: RoundView, pid: str, running: bool) -> Plan | None:
    """``pid``'s plan when a shot that read him ``running`` (or not) hits him after his move was
    over: a runner who fires after a short move is shot at his arrival (RULES 11.3). One hit while he
    runs (a move of more than 4 points, a move with no shot after it, a template's line) falls where
    he started, and one who did not move where he stands: None."""
    plan = view.plans.get(pid)
    if running or plan is None or not plan.move_length:
        return None
    return plan


def _shot_ends(view: RoundView, e: ShotEntry) -> tuple[Stand, Point | None]:
    """What a dodged shot's end reads of its reading (the shooter's stand, where his token goes),
    without reading the whole shot again: the state is the one it was read on, the target hit."""
    if e.kind == PREBUNK:  # template_reading's shooter; a template places no token
        return view.stand(e.shooter), None
    shooter = view.stand(e.shooter, e.action)
    if view.running(e.target):
        return shooter, view.plans[e.target].end
    return shooter, view.static_stand(e.target).point


def fires_before(h: ShotEntry, s: ShotEntry) -> bool:
    """Whether the shot ``h`` fires strictly before ``s`` (RULES 11.1–11.5, 12.1), so that a hit of
    ``h`` on ``s``'s shooter cancels ``s`` (11.6). Templates fire before the break round's other
    shots, together; without a speed test every shot is simultaneous; a shooter who moved more than
    4 vulnerable points fires last; a shot **at a dumper** fires before his dump only when it beats
    it by DUMPER_EDGE (by one less it is simultaneous, and on an equal score the dumper fires first,
    B p.27); every other pair is ranked by plain score, an equal score being simultaneous (11.4, 11.5)."""
    if h.kind == PREBUNK or s.kind == PREBUNK:
        return h.kind == PREBUNK and s.kind != PREBUNK
    if h.score is None or s.score is None:
        return False
    if h.last != s.last:
        return s.last
    if s.kind == ShotKind.DUMP and h.target == s.shooter:
        return h.score - s.score >= tables.DUMPER_EDGE
    if h.kind == ShotKind.DUMP and s.target == h.shooter:
        return s.score - h.score < tables.DUMPER_EDGE - 1
    return h.score > s.score


def resolution_order(entries: list[ShotEntry]) -> tuple[list[ShotEntry], list[int]]:
    """The scored ``entries`` of a round with a speed test in the order they are resolved, and their
    simultaneous groups (RULES 11.1-11.5). Every entry comes after each entry that fires before it
    (``fires_before``: a dump after the shots **at its dumper** that beat it by DUMPER_EDGE, and after
    every other shot that beats it at all). Of the entries free to go, the first by score, a dump's
    raised by DUMPER_EDGE - 1 (as the shots at its dumper it is simultaneous with), then in
    declaration order. An entry joins the group of the entry before it unless an entry of that group
    fires before it: the entries of a group are simultaneous, a dump with the shots at its dumper
    that beat it by one less than the edge."""
    edge = tables.DUMPER_EDGE - 1

    def priority(i: int) -> tuple[bool, int]:
        e = entries[i]
        assert e.score is not None  # every shooter rolled his speed test
        return e.last, -(e.score + (edge if e.kind == ShotKind.DUMP else 0))

    after = [{j for j, h in enumerate(entries) if fires_before(h, e)} for e in entries]
    waiting = sorted(range(len(entries)), key=priority)
    order: list[int] = []
    groups: list[int] = []
    group, members = 0, set[int]()  # the group being filled
    while waiting:
        # the first free entry (in a ring of dumps at one score, which two dumpers cannot make: the first)
        k = next((k for k, i in enumerate(waiting) if not after[i].intersection(waiting)), 0)
        i = waiting.pop(k)
        if after[i] & members:  # an entry of the group fires before it: a new group
            group, members = group + 1, set()
        members.add(i)
        order.append(i)
        groups.append(group)
    return [entries[i] for i in order], groups


def _hit_before(res: Resolution, i: int) -> tuple[list[str], list[str], list[str]]:
    """The players hit so far this round, split for entry ``i``: by shots that fire before it, and by
    shots simultaneous with it (a shooter hit by those still fires, RULES 11.5); and the players put
    in the dead zone by shots simultaneous with it (a shot at them still happens, 11.5)."""
    e = res.entries[i]
    before: list[str] = []
    now: list[str] = []
    for pid, j in res.hits:
        (before if fires_before(res.entries[j], e) else now).append(pid)
    out_now = [pid for pid, j in res.outs if not fires_before(res.entries[j], e)]
    return before, now, out_now
