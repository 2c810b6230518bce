"""The book's worked turn 2 (pages 35–44, RULES §14), played through the engine.

The figures' positions are lost with the book's pictures, so the scripted measurer gives the
readings the text states (who sees whom, distances, angles, obstacles on the line). The engine does
everything else: speaking order, speed tests, values, required rolls, margins, dodges, boulets,
tokens and eliminations, with the book's dice fed in order."""

from __future__ import annotations

import pytest

from paintcheck.rules import events as ev
from paintcheck.rules.actions import (
    REFLEX,
    SUPPRESSIVE,
    AssignOrders,
    Declare,
    Def,
    Dodge,
    Move,
    React,
    Reaction,
    Shot,
    Support,
)
from paintcheck.rules.dice import ScriptedDice
from paintcheck.rules.engine import Engine
from paintcheck.rules.state import DODGE, ORDERS, REACT, MatchState, Player, Token
from tests.rules.scripted import ScriptedMeasurer, graze, touch

B1, B2, B3, B4, B5 = (8, -11), (4, -6), (14, -9), (14, -3), (2, -8)
W1, W2, W3, W4 = (9, 11), (3, 6), (10, 7), (1, 10)
B1_END, B4_END, B3_END, W4_END, W1_END = (8, -4), (15, -3), (7, -6), (0, 10), (7, 11)
B1_RUN = [(8, -r) for r in range(10, 3, -1)]


def book_table() -> ScriptedMeasurer:
    m = ScriptedMeasurer()
    for oid, kind, point in [
        ("cyl_b1", "cylinder", (8, -12)), ("c_b1", "cone", (8, -3)), ("cyl_b2", "cylinder", (4, -5)),
        ("cyl_b3", "cylinder", (14, -10)), ("cone_b3", "cone", (7, -5)),
        ("rocket", "rocket_big", (14, -2)), ("sr_b5", "rocket_small", (2, -7)),
        ("cyl_w1", "cylinder", (9, 10)), ("cyl_w1b", "cylinder", (6, 10)),
        ("cyl_w2", "cylinder", (3, 5)), ("sr_w3", "rocket_small", (10, 6)),
        ("sr_w4", "rocket_small", (1, 9)), ("pyr", "pyramid", (8, 0)),
        ("cone_x", "cone", (5, 0)), ("cone2", "cone", (3, 1)),
    ]:
        m.add(oid, kind, point)
    # Round 1: White4 sees 2 points of Blue1's run (fig1), White2 sees 5; Blue3 presses White2.
    m.see(W4_END, B1, (8, -5), (8, -4)).see(W2, *B1_RUN[2:]).see(B3, W2)
    m.run_angles[W4_END] = 25.0  # +3
    m.run_angles[W2] = 10.0  # +4: Blue1 runs almost straight at him
    m.sweeps[W2] = (graze("cone_x", "cone"),)  # -1: the cone on his line of fire (p.37)
    # Round 2: the duel Blue2 / White3, +2 angle each way.
    m.see(B2, W3).see(W3, B2)
    m.angles[(W3, B2)] = m.angles[(B2, W3)] = 40.0
    # Round 3: White2 at Blue4; Blue4 (moved right) at White4 at the small rocket; White1 at Blue4.
    m.see(W2, B4, B4_END).see(B4_END, W4_END).see(W1, B4_END)
    m.distances[frozenset({B4_END, W4_END})] = 5.0  # +1
    m.angles[(W4_END, B4_END)] = 40.0  # +2: "qui lui tourne le dos"
    m.distances[frozenset({W1, B4_END})] = 8.0  # no distance modifier
    # Round 4: Blue5 at White2, +2 angle, pyramid and cone in the way (-4).
    m.see(B5, W2)
    m.angles[(W2, B5)] = 40.0  # +2; Blue3 forced White2's dodge from segment 0: weakened, +1
    m.lines[(B5, W2)] = (graze("pyr", "pyramid"), touch("cone2", "cone"))
    # Round 5: White1 (moved to H11) at Blue4; Blue3 (ran to H6) at White3 past the pyramid.
    m.see(W1_END, B4_END).see(B3_END, W3)
    m.distances[frozenset({W1_END, B4_END})] = 8.0
    m.distances[frozenset({B3_END, W3})] = 9.0
    m.angles[(W3, B3_END)] = 40.0
    m.lines[(B3_END, W3)] = (graze("pyr", "pyramid"),)
    return m


