"""Events of Un pour un: what happened, the rule applied and the numbers that went in.

One small frozen class: ``kind`` names its catalogue entry (``unpourun_rules.event.<kind>``), ``rule``
the paragraph of RULES-unpourun.md, ``values`` the numbers and names (a tuple of pairs, so an event
is hashable and cheap to make; its words are made only when asked for, ``said``/``text``). Every roll
is an event (``roll``: who rolled, for what, the die and the number it needed).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from paintcheck.said import Said


@dataclass(frozen=True)
class Event:
    kind: str
    rule: str
    values: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.values:
            if key == name:
                return value
        return default

    @property
    def said(self) -> Said:
        values = {k: (Said(f"unpourun_rules.purpose.{v}") if k == "purpose" else v) for k, v in self.values}
        if self.kind == "game_over" and self.get("winner") == "draw":  # a draw is no side's win
            return Said("unpourun_rules.end.draw", **values)
        return Said(f"unpourun_rules.event.{self.kind}", **values)

    @property
    def text(self) -> str:
        return str(self.said)

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, "rule": self.rule, **{k: _plain(v) for k, v in self.values}}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def event(kind: str, rule: str, **values: Any) -> Event:
    """``Event(kind, rule, tuple(values.items()))``, made directly (a frozen dataclass's ``__init__`` sets
    each field through ``object.__setattr__``; the engine makes one event per roll and step)."""
    return event_of(kind, rule, values)


def event_of(kind: str, rule: str, values: dict[str, Any]) -> Event:
    """``event(kind, rule, **values)`` from the values' dict itself (the engine's ``ev`` hands on the
    keywords it was given without unpacking them again)."""
    out = object.__new__(Event)
    out.__dict__.update(kind=kind, rule=rule, values=tuple(values.items()))
    return out
