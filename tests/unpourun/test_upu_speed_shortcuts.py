"""The shortcuts that make Un pour un's random matches fast give the answers of the slow ways they
replace (issue 30, speed): who is engaged remembered per tuple of figures (never a stale answer
after a figure moves, even for a figure object the tuple does not hold), a move's pieces remembered
per segment, the state's copy, a figure changed and an event made without the dataclass machinery."""

from __future__ import annotations

import copy
import dataclasses
import math
import random

import pytest

from paintcheck.said import Said
from paintcheck.unpourun.events import Event, event
from paintcheck.unpourun.measurer import Measurer
from paintcheck.unpourun.state import Activation, changed
from paintcheck.unpourun.table_file import load_table, shipped_tables
from tests.unpourun.upu_world import SF, World, band, fig


def test_engaged_is_never_a_stale_answer_when_a_figure_moves_or_is_asked_about_with_another_object():
    w = World(band(fig(SF)), band(fig(SF)), {"A1": (10.0, 10.0), "B1": (20.0, 10.0)}, active="A1")
    board = w.engine.board
    a1 = w.f("A1")
    assert not board.engaged(w.s, a1)
    w.set("B1", pos=(11.05, 10.0))  # a new tuple, the same A1: base to base (d = 0.05 <= 0.1)
    assert w.f("A1") is a1 and board.engaged(w.s, a1)
    w.set("B1", pos=(20.0, 10.0))
    assert not board.engaged(w.s, a1)
    w.set("A1", pos=(18.95, 10.0))  # a new tuple and a new A1, in contact
    assert board.engaged(w.s, w.f("A1"))
    assert [e.id for e in board.engaged_with(w.s, w.f("A1"))] == ["B1"]
    # the old figure object (at 10, 10) asked about with the new tuple: it touches nobody
    assert not board.engaged(w.s, a1)
    assert board.engaged(w.s, w.f("A1"))
    # the list handed out is the caller's: changing it changes no later answer
    board.engaged_with(w.s, w.f("A1")).clear()
    assert board.engaged(w.s, w.f("A1"))


@pytest.mark.parametrize("path", shipped_tables(), ids=lambda p: p.stem)
def test_a_moves_pieces_remembered_per_segment_give_a_fresh_measurers_answers(path):
    table = load_table(path)
    warm, rng = Measurer(table), random.Random(path.stem)
    for _ in range(300):
        a0 = (rng.uniform(0.5, table.width - 0.5), rng.uniform(0.5, table.depth - 0.5))
        ang, length = rng.uniform(0, 2 * math.pi), rng.uniform(0.1, 12.0)
        seg = [a0, (a0[0] + math.cos(ang) * length, a0[1] + math.sin(ang) * length)]
        for _ in range(2):  # the second time from what the warm measurer remembers
            fresh = Measurer(table)
            assert warm.impassable_crossed(seg) == fresh.impassable_crossed(seg)
            assert warm.path_cost(seg) == fresh.path_cost(seg)
            assert warm.path_cost(seg, True) == fresh.path_cost(seg, True)


def test_the_states_copy_is_copy_copys_and_shares_nothing_the_engine_changes():
    w = World(band(fig(SF)), band(fig(SF)), {"A1": (10.0, 10.0)}, active="A1")
    s = w.s
    out = s.copy()
    slow = copy.copy(s)
    assert out == slow and out is not s
    assert out.activation == s.activation and out.activation is not s.activation
    out.activation.pa -= 1
    out.zones["A"] = 1
    out.vp["A"] += 3
    assert s.activation.pa == w.f("A1").stats.pa and s.zones["A"] == 0 and s.vp["A"] == 0
    s.activation = None
    assert s.copy().activation is None
    assert isinstance(out.activation, Activation)


def test_a_figure_changed_is_dataclasses_replace_and_refuses_a_field_it_does_not_have():
    f = World(band(fig(SF)), band(fig(SF)), {"A1": (10.0, 10.0)}).f("A1")
    for changes in ({"pos": (3.0, 4.0)}, {"pv": 0, "status": "dead", "pos": None}, {}):
        out, slow = changed(f, **changes), dataclasses.replace(f, **changes)
        assert out == slow and hash(out) == hash(slow)
    assert changed(f, pv=7).pv == 7 and f.pv != 7  # the original is untouched
    with pytest.raises(TypeError, match="posx"):
        changed(f, posx=(1.0, 1.0))
    with pytest.raises(dataclasses.FrozenInstanceError):
        changed(f).pv = 3  # type: ignore[misc]


def test_an_event_made_directly_is_the_dataclasss_event():
    made = event("roll", "1.9", figure="A", purpose="roll_off", value=3, need=0)
    slow = Event("roll", "1.9", (("figure", "A"), ("purpose", "roll_off"), ("value", 3), ("need", 0)))
    assert made == slow and hash(made) == hash(slow) and repr(made) == repr(slow)
    assert made.to_dict() == slow.to_dict() and made.get("value") == 3
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.kind = "x"  # type: ignore[misc]


def test_a_refusal_said_again_is_the_same_words_and_values_told_apart_by_type():
    from paintcheck.unpourun.legality import no

    first, again = no("chained"), no("chained")
    assert again == first == str(Said("unpourun_rules.refusal.chained")) and again.key == first.key
    assert no("pa", need=2, have=1).values == {"need": 2, "have": 1}
    assert str(no("zone", zone=2.0)) != str(no("zone", zone=2)) and "2.0" in no("zone", zone=2.0)
    assert no("not_now", decision=["x"], phase="wave").values["decision"] == ["x"]  # no dictionary key
