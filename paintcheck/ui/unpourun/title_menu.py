"""The title's game choice (Paintcheck / Un pour un) and Un pour un's menu on the title (issue 31,
item 1). The title (``ui.scenes.TitleScene``) lays these out; what they open are scenes by name:
``upu_new`` (a new match's setup), ``upu_match`` (the match: ``resume=<path>`` opens a save),
``load`` (the saves of the chosen game only), ``upu_builder``, ``upu_designer``, ``help`` (Un pour un's
How to play page while that game is chosen).
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, cast

from pygame_gui.elements import UITooltip

from paintcheck.ui import game_choice, i18n
from paintcheck.ui.i18n import tr
from paintcheck.ui.widgets import Controls

if TYPE_CHECKING:
    from paintcheck.ui.app import App

GAME_ROW = 52  # the switch's row, above the menu
SWITCH_H = 36
SWITCH_KEYS = ("game-paintcheck", "game-unpourun")
TIP_GAP = 8  # pixels between the switch and its tooltip


def game_switch(app: App, c: Controls, width: int) -> None:
    """Two buttons side by side, the chosen game's highlighted: clicking the other switches the
    title's menu at once (remembered)."""
    c.row_height = SWITCH_H
    half = (width - 6) // 2
    for game, key in ((game_choice.PAINTCHECK_GAME, "paintcheck"), (game_choice.UNPOURUN_GAME, "unpourun")):
        chosen = app.game == game
        c.add(f"game-{key}", tr(f"upu_builder.title.game.{key}"),
              None if chosen else partial(app.set_game, game), chosen=chosen, width=half,
              hint=tr("upu_builder.title.game.hint"))


def unpourun_menu(app: App, c: Controls, width: int) -> int:
    """Un pour un's menu, one button a row from where ``c`` stands; returns its bottom."""
    c.add("upu-new", tr("upu_builder.title.new_match"), lambda: app.switch("upu_new"), primary=True,
          width=width)
    c.newline()
    last = game_choice.latest_of(game_choice.UNPOURUN_GAME)
    action, reason = (lambda: app.switch("upu_match", resume=last.path), None) if last else \
        (None, tr("title.no_save"))
    hint = tr("title.resume_hint", field=last.field, turn=last.turn if last.turn else "?",
              when=i18n.date_time(last.modified)) if last else None
    c.add("upu-resume", tr("title.resume"), action, reason, width=width, hint=hint)
    c.newline()
    listed = game_choice.saves_of(game_choice.UNPOURUN_GAME)
    c.add("upu-load", tr("title.load"), lambda: app.switch("load"), None if listed else tr("title.no_save"),
          width=width)
    c.newline()
    c.add("upu-builder", tr("upu_builder.title.builder"), lambda: app.switch("upu_builder"), width=width,
          hint=tr("upu_builder.title.builder_hint"))
    c.newline()
    c.add("upu-designer", tr("upu_builder.title.designer"), lambda: app.switch("upu_designer"), width=width)
    c.newline()
    c.add("upu-help", tr("title.help"), lambda: app.show_help(), width=width)
    c.newline()
    c.add("upu-quit", tr("title.quit"), lambda: app.quit(), width=width)
    return c.bottom


def place_switch_tip(c: Controls, screen_width: int) -> None:
    """The game switch's tooltip (pygame_gui puts one under the button, over the menu's first button)
    moved beside the switch, on its right; above it when the window has no room there. It covers no
    button either way (the title's words only)."""
    buttons = [c.choices[key].button for key in SWITCH_KEYS if key in c.choices]
    if not buttons:
        return
    right = max(b.rect.right for b in buttons)
    for button in buttons:
        if button.tool_tip is None:
            continue
        tip = cast(UITooltip, button.tool_tip)  # the manager's tooltips are UITooltips (they have a rect)
        if right + TIP_GAP + tip.rect.width <= screen_width:
            where = (right + TIP_GAP, button.rect.centery - tip.rect.height // 2)
        else:
            where = (button.rect.x, button.rect.top - TIP_GAP - tip.rect.height)
        if tip.rect.topleft != where:
            tip.set_position(where)
