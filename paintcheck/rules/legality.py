"""Legality as a query: ``why_illegal(...)`` returns None or one human sentence (RULES §4–§5, §10).

The UI greys a choice and shows the sentence; the engine refuses the decision with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import suppress
from typing import Any
from weakref import WeakKeyDictionary

from paintcheck.field.lattice import Point, chebyshev
from paintcheck.rules import tables
from paintcheck.rules.actions import (
    REFLEX,
    SUPPORTABLE,
    SUPPRESSIVE,
    AssignOrders,
    Clean,
    ClearBoulet,
    Decision,
    Declare,
    Move,
    React,
    Reaction,
    Reload,
    SideChange,
    Support,
    team_of,
)
from paintcheck.rules.measure import Measurer
from paintcheck.rules.plan import Fire, Plan, make_plan
from paintcheck.rules.state import (
    DECISION_PHASE,
    DECLARE,
    DODGE,
    ORDERS,
    REACT,
    SHEETS,
    TARGET,
    MatchState,
    Player,
)
from paintcheck.rules.values import Acts, RoundView, Stand, line_of_fire_blocked, sequence_stand, stays_behind
from paintcheck.rules.views import HIDDEN
from paintcheck.rules.vocab import TEAMS, GunState, Side
from paintcheck.rules.words import obstacle_name, side_word
from paintcheck.said import Said

_REFUSALS: dict[tuple[str, tuple[tuple[str, Any], ...]], Said] = {}  # made once: the searches meet the
# same refusals again and again


def refusal(key: str, **values: Any) -> Said:
    """A refusal as data: the catalogue key ``rules.refusal.<key>`` and the values it is said with (its
    English, what the engine and the command line print, is the catalogue's). One (key, values) is
    one refusal: it is remembered (a ``Said`` costs some microseconds to make, a look-up a tenth of
    that; the legality is asked thousands of times)."""
    held = (key, tuple(values.items()))
    found = _REFUSALS.get(held)
    if found is None:
        if len(_REFUSALS) >= 8192:
            _REFUSALS.clear()
        found = _REFUSALS[held] = Said(f"rules.refusal.{key}", **values)
    return found


def _ids(ids: Iterable[str]) -> str:
    return ", ".join(ids)


def to_move(state: MatchState) -> str | None:
    """The team whose decision the engine waits for (None when the match is over)."""
    if state.phase == SHEETS:
        return next((t for t in TEAMS if t not in state.sheets), None)
    if state.phase == TARGET:
        return team_of(state.awaiting[0]) if state.awaiting else None
    if state.phase == ORDERS:
        for team in TEAMS:
            if not state.orders[team] and state.count_on_field(team):
                return team
        return None
    if state.phase == DECLARE:
        return state.speakers[len([t for t in state.speakers if state.active[t] in state.declarations])]
    if state.phase == REACT:
        return state.reactors[0] if state.reactors else None
    if state.phase == DODGE:
        res = state.resolution
        assert res is not None and res.dodge is not None  # the dodge waits in the resolution
        return team_of(res.dodge.target)
    return None


def why_illegal(state: MatchState, decision: Decision, measurer: Measurer,
                verdicts: Verdicts | None = None) -> Said | None:
    """None if the engine accepts ``decision`` now, else the reason in one sentence (the break's
    sheets and late targets are then checked by ``break_turn``). ``verdicts``: the moves and shots
    of other sequences judged on ``state`` (a coach trying several), read again instead of judged."""
    wanted = DECISION_PHASE.get(type(decision))
    if wanted is None:
        return refusal("not_a_decision", decision=repr(decision))
    if state.phase != wanted:
        return refusal(f"waiting.{state.phase}",
                       wanted=refusal(f"phase.{wanted}"))
    team = decision.team
    who = to_move(state)
    if team != who:
        if who not in TEAMS:
            return refusal("not_anyones_turn", who=str(who), team=team)
        if team in TEAMS:
            return refusal(f"not_your_turn.{who}")
        return refusal(f"not_your_turn_other.{who}", team=team)  # a team of neither side
    if isinstance(decision, AssignOrders):
        return why_orders_illegal(state, decision)
    if isinstance(decision, Declare):
        return why_declaration_illegal(state, decision, measurer, verdicts)
    if isinstance(decision, React):
        return why_reactions_illegal(state, decision, measurer)
    return None


def why_orders_illegal(state: MatchState, decision: AssignOrders) -> Said | None:
    players = {p.id for p in state.team_players(decision.team)}
    given = dict(decision.orders)
    if len(given) != len(decision.orders):
        return refusal("two_tokens")
    if set(given) != players:
        missing = sorted(players - set(given))
        extra = sorted(set(given) - players)
        if missing:
            return refusal("token_missing", players=_ids(missing))
        return refusal("not_your_player",
                       players=_ids(extra))
    tokens = list(given.values())
    if any(t not in tables.ORDER_TOKENS for t in tokens):
        return refusal("token_numbers")
    if len(set(tokens)) != len(tokens):
        return refusal("token_once")
    return None


def why_sealed_orders_illegal(state: MatchState, decision: AssignOrders, measurer: Measurer) -> Said | None:
    """The other side's orders on a networked table, laid face down: every one of its players on the
    field holds a token (``HIDDEN``); which one, the reveals will say (``paintcheck.net.sealed``)."""
    if state.phase != ORDERS or to_move(state) != decision.team:
        return why_illegal(state, decision, measurer)  # not now, or not his turn
    if any(token != HIDDEN for _pid, token in decision.orders):
        return refusal("token_numbers")
    numbered = tuple((pid, n) for n, (pid, _token) in enumerate(decision.orders, 1))  # which ones, not how
    return why_orders_illegal(state, AssignOrders(decision.team, numbered))


class Verdicts:
    """Legality's verdicts on the moves and shots of the sequences judged on one state: each is
    judged once, keyed by everything it reads of the sequence (the state is the same for all). A
    coach trying many sequences for one decision keeps one and hands it to ``why_illegal``.

    A shot's reach reads the round without the sequence: it reads the target's plan and the
    shooter's stand (given), never the shooter's own plan, and the target is an enemy."""

    def __init__(self, state: MatchState, m: Measurer) -> None:
        self.state = state
        self.m = m
        self._moves: dict[tuple[str, tuple[Point, ...], str | None, str | None], Said | None] = {}
        self._reach: dict[tuple[Stand, str], Said | None] = {}
        self._view: RoundView | None = None

    @property
    def view(self) -> RoundView:
        """The round as it stands, without the sequence being judged: what the targets do."""
        if self._view is None:
            self._view = RoundView(self.state, self.m)
        return self._view

    def move(self, pid: str, move: Move) -> Said | None:
        key = (pid, move.waypoints, move.cover, move.side)
        try:
            return self._moves[key]
        except KeyError:
            found = self._moves[key] = why_move_illegal(self.state, pid, move, self.m)
            return found

    def reach(self, shooter: Stand, target: str) -> Said | None:
        """``why_target_unreachable`` (word "shoot") for a shooter standing as ``shooter``."""
        key = (shooter, target)
        try:
            return self._reach[key]
        except KeyError:
            found = self._reach[key] = why_target_unreachable(self.view, shooter, target)
            return found


def why_declaration_illegal(state: MatchState, decl: Declare, m: Measurer,
                            verdicts: Verdicts | None = None) -> Said | None:
    if verdicts is None or verdicts.state is not state or verdicts.m is not m:
        verdicts = Verdicts(state, m)
    team = decl.team
    if state.active.get(team) != decl.player:
        return refusal("not_activated", player=decl.player, active=str(state.active.get(team)))
    p = state.players[decl.player]
    assert p.point is not None  # the activated player stands on the field
    if decl.posture not in tables.POSTURES:
        return refusal("posture",
                       posture=repr(decl.posture))
    reason = why_start_stance_illegal(state, m, decl.player, decl.cover, decl.side)
    if reason:
        return reason
    actions = decl.actions
    if p.boulets:
        head = actions[: p.boulets]
        if len(head) < p.boulets or not all(isinstance(a, ClearBoulet) for a in head):
            return refusal("clear_first", player=p.id, count=p.boulets)
    if sum(isinstance(a, ClearBoulet) for a in actions) > p.boulets:
        return refusal("clear_extra")
    if sum(isinstance(a, Move) for a in actions) > 1:
        return refusal("one_move")
    for i, a in enumerate(actions):
        if isinstance(a, Support) and (i == 0 or not isinstance(actions[i - 1], SUPPORTABLE)):
            return refusal("support_follows")
        if isinstance(a, Clean) and not p.messy:
            return refusal("clean")
        if isinstance(a, Reload) and not p.reload:
            return refusal("reload")
    for a in actions:
        if isinstance(a, Move):
            reason = verdicts.move(decl.player, a)
            if reason:
                return reason
    plan = make_plan(decl, p.point, m)
    if plan.cost > tables.ACTION_POINTS:
        return refusal("cost", cost=plan.cost, points=tables.ACTION_POINTS)
    targets = [f.target for f in plan.fires if not f.dump]
    if len(set(targets)) != len(targets):
        return refusal("one_shot_per_target")
    for i, a in enumerate(actions):
        if isinstance(a, SideChange):
            st = plan.stance_at(i)
            if st.cover is None or not m.obstacle(st.cover).narrow:
                return refusal("side_narrow")
            reason = why_stance_illegal(m, st.point, st.cover, a.side)
            if reason:
                return reason
            if a.side == st.side:
                return refusal("side_same", side=side_word(a.side))
    for f in plan.fires:
        reason = why_fire_illegal(state, verdicts, decl, plan, f)
        if reason:
            return reason
    return None


def not_an_enemy(pid: str) -> Said:
    return refusal("not_an_enemy", player=pid)


def why_stance_illegal(m: Measurer, point: Point, cover: str | None, side: str | None) -> Said | None:
    covers = m.covers(point)
    if cover is None:
        if covers:
            name = obstacle_name(m, covers[0])
            return refusal("which_cover",
                           obstacle=name)
        return None if side is None else refusal("no_side")
    if cover not in covers:
        name = obstacle_name(m, cover)
        return refusal("cover_not_next", obstacle=name)
    if side not in tables.SIDES:
        return refusal("which_side")
    if side == Side.OVER and not m.obstacle(cover).overable:
        name = obstacle_name(m, cover)
        return refusal("too_high", obstacle=name)
    return None


def why_start_stance_illegal(state: MatchState, m: Measurer, pid: str, cover: str | None,
                             side: str | None) -> Said | None:
    """The cover and side the activated ``pid`` declares at his sequence's start (RULES 3.2, 3.3,
    5.1): a stance he may take where he stands, and behind the cover he already has, the side he
    already plays. His side persists between activations: another one behind the same cover is a
    side change (an action, behind an obstacle at most 1 point wide [B p.16]); another adjacent
    cover, or a first side, is chosen freely (docs/rules-decisions.md, "Side played")."""
    p = state.players[pid]
    assert p.point is not None  # the activated player stands on the field
    reason = why_stance_illegal(m, p.point, cover, side)
    if reason or p.side is None or cover is None or cover != p.cover or side == p.side:
        return reason
    return refusal("side_kept", side=side_word(p.side))


def start_stances(state: MatchState, m: Measurer, pid: str) -> tuple[tuple[str | None, Side | None], ...]:
    """The (cover, side) stances ``pid`` may declare at his activation's start
    (``why_start_stance_illegal``), covers in the measurer's order, sides in ``tables.SIDES``'
    order; ``((None, None),)`` behind nothing."""
    p = state.players[pid]
    assert p.point is not None  # the activated player stands on the field
    covers = m.covers(p.point)
    if not covers:
        return ((None, None),)
    return tuple((c, s) for c in covers for s in tables.SIDES
                 if why_start_stance_illegal(state, m, pid, c, s) is None)


def why_move_illegal(state: MatchState, pid: str, move: Move, m: Measurer) -> Said | None:
    p = state.players[pid]
    assert p.point is not None  # the mover stands on the field
    if not move.waypoints:
        return refusal("move_arrival")
    for w in move.waypoints:
        if not m.on_field(w):
            return refusal("move_off_field")
    path = m.path(p.point, move.waypoints)
    length = len(path) - 1
    if length < 1:
        return refusal("move_nowhere")
    if length > tables.MAX_MOVE:
        return refusal("move_long",
                       most=tables.MAX_MOVE, length=length)
    standing: dict[Point, Player] = {}  # who stands on each point (``state.occupant``: the first in order)
    for q in state.players.values():
        if q.point is not None:
            standing.setdefault(q.point, q)
    for pt in path[1:]:
        if m.blocked(pt):
            where = state.lattice.format(pt, p.team)
            return refusal("move_through_obstacle",
                           point=where)
        there = standing.get(pt)
        if there is not None and there.id != pid:
            return refusal("move_through_player",
                           player=there.id)
    end = path[-1]
    if m.obstacle_at(end) is not None:
        return refusal("move_end_obstacle")
    for other, decl in state.declarations.items():
        for a in decl.actions:
            if isinstance(a, Move) and other != pid and a.end == end:
                return refusal("move_taken", player=other)
    return why_stance_illegal(m, end, move.cover, move.side)


def why_fire_illegal(state: MatchState, verdicts: Verdicts, decl: Declare, plan: Plan,
                     fire: Fire) -> Said | None:
    """A shot or dump of ``decl`` (read as ``plan``), with the shooter where he stands at it."""
    p = state.players[decl.player]
    target = state.players.get(fire.target)
    if target is None or not target.on_field or target.team == p.team:
        return not_an_enemy(fire.target)
    if p.gun != GunState.OK:
        return refusal("gun_dead")
    if p.reload and not fire.reloaded:
        return refusal("must_reload")
    # a shooter hit in the group being resolved still fires with it (RULES 11.5), as RoundView reads
    tied = state.resolution is not None and decl.player in state.resolution.hit_now
    shooter = sequence_stand(p, plan, decl.posture, fire.action, tied)
    if fire.dump:
        st = verdicts.view.static_stand(fire.target)
        if chebyshev(shooter.point, st.point) > tables.DUMP_REACH:
            return refusal("dump_reach",
                           reach=tables.DUMP_REACH)
        return None
    return verdicts.reach(shooter, fire.target)


def why_target_unreachable(view: RoundView, shooter: Stand, target: str, word: str = "shoot") -> Said | None:
    """Field of vision and line of fire to a static target, or vulnerable points of a runner."""
    if shooter.blind:
        return refusal("blind")
    if view.running(target):
        if not view.vulnerable_points(shooter, target):
            return refusal("no_point_of_run", target=target)
        return None
    st = view.static_stand(target)
    if not view.sees(shooter, [st.point])[0]:
        return refusal("out_of_sight", target=target)
    ignore = tuple(c for c in (shooter.cover, st.cover) if c)
    (touches,) = view.m.lines_of_fire(shooter.point, [st.point], ignore)
    if line_of_fire_blocked(shooter.posture, touches):
        _, parts = view.line_modifier(shooter, touches)
        return refusal(f"line_impossible.{word}", target=target, label=parts[0][0])
    return None


# -- reactions ---------------------------------------------------------------------------------------
def fires_or_moves(state: MatchState, view: RoundView, pid: str) -> Acts:
    """What ``pid`` does this round that an enemy could react to:
    (the sides he shoots from, the points he shoots from, his move path or None). Read once per
    view of ``state`` (every candidate reaction against him asks it)."""
    known = view.acts if state is view.state else {}
    found = known.get(pid)
    if found is None:
        found = known[pid] = _fires_or_moves(state, view, pid)
    return found


def _fires_or_moves(state: MatchState, view: RoundView, pid: str) -> Acts:
    plan = view.plans.get(pid)
    if plan is not None:
        stances = [plan.stance_at(f.action) for f in plan.fires]
        return frozenset(s.side for s in stances), tuple(s.point for s in stances), plan.path
    for r in state.reactions:
        if r.player == pid:
            p = state.players[pid]
            assert p.point is not None  # a reactor stands on the field
            return frozenset((p.side,)), (p.point,), None
    return frozenset(), (), None


def why_reaction_illegal(state: MatchState, r: Reaction, m: Measurer, view: RoundView | None = None,
                         taken: tuple[Reaction, ...] = ()) -> Said | None:
    return why_reactor_cannot(state, r.player, r.kind, taken) or _why_not_at(
        state, r, m, view or RoundView(state, m))


def why_reactor_cannot(state: MatchState, pid: str, kind: str,
                       taken: tuple[Reaction, ...] = ()) -> Said | None:
    """What keeps ``pid`` from any reaction of ``kind`` this round, whoever its target, ``taken``
    (reactions chosen with it) counted: the first part of ``why_reaction_illegal``."""
    p = state.players.get(pid)
    if p is None or not p.on_field:
        return refusal("not_on_field", player=pid)
    if pid in state.active.values():
        return refusal("react_activated",
                       player=pid)
    reason = _why_over_limit(state, pid, kind, taken)
    if reason:
        return reason
    if p.boulets:
        return refusal("react_boulets", player=pid)
    if p.gun != GunState.OK:
        return refusal("react_gun_dead", player=pid)
    if p.reload:
        return refusal("react_reload", player=pid)
    return None


def _why_not_at(state: MatchState, r: Reaction, m: Measurer, view: RoundView) -> Said | None:
    """The rest of ``why_reaction_illegal``: his target, what the target does, and the reaction's
    kind, for a reactor ``why_reactor_cannot`` lets react."""
    p = state.players[r.player]
    assert p.point is not None  # ``why_reactor_cannot``: he stands on the field
    target = state.players.get(r.target)
    if target is None or not target.on_field or target.team == p.team:
        return not_an_enemy(r.target)
    sides, shot_points, path = fires_or_moves(state, view, r.target)
    if not shot_points and not path:
        return refusal("target_idle", target=r.target)
    if r.kind == REFLEX:
        if p.def_count > tables.REFLEX_MAX_DEF:
            return refusal("reflex_def", player=r.player, count=p.def_count,
                           most=tables.REFLEX_MAX_DEF)
        run = path or ()  # his move's points (none without a move)
        moves_openly = bool(run) and not m.safe_move(run, target.team, p.point)
        shows = [*shot_points, *(run[1:] if moves_openly else ())]
        if not any(view.sees(view.stand(r.player), shows)):
            return refusal("reflex_unseen", player=r.player, target=r.target)
    elif r.kind == SUPPRESSIVE:
        token = p.token
        if token is None or token.target != r.target:
            return refusal("no_token", player=r.player,
                           target=r.target)
        from_pressed = bool(shot_points) and (token.side is None or token.side in sides)
        if not (from_pressed or (path and not stays_behind(m, path, target.cover,
                                                           view.plans[r.target].final.cover))):
            return refusal("not_pressed_side", target=r.target,
                           side=side_word(token.side))
    else:
        return refusal("reaction_kind",
                       kind=repr(r.kind))
    return why_target_unreachable(view, view.stand(r.player), r.target)


def why_reaction_over_limit(state: MatchState, r: Reaction, taken: tuple[Reaction, ...] = ()) -> Said | None:
    """Whether ``r`` passes the round's limits on its player's reactions, ``taken`` (reactions
    chosen with it) counted: the only part of ``why_reaction_illegal`` that ``taken`` changes."""
    return _why_over_limit(state, r.player, r.kind, taken)


def _why_over_limit(state: MatchState, pid: str, kind: str, taken: tuple[Reaction, ...]) -> Said | None:
    his = [x for x in (*state.reactions, *taken) if x.player == pid] if state.reactions or taken else ()
    if kind == REFLEX and sum(x.kind == REFLEX for x in his) >= tables.REFLEXES_PER_ROUND:
        return refusal("reflex_once", player=pid)
    if len(his) >= tables.REACTIONS_PER_ROUND:
        return refusal("react_once", player=pid)
    return None


def why_reactions_illegal(state: MatchState, decision: React, m: Measurer) -> Said | None:
    view = RoundView(state, m)
    taken: list[Reaction] = []
    for r in decision.reactions:
        if team_of(r.player) != decision.team:
            return refusal(f"not_team_player.{decision.team}", player=r.player)
        reason = why_reaction_illegal(state, r, m, view, tuple(taken))
        if reason:
            return reason
        taken.append(r)
    return None


Judged = tuple[Reaction, str | None]  # a candidate reaction, with None (allowed) or why not


def _candidate_reactions(state: MatchState, team: str) -> Iterator[Reaction]:
    """Each player of ``team`` on the field against each enemy who acts this round (activated, or
    reacting): a reflex, and a suppressive shot when his token lies on that enemy."""
    players = state.players
    acting = [*state.active.values(), *(r.player for r in state.reactions)]
    enemies = [pid for pid in dict.fromkeys(acting)
               if players[pid].point is not None and players[pid].team != team]  # on the field
    if not enemies:
        return
    for pid, p in players.items():  # keyed by id, in the players' order
        if p.team != team or p.point is None:
            continue
        token = p.token
        for target in enemies:
            yield Reaction(pid, REFLEX, target)
            if token is not None and token.target == target:
                yield Reaction(pid, SUPPRESSIVE, target)


def _judged(state: MatchState, team: str, m: Measurer, known: Sequence[Judged] = ()) -> Iterator[Judged]:
    """Each candidate reaction of ``team`` with None (allowed) or why not, judged as they are asked
    (``known``: the first ones, judged already): what keeps a reactor from reacting is judged once
    for all his targets."""
    view: RoundView | None = None  # made when a reactor can react
    reactor: dict[tuple[str, str], str | None] = {}
    for i, r in enumerate(_candidate_reactions(state, team)):
        if i < len(known):
            yield known[i]
            continue
        key = (r.player, r.kind)
        if key in reactor:
            reason = reactor[key]
        else:
            reason = reactor[key] = why_reactor_cannot(state, r.player, r.kind)
        if reason is None:
            if view is None:
                view = RoundView(state, m)
            reason = _why_not_at(state, r, m, view)
        yield r, reason


# The reactions the engine judged before it waited for a coach: the engine returns that state as it
# is, never to change it again, and the coach asks for the reactions on it or on a view of it, which
# shares the parts a reaction's judgement reads (views.view). Per measurer: (team, those parts, the
# candidates judged so far, in order).
_WAITING: WeakKeyDictionary[Measurer, tuple[str, tuple[object, ...], list[Judged]]] = WeakKeyDictionary()


def _read_parts(state: MatchState) -> tuple[object, ...]:
    """What judging a reaction reads of ``state``: the very objects (a state changed is a copy)."""
    return (state.players, state.reactions, state.declarations, state.origins, state.active,
            state.resolution)


def _waiting(state: MatchState, team: str, m: Measurer) -> list[Judged] | None:
    try:
        found = _WAITING.get(m)
    except TypeError:  # a measurer that cannot be referred to weakly
        return None
    if found is None or found[0] != team:
        return None
    if not all(a is b for a, b in zip(found[1], _read_parts(state), strict=True)):
        return None
    return found[2]


def reaction_options(state: MatchState, team: str, m: Measurer) -> list[Judged]:
    """Every reaction a coach could consider, each with None (allowed) or why not; those the engine
    judged before waiting for this coach are read, not judged again."""
    known = _waiting(state, team, m)
    if known is None:
        return list(_judged(state, team, m))
    known[:] = _judged(state, team, m, tuple(known))  # the rest judged once, for every asking
    return list(known)


def can_react(state: MatchState, team: str, m: Measurer) -> bool:
    """Some player of ``team`` has a legal reaction now. Then the engine waits for that coach and
    returns ``state`` as it is: the candidates judged so far are kept for ``reaction_options``."""
    judged: list[Judged] = []
    for pair in _judged(state, team, m):
        judged.append(pair)
        if pair[1] is None:
            with suppress(TypeError):  # a measurer that cannot be referred to weakly: nothing kept
                _WAITING[m] = (team, _read_parts(state), judged)
            return True
    return False
