"""Legality as a query: ``why_illegal(...)`` returns None or one human sentence (RULES §4–§5, §10).

The UI greys a choice and shows the sentence; the engine refuses the decision with it.
"""

from __future__ import annotations

from paintcheck.field.lattice import chebyshev
from paintcheck.rules import tables
from paintcheck.rules.actions import (
    REFLEX,
    SUPPORTABLE,
    SUPPRESSIVE,
    AssignOrders,
    BreakSheet,
    ChooseTarget,
    Clean,
    ClearBoulet,
    Declare,
    Dodge,
    Move,
    React,
    Reaction,
    Reload,
    SideChange,
    Support,
    team_of,
)
from paintcheck.rules.measure import Measurer
from paintcheck.rules.plan import make_plan
from paintcheck.rules.state import DECLARE, DODGE, ORDERS, REACT, SHEETS, TARGET, MatchState
from paintcheck.rules.values import RoundView, Stand, line_of_fire_blocked, with_declaration
from paintcheck.rules.words import obstacle_name


def to_move(state: MatchState) -> str | None:
    """The team whose decision the engine waits for (None when the match is over)."""
    if state.phase == SHEETS:
        return next((t for t in ("blue", "white") if t not in state.sheets), None)
    if state.phase == TARGET:
        return team_of(state.awaiting[0]) if state.awaiting else None
    if state.phase == ORDERS:
        for team in ("blue", "white"):
            if not state.orders[team] and state.count_on_field(team):
                return team
        return None
    if state.phase == DECLARE:
        return state.speakers[len([t for t in state.speakers if state.active[t] in state.declarations])]
    if state.phase == REACT:
        return state.reactors[0] if state.reactors else None
    if state.phase == DODGE:
        return team_of(state.resolution.dodge["target"])
    return None


def why_illegal(state: MatchState, decision, measurer: Measurer) -> str | None:
    """None if the engine accepts ``decision`` now, else the reason in one sentence (the break's
    sheets and late targets are then checked by ``break_turn``)."""
    phase_of = {AssignOrders: ORDERS, Declare: DECLARE, React: REACT, Dodge: DODGE,
                BreakSheet: SHEETS, ChooseTarget: TARGET}
    wanted = phase_of.get(type(decision))
    if wanted is None:
        return f"{decision!r} is not a decision"
    if state.phase != wanted:
        return f"the match is waiting for {state.phase}, not {wanted}"
    team = decision.team
    if team != to_move(state):
        return f"it is {to_move(state)}'s turn to decide, not {team}'s"
    if isinstance(decision, AssignOrders):
        return why_orders_illegal(state, decision)
    if isinstance(decision, Declare):
        return why_declaration_illegal(state, decision, measurer)
    if isinstance(decision, React):
        return why_reactions_illegal(state, decision, measurer)
    return None


def why_orders_illegal(state: MatchState, decision: AssignOrders) -> str | None:
    players = {p.id for p in state.team_players(decision.team)}
    given = dict(decision.orders)
    if len(given) != len(decision.orders):
        return "a player is given two order tokens"
    if set(given) != players:
        missing = sorted(players - set(given))
        extra = sorted(set(given) - players)
        if missing:
            return f"every player on the field needs an order token: {', '.join(missing)} has none"
        return f"{', '.join(extra)} is not one of your players on the field"
    tokens = list(given.values())
    if any(t not in tables.ORDER_TOKENS for t in tokens):
        return "order tokens are numbered 1 to 5"
    if len(set(tokens)) != len(tokens):
        return "each order token can be given once"
    return None


