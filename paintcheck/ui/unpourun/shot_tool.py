"""A shot or a strike chosen in the match (issue 31, item 4): the decision waits in h-upu-shot's panel
(``shot_panel.ShotPanel``), told term by term with its exact odds (``unpourun.odds``) and the engine's
refusal if it has one, until it is confirmed (then played through the scene's door) or cancelled.

Owns: the panel and the decision it shows. Given: the engine (legality, board) and the scene's ``apply``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pygame

from paintcheck.ui.unpourun.shot_panel import ShotPanel
from paintcheck.unpourun import actions as a
from paintcheck.unpourun.engine import Engine
from paintcheck.unpourun.odds import shot_odds, strike_odds
from paintcheck.unpourun.state import MatchState

log = logging.getLogger(__name__)


def can_tell(decision: Any) -> bool:
    """The decisions the panel tells: a shot (an active one, or a free one at the enemy seen) and a strike."""
    return isinstance(decision, (a.Shoot, a.Strike)) or (
        isinstance(decision, a.FreeShot) and bool(decision.weapon)
    )


class ShotTool:
    def __init__(self, rect: pygame.Rect, apply: Callable[[Any], bool]) -> None:
        self.apply = apply
        self.decision: Any = None
        self.panel = ShotPanel(rect, self.confirm, self.cancel)

    def open(self, engine: Engine, s: MatchState, decision: Any) -> None:
        """Show ``decision``'s odds and the engine's word on it, to be confirmed."""
        if isinstance(decision, a.FreeShot):
            assert s.free_shot is not None
            shooter, target = (s.figure(fid) for fid in s.free_shot)
            odds: Any = shot_odds(engine.board, s, shooter, decision.weapon, target)
        else:
            assert s.activation is not None
            shooter = s.figure(s.activation.figure)
            if isinstance(decision, a.Shoot):
                odds = shot_odds(
                    engine.board, s, shooter, decision.weapon, s.figure(decision.target), decision.prefer
                )
            else:
                odds = strike_odds(shooter, s.figure(decision.target))
        self.decision = decision
        self.panel.show(odds, shooter.player, engine.why_illegal(s, decision))

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
