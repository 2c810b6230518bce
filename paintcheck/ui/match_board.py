"""The match's board: the field and everything on it (instruments, declared lines, runs, templates,
figures, tokens, flags), drawn by pure functions of a small model (``BoardModel``).

Owns nothing: ``MatchScene`` builds the model each time the board must be drawn again (it draws
it once per change and blits it every frame) and the functions here draw it. Given: the model.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from paintcheck.field.lattice import Point
from paintcheck.field.layout import Field
from paintcheck.rules import events as ev
from paintcheck.rules.actions import Declare
from paintcheck.rules.break_turn import PREBUNK
from paintcheck.rules.measure import Measurer
from paintcheck.rules.plan import make_plan
from paintcheck.rules.state import MatchState
from paintcheck.ui import overlays, theme
from paintcheck.ui.fieldview import draw_figure, draw_flags, draw_suppressive_tokens, draw_template
from paintcheck.ui.instrument_layer import Readings
from paintcheck.ui.match_desk import RunPreview
from paintcheck.ui.transform import FieldTransform


@dataclass
class BoardModel:
    """What the board shows, computed by the scene: the picture is a function of this alone."""

    background: pygame.Surface  # the field drawn once (``FieldRenderer.background``)
    area: pygame.Rect  # the field area: the part of ``background`` the board shows
    t: FieldTransform
    field: Field  # the ruler names its obstacles
    m: Measurer  # the declared sequences' plans
    state: MatchState  # what the coach at the screen may see
    board: MatchState  # the same, as far as the resolution has told it
    readings: Readings  # (ruler, protractor, field of vision), each None when not laid
    fov_team: str | None  # whose field of vision is shaded (None: none is)
    selected: str | None = None  # the figure whose field of vision is shaded
    protractor: bool = False  # the protractor is on
    ruler_shooter: str | None = None  # the ruler is laid between two figures
    sequence: Declare | None = None  # the sequence being declared
    run: RunPreview | None = None  # the run being drawn
    room_layer: Callable[[pygame.Surface], None] | None = None  # the phase room's own drawing
    positions: dict[str, Point] = dataclasses.field(default_factory=dict)  # figures the room places
    active: set[str] = dataclasses.field(default_factory=set)  # the activated players (ringed)
    runs: dict[str, tuple[Point, ...]] = dataclasses.field(default_factory=dict)  # player -> run shown
    running: dict[str, tuple[float, float] | None] = dataclasses.field(default_factory=dict)  # runners now
    told_shot: ev.ShotResolved | None = None  # the shot being told now


FlagMarks = list[tuple[str, tuple[float, float], str | None]]  # (flag, where it is drawn, its carrier)


def draw_board(surface: pygame.Surface, model: BoardModel) -> FlagMarks:
    """The field and everything on it (``surface``'s top left is the field area's); returns the
    flags as drawn (flag, point, carrier)."""
    t, state, board = model.t, model.state, model.board
    surface.blit(model.background, (0, 0), model.area)
    ruler, prot, fov = model.readings
    if fov is not None and model.fov_team is not None:
        overlays.draw_fov(surface, t, fov, model.fov_team)
    draw_declared(surface, t, model.m, state, model.sequence)
    if prot is not None:
        overlays.draw_protractor(surface, t, prot)
    if ruler is not None:
        overlays.draw_ruler(surface, t, model.field, ruler)
    if model.run is not None:
        path, exposure, refused = model.run
        overlays.draw_run(surface, t, path, exposure, state, refused)
        if model.ruler_shooter is None:
            pv = overlays.read_run_protractor(path, None)
            if pv is not None and model.protractor:
                overlays.draw_protractor(surface, t, pv)
    for pid, origin in board.templates.items():
        prebunker = board.players[pid]
        if prebunker.point is not None:
            draw_template(surface, t, origin, prebunker.point, prebunker.team)
    if model.room_layer is not None:
        model.room_layer(surface)
    draw_told_shot(surface, t, board, model.told_shot)
    for p in board.players.values():
        if p.point is None:
            continue
        if p.id in model.positions:
            draw_figure(surface, t, p, board, at=model.positions[p.id])
            continue
        if p.id in model.active or p.id == model.selected:
            x, y = t.to_screen(*p.point)
            colour = theme.SELECT if p.id == model.selected else theme.ACTIVE
            pygame.draw.circle(surface, colour, (x, y), int(t.scale * 0.52), 3)
        if p.id in model.runs:
            trail = [t.to_screen(*q) for q in model.runs[p.id]]
            pygame.draw.lines(surface, theme.TEAM[p.team], False, trail, 2)
        draw_figure(surface, t, p, board, at=model.running.get(p.id))
    draw_suppressive_tokens(surface, t, board)
    return draw_flags(surface, t, board, model.running)


def draw_told_shot(surface: pygame.Surface, t: FieldTransform, board: MatchState,
                   shot: ev.ShotResolved | None) -> None:
    """The shot the resolution is telling now, as a line from where it was fired to its target."""
    if shot is None:
        return
    a, b = board.players.get(shot.shooter), board.players.get(shot.target)
    start = a.point or a.fell_at if a else None
    if shot.kind == PREBUNK:  # a template fires along its line, prebunker -> prebunked point
        end = board.templates.get(shot.shooter)
    else:
        end = b.point or b.fell_at if b else None
    if start and end:
        colour = (255, 200, 120) if shot.hit else (230, 230, 230)
        pygame.draw.line(surface, colour, t.to_screen(*start), t.to_screen(*end), 3)


def draw_declared(surface: pygame.Surface, t: FieldTransform, m: Measurer, state: MatchState,
                  drafted: Declare | None) -> None:
    """This round's declared runs and shots, the sequence being drafted (``drafted``), and the
    reactions, as lines on the field."""
    for pid, decl in state.declarations.items():
        origin = state.origins.get(pid)
        if origin is not None:
            draw_sequence(surface, t, m, state, decl, origin)
    if drafted is not None:
        point = state.players[drafted.player].point
        if point is not None:
            draw_sequence(surface, t, m, state, drafted, point)
    for r in state.reactions:
        a_p, b_p = state.players.get(r.player), state.players.get(r.target)
        if a_p and b_p and a_p.point and b_p.point:
            pygame.draw.line(surface, (255, 150, 150), t.to_screen(*a_p.point), t.to_screen(*b_p.point), 1)


def draw_sequence(surface: pygame.Surface, t: FieldTransform, m: Measurer, state: MatchState, decl: Declare,
                  origin: Point) -> None:
    """One sequence's run (team colour) and shots (red) or dumps (orange) from where he fires."""
    plan = make_plan(decl, origin, m)
    colour = theme.TEAM[state.players[decl.player].team]
    if plan.path and len(plan.path) > 1:
        pygame.draw.lines(surface, colour, False, [t.to_screen(*q) for q in plan.path], 3)
        pygame.draw.circle(surface, colour, t.to_screen(*plan.path[-1]), int(t.scale * 0.3), 2)
    for f in plan.fires:
        target = state.players.get(f.target)
        if target is None or target.point is None:
            continue
        a = t.to_screen(*plan.stance_at(f.action).point)
        b = t.to_screen(*target.point)
        pygame.draw.line(surface, (255, 80, 80) if not f.dump else (255, 160, 0), a, b, 2)