def why_declaration_illegal(state: MatchState, decl: Declare, m: Measurer) -> str | None:
    team = decl.team
    if state.active.get(team) != decl.player:
        return f"{decl.player} is not the activated player (it is {state.active.get(team)})"
    p = state.players[decl.player]
    if decl.posture not in tables.POSTURES:
        return f"posture is standing, kneeling or prone, not {decl.posture!r}"
    reason = why_stance_illegal(m, p.point, decl.cover, decl.side)
    if reason:
        return reason
    actions = decl.actions
    if p.boulets:
        head = actions[: p.boulets]
        if len(head) < p.boulets or not all(isinstance(a, ClearBoulet) for a in head):
            return f"{p.id} carries {p.boulets} boulet(s): his first {p.boulets} action(s) must clear them"
    if sum(isinstance(a, ClearBoulet) for a in actions) > p.boulets:
        return "only boulets he carries can be cleared"
    if sum(isinstance(a, Move) for a in actions) > 1:
        return "one move per activation"
    for i, a in enumerate(actions):
        if isinstance(a, Support) and (i == 0 or actions[i - 1].code not in SUPPORTABLE + ("SUP",)):
            return "a support follows a DEF, MOV, SHOT or DUMP (or another support)"
        if isinstance(a, Clean) and not p.messy:
            return "only messy paint needs cleaning"
        if isinstance(a, Reload) and not p.reload:
            return "his marker does not need reloading"
    for a in actions:
        if isinstance(a, Move):
            reason = why_move_illegal(state, decl.player, a, m)
            if reason:
                return reason
    plan = make_plan(decl, p.point, m)
    if plan.cost > tables.ACTION_POINTS:
        return f"the sequence costs {plan.cost} action points; a player has {tables.ACTION_POINTS}"
    targets = [f.target for f in plan.fires if not f.dump]
    if len(set(targets)) != len(targets):
        return "one shot per target per activation"
    for i, a in enumerate(actions):
        if isinstance(a, SideChange):
            st = plan.stance_at(i)
            if st.cover is None or not m.obstacle(st.cover).narrow:
                return "a side change needs an obstacle at most 1 point wide"
            reason = why_stance_illegal(m, st.point, st.cover, a.side)
            if reason:
                return reason
            if a.side == st.side:
                return f"he already plays {a.side}"
    view = RoundView(with_declaration(state, decl), m)
    for f in plan.fires:
        reason = why_fire_illegal(state, view, decl, f)
        if reason:
            return reason
    return None


def why_stance_illegal(m: Measurer, point, cover: str | None, side: str | None) -> str | None:
    covers = m.covers(point)
    if cover is None:
        if covers:
            return f"he stands behind the {obstacle_name(m, covers[0])}: say which cover he uses"
        return None if side is None else "a player behind nothing plays no side"
    if cover not in covers:
        return f"the {obstacle_name(m, cover)} is not next to him"
    if side not in tables.SIDES:
        return "say which side he plays: left, right or over"
    if side == "over" and not m.obstacle(cover).overable:
        return f"the {obstacle_name(m, cover)} is too high to play over"
    return None


def why_move_illegal(state: MatchState, pid: str, move: Move, m: Measurer) -> str | None:
    p = state.players[pid]
    if not move.waypoints:
        return "a move needs at least its arrival point"
    for w in move.waypoints:
        if not m.on_field(w):
            return "a point of the move is off the field"
    path = m.path(p.point, move.waypoints)
    length = len(path) - 1
    if length < 1:
        return "a move goes somewhere"
    if length > tables.MAX_MOVE:
        return f"a move is at most {tables.MAX_MOVE} points; this one is {length}"
    for pt in path[1:]:
        if m.blocked(pt):
            return f"the move passes through an obstacle at {state.lattice.format(pt, p.team)}"
        q = state.occupant(pt)
        if q is not None and q.id != pid:
            return f"the move passes through {q.id}'s point"
    end = path[-1]
    if m.obstacle_at(end) is not None:
        return "a move cannot end on an obstacle"
    for other, decl in state.declarations.items():
        for a in decl.actions:
            if isinstance(a, Move) and other != pid and a.end == end:
                return f"{other} already runs to that point"
    return why_stance_illegal(m, end, move.cover, move.side)


def why_fire_illegal(state: MatchState, view: RoundView, decl: Declare, fire) -> str | None:
    p = state.players[decl.player]
    target = state.players.get(fire.target)
    word = "dump" if fire.dump else "shoot"
    if target is None or not target.on_field or target.team == p.team:
        return f"{fire.target} is not an enemy on the field"
    if p.gun != "ok":
        return "his gun is dead: no shooting"
    if p.reload and not fire.reloaded:
        return "he must reload (2 actions) before he can shoot"
    shooter = view.stand(decl.player, fire.action)
    if fire.dump:
        st = view.static_stand(fire.target)
        if chebyshev(shooter.point, st.point) > tables.DUMP_REACH:
            return f"a dump reaches an enemy within {tables.DUMP_REACH} points"
        return None
    return why_target_unreachable(view, shooter, fire.target, word)


def why_target_unreachable(view: RoundView, shooter: Stand, target: str, word: str = "shoot") -> str | None:
    """Field of vision and line of fire to a static target, or vulnerable points of a runner."""
    if shooter.blind:
        return "a player carrying boulets has no field of vision"
    if view.running(target):
        if not view.vulnerable_points(shooter, target):
            return f"he sees no point of {target}'s run"
        return None
    st = view.static_stand(target)
    if not view.sees(shooter, [st.point])[0]:
        return f"{target} is out of his field of vision"
    ignore = tuple(c for c in (shooter.cover, st.cover) if c)
    (touches,) = view.m.lines_of_fire(shooter.point, [st.point], ignore)
    if line_of_fire_blocked(shooter.posture, touches):
        _, parts = view.line_modifier(shooter, touches)
        return f"he cannot {word} {target}: line of fire impossible ({parts[0][0]})"
    return None


