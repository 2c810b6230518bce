"""Flags (RULES 13): centre and double formats, taking, hanging, dropping, returning."""

from paintcheck.field.layout import Layout
from paintcheck.rules.flags import CENTRE, drop_flags, initial_flags, run_with_flags

BASE = 13


def centre():
    return initial_flags(Layout("t", ()).flag_homes())


def double():
    return initial_flags(Layout("t", (), flag="double").flag_homes())


def test_r13_1_formats_put_flags_on_the_centre_line_or_the_bases():
    assert {f.id: f.home for f in centre().values()} == {CENTRE: (8, 0)}
    assert {f.id: f.home for f in double().values()} == {"blue": (8, -13), "white": (8, 13)}


def test_r13_2_passing_the_flag_point_takes_it_and_the_enemy_base_hangs_it():
    flags, news = run_with_flags(centre(), "B1", "blue", [(8, -2), (8, -1), (8, 0), (8, 1)], BASE)
    assert [(n.kind, n.point) for n in news] == [("taken", (8, 0))]
    assert flags[CENTRE].carrier == "B1" and flags[CENTRE].point is None
    flags, news = run_with_flags(flags, "B1", "blue", [(8, 1), (8, 6), (8, 11), (8, 12)], BASE)
    assert [(n.kind, n.point) for n in news] == [("hung", (8, 12))]


def test_r13_2_own_base_does_not_hang_the_centre_flag():
    flags, _ = run_with_flags(centre(), "W2", "white", [(7, 1), (8, 0)], BASE)
    flags, news = run_with_flags(flags, "W2", "white", [(8, 0), (8, 12)], BASE)
    assert news == []  # White's own base: the centre flag goes to Blue's base


def test_r13_2_double_flag_take_the_enemy_flag_home():
    flags, news = run_with_flags(double(), "B3", "blue", [(8, 11), (8, 12), (8, 13)], BASE)
    assert [n.kind for n in news] == ["taken"] and flags["white"].carrier == "B3"
    assert flags["blue"].carrier is None  # nobody takes his own flag
    flags, news = run_with_flags(flags, "B3", "blue", [(8, 13), (8, 0), (8, -12)], BASE)
    assert [(n.kind, n.flag) for n in news] == [("hung", "white")]


def test_h13_2_a_fallen_carrier_drops_the_flag_and_a_team_mate_can_return_his_own():
    flags, _ = run_with_flags(double(), "W1", "white", [(8, -12), (8, -13)], BASE)
    flags, dropped = drop_flags(flags, "W1", (8, -10))
    assert dropped == ["blue"] and flags["blue"].point == (8, -10) and flags["blue"].carrier is None
    flags, news = run_with_flags(flags, "B2", "blue", [(7, -10), (8, -10)], BASE)
    assert [n.kind for n in news] == ["returned"] and flags["blue"].point == (8, -13)
    assert drop_flags(flags, "B2", (0, 0)) == (flags, [])


def test_runs_walked_together_the_fewest_steps_take_and_a_tie_goes_to_the_first_speaker():
    from paintcheck.rules.flags import runs_with_flags

    far = ("B1", "blue", [(8, -3), (8, -2), (8, -1), (8, 0)])  # reaches I0 at step 3
    near = ("W1", "white", [(8, 2), (8, 1), (8, 0)])  # at step 2
    flags, news = runs_with_flags(centre(), [far, near], BASE)
    assert [(n.kind, n.player) for n in news] == [("taken", "W1")] and flags[CENTRE].carrier == "W1"
    level = ("W1", "white", [(8, 3), (8, 2), (8, 1), (8, 0)])  # also step 3: the first listed wins
    flags, news = runs_with_flags(centre(), [far, level], BASE)
    assert [(n.kind, n.player) for n in news] == [("taken", "B1")]


def test_two_carriers_home_in_one_round_the_first_there_hangs():
    from paintcheck.rules.flags import Flag, runs_with_flags

    flags = double()
    flags = {"white": Flag("white", flags["white"].home, None, "B1"),
             "blue": Flag("blue", flags["blue"].home, None, "W1")}
    slow = ("B1", "blue", [(8, -9), (8, -10), (8, -11), (8, -12)])  # row 12 at step 3
    quick = ("W1", "white", [(8, 10), (8, 11), (8, 12)])  # at step 2
    _, news = runs_with_flags(flags, [slow, quick], BASE)
    assert [(n.kind, n.player) for n in news] == [("hung", "W1")]
