"""Screenshots of Un pour un's ruler and shot panel on the woodland table, in English and French, for a
person to look at: ``python -m tests.ui.upu_shot_demo [folder]`` writes six PNG files (default
``/tmp/upu-shot``): a rifle's ruler blocked by the boulder (and the engine's refusal), a rifle shot at a
figure on a knoll, and a grenade's template over a group. Headless (SDL's dummy driver); nothing is
written elsewhere."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from paintcheck.ui import i18n, theme  # noqa: E402
from paintcheck.ui.unpourun.ruler import RulerLayer  # noqa: E402
from paintcheck.ui.unpourun.shot_panel import ShotPanel  # noqa: E402
from paintcheck.ui.unpourun.table_view import TableView  # noqa: E402
from paintcheck.unpourun.actions import Shoot  # noqa: E402
from paintcheck.unpourun.bands import Options  # noqa: E402
from paintcheck.unpourun.odds import shot_odds  # noqa: E402
from paintcheck.unpourun.table_file import default_table_path, load_table  # noqa: E402
from tests.unpourun.upu_world import CHEF, SF, World, band, fig  # noqa: E402

SIZE = (1280, 800)
PLAYER_COLOUR = {"A": (60, 110, 230), "B": (220, 70, 60)}
AT = {"A1": (15.0, 12.0), "A2": (22.0, 8.0), "B1": (15.0, 22.0), "B2": (24.0, 18.2), "B3": (25.6, 18.9),
      "B4": (27.0, 17.6)}


def _figures(surface: pygame.Surface, view: TableView, w: World) -> None:
    for f in w.s.figures:
        if f.pos is None or f.pos[1] < 1:
            continue
        x, y = view.to_screen(f.pos)
        r = max(4, round(view.pixels_per_pas * 0.5))
        pygame.draw.circle(surface, PLAYER_COLOUR[f.player], (round(x), round(y)), r)
        pygame.draw.circle(surface, (250, 250, 250), (round(x), round(y)), r, 1)
        theme.blit_text(surface, f.id, (x + r + 2, y - 7), 12, (250, 250, 250), True)


def shoot(folder: Path, locale: str, weapon: str, at: dict, target: str, name: str) -> Path:
    """One picture: the ruler of A1's ``weapon`` aimed at ``target``'s centre, the panel of that shot."""
    i18n.set_locale(locale)  # the table's legend follows the window's language
    tbl = load_table(default_table_path())
    w = World(band(fig(CHEF, ranged=("fusil", "grenade")), fig(SF)), band(fig(SF), fig(SF), fig(SF), fig(SF)),
              at, "A1", tbl=tbl, options=Options(passive=frozenset()))
    aim_at = at[target]
    surface = pygame.Surface(SIZE)
    surface.fill(theme.BACKGROUND)
    view = TableView(tbl, (0, 0, 800, 800))
    view.draw(surface)
    _figures(surface, view, w)
    ruler = RulerLayer(w.engine.board)
    ruler.aim(w.s, "A1", weapon, aim_at)
    ruler.draw(surface, view, locale)
    panel = ShotPanel((810, 10, 460, 780), lambda: None, lambda: None)
    odds = shot_odds(w.engine.board, w.s, w.f("A1"), weapon, w.f(target))
    panel.show(odds, "A", w.engine.why_illegal(w.s, Shoot(weapon, target)))
    panel.draw(surface, locale)
    path = folder / f"{name}-{locale}.png"
    pygame.image.save(surface, str(path))
    return path


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path("/tmp/upu-shot")
    folder.mkdir(parents=True, exist_ok=True)
    pygame.init()
    try:
        for locale in ("en", "fr"):
            print(shoot(folder, locale, "fusil", AT, "B1", "ruler-blocked"))
            print(shoot(folder, locale, "fusil", AT, "B2", "shot-from-below"))
            print(shoot(folder, locale, "grenade", {**AT, "A1": (20.0, 12.0)}, "B3", "blast"))
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
