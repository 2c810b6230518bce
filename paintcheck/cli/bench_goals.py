"""A bench figure beside its goal: printed as *figure / goal*, never as an error.

A goal missed is a figure to read (the machine may be busy), so the benches print it and return 0;
``--json`` carries the same figures and goals (``Figure.as_json``)."""

from __future__ import annotations

from dataclasses import dataclass

AT_MOST, AT_LEAST = "≤", "≥"


@dataclass(frozen=True)
class Figure:
    """One measured value, its unit, and its goal (``goal`` None: a figure without a goal)."""

    label: str
    value: float
    unit: str
    goal: float | None = None
    direction: str = AT_MOST  # AT_MOST: smaller is better; AT_LEAST: larger is better
    digits: int = 1

    @property
    def met(self) -> bool | None:
        if self.goal is None:
            return None
        return self.value <= self.goal if self.direction == AT_MOST else self.value >= self.goal

    @property
    def _unit(self) -> str:
        return self.unit if self.unit == "x" else f" {self.unit}"  # a ratio reads 16.7x

    @property
    def goal_text(self) -> str | None:
        return None if self.goal is None else f"{self.direction} {self.goal:g}{self._unit}"

    def text(self) -> str:
        """``one process: 63.2 matches/s / goal ≥ 60 matches/s (met)``."""
        shown = f"{self.label}: {self.value:.{self.digits}f}{self._unit}"
        if self.goal is None:
            return shown
        return f"{shown} / goal {self.goal_text} ({'met' if self.met else 'not met'})"

    def as_json(self) -> dict:
        return {"value": self.value, "unit": self.unit, "goal": self.goal_text, "met": self.met}
