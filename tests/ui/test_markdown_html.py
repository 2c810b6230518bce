"""How to play as the window shows it (``ui.markdown_html``, no pygame): its markup becomes type,
never symbols on the screen; and the page covers every part of the program, in both languages."""

from __future__ import annotations

import re

import pytest

from paintcheck.ui import theme
from paintcheck.ui.markdown_html import blocks, markdown_to_html, visible_text

PAGES = {language: page.read_text(encoding="utf-8")
         for language, page in theme.HOW_TO_PLAY_BY_LANGUAGE.items()}


@pytest.mark.parametrize("language", sorted(PAGES))
def test_the_page_shows_no_markup_symbol(language):
    shown = visible_text(markdown_to_html(PAGES[language]))
    for symbol in ("*", "`", "](", "\\"):
        assert symbol not in shown, (language, symbol, shown[max(0, shown.find(symbol) - 60):][:120])
    assert not re.search(r"^\s*(#|- )", shown, re.M), language
    assert "• " in shown


def test_emphasis_over_two_lines_is_one_coloured_run():
    html = markdown_to_html("*New match* first; *Design\na field* on the title.")
    assert html.count("<font color=") == 2
    assert ">Design a field</font> on the title." in html and ">New match</font> first;" in html


def test_bold_code_links_and_escapes():
    html = markdown_to_html("**Ruler:** `a*b*c` in [the README](../README.md), 3 \\* 4 < 5")
    assert "<b>Ruler:</b>" in html
    assert ">a*b*c</font>" in html  # code is shown as it is written
    assert "the README" in html and "README.md" not in html
    assert visible_text(html) == "Ruler: a*b*c in the README, 3 * 4 < 5"


def test_a_list_item_wrapped_in_the_file_is_one_item_and_headings_stand_alone():
    text = "# Title\n\nA paragraph\nwrapped.\n\n## Part\n\n- **One.** first\n  line two\n- Two\n"
    assert blocks(text) == [("h1", "Title"), ("para", "A paragraph wrapped."), ("h2", "Part"),
                            ("item", "**One.** first line two"), ("item", "Two")]
    shown = visible_text(markdown_to_html(text))
    assert shown.splitlines() == ["Title", "A paragraph wrapped.", "", "Part", "• One. first line two",
                                  "• Two"]


SECTIONS = {  # what How to play must cover (issue 25): the same sections in both languages
    "en": ("Playing against the computer", "Designing a field", "The practice range",
           "Studying a field"),
    "fr": ("Jouer contre l’ordinateur", "Dessiner un terrain", "Le terrain d’entraînement",
           "Étudier un terrain"),
}


@pytest.mark.parametrize("language", sorted(PAGES))
def test_how_to_play_covers_the_computer_the_designer_the_range_and_the_study(language):
    headings = [words for kind, words in blocks(PAGES[language]) if kind == "h2"]
    for section in SECTIONS[language]:
        assert section in headings, (language, section)
    items = [words for kind, words in blocks(PAGES[language]) if kind == "item"]
    assert any("F1" in words for words in items)
