"""Issue 25, item 9: the French texts say *coureur*, not *runner*; no English is left in the
designer's checks ("passe validate") or in How to play's references (the README's "Designing a
field")."""

from __future__ import annotations

import json
import re
from pathlib import Path

from paintcheck.ui import i18n, theme

ROOT = Path(__file__).resolve().parents[2]
ENGLISH_WORDS = re.compile(r"\b(runners?|validate)\b", re.IGNORECASE)


def french_texts() -> dict[str, str]:
    """Every French text a player reads: the catalogue, How to play, the lessons' French."""
    texts = {f"catalogue {key}": value for key, value in i18n.catalogue("fr").items()}
    texts["how-to-play.fr.md"] = theme.HOW_TO_PLAY_BY_LANGUAGE["fr"].read_text(encoding="utf-8")
    for path in sorted((ROOT / "assets" / "lessons").glob("*.json")):
        french = json.loads(path.read_text(encoding="utf-8")).get("fr", {})
        texts |= {f"{path.name} {key}": value for key, value in french.items() if isinstance(value, str)}
    return texts


def test_french_says_coureur_and_no_command_name():
    found = {where: ENGLISH_WORDS.findall(text) for where, text in french_texts().items()}
    assert not {where: words for where, words in found.items() if words}
    assert "vérifications" in i18n.tr("designer.checks_none", "fr")


def test_how_to_play_in_french_names_no_english_title():
    """An emphasised name in the French page (*Nouvelle partie*) is never an English heading of the
    README nor an English word of the window's catalogue."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    english = {line.lstrip("#").strip() for line in readme.splitlines() if line.startswith("#")}
    en, fr = i18n.catalogue("en"), i18n.catalogue("fr")
    english |= {value for key, value in en.items() if value != fr[key]}
    page = theme.HOW_TO_PLAY_BY_LANGUAGE["fr"].read_text(encoding="utf-8")
    named = {" ".join(words.split()) for words in re.findall(r"\*([^*]+)\*", page)}
    assert not named & english


def test_the_chooser_shows_a_layouts_french_name_when_the_window_speaks_french(french_app, monkeypatch):
    from tests.ui.driver import Drawn

    drawn = Drawn(monkeypatch)
    french_app.choose_field()
    words = drawn.words(french_app)
    assert "Serpent" in words and "Boîte 21" in words and "Snake" not in words
    french_app.set_language("en")
    words = drawn.words(french_app)
    assert "Snake" in words and "Serpent" not in words
