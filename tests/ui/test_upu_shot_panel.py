"""Un pour un's shot panel (``ui.unpourun.shot_lines``, ``ui.unpourun.shot_panel``): on set-up states (a shot
at each range band, from above and from below, the clamp at 2 and the limit at 6, an impossible shot, a
blast, a strike) the number it says is needed is the engine's ``Board.to_hit``, and the chances it writes
are what the engine does over the six faces of the die (``Engine.apply`` with scripted dice); Confirm and
Cancel call the callbacks given, a refused shot greys Confirm."""

from __future__ import annotations

import re
from fractions import Fraction

import pygame
import pytest

from paintcheck.rules.dice import ScriptedDice
from paintcheck.ui.i18n import NNBSP, tr
from paintcheck.ui.unpourun import shot_panel
from paintcheck.ui.unpourun.event_words import say, weapon_words
from paintcheck.ui.unpourun.shot_lines import shot_lines
from paintcheck.ui.unpourun.shot_panel import ShotPanel
from paintcheck.unpourun import actions as a
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import Options
from paintcheck.unpourun.odds import shot_odds, strike_odds
from paintcheck.unpourun.query import IMPOSSIBLE
from tests.unpourun.upu_world import CHEF, SF, World, band, fig, rect, table

QUIET = Options(passive=frozenset())
HILL = table(("open", 2, rect(0.0, 0.0, 48.0, 6.0)))  # y < 6 stands 2 high: "above" anyone lower
PLENTY = [2] * 12  # dice after the one that matters: a jam check that does not jam, damage rolls


def _world(shooter_kind: str, at: dict, weapon: str = "fusil", tbl=None) -> World:
    kw = {"tbl": tbl} if tbl is not None else {}
    return World(band(fig(shooter_kind, ranged=(weapon,))), band(fig(SF), fig(SF), fig(SF)), at, "A1",
                 options=QUIET, **kw)


def _fractions(lines: list[str], key: str) -> list[Fraction]:
    """The exact chances the panel wrote on its lines of ``key`` (``chance to hit: 5/6 (83%)``)."""
    head = tr(f"upu_shot.panel.{key}", "en", chance="").strip()
    found = []
    for line in lines:
        if line.startswith(head):
            num, den = re.search(r"(\d+)/(\d+) \(", line).groups()
            found.append(Fraction(int(num), int(den)))
    return found


def _engine_hit_chance(w: World, weapon: str, target: str) -> Fraction:
    hits = 0
    for face in range(1, 7):
        _, events = w.engine.apply(w.s, a.Shoot(weapon, target), ScriptedDice([face, *PLENTY]))
        hits += any(e.kind == "hit" for e in events)
    return Fraction(hits, 6)


def _engine_wound_chance(w: World, weapon: str, target: str) -> Fraction:
    wounds = 0
    for face in range(1, 7):
        _, events = w.engine.apply(w.s, a.Shoot(weapon, target), ScriptedDice([6, face, *PLENTY]))
        wounds += any(e.kind == "damaged" and e.get("figure") == target for e in events)
    return Fraction(wounds, 6)


CASES = {  # name: shooter kind (CT), positions, expected band modifier, height modifier, need
    "short": (CHEF, {"A1": (10.0, 20.0), "B1": (10.0, 26.0)}, t.RANGE_SHORT, 0, 2),
    "medium": (CHEF, {"A1": (10.0, 10.0), "B1": (10.0, 26.0)}, t.RANGE_MEDIUM, 0, 3),
    "long": (CHEF, {"A1": (10.0, 10.0), "B1": (10.0, 36.0)}, t.RANGE_LONG, 0, 4),
    "clamp_at_2": (CHEF, {"A1": (10.0, 3.0), "B1": (10.0, 10.0)}, t.RANGE_SHORT, t.ABOVE_TARGET, 2),
    "target_above": (CHEF, {"A1": (10.0, 15.0), "B1": (10.0, 3.0)}, t.RANGE_MEDIUM, t.TARGET_ABOVE, 4),
    "six": (SF, {"A1": (10.0, 10.0), "B1": (10.0, 36.0)}, t.RANGE_LONG, 0, 6),
}


