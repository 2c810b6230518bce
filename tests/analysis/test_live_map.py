"""The map shown while a piece is dragged (``analysis.live_map``, issue 32, item 1) is the whole
study's map of the same layout: for each posture and map kind, after a piece moved (twice, and
back over a point already measured), a piece and its mirror twin moved, a piece turned, one added
from the palette and one removed, on box21 and a second shipped field. The reference is the
study of the table computed whole (``compute_sight_table``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from paintcheck.analysis.balance import control
from paintcheck.analysis.live_map import LiveStudy, live_values, serve
from paintcheck.analysis.maps import POSTURES, FieldStudy
from paintcheck.field.design import Design
from paintcheck.field.layout_file import layouts_dir, load_layout
from paintcheck.geometry.sight import compute_sight_table
from paintcheck.geometry.sight_update import RecentTables

KINDS = ("exposure", "threat", "control")


_STUDIES: dict = {}


def whole_map(layout, posture: str, what: str):
    study = _STUDIES.get(layout)
    if study is None:  # each state's table computed whole once
        field = layout.build()
        study = _STUDIES[layout] = FieldStudy(field, compute_sight_table(field))
    return control(study, posture) if what == "control" else getattr(study.maps(posture), what)


def passing_states(name: str):
    """(what was done, the layout the drop would give) from the shipped field ``name``."""
    layout = load_layout(Path(layouts_dir()) / name)
    one = Design(layout, mirror=False, box=False)
    blue = [o for o in one.obstacles if o.at[1] < 0]
    piece = next(o for o in blue if o.kind == "cylinder") if name == "box21.json" else blue[0]
    states = []
    for to in ((piece.at[0] + 1, piece.at[1]), (piece.at[0] - 1, piece.at[1] + 1)):
        moved = one.layout_if_moved(piece.id, to)
        if moved is not None:
            states.append((f"{piece.id} to {to}", moved))
    twin = Design(layout, mirror=True, box=False)
    moved = twin.layout_if_moved(piece.id, (piece.at[0], piece.at[1] - 1))
    if moved is not None:
        states.append((f"{piece.id} and its twin", moved))
    lying = next((o for o in blue if o.axis is not None and o.kind.endswith("_lying")), None)
    if lying is not None and one.turn(lying.id, 45) is None:
        states.append((f"{lying.id} turned", one.layout()))
        one.undo()
    placed = one.layout_if_placed("cone", (2, -3))
    if placed is not None:
        states.append(("a cone added", placed))
    if one.remove(blue[-1].id) is None:
        states.append((f"{blue[-1].id} removed", one.layout()))
    return layout, states


@pytest.mark.parametrize("name", ["box21.json", pytest.param("snake.json", marks=pytest.mark.slow)])
def test_the_live_map_is_the_whole_studys_map(name):
    layout, states = passing_states(name)
    assert len(states) >= 4
    live = LiveStudy()
    live.prime(layout)
    for did, state in states:
        for posture in POSTURES:
            for what in KINDS:
                mine = live.values(state, posture, what)
                assert mine == whole_map(state, posture, what), (did, posture, what)
    # the hand back over a state already measured: its rows kept, the same map
    did, state = states[0]
    assert live.values(state, "standing", "exposure") == whole_map(state, "standing", "exposure")


def test_far_states_and_other_fields_are_studied_whole():
    layout, states = passing_states("box21.json")
    other = load_layout(Path(layouts_dir()) / "box21_small.json")
    live = LiveStudy()
    live.prime(layout)  # another lattice: no rows of the primed field are used
    assert live.values(other, "kneeling", "threat") == whole_map(other, "kneeling", "threat")
    live.prime(other)
    assert live.values(states[0][1], "prone", "exposure") == whole_map(states[0][1], "prone", "exposure")
    assert live_values(states[0][1], RecentTables(), "standing", "control") == \
        whole_map(states[0][1], "standing", "control")
    with pytest.raises(ValueError, match="unknown map"):
        live.values(layout, "standing", "balance")


class Pipe:
    """One end of a pipe, scripted: the messages it gives, the answers it got."""

    def __init__(self, messages) -> None:
        self.messages, self.sent = list(messages), []

    def recv(self):
        if not self.messages:
            raise EOFError
        return self.messages.pop(0)

    def send(self, answer) -> None:
        self.sent.append(answer)


def test_the_process_loop_answers_each_message_in_order_and_survives_a_failure():
    layout, states = passing_states("box21.json")
    key = ("drag", states[0][1].obstacles)
    pipe = Pipe([("prime", layout), ("map", key, states[0][1], "standing", "exposure", "blue"),
                 ("map", "bad", layout, "standing", "balance", "blue"),
                 ("map", "again", states[0][1], "kneeling", "threat", "blue"), None, "never read"])
    serve(pipe)
    kinds = [a[0] for a in pipe.sent]
    assert kinds == ["primed", "map", "failed", "map"]
    assert pipe.sent[1][1] == key and pipe.sent[1][2] == whole_map(states[0][1], "standing", "exposure")
    assert pipe.sent[2][1] == "bad" and "unknown map" in pipe.sent[2][2]
    assert all(a[-1] >= 0 for a in pipe.sent), "each answer says its CPU time"
    assert pipe.messages == ["never read"], "None stops the loop"
