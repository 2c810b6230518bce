"""What a player reads: obstacles by their name and place ("cylinder at B:H6"), never a file's id,
and a declared sequence in those words. The actions' own text form (ids and all) stays the one
their parser reads back."""

from __future__ import annotations

from paintcheck.field.lattice import point_name
from paintcheck.rules.actions import Declare, Move
from paintcheck.rules.measure import Measurer


def obstacle_name(m: Measurer, obstacle_id: str | None) -> str:
    """"cylinder at B:H6" (the layout's own name when it gives one); the id if the field has none."""
    if obstacle_id is None:
        return "nothing"
    try:
        return m.obstacle(obstacle_id).name or obstacle_id
    except (KeyError, AttributeError):
        return obstacle_id


def action_words(action, m: Measurer) -> str:
    if isinstance(action, Move):
        pts = ">".join(point_name(p) for p in action.waypoints)
        where = f" to the {obstacle_name(m, action.cover)} ({action.side})" if action.cover else ""
        return f"MOV {pts}{where}"
    return str(action)


def declaration_words(decl: Declare, m: Measurer) -> str:
    """"B1 kneeling behind the lying cylinder at B:B9 (left): MOV B:A8, DEF"."""
    behind = f" behind the {obstacle_name(m, decl.cover)} ({decl.side})" if decl.cover else ""
    return f"{decl.player} {decl.posture}{behind}: " + ", ".join(action_words(a, m) for a in decl.actions)