def after_the_break() -> MatchState:
    """Page 35: White lost a player at the break; Blue3 presses White2, White1 presses Blue4."""
    def player(team, jersey, point, cover, posture="standing", **kw):
        return Player(team, jersey, point, posture, cover, "left" if point else None, **kw)

    players = [
        player("blue", 1, B1, "cyl_b1"), player("blue", 2, B2, "cyl_b2"),
        player("blue", 3, B3, "cyl_b3", token=Token("W2", "left", W2)),
        player("blue", 4, B4, "rocket"), player("blue", 5, B5, "sr_b5"),
        player("white", 1, W1, "cyl_w1", token=Token("B4", "left", B4)),
        player("white", 2, W2, "cyl_w2", def_count=1), player("white", 3, W3, "sr_w3", "kneeling"),
        player("white", 4, W4, "sr_w4", "kneeling"), player("white", 5, None, None),
    ]
    return MatchState(layout="book p.35", players={p.id: p for p in players}, turn=2)


BOOK_DICE = [
    # round 1: White2's reflex DEF check; speed White4, White2, Blue3; shots Blue3, White4, White2; dodge
    3, 4, 1, 3, 3, 11, 17, 5,
    # round 2: who speaks first (Blue, White); speed Blue2, White3; shots White3, Blue2
    2, 5, 1, 3, 11, 4,
    # round 3: who speaks first (Blue 2, White 1); White1's DEF check; speed White2, Blue4, White1,
    # Blue3; Blue3 20 + 5; White2 dodges 1 then 6; White1 11; Blue4 fumbles 1, re-roll 4 (the book
    # has Blue4 and White1 tied; seen at his arrival, Blue4 fires after White1: erratum E3)
    2, 1, 5, 1, 3, 4, 3, 20, 5, 1, 6, 11, 1, 4,
    # round 4: Blue5 19
    19,
    # round 5: White1 19, Blue4 dodges 5; Blue3 20 + 2, White3 dodges 1 and 2
    19, 5, 20, 2, 1, 2,
]


class Table:
    """Plays decisions and keeps the events of each round."""

    def __init__(self) -> None:
        self.engine = Engine(book_table())
        self.dice = ScriptedDice(BOOK_DICE)
        self.state = after_the_break()
        self.rounds: dict[int | str, list] = {}
        self.current: int | str = 0
        self.white1_suppressive: object = None  # the engine's word on White1's suppressive shot, round 3

    def play(self, decision) -> None:
        self.state, events = self.engine.apply(self.state, decision, self.dice)
        for e in events:
            if isinstance(e, ev.TokensRevealed):
                self.current = e.round
            elif isinstance(e, ev.TurnStarted):
                self.current = f"turn {e.turn}"
            self.rounds.setdefault(self.current, []).append(e)


