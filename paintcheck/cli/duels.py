"""The tally of matches between two coaches, the first and the second (Paintcheck's ``tournament``,
Un pour un's ``unpourun_play.tournament``): each match's result as the first coach sees it, or its
failure (counted, the first few kept to be read), and the seconds each coach took per decision."""

from __future__ import annotations

from dataclasses import dataclass, field

from paintcheck.cli.simulate import ERROR_SAMPLES


@dataclass
class Duels:
    """``counts`` of "first", "second" and "draw"; ``times`` by coach (one list when both coaches
    are the same kind)."""

    first: str
    second: str
    counts: dict[str, int] = field(default_factory=lambda: {"first": 0, "second": 0, "draw": 0})
    errors: int = 0
    samples: list[str] = field(default_factory=list)
    times: dict[str, list[float]] = field(init=False)

    def __post_init__(self) -> None:
        self.times = {self.first: [], self.second: []}

    def add(self, i: int, result: str | None, error: str | None, t_first: list[float],
            t_second: list[float]) -> bool:
        """Match ``i``: its ``result`` counted with its decisions' seconds (True), or, without a
        result, its ``error`` (False)."""
        if result is None:
            self.errors += 1
            if len(self.samples) < ERROR_SAMPLES:
                self.samples.append(f"match {i}: {error}")
            return False
        self.counts[result] += 1
        self.times[self.first].extend(t_first)
        self.times[self.second].extend(t_second)
        return True
