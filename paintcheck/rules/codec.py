"""Decisions and saved matches as JSON data.

A saved match is its dice (a seed, or for a match played at the window the rolls made, drawn from
fresh entropy: a save reveals no roll to come), its layout (the whole layout, so it replays even if
the file changes) and its decisions in order: replaying them through the engine with those dice
gives the same match, event for event (``replay``). Files are written to a temporary file and
renamed, so a crash while saving never loses the old save; a damaged file raises ``CodecError``
with one line.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

from paintcheck.field.json_file import JsonFileError, read_json
from paintcheck.rules.actions import (
    Action,
    AssignOrders,
    BreakSheet,
    ChooseTarget,
    Clean,
    ClearBoulet,
    Decision,
    Declare,
    Def,
    Dodge,
    Dump,
    DumpAt,
    Move,
    React,
    Reaction,
    Reload,
    SheetLine,
    Shot,
    ShotAt,
    SideChange,
    Support,
)
from paintcheck.rules.dice import Dice, RecordedDice
from paintcheck.said import Said
from paintcheck.seam.files import MAX_RECORD_BYTES, save_record
from paintcheck.seam.game import RecordError

MATCH_FORMAT = "paintcheck-match/2"  # /2: the review's branches (docs/save-format.md)
MATCH_FORMATS = ("paintcheck-match/1", MATCH_FORMAT)  # every format still read
BRANCH_DICE = ("same", "fresh", "odds")  # a branch's dice: same luck, fresh rolls, odds only
MAIN_LINE = "main"
MAX_SAVE_BYTES = MAX_RECORD_BYTES  # a whole match is a few hundred kilobytes; refuse more unread
START_DEFAULT_TURN2 = "default-turn2"  # turn 2 from the default position of rules.setup
START_BREAK = "break"  # turn 1: the break, from the sheets
STARTS = (START_DEFAULT_TURN2, START_BREAK)


class CodecError(RecordError):
    """Data that is not a decision or a saved match; the message names the entry. The message is a
    ``Said`` (``rules.codec.*``): the window words it in its language from ``args[0]``."""

    @property
    def problem(self) -> str:
        """What is wrong, without the file's name (a ``Said`` when the message is one)."""
        said = self.args[0] if self.args else ""
        if isinstance(said, Said) and said.key == "rules.codec.line":
            problem = said.values["problem"]
            return problem if isinstance(problem, str) else str(problem)
        return str(said) if not isinstance(said, str) else said


def said(key: str, **values: Any) -> Said:
    """What is wrong with a save, as data: the key ``rules.codec.<key>`` and its values."""
    return Said(f"rules.codec.{key}", **values)


def in_file(source: str, problem: str) -> Said:
    """``<file>: <problem>``, the file named first."""
    return said("line", source=source, problem=problem)


def does_not_replay(source: object, exc: Exception) -> CodecError:
    """A save the engine refuses to replay (a layout or a decision it refuses): ``exc``'s own words
    inside (worded by the window when they are a ``Said``)."""
    error = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)
    return CodecError(in_file(str(source), said("does_not_replay",
                                                error=error)))


def not_a_match() -> Said:
    """A file that is not a saved match at all (the saves list says it too)."""
    return said("not_a_match", format=MATCH_FORMAT)


def no_layout() -> Said:
    """A saved match without its field (the saves list says it)."""
    return said("no_layout")


_SIMPLE: dict[str, type[Def | Support | ClearBoulet | Clean | Reload]] = {
    "DEF": Def, "SUP": Support, "CLEAR": ClearBoulet, "CLEAN": Clean, "RELOAD": Reload}


def action_to_dict(action: Action) -> dict[str, Any]:
    if isinstance(action, Move):
        return {"code": "MOV", "waypoints": [list(p) for p in action.waypoints],
                "cover": action.cover, "side": action.side}
    if isinstance(action, (Shot, Dump)):
        return {"code": action.code, "target": action.target}
    if isinstance(action, SideChange):
        return {"code": "SIDE", "side": action.side}
    if isinstance(action, ShotAt):
        return {"code": "SHOT@", "point": list(action.point) if action.point else None}
    if isinstance(action, DumpAt):
        return {"code": "DUMP@", "point": list(action.point)}
    return {"code": action.code}


