"""Issue 27, item 2, *words once*: a refusal of ``rules/``, ``field/``, ``odds/`` and ``ai/`` is a
``Said`` (a catalogue key and its values), never a sentence typed beside its key; the window words it
once, from its key (no English read back); the English the commands print is the catalogue's."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from paintcheck.field.design import Design, empty_layout
from paintcheck.field.lattice import CoordinateError, Lattice
from paintcheck.odds.lessons import LessonError, lesson_from_dict
from paintcheck.odds.shot import OddsError, shot_odds
from paintcheck.rules import events as ev
from paintcheck.rules import reasons
from paintcheck.rules.actions import IllegalActionError, parse_action
from paintcheck.said import Said
from paintcheck.ui import event_words, i18n

PACKAGE = Path(__file__).resolve().parents[1] / "paintcheck"
WORDED = ("rules", "field", "odds", "ai")  # the layers that say things without a language
# what says a key, then its values
SAYERS = {"Said", "refusal", "said", "schema_said", "_said", "_label", "_refuse", "lesson_said"}


def _modules():
    for sub in WORDED:
        yield from sorted((PACKAGE / sub).rglob("*.py"))


def test_no_key_is_said_with_english_beside_it():
    """``Said(key, "English…")``, ``refusal(key, f"…")``: a second positional argument is English
    typed twice (the catalogue has it); only values follow a key, by name."""
    found = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in SAYERS
                    and len(node.args) > 1):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.func.id}")
    assert found == []


def test_every_why_query_says_a_said_or_nothing():
    """``why_*`` answers ``Said | None`` (its annotation says so), never a plain sentence."""
    wrong = []
    for path in _modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.lstrip("_").startswith("why"):
                if node.returns is None or ast.unparse(node.returns) != "Said | None":
                    wrong.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name}")
    assert wrong == []


@pytest.mark.parametrize("refused, key, english", [
    (lambda: Design(empty_layout()).move("nope", (0, 0)), "rules.design.no_piece", "no piece 'nope'"),
    (lambda: Design(empty_layout()).place("tower", (0, 0)), "rules.design.unknown_kind",
     "unknown kind 'tower'"),
    (lambda: Design(empty_layout()).set_flag("triple"), "rules.design.flag_format",
     "the flag format is centre or double"),
])
def test_the_designers_refusals_are_said(refused, key, english):
    said = refused()
    assert isinstance(said, Said) and said.key == key and said == english
    assert i18n.say(said, "fr") != english


@pytest.mark.parametrize("refuse, error, key, english", [
    (lambda: shot_odds(1.5, 1), OddsError, "rules.odds.required_whole",
     "a required roll is a whole number, not 1.5"),
    (lambda: shot_odds(5, 7), OddsError, "rules.odds.dodge_dice",
     "a target is allowed 0 to 2 dodge dice, not 7"),
    (lambda: parse_action(""), IllegalActionError, "rules.action_text.empty", "an empty action"),
    (lambda: parse_action("XYZ 1"), IllegalActionError, "rules.action_text.unreadable",
     "'XYZ 1' is not an action (DEF, SUP, SHOT W2, DUMP W2, MOV B:H6, …)"),
    (lambda: Lattice(2, 5), CoordinateError, "rules.coordinate.columns",
     "a field has 3 to 26 columns, not 2"),
    (lambda: lesson_from_dict({"format": "x"}, "quiz.json"), LessonError, "range.lesson_file.line",
     "quiz.json: format: 'paintcheck-lesson/1' is needed, not 'x'"),
])
def test_errors_a_user_meets_carry_a_said(refuse, error, key, english):
    with pytest.raises(error) as caught:
        refuse()
    said = caught.value.args[0]
    assert isinstance(said, Said) and said.key == key and str(caught.value) == english
    assert i18n.error_words(caught.value) == english  # the window, in English
    assert i18n.say(said, "fr") != english


def test_an_event_says_itself_and_its_text_is_that_entrys_english():
    e = ev.ShotLost("B1", "W2", reasons.LOST_RAN_OFF)
    assert e.said.key == "rules.event.shot_lost" and e.text == "B1's shot at W2 is lost: the target ran off."
    assert event_words.event_words(e, "fr") == i18n.say(e.said, "fr") != e.text


def test_english_is_never_read_back_into_a_key():
    assert not hasattr(event_words, "said_again")
    assert event_words.words("the target ran off", "fr") == "the target ran off"
