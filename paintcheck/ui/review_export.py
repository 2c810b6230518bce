"""A review's timeline exported: a PNG strip of the board at each resolution, or an HTML page with the
board at each resolution and that resolution told (*Export* in the review, and
``paintcheck review FILE --export OUT.png|OUT.html``).

Each board is the review's (``Review.seen``: the eyes chosen, never more) drawn by the match's own
``match_board.draw_board`` on a plain surface (no window is opened); the words are the window's
language's (the command's: English). Both files are written atomically (``export_image.save_png``,
``field.atomic``): an interrupted export leaves nothing half-written.
"""

from __future__ import annotations

import base64
import html
import io
import os
from pathlib import Path

import pygame

from paintcheck.field.atomic import refuse_unless_file, write_atomically, write_text
from paintcheck.review.timeline import Eyes, Line, Review
from paintcheck.rules import events as ev
from paintcheck.rules.state import DECLARE, DODGE, REACT
from paintcheck.ui import i18n, playback, saves, text_fit, theme
from paintcheck.ui.event_words import event_words
from paintcheck.ui.export_image import save_png
from paintcheck.ui.fieldview import FieldRenderer
from paintcheck.ui.i18n import tr
from paintcheck.ui.match_board import BoardModel, draw_board
from paintcheck.ui.transform import FieldTransform

BOARD_W = 300  # each board's width in the strip and the page, in pixels
CAPTION_H = 40  # the step's words under each board of the strip
COLUMNS = 6  # boards on a row of the strip
KINDS = (".png", ".html")


class ExportError(ValueError):
    """An export the review refuses (a file that is neither .png nor .html); ``args[0]`` says why (the
    caller names the file)."""


def resolution_steps(line: Line) -> list[int]:
    """The steps whose decision made a resolution (dice rolled, players moved or out); the last step
    when none did."""
    return [k for k in range(1, len(line) + 1) if playback.resolves(line.events(k))] or [len(line)]


def default_eyes(review: Review) -> Eyes:
    """Both sides' secrets once the match is over, else Blue's seat."""
    return Eyes.ALL if review.over else Eyes.BLUE


def board_picture(review: Review, k: int, eyes: Eyes, name: str | None = None, width: int = BOARD_W,
                  renderer: FieldRenderer | None = None) -> pygame.Surface:
    """The board at step ``k`` of line ``name`` (None: the main line) through ``eyes``, ``width``
    pixels wide."""
    field = review.table.field
    lattice = field.lattice
    height = round(width * (2 * lattice.rows_per_half + 3) / (lattice.columns + 2))
    t = FieldTransform.fit((0, 0, width, height), lattice)
    renderer = renderer or FieldRenderer(field)
    state = review.seen(k, eyes, name)
    surface = pygame.Surface((width, height))
    area = pygame.Rect(0, 0, width, height)
    draw_board(surface, BoardModel(
        background=renderer.background((width, height), t), area=area, t=t, field=field,
        m=review.table.measurer, state=state, board=state, readings=(None, None, None), fov_team=None,
        active=set(state.active.values()) if state.phase in (DECLARE, REACT, DODGE) else set()))
    return surface


def step_words(line: Line, k: int) -> str:
    return tr("review_window.html_step", k=k, moment=i18n.say(line.moments[k].said))


def render_strip(review: Review, eyes: Eyes, name: str | None = None, width: int = BOARD_W,
                 columns: int = COLUMNS) -> pygame.Surface:
    """The boards of every resolution of line ``name``, ``columns`` to a row, each with its step's
    words under it."""
    line = review.line(name)
    renderer = FieldRenderer(review.table.field)
    boards = [(k, board_picture(review, k, eyes, name, width, renderer)) for k in resolution_steps(line)]
    board_h = boards[0][1].get_height()
    cols = min(columns, len(boards))
    rows = -(-len(boards) // cols)
    gap = 8
    strip = pygame.Surface((cols * (width + gap) + gap, rows * (board_h + CAPTION_H + gap) + gap))
    strip.fill(theme.BACKGROUND)
    for i, (k, board) in enumerate(boards):
        row, col = divmod(i, cols)
        x, y = gap + col * (width + gap), gap + row * (board_h + CAPTION_H + gap)
        strip.blit(board, (x, y))
        for j, words in enumerate(theme.wrap(step_words(line, k), 12, width)[:2]):
            where = (x, y + board_h + 4 + 16 * j)
            theme.blit_text(strip, text_fit.cut(words, 12, width), where, 12, theme.TEXT)
    return strip


def _png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "png")
    return buffer.getvalue()


def render_page(review: Review, eyes: Eyes, name: str | None = None, width: int = 2 * BOARD_W) -> str:
    """An HTML page of line ``name``: for each resolution, its step, the board (a PNG inside the
    page) and its lines told."""
    line = review.line(name)
    field = review.table.field.layout.name_in(i18n.current()) or ""
    title = html.escape(tr("review_window.html_title", field=field))
    renderer = FieldRenderer(review.table.field)
    parts = [f"<!DOCTYPE html>\n<html lang=\"{i18n.current()}\"><head><meta charset=\"utf-8\">"
             f"<title>{title}</title><style>body{{background:#181e1c;color:#e8eae4;font-family:sans-serif}}"
             "section{margin:1.5em 0} li.roll{color:#a0a8b0}</style></head><body>", f"<h1>{title}</h1>"]
    for k in resolution_steps(line):
        board = board_picture(review, k, eyes, name, width, renderer)
        png = base64.b64encode(_png_bytes(board)).decode("ascii")
        lines = "".join(f"<li class=\"{'roll' if isinstance(e, ev.Rolled) else 'told'}\">"
                        f"{html.escape(event_words(e))}</li>" for e in line.events(k))
        parts.append(f"<section id=\"step-{k}\"><h2>{html.escape(step_words(line, k))}</h2>"
                     f"<img alt=\"\" src=\"data:image/png;base64,{png}\"><ul>{lines}</ul></section>")
    parts.append("</body></html>\n")
    return "".join(parts)


def export_review(review: Review, path: str | os.PathLike[str], eyes: Eyes | str | None = None,
                  name: str | None = None) -> int:
    """Write the timeline of ``review``'s line ``name`` (None: the main line) to ``path``: a PNG strip
    (``.png``) or an HTML page (``.html``), through ``eyes`` (by default ``default_eyes``). Returns how
    many resolutions it shows.
    ``ExportError`` for another suffix; ``OSError`` when the file cannot be written; the review's
    ``ReviewError`` for eyes it refuses (both sides' before the end)."""
    suffix = Path(path).suffix.lower()
    if suffix not in KINDS:
        raise ExportError("the export must be a .png or an .html file")
    eyes = Eyes(eyes) if eyes is not None else default_eyes(review)
    review.allowed(eyes)
    refuse_unless_file(path)
    pygame.font.init()
    if suffix == ".png":
        save_png(render_strip(review, eyes, name), path)
    else:
        page = render_page(review, eyes, name)
        write_atomically(path, lambda fd, _tmp: write_text(fd, page), suffix=".html")
    return len(resolution_steps(review.line(name)))


def default_path(name: str, kind: str) -> Path:
    """Where the review's *Export* writes: the exports folder, named after the match's file."""
    return saves.exports_dir() / f"{name}-review.{kind}"
