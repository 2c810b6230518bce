"""The game the title is for: Paintcheck or Un pour un (issue 31, item 1). No pygame here.

The choice is made on the title and remembered in the settings (``settings.saved_game``); what
follows it reads it here: which saves the *Load* list shows and opens (a save's ``format`` names its
game, ``saves.SavedMatch.game``), which is the latest to *Continue*, and which How to play page F1
shows. A file that is no game's save (unreadable, an unknown format) is listed under both games, with
its problem, so that it can be deleted from either.
"""

from __future__ import annotations

from pathlib import Path

from paintcheck.game import PAINTCHECK
from paintcheck.resources import data
from paintcheck.seam.game import GameKind
from paintcheck.ui import saves
from paintcheck.ui.settings import GAMES
from paintcheck.unpourun.record import UNPOURUN

PAINTCHECK_GAME, UNPOURUN_GAME = GAMES
KINDS: dict[str, GameKind] = {PAINTCHECK_GAME: PAINTCHECK, UNPOURUN_GAME: UNPOURUN}
HOW_TO_PLAY = {UNPOURUN_GAME: "how-to-play-unpourun"}  # Paintcheck's page is theme.HOW_TO_PLAY


def saves_of(game: str) -> list[saves.SavedMatch]:
    """The saves the *Load* list shows when ``game`` is chosen: its own, and the files of no game,
    newest first."""
    kinds = tuple(KINDS.values())
    own = KINDS[game].format
    return [entry for entry in saves.list_saves(kinds) if entry.game in (None, own)]


def latest_of(game: str) -> saves.SavedMatch | None:
    """The save of ``game`` to continue: the most recently saved that can be read."""
    own = KINDS[game].format
    return next((s for s in saves_of(game) if s.problem is None and s.game == own), None)


def how_to_play_page(game: str, language: str) -> Path | None:
    """The How to play page of ``game`` in ``language`` (``docs/<page>.md`` or ``.fr.md``); None for
    Paintcheck, whose page the help scene knows."""
    stem = HOW_TO_PLAY.get(game)
    if stem is None:
        return None
    return data("docs") / (f"{stem}.fr.md" if language == "fr" else f"{stem}.md")
