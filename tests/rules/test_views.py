"""RULES 4.2: a coach never sees the other coach's order tokens before they are revealed."""

from __future__ import annotations

from paintcheck.rules.actions import AssignOrders
from paintcheck.rules.views import HIDDEN, public_view, view
from tests.rules.harness import Game, measurer, standard

BLUE = {"B1": 1, "B2": 4}
WHITE = {"W1": 2, "W2": 5}


def game() -> Game:
    return Game(measurer(), [standard(p) for p in ("B1", "B2", "W1", "W2")])


def test_view_hides_the_other_coachs_tokens_once_he_has_assigned_them():
    g = game()
    g.play(AssignOrders("blue", tuple(BLUE.items())))
    assert g.state.phase == "orders"
    seen_by_white = view(g.state, "white")
    assert seen_by_white.orders["blue"] == {"B1": HIDDEN, "B2": HIDDEN}
    assert view(g.state, "blue").orders["blue"] == BLUE  # his own tokens stay
    assert g.state.orders["blue"] == BLUE  # the view is a copy


def test_view_mid_turn_shows_revealed_tokens_only():
    g = game()
    g.orders(BLUE, WHITE)
    assert g.state.round == 1
    assert view(g.state, "white").orders == {"blue": {"B1": 1, "B2": HIDDEN}, "white": WHITE}
    assert view(g.state, "blue").orders == {"blue": BLUE, "white": {"W1": HIDDEN, "W2": HIDDEN}}
    g.rest("B1")
    assert g.state.round == 2
    assert view(g.state, "blue").orders["white"] == {"W1": 2, "W2": HIDDEN}
    g.rest("W1")
    assert g.state.round == 4
    assert view(g.state, "white").orders["blue"] == BLUE
    assert view(g.state, "blue").orders["white"] == {"W1": 2, "W2": HIDDEN}


def test_public_view_hides_both_sides():
    g = game()
    g.orders(BLUE, WHITE)
    assert public_view(g.state).orders == {"blue": {"B1": 1, "B2": HIDDEN},
                                           "white": {"W1": HIDDEN, "W2": HIDDEN}}
