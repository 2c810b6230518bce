"""The typed errors of the instruments."""

from __future__ import annotations


class GeometryError(ValueError):
    """A measure that cannot be taken (degenerate input); the message says why."""


class UnknownObstacleError(GeometryError, KeyError):
    """An obstacle id the layout does not hold."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""
