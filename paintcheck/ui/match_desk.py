"""What the match scene gives the rooms of its window, written down once.

The match window is built of rooms (``phase_orders``, ``phase_declare``, ``phase_react``,
``sheet_editor``, ``instrument_layer``, ``computer_turn``), each constructed with what it needs. What
they share with the scene is this ``Desk``: the session, whose view is drawn (``viewer``), the board's
transform, where the mouse is, and the scene's one door (``why_not`` / ``apply``) and its buttons
(``rebuild`` / ``caption``). ``MatchScene`` is the one desk; mypy checks it gives all of it.

``Room`` is what the scene asks of the room of a phase (``MatchScene.room``: phase -> room): its
buttons (``build``), its use of a click on the board (``click``), what a click would do
(``hover``), what it draws on the field and on the panel, and what its drawing depends on (``key``).

Owns nothing; given nothing: it is the contract between the scene and its rooms.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from paintcheck.field.lattice import Point
from paintcheck.rules.state import MatchState
from paintcheck.ui.session import MatchSession
from paintcheck.ui.transform import FieldTransform

# a run being drawn: its path, what each enemy sees of it, the engine's refusal (None: allowed)
RunPreview = tuple[tuple[Point, ...], dict[str, int], str | None]


class Desk(Protocol):
    """The scene as its rooms see it."""

    @property
    def session(self) -> MatchSession:
        """The match being played (the engine's one door is ``apply`` below)."""

    @property
    def viewer(self) -> str | None:
        """The coach at the screen (None: nobody's secrets are drawn)."""

    @property
    def private(self) -> bool:
        """The viewer's secrets are drawn (he alone looks at the screen)."""

    @property
    def t(self) -> FieldTransform:
        """Field points <-> screen pixels, as zoomed and panned now."""

    @property
    def state(self) -> MatchState:
        """What the coach at the screen may see (his draft order tokens on it)."""

    def board_point(self) -> Point | None:
        """The field point under the mouse (None: the mouse is off the board)."""

    def playing(self) -> bool:
        """A resolution is still being told."""

    def sync(self) -> None:
        """Whose turn is it now: the screen follows (after a decision, a load, ...)."""

    def why_not(self, decision: object) -> str | None:
        """The engine's refusal of ``decision`` in the window's language (None: allowed)."""

    def apply(self, decision: object) -> Sequence[object]:
        """The engine's one door: the events of ``decision`` (none when it is refused)."""

    def rebuild(self) -> None:
        """The phase's buttons built again (after a change of a draft)."""

    def caption(self, words: str, gap: int = 0) -> None:
        """Words on the buttons' row."""

    def flash(self, words: str, error: bool = False) -> None:
        """A line under the buttons (red when ``error``)."""

    def quiet(self) -> None:
        """The flashed line taken away."""


def seat(desk: Desk) -> str:
    """The coach who decides at the screen: a room builds, takes a click or decides only while he
    does (``MatchScene.deciding``), so there is one."""
    viewer = desk.viewer
    assert viewer is not None, "a room decides only for the coach at the screen"
    return viewer


class Room:
    """A phase's room: what the scene asks of it. This base does nothing; each room says what it
    does (a phase without a use for the board leaves ``click`` and ``hover`` as they are)."""

    def build(self) -> None:
        """The phase's buttons (the scene has started the rows)."""

    def click(self, pos: tuple[int, int], pid: str | None) -> bool:
        """A left click on the board at ``pos`` (``pid``: the figure there): True when used."""
        return False

    def hover(self, pid: str | None) -> str | None:
        """What a click on the board would do now, or why not."""
        return None

    def key(self) -> object:
        """What this room draws on the board depends on (the board is drawn again when it changes)."""
        return None

    def drawn_live(self) -> bool:
        """The room's drawing on the board follows the mouse (the board is drawn every frame)."""
        return False

    def draw_field(self, surface: pygame.Surface) -> None:
        """The room's own drawing on the field, over the templates and under the figures."""

    def positions(self) -> dict[str, Point]:
        """Figures drawn elsewhere than where they stand (a sheet's start points)."""
        return {}

    def draw_panel(self, surface: pygame.Surface, state: MatchState, x: int, y: int, w: int,
                   bottom: int) -> int:
        """The room's lines on the panel under its buttons; the y below them."""
        return y

    def draw_panel_below(self, surface: pygame.Surface, state: MatchState, x: int, y: int, w: int,
                         bottom: int) -> int:
        """The room's lines on the panel under the instruments' readings; the y below them."""
        return y