# -- reactions ---------------------------------------------------------------------------------------
def fires_or_moves(state: MatchState, view: RoundView, pid: str):
    """What ``pid`` does this round that an enemy could react to:
    (the sides he shoots from, the points he shoots from, his move path or None)."""
    plan = view.plans.get(pid)
    if plan is not None:
        stances = [plan.stance_at(f.action) for f in plan.fires]
        return {s.side for s in stances}, [s.point for s in stances], plan.path
    for r in state.reactions:
        if r.player == pid:
            p = state.players[pid]
            return {p.side}, [p.point], None
    return set(), [], None


def why_reaction_illegal(state: MatchState, r: Reaction, m: Measurer, view: RoundView | None = None,
                         taken: tuple[Reaction, ...] = ()) -> str | None:
    view = view or RoundView(state, m)
    p = state.players.get(r.player)
    if p is None or not p.on_field:
        return f"{r.player} is not on the field"
    if r.player in state.active.values():
        return f"{r.player} is activated this round: he acts by his sequence"
    his = [x for x in (*state.reactions, *taken) if x.player == r.player]
    if r.kind == REFLEX and sum(x.kind == REFLEX for x in his) >= tables.REFLEXES_PER_ROUND:
        return f"{r.player} already fires his reflex shot this round"
    if len(his) >= tables.REACTIONS_PER_ROUND:
        return f"{r.player} already reacts this round"
    if p.boulets:
        return f"{r.player} carries boulets: no field of vision, no interactive fire"
    if p.gun != "ok":
        return f"{r.player}'s gun is dead"
    if p.reload:
        return f"{r.player} must reload first"
    target = state.players.get(r.target)
    if target is None or not target.on_field or target.team == p.team:
        return f"{r.target} is not an enemy on the field"
    sides, shot_points, path = fires_or_moves(state, view, r.target)
    if not shot_points and not path:
        return f"{r.target} neither shoots nor moves this round"
    moves_openly = bool(path) and not m.safe_move(path, target.team, p.point)
    if r.kind == REFLEX:
        if p.def_count > tables.REFLEX_MAX_DEF:
            return f"{r.player} has DEF {p.def_count}: a reflex needs DEF {tables.REFLEX_MAX_DEF} or less"
        shows = shot_points + (list(path[1:]) if moves_openly else [])
        if not any(view.sees(view.stand(r.player), shows)):
            return f"{r.player} does not see {r.target} shoot or move in his field of vision"
    elif r.kind == SUPPRESSIVE:
        token = p.token
        if token is None or token.target != r.target:
            return f"{r.player} has no suppressive token on {r.target}"
        from_pressed = bool(shot_points) and (token.side is None or token.side in sides)
        if not (from_pressed or moves_openly):
            return f"{r.target} neither shoots from the pressed side ({token.side}) nor moves"
    else:
        return f"a reaction is reflex or suppressive, not {r.kind!r}"
    return why_target_unreachable(view, view.stand(r.player), r.target)


def why_reactions_illegal(state: MatchState, decision: React, m: Measurer) -> str | None:
    view = RoundView(state, m)
    taken: list[Reaction] = []
    for r in decision.reactions:
        if team_of(r.player) != decision.team:
            return f"{r.player} is not one of {decision.team}'s players"
        reason = why_reaction_illegal(state, r, m, view, tuple(taken))
        if reason:
            return reason
        taken.append(r)
    return None


def _candidate_reactions(state: MatchState, team: str):
    """Each player of ``team`` against each enemy who acts this round (activated, or reacting)."""
    acting = [*state.active.values(), *(r.player for r in state.reactions)]
    enemies = [pid for pid in dict.fromkeys(acting)
               if state.players[pid].on_field and state.players[pid].team != team]
    for p in state.team_players(team):
        for target in enemies:
            for kind in (REFLEX, SUPPRESSIVE):
                if kind == SUPPRESSIVE and (p.token is None or p.token.target != target):
                    continue
                yield Reaction(p.id, kind, target)


def reaction_options(state: MatchState, team: str, m: Measurer) -> list[tuple[Reaction, str | None]]:
    """Every reaction a coach could consider, each with None (allowed) or why not."""
    view = RoundView(state, m)
    return [(r, why_reaction_illegal(state, r, m, view)) for r in _candidate_reactions(state, team)]


def can_react(state: MatchState, team: str, m: Measurer) -> bool:
    """Some player of ``team`` has a legal reaction now."""
    view = RoundView(state, m)
    return any(why_reaction_illegal(state, r, m, view) is None for r in _candidate_reactions(state, team))
