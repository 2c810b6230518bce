"""Un pour un's events in the window's words (``ui.unpourun.event_words``): every kind the engine makes has
words in English and in French; a shot, a damage roll, a strike, a passive test, a rout check are told
term by term with the engine's numbers; whole random matches on a shipped table are told in both
languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from paintcheck.ui.i18n import NNBSP, catalogue
from paintcheck.ui.unpourun.event_words import event_lines, headline, story, terms
from paintcheck.unpourun import actions as a
from paintcheck.unpourun.bands import Options
from paintcheck.unpourun.events import event
from paintcheck.unpourun.game import UnpourunGame, random_start
from paintcheck.unpourun.random_coach import RandomCoach
from paintcheck.unpourun.table_file import default_table_path, load_table
from tests.unpourun.upu_world import CHEF, SF, World, band, fig

RULES = Path(__file__).parents[2] / "paintcheck" / "unpourun"  # the engine and its subjects, read as text
QUIET = Options(passive=frozenset())
SAMPLE = {"ct": 3, "range": -1, "height": 0, "d": 4.25, "need": 2, "die": 5, "f": 4, "r": 3, "cd": 8,
          "total": 7, "lost": 3, "size": 5, "hit": ("B1", "B2"), "targets": ("B1",), "purpose": "to_hit",
          "value": 5, "passed": True, "damaged": True, "weapon": "fusil"}


def engine_kinds() -> set[str]:
    """Every event kind of the engine: an ``Event`` says itself as ``unpourun_rules.event.<kind>`` (its
    ``said`` fails on a kind without it), so the engine's catalogue lists them all; each is also named by
    the engine's source, ``engine.py`` and its subjects' modules (checked: the list is not stale)."""
    prefix = "unpourun_rules.event."
    kinds = {key[len(prefix):] for key in catalogue("en") if key.startswith(prefix)}
    source = "\n".join(path.read_text(encoding="utf-8") for path in sorted(RULES.glob("*.py")))
    stale = sorted(kind for kind in kinds if f'"{kind}"' not in source)
    assert not stale, f"event kinds no rules module makes: {stale}"
    return kinds


def _sample(kind: str):
    placeholders = set(re.findall(r"%\{(\w+)\}", catalogue("en")[f"unpourun_rules.event.{kind}"]))
    values = {name: SAMPLE.get(name, "X9") for name in placeholders}
    values.update({k: v for k, v in SAMPLE.items() if k not in values})
    return event(kind, "0.0", **values)


def test_the_engine_kinds_are_found():
    kinds = engine_kinds()
    assert {"hit", "missed", "damaged", "no_damage", "struck", "strike_missed", "test_passed", "test_failed",
            "rout_check", "routing", "rallied", "vp", "game_over", "blast", "walked", "ran", "hors"} <= kinds


@pytest.mark.parametrize("kind", sorted(engine_kinds()))
def test_every_event_kind_has_words_in_english_and_french(kind):
    e = _sample(kind)
    en, fr = event_lines(e, "en"), event_lines(e, "fr")
    assert en and fr and len(en) == len(fr)
    assert all(line.strip() for line in en + fr)
    assert "%{" not in " ".join(en + fr) and "(" + "'" not in " ".join(en + fr)  # no tuple's repr
    if kind not in ("turn", "hors"):  # "turn 3" / "tour 3" differ; "hors de combat" is the seed's own word
        assert en[0] != fr[0], kind


def test_a_shot_is_told_term_by_term_with_the_engines_numbers():
    at = {"A1": (10.0, 10.0), "B1": (10.0, 16.0)}
    w = World(band(fig(CHEF, ranged=("fusil",))), band(fig(SF)), at, "A1", options=QUIET)
    events = w.do(a.Shoot("fusil", "B1"), 2, 5)  # CT 3 short: 3 - 1 = 2 needed; F 4 against R 2: 3+
    hit = next(e for e in events if e.kind == "hit")
    assert terms(hit, "en") == ["CT 3+", "short range (d 5.0 pas): \u22121", "same height: +0",
                                "needs 2+ on the d6", "rolled 2: hit"]
    assert terms(hit, "fr") == ["CT 3+", f"portée courte (d 5,0 pas){NNBSP}: \u22121",
                                f"même hauteur{NNBSP}: +0", "il faut 2+ sur le d6",
                                f"jet de 2{NNBSP}: touché"]
    damaged = next(e for e in events if e.kind == "damaged")
    assert terms(damaged, "en") == ["damage table: F 4 against R 2", "needs 3+ on the d6",
                                    "rolled 5: 1 PV lost"]
    told = story(events, "en")
    assert not any(line.startswith("A1 rolls") for line in told)  # the dice are told in their outcome's lines
    assert told.index("   needs 2+ on the d6") < told.index("   damage table: F 4 against R 2")


def test_the_clamp_is_told():
    e = event("hit", "4.4", figure="A1", target="B1", ct=2, range=-1, height=-1, d=3.0, need=2, die=4,
              hit=True)
    assert "needs 2+ on the d6 (0 is bounded to 2)" in terms(e, "en")
    e = event("missed", "4.4", figure="A1", target="B1", ct=5, range=1, height=1, d=25.0, need=7, die=6,
              hit=False)
    assert "no shot: 7 or more is impossible" in terms(e, "en")


def test_a_strike_a_test_and_a_rout_check_are_told():
    events = [event("roll", "3.7", figure="A1", purpose="strike", value=3, need=4),
              event("roll", "3.8", figure="A1", purpose="strike", value=5, need=4),
              event("struck", "3.7", figure="A1", target="B1", hit=True),
              event("roll", "6.6", figure="B2", purpose="seeing", value=3, need=6),
              event("roll", "6.6", figure="B2", purpose="seeing", value=5, need=6),
              event("test_failed", "6.6", figure="B2", purpose="seeing", total=8, cd=6, passed=False),
              event("rout_check", "8.1", player="B", lost=3, size=5)]
    en = story(events, "en")
    assert "   CCC: needs 4+ on the d6, rolled 5" in en  # the rondache's re-roll decided
    assert "   2d6: 3 + 5 = 8" in en and "   2d6 ≤ Cd 6" in en
    assert any("3 of 5 figures lost" in line for line in en)
    fr = story(events, "fr")
    assert f"   CCC{NNBSP}: il faut 4+ sur le d6, jet de 5" in fr
    assert any("déroute" in line or "3 figurines perdues sur 5" in line for line in fr)


def test_random_matches_on_woodland_are_told_in_both_languages():
    game = UnpourunGame(load_table(default_table_path()))
    seen: set[str] = set()
    for seed in (1, 2):
        s = game.begin(random_start(seed))
        dice = game.dice(seed)
        coaches = {p: RandomCoach(p, game.engine, seed) for p in game.seats}
        everything = []
        while game.to_move(s) is not None:
            s, events = game.apply(s, coaches[game.to_move(s)].decide(s), dice)
            everything += events
        seen |= {e.kind for e in everything}
        en, fr = story(everything, "en"), story(everything, "fr")
        assert en and fr and en != fr
        assert all("%{" not in line for line in en + fr)
        last = everything[-1]
        assert last.kind == "game_over" and headline(last, "fr") != headline(last, "en")
    assert {"hit", "damaged", "vp", "game_over", "test_passed"} <= seen


def test_a_weapon_is_named_by_the_builders_catalogue():
    shot = event("shot", "4.1", figure="A1", weapon="fusil_poudre", targets=("B1",))
    assert headline(shot, "en") == "A1 shoots with the black-powder rifle"
    assert headline(shot, "fr").endswith("fusil à poudre")


def test_a_draw_is_told_as_a_draw_not_as_a_side_named_draw_winning():
    e = event("game_over", "9.1", winner="draw", a=15, b=15)
    assert headline(e, "en") == "the game is over: a draw (A 15, B 15)"
    assert headline(e, "fr") == f"la partie est finie{NNBSP}: égalité (A 15, B 15)"
    won = event("game_over", "9.1", winner="A", a=20, b=15)
    assert headline(won, "en") == "the game is over: A wins (A 20, B 15)"


def test_a_point_is_told_to_a_tenth_of_a_pas_in_the_locales_way():
    """A figure's place in the story: x and y to a tenth of a pas (the engine keeps full floats), the
    French decimal comma and the two separated by « ; »."""
    from paintcheck.said import Said
    from paintcheck.ui.unpourun.event_words import say

    walked = Said("unpourun_rules.event.walked", figure="A1", x=14.452, y=32.387)
    assert say(walked, "en") == "A1 walks to (14.5, 32.4)"
    assert say(walked, "fr") == f"A1 marche jusqu’en (14,5{NNBSP}; 32,4)"


def test_a_passive_test_is_named_in_brackets_as_in_french():
    """"B3 passes its test (being shot at)", not "its being shot at test" (the purpose's words are a
    phrase, not an adjective): the English says it as the French does."""
    e = event("test_passed", "6.7", figure="B3", purpose="being_shot", total=4, cd=8)
    assert headline(e, "en") == "B3 passes its test (being shot at): 4 against 8"
    assert headline(e, "fr") == f"B3 réussit son test (subir un tir){NNBSP}: 4 contre 8"
