"""``Said``: English words kept as data, read as the same string by every caller, worded again by the
window (``i18n.say``)."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from paintcheck.said import Said
from paintcheck.ui import i18n


def test_said_is_its_english_text_for_every_caller():
    s = Said("team.blue", "Blue", extra=1)
    assert s == "Blue" and hash(s) == hash("Blue") and f"{s}!" == "Blue!"
    assert json.dumps({"x": s}) == '{"x": "Blue"}'
    assert s.key == "team.blue" and s.values == {"extra": 1}


@pytest.mark.parametrize("clone", [pickle.loads, copy.deepcopy])
def test_said_keeps_its_key_and_values_when_copied_or_sent_to_a_worker(clone):
    inner = Said("team.white", "White")
    s = Said("common.page", "page 2 of 3", page=2, pages=inner)
    out = clone(pickle.dumps(s)) if clone is pickle.loads else clone(s)
    assert out == s and out.key == "common.page" and out.values == {"page": 2, "pages": "White"}
    assert out.values["pages"].key == "team.white"


def test_say_words_it_in_the_language_asked_values_included():
    s = Said("common.page", "page 2 of 3", page=2, pages=3)
    assert i18n.say(s, "en") == "page 2 of 3" and i18n.say(s, "fr") == "page 2 sur 3"
    nested = Said("common.page", "page 2 of White", page=2, pages=Said("team.white", "White"))
    assert i18n.say(nested, "fr") == "page 2 sur Blancs"
    assert i18n.say("B:H6", "fr") == "B:H6" and i18n.say(14, "fr") == "14"


def test_said_imports_nothing_so_every_layer_may_say_something():
    import ast
    import inspect

    from paintcheck import said

    tree = ast.parse(inspect.getsource(said))
    imported = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert [n.module for n in imported if isinstance(n, ast.ImportFrom)] == ["__future__"]
    assert not [n for n in imported if isinstance(n, ast.Import)]
