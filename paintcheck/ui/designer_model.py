"""What the designer holds while a field is designed, as one small model, and where it stands on
the screen.

``DesignerModel`` owns the design (``field.design.Design``) and its file, the piece selected, the
kind held for placing, the piece dragged, the mouse and whether its left button is held (kept by
the scene from its own events: pygame is never asked), and the questions open (leave with unsaved
edits, who coaches, the text entry). The scene makes one per opened field and gives it to each of
its parts (``designer_files``, ``designer_view``); none of them keeps a copy of what it holds.

``DesignerFrame`` is where things stand on the screen (the field's area and transform, the panel,
the palette's cells, the Study's room), set by the scene's ``layout`` and ``rebuild``.

``ghost`` and ``piece_at`` answer, from the model alone, what the mouse would do and what it is on:
the design is asked whether an edit would be legal (``Design.why_not_place`` / ``why_not_move``),
never edited and put back; ``dragged_layout`` asks it what the drop would give (the Study's map
follows the drag).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import pygame

from paintcheck.field import catalogue
from paintcheck.field.design import Design
from paintcheck.field.lattice import Point
from paintcheck.field.layout import Layout, ObstacleSpec
from paintcheck.field.layout_file import layouts_dir
from paintcheck.ui import i18n
from paintcheck.ui.fieldview import FieldRenderer
from paintcheck.ui.transform import FieldTransform

Ghost = tuple[list[ObstacleSpec], str | None]  # the pieces the mouse would put down, why not


@dataclass
class DesignerModel:
    """One field under design and what the hand is doing with it."""

    design: Design
    path: Path | None = None  # its file (None: a new field, never saved)
    studying: bool = False  # the Study's map and table shown
    selected: str | None = None
    armed: str | None = None  # a kind waiting for its point
    armed_axis: int = 0
    dragging: str | None = None  # a placed piece held by the mouse
    palette_drag: bool = False  # a kind dragged from the palette
    mouse: tuple[int, int] = (0, 0)
    button_held: bool = False  # the left button is down (from the scene's events)
    confirm_leave: str | None = None  # "new", "open" or "title" while asked
    asking_coaches: bool = False  # *Play on this field*: who coaches, asked before the match
    editing: str | None = None  # "name", "rename", "copy" or "save" while the entry is open
    entry_text: str = ""  # what the entry opens with

    @property
    def read_only(self) -> bool:
        """A shipped layout: *Save as a copy* only."""
        return self.path is not None and shipped(self.path)

    def shown_name(self) -> str:
        """The field's name as the window shows it (its French name in French, when it has one)."""
        return self.design.name_in(i18n.current())

    def held(self) -> str | None:
        """The placed piece the pressed mouse holds (None once the button is up)."""
        return self.dragging if self.button_held else None

    def selected_spec(self) -> ObstacleSpec | None:
        return self.design.spec(self.selected) if self.selected else None


@dataclass
class DesignerFrame:
    """Where the designer's parts stand on a window of a given size."""

    field_area: pygame.Rect
    t: FieldTransform
    px: int  # the panel's left edge and width
    pw: int
    renderer: FieldRenderer
    palette_top: int = 0
    palette_rects: dict[str, pygame.Rect] = field(default_factory=dict)
    palette_area: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    info_top: int = 0  # the selection's words and the checks, under the buttons
    info_w: int = 0
    study_rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def point_under(self, pos: tuple[int, int]) -> Point | None:
        """The lattice point nearest ``pos`` on the field (None off the field)."""
        return self.t.nearest_point(*pos) if self.field_area.collidepoint(pos) else None


@lru_cache(maxsize=64)
def shipped(path: Path) -> bool:
    """Whether ``path`` is a shipped layout's file (asked every frame: the folders are resolved once)."""
    return path.resolve().parent == layouts_dir().resolve()


def piece_at(design: Design, t: FieldTransform, pos: tuple[int, int]) -> str | None:
    """The id of the piece standing under the screen position ``pos``."""
    world = t.to_world(*pos)
    spec = design.at((round(world[0]), round(world[1])))
    return spec.id if spec is not None else None


def ghost_at(model: DesignerModel, point: Point, allowed: bool = False) -> Ghost | None:
    """The piece the mouse would put down at ``point`` (the kind held for placing, or the placed
    piece the pressed mouse drags), its mirrored twin, and why it may not stand there; None when
    the mouse holds nothing. ``allowed``: the caller knows the drop there is allowed
    (``dragged_layout`` gave its layout: the same judgement), so it is not judged again."""
    d = model.design
    held = model.held()
    if model.armed is not None:
        axis = model.armed_axis if catalogue.KINDS[model.armed].lying else 0
        spec = ObstacleSpec("ghost", model.armed, point, axis)
        reason = None if allowed else d.why_not_place(model.armed, point, model.armed_axis)
    elif held is not None:
        piece = d.spec(held)
        if piece is None or point == piece.at:
            return None
        spec = ObstacleSpec("ghost", piece.kind, point, piece.axis)
        reason = None if allowed else d.why_not_move(piece.id, point)
    else:
        return None
    ghosts = [spec]
    if d.mirror and point[1] != 0:
        axis = (-spec.axis) % 360 if catalogue.KINDS[spec.kind].lying else 0
        ghosts.append(ObstacleSpec("ghost-twin", spec.kind, (point[0], -point[1]), axis))
    return ghosts, reason


def dragged_layout(model: DesignerModel, point: Point) -> Layout | None:
    """The layout the hand would make by dropping what it drags at ``point`` (a placed piece moved
    there, or a kind dragged from the palette put down there), its twin too: the Study's map
    follows the drag with it. None when the hand drags nothing, or the drop would be refused."""
    d = model.design
    held = model.held()
    if held is not None:
        piece = d.spec(held)
        if piece is None or point == piece.at:
            return None
        return d.layout_if_moved(held, point)
    if model.palette_drag and model.armed is not None:
        return d.layout_if_placed(model.armed, point, model.armed_axis)
    return None
