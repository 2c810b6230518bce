"""Where a player stands behind cover, as the window proposes it: the side he takes by default
behind an obstacle (behind his own cover at his sequence's start, the side he plays), a run's
arrival stance and its buttons, an obstacle named for the coach at the screen. Shared by the
declaration (``phase_declare``), the break sheet (``sheet_editor``) and the field of vision of an
empty point (``instrument_layer``).

Given: the ``Desk`` (the session, the coach at the screen, the scene's caption) and the controls the
buttons go in.
"""

from __future__ import annotations

from collections.abc import Callable

from paintcheck.field.lattice import FORWARD, Point
from paintcheck.rules import tables
from paintcheck.rules.actions import Move
from paintcheck.rules.legality import start_stances, why_stance_illegal
from paintcheck.ui.event_words import words as engine_words
from paintcheck.ui.i18n import tr
from paintcheck.ui.match_desk import Desk
from paintcheck.ui.widgets import Controls


def said(reason: object) -> str | None:
    """A reason the rules gave (``Said`` or plain words) in the window's language; None stays None."""
    return None if reason is None else engine_words(reason)


class Stances:
    """The stances a coach is offered (``desk``: the session and who looks; ``controls``: the
    phase's buttons)."""

    def __init__(self, desk: Desk, controls: Controls) -> None:
        self.desk = desk
        self.controls = controls

    def default_side(self, cover: str | None, wanted: str | None, point: Point) -> str | None:
        """The side he plays behind ``cover`` from ``point``: ``wanted`` when it is possible there,
        else the side of the obstacle he stands on, as his coach sees it facing the enemy base
        (right behind it: over a low one, else toward the middle of the field)."""
        if cover is None:
            return None
        session = self.desk.session
        m = session.m
        if wanted is not None and why_stance_illegal(m, point, cover, wanted) is None:
            return wanted
        obstacle = m.obstacle(cover)
        centre_x = sum(x for x, _ in obstacle.points) / len(obstacle.points)
        left_x = -FORWARD[self.desk.viewer or "blue"]  # his left, in x, facing the enemy base
        dx = point[0] - centre_x
        if abs(dx) < 0.5:
            if obstacle.overable:
                return "over"
            dx = (session.table.field.lattice.columns - 1) / 2 - centre_x or 1.0
        return "left" if dx * left_x > 0 else "right"

    def start_side(self, pid: str, cover: str | None, wanted: str | None) -> str | None:
        """The side the activated ``pid`` declares behind ``cover`` at his sequence's start:
        ``default_side`` when the engine takes it there (``legality.start_stances``), else the one it
        takes, his own behind the cover he already has (RULES 5.1: changing it is a SIDE action)."""
        session = self.desk.session
        p = session.state.players[pid]
        assert p.point is not None  # the activated player stands on the field
        allowed = [s for c, s in start_stances(session.state, session.m, pid) if c == cover]
        side = self.default_side(cover, wanted, p.point)
        return side if side in allowed or not allowed else allowed[0]

    def cover_name(self, obstacle_id: str) -> str:
        """An obstacle as the coach at the screen reads it: "cylinder at H6" in his own half."""
        return engine_words(self.desk.session.table.field.by_id[obstacle_id].name_for(self.desk.viewer))

    def arrived(self, move: Move, cover: str | None = None, side: str | None = None) -> Move:
        """``move`` with its arrival cover or side changed (a new cover takes its default side)."""
        if cover is not None:
            return Move(move.waypoints, cover, self.default_side(cover, None, move.end))
        return Move(move.waypoints, move.cover, side if side is not None else move.side)

    def arrival_move(self, waypoints: list[Point] | tuple[Point, ...]) -> Move:
        """A run through ``waypoints``, ending behind the first cover at its end point."""
        end = waypoints[-1]
        covers = self.desk.session.m.covers(end)
        cover = covers[0] if covers else None
        return Move(tuple(waypoints), cover, self.default_side(cover, None, end))

    def viewpoint(self, point: Point) -> tuple[str | None, str | None]:
        """The cover and side a player of the coach at the screen would take on ``point``."""
        covers = self.desk.session.m.covers(point)
        cover = covers[0] if covers else None
        return cover, self.default_side(cover, None, point)

    def arrival_buttons(self, key: str, move: Move, choose: Callable[..., None]) -> None:
        """A run's arrival stance: his cover at the end point and the side he plays, as buttons
        ``{key}-cover-…`` / ``{key}-side-…`` calling ``choose(cover=…)`` / ``choose(side=…)``."""
        c, m = self.controls, self.desk.session.m
        covers = m.covers(move.end)
        self.desk.caption(tr("match.declare.arrival"))
        if covers:
            for cov in covers:
                c.add(f"{key}-cover-{cov}", self.cover_name(cov), lambda v=cov: choose(cover=v),
                      chosen=move.cover == cov)
            for side in tables.SIDES:
                c.add(f"{key}-side-{side}", tr(f"match.side.{side}"), lambda v=side: choose(side=v),
                      chosen=move.side == side, width=66,
                      reason=said(why_stance_illegal(m, move.end, move.cover, side)))
        else:
            self.desk.caption(tr("match.declare.no_cover"))
        c.newline()
