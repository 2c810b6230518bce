"""``Said``: a catalogue key and its values, nothing more. Its English is the catalogue's English (the
string every caller reads: logs, files, commands); the window words it again in its language
(``i18n.say``)."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from paintcheck.said import Said, UnsaidError, catalogue, english
from paintcheck.ui import i18n


def test_said_is_the_catalogues_english_for_every_caller():
    s = Said("team.blue", extra=1)
    assert s == "Blue" and hash(s) == hash("Blue") and f"{s}!" == "Blue!"
    assert json.dumps({"x": s}) == '{"x": "Blue"}'
    assert s.key == "team.blue" and s.values == {"extra": 1}


def test_a_said_carries_no_english_of_its_own():
    with pytest.raises(TypeError):
        Said("team.blue", "Blue")  # type: ignore[call-arg]
    assert Said("common.page", page=2, pages=3) == "page 2 of 3"  # the catalogue's "page %{page} of %{pages}"


def test_the_english_is_filled_as_python_writes_the_values_and_counted_entries_take_their_form():
    assert english("rules.refusal.move_long", {"most": 6, "length": 7}) == i18n.tr(
        "rules.refusal.move_long", "en", most=6, length=7)
    assert Said("rules.count.dice", count=1) == "1 die" and Said("rules.count.dice", count=0) == "0 dice"
    assert Said("rules.label.minimum", minimum=2.5) == "minimum 2.5"  # str(), not a locale's number


def test_an_unknown_key_or_a_missing_value_is_refused():
    with pytest.raises(UnsaidError):
        Said("rules.refusal.no_such_refusal")
    with pytest.raises(UnsaidError):
        Said("common.page", page=2)
    with pytest.raises(UnsaidError):
        Said("rules.count.dice")


def test_said_reads_the_english_catalogue_as_the_window_does():
    assert catalogue() == i18n.catalogue("en")


@pytest.mark.parametrize("clone", [pickle.loads, copy.deepcopy])
def test_said_keeps_its_key_and_values_when_copied_or_sent_to_a_worker(clone):
    inner = Said("team.white")
    s = Said("common.page", page=2, pages=inner)
    out = clone(pickle.dumps(s)) if clone is pickle.loads else clone(s)
    assert out == s == "page 2 of White" and out.key == "common.page"
    assert out.values == {"page": 2, "pages": "White"} and out.values["pages"].key == "team.white"


def test_say_words_it_in_the_language_asked_values_included():
    s = Said("common.page", page=2, pages=3)
    assert i18n.say(s, "en") == "page 2 of 3" and i18n.say(s, "fr") == "page 2 sur 3"
    nested = Said("common.page", page=2, pages=Said("team.white"))
    assert i18n.say(nested, "fr") == "page 2 sur Blancs"
    assert i18n.say("B:H6", "fr") == "B:H6" and i18n.say(14, "fr") == "14"


def test_said_imports_only_the_standard_library_and_where_the_data_lies():
    import ast
    import inspect
    import sys

    from paintcheck import said

    tree = ast.parse(inspect.getsource(said))
    modules = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    modules += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    outside = [m for m in modules if m != "paintcheck.resources"
               and m.split(".")[0] not in sys.stdlib_module_names and m != "__future__"]
    assert outside == []