@pytest.fixture(scope="module")
def turn2() -> Table:
    t = Table()
    assert t.state.phase == ORDERS
    t.play(AssignOrders("blue", (("B1", 1), ("B2", 2), ("B4", 3), ("B5", 4), ("B3", 5))))
    t.play(AssignOrders("white", (("W4", 1), ("W3", 2), ("W2", 3), ("W1", 5))))
    # round 1 (p.36): White speaks first, having a player in the dead zone
    assert t.engine.to_move(t.state) == "white"
    t.play(Declare("W4", "kneeling", (Move((W4_END,), "sr_w4", "left"), Def(), Shot("B1"), Support()),
                   "sr_w4", "left"))
    t.play(Declare("B1", "standing", (Move((B1_END,), "c_b1", "left"), Def(), Def()), "cyl_b1", "left"))
    assert t.state.phase == REACT and t.engine.to_move(t.state) == "white"
    t.play(React("white", (Reaction("W2", REFLEX, "B1"),)))
    t.play(React("blue", (Reaction("B3", SUPPRESSIVE, "W2"),)))
    assert t.state.phase == DODGE and t.engine.to_move(t.state) == "blue"
    t.play(Dodge("blue"))
    # round 2 (p.38)
    assert t.state.round == 2 and t.engine.to_move(t.state) == "blue"
    t.play(Declare("B2", "standing", (Def(), Def(), Shot("W3"), Support()), "cyl_b2", "left"))
    t.play(Declare("W3", "kneeling", (Def(), Def(), Shot("B2"), Support()), "sr_w3", "left"))
    # round 3 (p.39-41)
    assert t.state.round == 3 and t.engine.to_move(t.state) == "white"
    t.play(Declare("W2", "standing", (Def(), Def(), Shot("B4"), Support()), "cyl_w2", "left"))
    t.play(Declare("B4", "standing", (Move((B4_END,), "rocket", "right"), Def(), Def(), Shot("W4")),
                   "rocket", "left"))
    # p.40: "comme Bleu4 a décidé de tirer par l'autre côté de l'obstacle, le tir automatique
    # n'est pas possible": he stays behind the rocket (RULES 10.2)
    t.white1_suppressive = t.engine.why_illegal(t.state, React("white", (Reaction("W1", SUPPRESSIVE, "B4"),)))
    t.play(React("white", (Reaction("W1", REFLEX, "B4"),)))
    t.play(React("blue", (Reaction("B3", SUPPRESSIVE, "W2"),)))
    t.play(Dodge("white"))
    t.play(Dodge("white"))
    # round 4 (p.42): White has no token 4
    assert t.state.round == 4 and t.state.speakers == ["blue"]
    t.play(Declare("B5", "standing", (Def(), Shot("W2"), Support(), Support()), "sr_b5", "left"))
    # round 5 (p.43-44)
    assert t.state.round == 5 and t.engine.to_move(t.state) == "white"
    t.play(Declare("W1", "kneeling", (Move((W1_END,), "cyl_w1b", "left"), Def(), Def(), Shot("B4")),
                   "cyl_w1", "left"))
    t.play(Declare("B3", "standing", (Move((B3_END,), "cone_b3", "left"), Def(), Shot("W3")),
                   "cyl_b3", "left"))
    t.play(Dodge("blue"))
    t.play(Dodge("white"))
    t.play(Dodge("white"))
    return t


def of(events, kind, **match):
    return [e for e in events if isinstance(e, kind) and all(getattr(e, k) == v for k, v in match.items())]


def shot(events, shooter):
    (e,) = of(events, ev.ShotResolved, shooter=shooter)
    return e


def test_book_p36_round1_speaking_order_and_speed_ranks(turn2):
    r1 = turn2.rounds[1]
    assert of(r1, ev.SpeakingOrder)[0].order == ("white", "blue")
    speed = {e.player: e.score for e in of(r1, ev.SpeedTest)}
    assert speed == {"W4": 4, "W2": 0, "B3": 5}
    order = [e.shooter for e in of(r1, ev.ShotResolved)]
    assert order == ["B3", "W4", "W2"]
    (check,) = of(r1, ev.DefLost, player="W2")
    assert check.lost == 0  # rolled a 3: no DEF lost


def test_book_p36_round1_blue3_suppressive_misses(turn2):
    e = shot(turn2.rounds[1], "B3")
    assert (e.kind, e.shot_value, e.target_value, e.required, e.roll, e.hit) == (
        SUPPRESSIVE, 7, 15, 19, 3, False)
    assert dict(e.shot_parts)["distance"] == -3