@pytest.mark.parametrize("name", CASES)
def test_the_panels_numbers_are_the_engines(name):
    kind, at, rng, height, need = CASES[name]
    w = _world(kind, at, tbl=HILL)
    board = w.engine.board
    engine_need, engine_rng, engine_height, _ = board.to_hit(w.f("A1"), w.f("B1"), "fusil")
    assert (engine_need, engine_rng, engine_height) == (need, rng, height)  # the case is what it says
    odds = shot_odds(board, w.s, w.f("A1"), "fusil", w.f("B1"))
    lines = [x.text for x in shot_lines(odds, "A", None, "en")]
    ct = w.f("A1").stats.ct
    total = ct + rng + height
    said_need = (tr("unpourun_odds.term.to_hit", "en", need=need) if total == need
                 else tr("unpourun_odds.term.clamped", "en", total=total, need=need))
    assert said_need in lines
    assert tr("unpourun_odds.term.ct", "en", ct=ct) in lines
    assert _fractions(lines, "to_hit") == [_engine_hit_chance(w, "fusil", "B1")]
    assert _fractions(lines, "to_wound") == [_engine_wound_chance(w, "fusil", "B1")]
    r = w.f("B1").stats.r
    assert tr("unpourun_odds.term.to_wound", "en", f=t.RANGED["fusil"].f, r=r,
              need=t.damage_needed(t.RANGED["fusil"].f, r)) in lines
    french = [x.text for x in shot_lines(odds, "A", None, "fr")]
    assert len(french) == len(lines) and french != lines
    assert any(f"{NNBSP}%)" in line for line in french)


def test_the_limit_at_6_then_impossible_and_refused():
    w = _world(SF, {"A1": (10.0, 15.0), "B1": (10.0, 3.0)}, tbl=HILL)  # CT 5, medium, target above: 6
    assert w.engine.board.to_hit(w.f("A1"), w.f("B1"), "fusil")[0] == 6
    w = _world(SF, {"A1": (10.0, 30.0), "B1": (10.0, 3.0)}, tbl=HILL)  # CT 5, long, target above: 7
    board = w.engine.board
    assert board.to_hit(w.f("A1"), w.f("B1"), "fusil")[0] == IMPOSSIBLE
    refusal = w.engine.why_illegal(w.s, a.Shoot("fusil", "B1"))
    assert refusal is not None
    odds = shot_odds(board, w.s, w.f("A1"), "fusil", w.f("B1"))
    lines = shot_lines(odds, "A", refusal, "en")
    assert tr("upu_shot.panel.no_shot", "en") in [x.text for x in lines]
    assert tr("unpourun_odds.term.impossible", "en", total=7) in [x.text for x in lines]
    assert lines[-1].style == "refusal" and lines[-1].text == say(refusal, "en")  # the engine's reason
    assert weapon_words("fusil", "en") in lines[-1].text  # the weapon by its name, not its identifier
    assert not _fractions([x.text for x in lines], "to_hit")


def test_a_blast_lists_the_figures_the_engine_hits_with_its_odds():
    at = {"A1": (30.0, 4.0), "B1": (30.0, 9.0), "B2": (31.5, 9.5), "A2": (28.7, 9.0)}
    w = World(band(fig(CHEF, ranged=("grenade",)), fig(SF)), band(fig(SF), fig(SF), fig(SF)), at, "A1",
              options=QUIET)
    odds = shot_odds(w.engine.board, w.s, w.f("A1"), "grenade", w.f("B1"))
    lines = shot_lines(odds, "A", None, "en")
    heads = [x.text for x in lines if x.style == "head"][:-1]  # the last head is the accident's
    _, events = w.engine.apply(w.s, a.Shoot("grenade", "B1"), ScriptedDice([6, *PLENTY]))
    hit = next(e for e in events if e.kind == "blast").get("hit")
    assert len(heads) == len(hit) >= 3
    for head, fid in zip(heads, hit, strict=True):
        key = "own_in_blast" if fid.startswith("A") else "in_blast"
        assert head == tr(f"upu_shot.panel.{key}", "en", figure=fid)
    chances = _fractions([x.text for x in lines], "to_hit")
    assert chances == [_engine_hit_chance(w, "grenade", "B1")] * len(hit)  # one die decides for all