def action_from_dict(data: Any) -> Action:
    if not isinstance(data, dict) or not isinstance(data.get("code"), str):
        raise CodecError(said("action_object",
                              value=repr(data)))
    code = data["code"]
    try:
        if code in _SIMPLE:
            return _SIMPLE[code]()
        if code == "SHOT":
            return Shot(_str(data["target"]))
        if code == "DUMP":
            return Dump(_str(data["target"]))
        if code == "SIDE":
            return SideChange(_str(data["side"]))
        if code == "SHOT@":
            return ShotAt(None if data["point"] is None else _point(data["point"]))
        if code == "DUMP@":
            return DumpAt(_point(data["point"]))
        if code == "MOV":
            waypoints = tuple(_point(p) for p in data["waypoints"])
            return Move(waypoints, _opt_str(data.get("cover")), _opt_str(data.get("side")))
    except KeyError as exc:
        lacks = repr(exc.args[0])
        raise CodecError(said("action_lacks", code=code,
                              field=lacks)) from None
    raise CodecError(said("unknown_action", code=repr(code)))


def decision_to_dict(decision: object) -> dict[str, Any]:
    if isinstance(decision, AssignOrders):
        return {"type": "orders", "team": decision.team, "orders": dict(decision.orders)}
    if isinstance(decision, Declare):
        return {"type": "declare", "player": decision.player, "posture": decision.posture,
                "cover": decision.cover, "side": decision.side,
                "actions": [action_to_dict(a) for a in decision.actions]}
    if isinstance(decision, React):
        return {"type": "react", "team": decision.team,
                "reactions": [{"player": r.player, "kind": r.kind, "target": r.target}
                              for r in decision.reactions]}
    if isinstance(decision, Dodge):
        return {"type": "dodge", "team": decision.team}
    if isinstance(decision, BreakSheet):
        return {"type": "sheet", "team": decision.team, "lines": [
            {"player": ln.player, "order": ln.order, "start": list(ln.start), "posture": ln.posture,
             "cover": ln.cover, "side": ln.side, "prebunk": list(ln.prebunk) if ln.prebunk else None,
             "actions": [action_to_dict(a) for a in ln.actions]}
            for ln in decision.lines]}
    if isinstance(decision, ChooseTarget):
        return {"type": "target", "team": decision.team, "player": decision.player,
                "target": decision.target}
    raise CodecError(said("not_a_decision", decision=repr(decision)))


def decision_from_dict(data: Any) -> Decision:
    if not isinstance(data, dict):
        got = type(data).__name__
        raise CodecError(said("decision_object", type=got))
    kind = data.get("type")
    try:
        if kind == "orders":
            orders = data["orders"]
            if not isinstance(orders, dict):
                raise CodecError(said("orders_map"))
            return AssignOrders(_str(data["team"]), tuple((_str(p), _int(k)) for p, k in orders.items()))
        if kind == "declare":
            actions = data["actions"]
            if not isinstance(actions, list):
                raise CodecError(said("actions_list"))
            return Declare(_str(data["player"]), _str(data["posture"]),
                           tuple(action_from_dict(a) for a in actions),
                           _opt_str(data.get("cover")), _opt_str(data.get("side")))
        if kind == "react":
            return React(_str(data["team"]), tuple(
                Reaction(_str(r["player"]), _str(r["kind"]), _str(r["target"])) for r in data["reactions"]
            ))
        if kind == "dodge":
            return Dodge(_str(data["team"]))
        if kind == "sheet":
            return BreakSheet(_str(data["team"]), tuple(
                SheetLine(_str(ln["player"]), _int(ln["order"]), _point(ln["start"]), _str(ln["posture"]),
                          tuple(action_from_dict(a) for a in ln["actions"]), _opt_str(ln.get("cover")),
                          _opt_str(ln.get("side")),
                          None if ln.get("prebunk") is None else _point(ln["prebunk"]))
                for ln in data["lines"]))
        if kind == "target":
            return ChooseTarget(_str(data["team"]), _str(data["player"]), _opt_str(data.get("target")))
    except KeyError as exc:
        raise CodecError(said("decision_missing",
                              type=str(kind), field=str(exc))) from None
    except TypeError as exc:  # Python's own words on the value it could not use
        raise CodecError(said("decision_mistypes",
                              type=str(kind), error=str(exc))) from None
    raise CodecError(said("unknown_decision", type=repr(kind)))