def test_book_p36_round1_white4_hits_runner_with_margin_1(turn2):
    e = shot(turn2.rounds[1], "W4")
    assert (e.shot_value, e.target_value, e.required, e.roll, e.margin) == (12, 12, 11, 11, 1)
    assert dict(e.shot_parts) == {"simple": 10, "1 support(s)": 2, "distance": -3, "run angle": 3}
    assert dict(e.target_parts) == {"MOV": 10, "2 vulnerable": 2}
    (dodge,) = of(turn2.rounds[1], ev.Dodged, player="B1")
    assert dodge.automatic and dodge.boulets == 1


def test_book_p37_round1_white2_reflex_eliminates_blue1(turn2):
    r1 = turn2.rounds[1]
    e = shot(r1, "W2")
    assert dict(e.shot_parts) == {
        "reflex": 9, "distance": -2, "run angle": 4, "sweep grazes cone_x (medium)": -1}
    assert (e.shot_value, e.target_value, e.required, e.roll, e.margin) == (10, 9, 10, 17, 8)
    assert dict(e.target_parts) == {"MOV": 10, "5 vulnerable": -1}
    (roll,) = of(r1, ev.DodgeRolled, player="B1")
    assert roll.faces == (5,) and roll.margin_left == 3  # one die only: he already dodged
    assert of(r1, ev.Eliminated, player="B1")
    assert turn2.state.players["B1"].point is None


def test_book_p38_round2_duel(turn2):
    r2 = turn2.rounds[2]
    w3, b2 = shot(r2, "W3"), shot(r2, "B2")
    assert [e.shooter for e in of(r2, ev.ShotResolved)] == ["W3", "B2"]  # White3 rolled 3, Blue2 1
    assert (w3.shot_value, w3.target_value, w3.roll, w3.hit) == (12, 17, 11, False)
    assert w3.required == 16  # the book prints 17: erratum RULES 7.7
    assert (b2.shot_value, b2.target_value, b2.required, b2.roll, b2.hit) == (12, 15, 14, 4, False)
    assert {p: turn2.state.players[p].def_count for p in ("B2", "W3")} == {"B2": 2, "W3": 2}


def test_book_p40_round3_speed_ranks(turn2):
    """The book: Blanc2 1, Blanc1 4 - 1 = 3, Bleu4 3, Bleu3 3 + 2 = 5, Bleu4 and Blanc1 tied. But
    Bleu4 moved 1 point to the rocket's right and both White1 and White2 see him there (they shoot
    him at that point): the arrival is a moved point (RULES 11.2, B p.27), so Bleu4 scores 3 - 1 = 2
    and fires after White1. White1 misses, so Bleu4 still fires and fumbles as in the book
    (docs/rules-decisions.md, erratum E3)."""
    r3 = turn2.rounds[3]
    assert of(r3, ev.SpeakingOrder)[0].order == ("white", "blue")
    speed = {e.player: e.score for e in of(r3, ev.SpeedTest)}
    assert speed == {"W2": 1, "W1": 3, "B4": 2, "B3": 5}
    (b4,) = of(r3, ev.SpeedTest, player="B4")
    assert dict(b4.parts) == {"d6": 3, "moved 1 vulnerable": -1}
    assert [e.shooter for e in of(r3, ev.ShotResolved)] == ["B3", "W1", "B4"]


def test_book_p40_round3_critical_and_dodge_cancels_white2s_shot(turn2):
    r3 = turn2.rounds[3]
    e = shot(r3, "B3")
    assert (e.shot_value, e.target_value, e.required, e.roll, e.bonus_dice, e.margin) == (
        7, 17, 21, 20, (5,), 5)
    rolls = of(r3, ev.DodgeRolled, player="W2")
    assert [r.faces for r in rolls] == [(1,), (6,)]
    (dodged,) = of(r3, ev.Dodged, player="W2")
    assert dodged.dice == 2 and dodged.boulets == 4
    assert of(r3, ev.ShotLost, shooter="W2")
    assert of(r3, ev.TokenPlaced, player="B3")[0].advantage


