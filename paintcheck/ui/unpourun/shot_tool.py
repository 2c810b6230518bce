"""A shot or a strike chosen in the match (issue 31, item 4): the decision waits in h-upu-shot's panel
(``shot_panel.ShotPanel``), told term by term with its exact odds (``unpourun.odds.decision_odds``) and
the engine's refusal if it has one, until it is confirmed (then played through the scene's door) or
cancelled.

Owns: the panel and the decision it shows. Given: the engine (legality, board) and the scene's ``apply``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from paintcheck.ui.unpourun.shot_panel import ShotPanel
from paintcheck.unpourun.engine import Engine
from paintcheck.unpourun.odds import decision_odds
from paintcheck.unpourun.state import MatchState

log = logging.getLogger(__name__)


class ShotTool:
    def __init__(self, rect: pygame.Rect, apply: Callable[[Any], bool]) -> None:
        self.apply = apply
        self.decision: Any = None
        self.panel = ShotPanel(rect, self.confirm, self.cancel)

    def open(self, engine: Engine, s: MatchState, decision: Any) -> bool:
        """Show ``decision``'s odds (``odds.decision_odds``: a shot, a strike, a free shot) and the
        engine's word on it, to be confirmed; False when it is no decision the panel tells."""
        odds = decision_odds(engine.board, s, decision)
        if odds is None:
            return False
        self.decision = decision
        self.panel.show(odds, s.mover, engine.why_illegal(s, decision))
        return True

    def confirm(self) -> None:
        decision, self.decision = self.decision, None
        self.panel.hide()
        if decision is not None:
            self.apply(decision)

    def cancel(self) -> None:
        self.decision = None
        self.panel.hide()

    @property
    def shown(self) -> bool:
        return self.panel.shown
