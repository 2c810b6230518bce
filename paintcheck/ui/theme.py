"""Colours, fonts and the pygame_gui theme of the table.

Fonts are the DejaVu files shipped in ``assets/fonts`` (a fresh machine may have no system font).
Nothing here touches pygame at import time: fonts are opened on first use, after ``pygame.init``.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from paintcheck.printable import printable
from paintcheck.resources import data
from paintcheck.ui import i18n

ASSETS = data("assets")
FONT_REGULAR = ASSETS / "fonts" / "DejaVuSans.ttf"
FONT_BOLD = ASSETS / "fonts" / "DejaVuSans-Bold.ttf"
HOW_TO_PLAY = data("docs") / "how-to-play.md"
HOW_TO_PLAY_BY_LANGUAGE = {"en": HOW_TO_PLAY, "fr": HOW_TO_PLAY.with_name("how-to-play.fr.md")}

# -- colours -------------------------------------------------------------------------------------------
BACKGROUND = (24, 30, 28)
PANEL = (34, 40, 44)
PANEL_LINE = (70, 80, 88)
TEXT = (232, 234, 228)
TEXT_DIM = (150, 158, 160)
TEXT_WARN = (255, 170, 90)
TEXT_GOOD = (140, 220, 140)
GRASS = (58, 112, 62)
GRASS_DARK = (50, 100, 55)
FIELD_LINE = (225, 232, 220)
LATTICE_DOT = (150, 190, 150)
CENTRE_LINE = (240, 240, 240)
BASE = {"blue": (60, 100, 170), "white": (200, 200, 195)}
PREBUNK = {"blue": (62, 104, 110), "white": (92, 122, 92)}
TEAM = {"blue": (36, 104, 224), "white": (244, 244, 240)}
TEAM_EDGE = {"blue": (200, 220, 255), "white": (30, 30, 34)}
TEAM_TEXT = {"blue": (255, 255, 255), "white": (20, 20, 24)}
FLAG = (250, 210, 40)  # the centre flag
# obstacles: fill by height (low light, high dark), outline thickness by height
OBSTACLE_FILL = {"low": (236, 206, 96), "medium": (232, 142, 52), "high": (190, 58, 46)}
OBSTACLE_EDGE = {"low": (120, 96, 30), "medium": (110, 60, 20), "high": (70, 16, 12)}
OBSTACLE_EDGE_WIDTH = {"low": 1, "medium": 2, "high": 3}
GRAZED = (255, 230, 40)  # an obstacle the ruler's band touches
CROSSED = (255, 40, 200)  # an obstacle the ruler's centre line crosses
RULER = (250, 250, 250)
RULER_BAND = (255, 255, 255, 70)
PROTRACTOR_WHITE = (255, 255, 255)
PROTRACTOR_RED = (255, 70, 60)
PROTRACTOR_SEGMENT = (255, 240, 120, 90)
FOV_FILL = {"blue": (80, 150, 255, 55), "white": (255, 255, 255, 55)}
FOV_TINT = {"blue": (10, 30, 70), "white": (45, 45, 45)}  # added to what the selected player sees
FOV_LIMIT = (255, 255, 120)
RUN_PATH = (255, 255, 255)
REFUSED = (235, 70, 60)  # a run or a line the engine refuses, drawn as it is drawn
SELECT = (255, 220, 60)
ACTIVE = (120, 255, 160)
TOKEN_SUPPRESSIVE = (250, 150, 40)
TOKEN_ADVANTAGE = (230, 40, 40)
DEF_BADGE = (60, 170, 90)
BOULET = (30, 30, 30)
MESSY = (236, 72, 160)
DEAD_GUN = (220, 30, 30)
ORDER_DOWN = (90, 70, 50)
ORDER_UP = (250, 220, 150)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The shipped DejaVu font at ``size`` pixels (opened once per start of pygame's font module:
    a font opened before ``pygame.quit`` cannot draw after it)."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = _open_font(size, bold)
    try:
        f.get_height()
    except pygame.error:  # the font module was quit and started again since
        reset()
        f = _open_font(size, bold)
    return f


@lru_cache(maxsize=64)
def _open_font(size: int, bold: bool) -> pygame.font.Font:
    return pygame.font.Font(str(FONT_BOLD if bold else FONT_REGULAR), size)


_TEXT_CACHE: dict[tuple, pygame.Surface] = {}
TEXT_CACHE_BYTES = 16 << 20  # pixels of remembered lines: a screen needs a few MB; more starts again
_text_bytes = 0  # the pixels in _TEXT_CACHE


def text(words: str, size: int, colour=TEXT, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, remembered (the table redraws the same words every frame). What is
    remembered is bounded by its pixels (``TEXT_CACHE_BYTES``): each match writes new lines (the
    log's, the panel's numbers), and 4,000 of them held about 85 MB (issue 24). Every word the
    window draws comes here: a character no line can show (a NUL, a newline, the undecodable byte
    of a file's name) is drawn escaped (``paintcheck.printable``)."""
    global _text_bytes
    key = (words, size, colour, bold)
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        surf = font(size, bold).render(printable(words), True, colour)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surf = surf.convert_alpha()
        weight = surf.get_pitch() * surf.get_height()
        if len(_TEXT_CACHE) >= 4000 or _text_bytes + weight > TEXT_CACHE_BYTES:
            _TEXT_CACHE.clear()
            _text_bytes = 0
        _TEXT_CACHE[key] = surf
        _text_bytes += weight
    return surf