@dataclass
class BranchRecord:
    """A line of play tried in review (``paintcheck.review``): it leaves line ``parent`` (``"main"``
    or another branch's ``name``) after that line's first ``at`` decisions, takes ``decisions``, rolled
    as ``dice`` says (``BRANCH_DICE``); ``rolls`` are the faces it rolled, in order, so it replays
    exactly. An odds-only branch rolls nothing: its last decision may be the one it stopped before."""

    name: str
    parent: str
    at: int
    dice: str
    decisions: list[Decision] = field(default_factory=list)
    rolls: list[int] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "parent": self.parent, "at": self.at, "dice": self.dice,
                "rolls": list(self.rolls), "decisions": [decision_to_dict(d) for d in self.decisions]}

    @classmethod
    def from_dict(cls, data: Any, number: int, known: set[str]) -> BranchRecord:
        """Branch ``number`` (from 1) of a save; ``known``: the lines before it (``CodecError`` with
        the problem, the caller names the file)."""
        def bad(problem: Said) -> CodecError:
            return CodecError(said("branch", number=number, problem=problem))

        if not isinstance(data, dict):
            raise bad(said("branch_object"))
        name, parent, at, dice = data.get("name"), data.get("parent"), data.get("at"), data.get("dice")
        if not isinstance(name, str) or not name.isidentifier() or name == MAIN_LINE or name in known:
            raise bad(said("branch_name", name=repr(name)))
        if parent not in known | {MAIN_LINE}:
            raise bad(said("branch_parent", parent=repr(parent)))
        if not isinstance(at, int) or isinstance(at, bool) or at < 0:
            raise bad(said("branch_at", at=repr(at)))
        if dice not in BRANCH_DICE:
            raise bad(said("branch_dice", dice=repr(dice)))
        rolls, decisions = data.get("rolls", []), data.get("decisions")
        if not (isinstance(rolls, list) and all(
                isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= 20 for r in rolls)):
            raise bad(said("rolls", lowest=1, highest=20))
        if not isinstance(decisions, list) or not decisions:
            raise bad(said("branch_decisions"))
        parsed = []
        for i, d in enumerate(decisions, start=1):
            try:
                parsed.append(decision_from_dict(d))
            except CodecError as exc:
                raise bad(said("decision", number=i, problem=exc.args[0])) from None
        return cls(name, parent, at, dice, parsed, list(rolls))