def test_book_p41_round3_fumble_gives_dead_gun_and_boulet(turn2):
    r3 = turn2.rounds[3]
    e = shot(r3, "B4")
    assert dict(e.shot_parts) == {"simple": 10, "distance": 1, "angle": 2}
    assert (e.shot_value, e.target_value, e.required, e.roll, e.hit) == (13, 13, 11, 1, False)
    (f,) = of(r3, ev.Fumble, player="B4")
    assert (f.roll, f.outcome) == (4, "technical")


def test_book_p40_round3_white1_cannot_fire_his_suppressive_shot(turn2):
    """Blue4 moves one point along the rocket and fires from its other side: no suppressive shot
    for White1, whose token presses the rocket (RULES 10.2); his token is not lifted by that move."""
    assert "nor leaves his obstacle" in turn2.white1_suppressive
    assert not of(turn2.rounds[3], ev.TokenRemoved, player="W1")


def test_book_p41_round3_white1_reflex_at_the_rocket(turn2):
    e = shot(turn2.rounds[3], "W1")
    assert (e.kind, e.shot_value, e.target_value, e.required, e.roll, e.hit) == (REFLEX, 9, 17, 19, 11, False)


def test_book_p42_round4_four_boulets_no_dodge(turn2):
    """The book: 14 + 2 - 2 - 4 = 10 vs 17, needs 18, rolls 19. It leaves out the weakened position
    (RULES 9.6): Blue3 forced White2's dodge from segment 0, Blue5 shoots from segment 2, so +1.
    The program follows RULES: 11 vs 17, needs 17 (docs/rules-decisions.md, erratum E2)."""
    r4 = turn2.rounds[4]
    assert not of(r4, ev.SpeedTest)  # a single shooter: no speed test
    e = shot(r4, "B5")
    assert dict(e.shot_parts) == {
        "simple": 10, "2 support(s)": 4, "distance": -2, "angle": 2,
        "grazes pyr (high)": -2, "crosses cone2 (medium)": -2, "weakened position": 1,
    }
    assert (e.shot_value, e.target_value, e.required, e.roll, e.margin) == (11, 17, 17, 19, 3)
    (out,) = of(r4, ev.Eliminated, player="W2")
    assert "4 boulets" in out.reason


def test_book_p43_round5_no_speed_test_and_results(turn2):
    r5 = turn2.rounds[5]
    assert not of(r5, ev.SpeedTest)
    w1, b3 = shot(r5, "W1"), shot(r5, "B3")
    assert (w1.shot_value, w1.target_value, w1.required, w1.roll, w1.margin) == (10, 17, 18, 19, 2)
    (dodged,) = of(r5, ev.Dodged, player="B4")
    assert dodged.dice == 1 and dodged.boulets == 4
    assert (b3.shot_value, b3.target_value, b3.required, b3.roll, b3.bonus_dice, b3.margin) == (
        10, 15, 16, 20, (2,), 7)
    assert [r.faces for r in of(r5, ev.DodgeRolled, player="W3")] == [(1,), (2,)]
    assert of(r5, ev.Eliminated, player="W3")


def test_book_p45_turn3_begins_two_white_against_four_blue(turn2):
    s = turn2.state
    assert (s.turn, s.phase) == (3, ORDERS)
    assert sorted(p.id for p in s.players.values() if p.on_field) == ["B2", "B3", "B4", "B5", "W1", "W4"]
    assert turn2.dice.remaining == 0
    assert s.players["B4"].boulets == 4 and s.players["B4"].gun == "dead"
    assert s.players["W1"].token.advantage and s.players["W1"].token.target == "B4"
    assert s.players["B3"].point == B3_END and s.players["W1"].point == W1_END
