"""What a player reads: obstacles by their name and place ("cylinder at B:H6"), never a file's id,
and a declared sequence in those words. The actions' own text form (ids and all) stays the one
their parser reads back.

The words are ``Said`` (``paintcheck.said``): the same English strings as always, with the catalogue
key and values the window words them from in its language. Points keep the game's notation.
"""

from __future__ import annotations

from functools import lru_cache
from typing import overload

from paintcheck.field.lattice import point_name
from paintcheck.rules.actions import Action, Declare, Dump, DumpAt, Move, Shot, ShotAt, SideChange
from paintcheck.rules.measure import Measurer
from paintcheck.said import Said

POSTURE_WORDS = {p: Said(f"rules.posture.{p}") for p in ("standing", "kneeling", "prone")}
SIDE_WORDS = {s: Said(f"rules.side.{s}") for s in ("left", "right", "over")}
HEIGHT_WORDS = {h: Said(f"rules.height.{h}") for h in ("low", "medium", "high")}
NOTHING = Said("rules.obstacle.nothing")
SHOT_CHOSEN_LATER = Said("rules.action.shot_later")


def posture_word(posture: str) -> str:
    """``kneeling`` as the window says it (the posture itself when it is not one of the three)."""
    return POSTURE_WORDS.get(posture, posture)


@overload
def side_word(side: str) -> str: ...
@overload
def side_word(side: None) -> None: ...
def side_word(side: str | None) -> str | None:
    """``left`` as the window says it; no side (None) stays None."""
    return side if side is None else SIDE_WORDS.get(side, side)


def height_word(height: str) -> str:
    return HEIGHT_WORDS.get(height, height)


def obstacle_name(m: Measurer, obstacle_id: str | None) -> str:
    """"cylinder at B:H6" (the layout's own name when it gives one); the id if the field has none."""
    if obstacle_id is None:
        return NOTHING
    try:
        return m.obstacle(obstacle_id).name or obstacle_id
    except (KeyError, AttributeError):
        return obstacle_id


# the actions' codes the window words (SUP / soutien, SHOT / TIR); the points keep the game's notation
ACTION_WORDS = {code: Said(f"rules.action.{code.lower()}") for code in ("DEF", "SUP", "CLEAR", "CLEAN",
                                                                              "RELOAD")}


@lru_cache(maxsize=1024)
def _aimed(code: str, target: str) -> Said:
    """``SHOT W2``, ``DUMP W2``, ``SHOT @B:H6``, ``DUMP @B:H6``."""
    if code == "SHOT@":
        return Said("rules.action.shot_at", point=target)
    if code == "DUMP@":
        return Said("rules.action.dump_at", point=target)
    return Said(f"rules.action.{code.lower()}", target=target)


def action_words(action: Action, m: Measurer) -> str:
    if isinstance(action, Move):
        pts = ">".join(point_name(p) for p in action.waypoints)
        if not action.cover:
            return f"MOV {pts}"
        name = obstacle_name(m, action.cover)
        return Said("rules.action.move_to", points=pts,
                    obstacle=name, side=side_word(action.side))
    if isinstance(action, SideChange):
        known = action.side in SIDE_WORDS
        return Said(f"rules.action.side.{action.side}") if known else str(action)
    if isinstance(action, ShotAt):
        return SHOT_CHOSEN_LATER if action.point is None else _aimed("SHOT@", point_name(action.point))
    if isinstance(action, DumpAt):
        return _aimed("DUMP@", point_name(action.point))
    if isinstance(action, (Shot, Dump)):
        return _aimed(action.code, action.target)
    return ACTION_WORDS.get(action.code, str(action))


def dropped_words(action: Action, m: Measurer) -> str:
    """A break sheet's action as ``ActionDropped`` says it: in words (``action_words``), but a run in
    its text form (``MOV B:H6 cover=… side=…``), as the log has always written it."""
    return str(action) if isinstance(action, Move) else action_words(action, m)


LIST_MOST = 8  # actions one declaration's entry names (rules.words.declare.<n>); more are joined in the last


def joined(items: list[str]) -> str:
    """``a, b, c``: plain text when every item is, else one ``Said`` the window words item by item
    (``rules.words.list.<n>``)."""
    if all(type(item) is str for item in items):
        return ", ".join(items)
    if len(items) == 1:
        return items[0]
    if len(items) > LIST_MOST:
        items = [*items[:LIST_MOST - 1], joined(items[LIST_MOST - 1:])]
    values = {f"a{i}": item for i, item in enumerate(items)}
    return Said(f"rules.words.list.{len(items)}", **values)


def declaration_words(decl: Declare, m: Measurer) -> str:
    """"B1 kneeling behind the lying cylinder at B:B9 (left): MOV B:A8, DEF": one ``Said`` with each
    action a value (``rules.words.declare.<n>``, ``rules.words.declare_behind.<n>``, n actions)."""
    actions = [action_words(a, m) for a in decl.actions]
    if len(actions) > LIST_MOST:
        actions = [*actions[:LIST_MOST - 1], ", ".join(actions[LIST_MOST - 1:])]
    values = {f"a{i}": a for i, a in enumerate(actions)}
    n = len(actions)
    if decl.cover:
        name = obstacle_name(m, decl.cover)
        return Said(f"rules.words.declare_behind.{n}", player=decl.player, posture=posture_word(decl.posture),
                    obstacle=name, side=side_word(decl.side), **values)
    return Said(f"rules.words.declare.{n}", player=decl.player,
                posture=posture_word(decl.posture), **values)