@dataclass
class MatchRecord:
    """Everything needed to replay a match exactly: its dice (a seed, or the rolls made), its layout
    and its decisions. ``summary`` (turn, players on the field, when saved) is for the saves list."""

    seed: int | None
    layout: dict[str, Any]  # the layout file's data (paintcheck-layout/1)
    decisions: list[Decision] = field(default_factory=list)
    start: str = START_DEFAULT_TURN2
    rolls: list[int] | None = None  # every roll in order, for a match whose dice had no seed
    summary: dict[str, Any] = field(default_factory=dict)
    coaches: dict[str, str] = field(default_factory=dict)  # team -> the computer coach playing it
    coach_seed: int | None = None  # the computer coaches' seed: a resumed match decides as played
    branches: list[BranchRecord] = field(default_factory=list)  # tried in review (paintcheck-match/2)

    def dice(self) -> Dice | RecordedDice:
        """Dice that replay this match, then go on: the seed's, or the rolls made then fresh ones."""
        return Dice(self.seed) if self.rolls is None else RecordedDice(self.rolls)

    def to_dict(self) -> dict[str, Any]:
        dice = {"seed": self.seed} if self.rolls is None else {"rolls": self.rolls}
        coaches: dict[str, Any] = {"coaches": dict(self.coaches)} if self.coaches else {}
        if self.coach_seed is not None:
            coaches["coach_seed"] = self.coach_seed
        return {"format": MATCH_FORMAT, **dice, "start": self.start, "summary": self.summary, **coaches,
                "layout": self.layout, "decisions": [decision_to_dict(d) for d in self.decisions],
                "branches": [b.to_dict() for b in self.branches]}

    @classmethod
    def from_dict(cls, data: Any, source: str = "<match>") -> MatchRecord:
        if not isinstance(data, dict) or data.get("format") not in MATCH_FORMATS:
            raise CodecError(in_file(source, not_a_match()))
        seed, rolls = data.get("seed"), data.get("rolls")
        if rolls is None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise CodecError(in_file(source, said("seed")))
        if rolls is not None and not (isinstance(rolls, list) and all(
                isinstance(r, int) and not isinstance(r, bool) and 1 <= r <= 20 for r in rolls)):
            raise CodecError(in_file(source, said("rolls",
                                                  lowest=1, highest=20)))
        if not isinstance(data.get("layout"), dict):
            raise CodecError(in_file(source, said("layout")))
        if data.get("start", START_DEFAULT_TURN2) not in STARTS:
            start = repr(data.get("start"))
            raise CodecError(in_file(source, said("start", start=start)))
        decisions = data.get("decisions")
        if not isinstance(decisions, list):
            raise CodecError(in_file(source, said("decisions_list")))
        parsed = []
        for i, d in enumerate(decisions, start=1):
            try:
                parsed.append(decision_from_dict(d))
            except CodecError as exc:
                problem = exc.args[0]
                raise CodecError(in_file(source, said("decision", number=i,
                                                      problem=problem))) from None
        summary = data.get("summary")
        coaches = data.get("coaches", {})
        if not (isinstance(coaches, dict) and all(
                team in ("blue", "white") and isinstance(kind, str) and kind.isidentifier()
                for team, kind in coaches.items())):
            raise CodecError(in_file(source, said(
                "coaches")))
        coach_seed = data.get("coach_seed")
        if coach_seed is not None and (not isinstance(coach_seed, int) or isinstance(coach_seed, bool)):
            raise CodecError(in_file(source, said("coach_seed")))
        return cls(None if rolls is not None else seed, data["layout"], parsed,
                   data.get("start", START_DEFAULT_TURN2), rolls,
                   summary if isinstance(summary, dict) else {}, dict(coaches), coach_seed,
                   _branches(data, source))


def _branches(data: dict[str, Any], source: str) -> list[BranchRecord]:
    """A save's branches (none in ``paintcheck-match/1``), each checked as data; whether they replay
    is the review's to say (``paintcheck.review.branches``)."""
    entries = data.get("branches", []) if data.get("format") == MATCH_FORMAT else []
    if not isinstance(entries, list):
        raise CodecError(in_file(source, said("branches_list")))
    out: list[BranchRecord] = []
    for i, entry in enumerate(entries, start=1):
        try:
            out.append(BranchRecord.from_dict(entry, i, {b.name for b in out}))
        except CodecError as exc:
            raise CodecError(in_file(source, exc.args[0])) from None
    return out


def save_match(record: MatchRecord, path: str | os.PathLike[str]) -> None:
    """Write atomically: a temporary file in the same folder, flushed, then renamed over ``path``
    (``seam.files.save_record``: private, a save holds both coaches' face-down tokens and sheets)."""
    save_record(record, path)


def load_match(path: str | os.PathLike[str]) -> MatchRecord:
    """Read a saved match; anything damaged (unreadable, not a regular file, too large, not JSON,
    not a match) raises ``CodecError`` with one line naming the file."""
    source = str(path)
    try:
        data = read_json(path, MAX_SAVE_BYTES, "saved match")
    except JsonFileError as exc:
        raise CodecError(in_file(source, exc.args[0])) from None
    return record_from_data(data, source)


def record_from_data(data: Any, source: str) -> MatchRecord:
    """A saved match's data read (``load_match`` after the file): ``CodecError`` naming ``source``."""
    try:
        return MatchRecord.from_dict(data, source)
    except CodecError:
        raise
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
        error = type(exc).__name__
        raise CodecError(in_file(source, said("not_a_save",
                                              error=error))) from None


def _str(value: object) -> str:
    if not isinstance(value, str):
        raise CodecError(said("expected_text", value=repr(value)))
    return value


def _opt_str(value: object) -> str | None:
    return None if value is None else _str(value)


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise CodecError(said("expected_whole", value=repr(value)))
    return value


def _point(value: object) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)):
        raise CodecError(said("point",
                              value=repr(value)))
    return (value[0], value[1])