def test_a_strike_is_told_with_its_ccc_and_rondaches():
    at = {"A1": (10.0, 10.0), "B1": (10.0, 11.05)}
    w = World(band(fig(CHEF)), band(fig(SF, equipment=("rondache",))), at, "A1", options=QUIET)
    odds = strike_odds(w.f("A1"), w.f("B1"))
    lines = [x.text for x in shot_lines(odds, "A", None, "en")]
    assert lines[0] == tr("upu_shot.panel.strike_title", "en", figure="A1", target="B1")
    assert tr("unpourun_odds.term.ccc", "en", ccc=w.f("A1").stats.ccc) in lines
    assert tr("unpourun_odds.term.rondaches", "en", count=1) in lines
    need = odds.target.need
    p = Fraction(7 - need, 6)
    assert _fractions(lines, "to_hit") == [p * p]  # the rondache re-rolls a hit: both must hit


def _click(panel: ShotPanel, pos) -> bool:
    return panel.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))


def test_confirm_and_cancel_call_back_and_a_refusal_greys_confirm():
    pygame.init()
    try:
        calls: list[str] = []
        panel = ShotPanel((0, 0, 360, 560), lambda: calls.append("confirm"), lambda: calls.append("cancel"))
        w = _world(CHEF, CASES["medium"][1])
        odds = shot_odds(w.engine.board, w.s, w.f("A1"), "fusil", w.f("B1"))
        assert not _click(panel, panel.confirm_rect.center)  # hidden: takes nothing
        panel.show(odds, "A")
        surface = pygame.Surface((360, 560))
        panel.draw(surface, "fr")
        inside = (panel.confirm_rect.x + 5, panel.confirm_rect.centery)
        assert surface.get_at(inside)[:3] == shot_panel.BUTTON
        assert _click(panel, panel.confirm_rect.center) and calls == ["confirm"]
        assert _click(panel, panel.cancel_rect.center) and calls == ["confirm", "cancel"]
        assert panel.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        assert calls[-1] == "cancel"
        panel.show(odds, "A", refusal=w.engine.why_illegal(w.s, a.Shoot("fusil", "A2")) or "refused")
        assert _click(panel, panel.confirm_rect.center) and calls[-1] == "cancel"  # greyed: nothing called
        panel.draw(surface, "en")
        assert surface.get_at(inside)[:3] == shot_panel.BUTTON_GREY
        panel.hide()
        enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")
        assert not panel.handle_event(enter)
    finally:
        pygame.quit()


def test_a_shot_with_more_lines_than_the_panel_holds_grows_it_and_shows_every_line(monkeypatch):
    pygame.init()
    try:
        drawn: list[str] = []
        blit = shot_panel.theme.blit_text

        def blitting(surface, words, *rest, **kw):
            drawn.append(words)
            return blit(surface, words, *rest, **kw)

        monkeypatch.setattr(shot_panel.theme, "blit_text", blitting)
        panel = ShotPanel((0, 0, 400, 200), lambda: None, lambda: None)  # too short for a shot's lines
        w = _world(CHEF, CASES["medium"][1])
        panel.show(shot_odds(w.engine.board, w.s, w.f("A1"), "fusil", w.f("B1")), "A")
        surface = pygame.Surface((400, 900))
        panel.draw(surface, None)
        lines = [line.text for line in panel.lines()]
        assert "…" not in drawn and lines[-1] in drawn  # nothing cut: the last line is there
        assert panel.rect.height > 200 and panel.confirm_rect.bottom == panel.rect.bottom - shot_panel.PAD
        panel.hide()
        panel.show(strike_odds(w.f("A1"), w.f("B1")), "A")
        assert panel.rect.height >= 200  # never smaller than it was made
    finally:
        pygame.quit()
