"""The end of a match of Un pour un ("upu_result", issue 31 item 4): who won, the victory points, why
(the engine's end reason and the last VP event), and back to the title."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import pygame

from paintcheck.ui import theme
from paintcheck.ui.i18n import say, tr
from paintcheck.ui.scenes import Scene
from paintcheck.ui.session import Session
from paintcheck.ui.unpourun import story
from paintcheck.ui.unpourun.zone_places import places
from paintcheck.unpourun.game import UnpourunGame

if TYPE_CHECKING:
    from paintcheck.ui.app import App


class UpuResultScene(Scene):
    name = "upu_result"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.session: Session | None = None

    def enter(self, persist: dict[str, Any]) -> None:
        self.session = persist.get("session", self.session)
        super().enter(persist)

    def layout(self, size: tuple[int, int]) -> None:
        c = self.controls
        c.start(size[0] // 2 - 150, size[1] - 90, 300)
        c.add(
            "title", tr("upu_match.back_to_title"), lambda: self.app.switch("title"), primary=True, width=300
        )

    def words(self) -> list[str]:
        """The winner, the victory points, why the game ended."""
        assert self.session is not None
        s = self.session.state
        outcome = self.session.game.outcome(s)
        winner = outcome.winner if outcome is not None else None
        head = (
            tr("upu_match.result.draw")
            if winner in (None, "draw")
            else tr("upu_match.result.won", side=winner)
        )
        lines = [head, tr("upu_match.result.vp", a=s.vp.get("A", 0), b=s.vp.get("B", 0))]
        if s.end_reason:
            lines.append(tr("upu_match.result.why", reason=say(s.end_reason)))
        lines.append(tr("upu_match.result.turns", turn=s.turn))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        if self.session is None:
            return
        w, _ = self.app.size
        y = 60
        for i, line in enumerate(self.words()):
            size = 28 if i == 0 else 18
            theme.blit_text(
                surface,
                line,
                (w // 2 - theme.text_width(line, size, i == 0) // 2, y),
                size,
                theme.SELECT if i == 0 else theme.TEXT,
                bold=i == 0,
            )
            y += size + 14
        rect = pygame.Rect(w // 2 - 360, y + 20, 720, self.app.size[1] - y - 140)
        table = cast(UnpourunGame, self.session.game).table  # a zone taken told by where it stands
        story.draw(surface, rect, self.session.events, places=places(table))