def blit_text(surface: pygame.Surface, words: str, pos, size: int = 14, colour=TEXT, bold=False,
              anchor: str = "topleft") -> pygame.Rect:
    surf = text(words, size, colour, bold)
    rect = surf.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    surface.blit(surf, rect)
    return rect


_WIDTH_CACHE: dict[tuple, int] = {}


def text_width(words: str, size: int, bold: bool = False) -> int:
    """How many pixels wide ``words`` are drawn by ``text`` (escaped as it draws them; remembered:
    the panels fit the same words to the same widths every frame)."""
    key = (words, size, bold)
    width = _WIDTH_CACHE.get(key)
    if width is None:
        if len(_WIDTH_CACHE) > 8000:
            _WIDTH_CACHE.clear()
        width = _WIDTH_CACHE[key] = font(size, bold).size(printable(words))[0]
    return width


_WRAP_CACHE: dict[tuple, list[str]] = {}


def wrap(words: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split ``words`` into lines that fit ``width`` pixels (remembered)."""
    key = (words, size, width, bold)
    lines = _WRAP_CACHE.get(key)
    if lines is None:
        if len(_WRAP_CACHE) > 2000:
            _WRAP_CACHE.clear()
        lines = _WRAP_CACHE[key] = _wrap(words, size, width, bold)
    return lines


def _wrap(words: str, size: int, width: int, bold: bool) -> list[str]:
    lines: list[str] = []
    for paragraph in words.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}" if line else word
            if text_width(trial, size, bold) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def gui_theme() -> dict:
    """The pygame_gui theme: the shipped DejaVu font and the table's colours."""
    font_block = {"name": "dejavu", "size": "14", "regular_path": str(FONT_REGULAR),
                  "bold_path": str(FONT_BOLD), "italic_path": str(FONT_REGULAR),
                  "bold_italic_path": str(FONT_BOLD)}
    return {
        "defaults": {
            "font": font_block,
            "colours": {
                "normal_bg": "#3a4650", "hovered_bg": "#4f6170", "disabled_bg": "#2a3036",
                "selected_bg": "#2f7d4f", "active_bg": "#2f7d4f", "dark_bg": "#22282c",
                "normal_text": "#e8eae4", "hovered_text": "#ffffff", "selected_text": "#ffffff",
                "disabled_text": "#6a7276", "normal_border": "#5a6a76", "hovered_border": "#a0b4c0",
                "disabled_border": "#3a4046", "selected_border": "#80e0a0",
                "active_border": "#80e0a0", "text_cursor": "#e8eae4",
            },
        },
        "button": {"font": font_block},
        "label": {"font": font_block, "colours": {"dark_bg": "#00000000"}},
        "text_box": {"font": {**font_block, "size": "13"},
                     "colours": {"dark_bg": "#1c2124", "normal_border": "#46525a"}},
        "tool_tip": {"font": {**font_block, "size": "13"}},
        "@primary": {"colours": {"normal_bg": "#2f7d4f", "hovered_bg": "#3c9a62"}},
        "@danger": {"colours": {"normal_bg": "#7a2e2a", "hovered_bg": "#963a34",
                                "normal_border": "#d06a60"}},  # a choice that cannot be undone
        "@chosen": {"colours": {"normal_bg": "#7a6a2a", "hovered_bg": "#957f30",
                                "normal_border": "#ffe070"}},
    }


def reset() -> None:
    """Forget fonts and rendered text (after ``pygame.quit`` they are no longer valid)."""
    global _text_bytes
    _open_font.cache_clear()
    _TEXT_CACHE.clear()
    _text_bytes = 0
    _WRAP_CACHE.clear()
    _WIDTH_CACHE.clear()


def percent(p) -> str:
    """A chance as a player reads it: whole percents, "<1%" and ">99%" at the ends (never a 0% or
    a 100% that is not one); written for the window's language by Babel (French: ``35 %``)."""
    return i18n.percent(p)


def number(value: float, decimals: int | None = None) -> str:
    """A number written for the window's language (``14.5``, ``14,5``)."""
    return i18n.number(value, decimals)
