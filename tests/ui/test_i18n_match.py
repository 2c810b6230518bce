"""Issue 17, the match: the break sheet, the order tokens, a declaration with its odds, the
instruments, reactions, a resolution being told and the log, walked headless in French — every
string drawn (buttons, hints, greyed reasons, captions, the board's labels) comes from the French
catalogue, and none is English. ``python -m tests.ui.test_i18n_match docs/screenshots`` takes the
French screenshots of the match under Xvfb."""

from __future__ import annotations

import re

import pygame
import pytest

from paintcheck.rules.state import DECLARE, DODGE, ORDERS, OVER, REACT, SHEETS, TARGET
from paintcheck.ui import i18n, theme
from paintcheck.ui.event_words import event_words
from paintcheck.ui.i18n import NNBSP, tr
from tests.ui.driver import (
    choose_field,
    click,
    drag,
    enabled,
    figure_pos,
    fill_sheet_by_clicks,
    hand_over_if_asked,
    move,
    new_turn2_match,
    play_orders_by_clicks,
    point_pos,
    press,
    settle,
    step,
)
from tests.ui.french import Drawn, assert_french

# English words that never belong to a French line (they would come inside a placeholder, where the
# catalogue's patterns cannot see them: an engine's sentence not worded, a name left in English)
ENGLISH = re.compile(r"\b(the|and|of|at|is|are|to|his|he|shot|shoots|needs|eliminated|missed|dodged|"
                     r"reflex|suppressive|standing|kneeling|prone|left|right|cover|run|sees|click|"
                     r"points left|used|row|rows|columns|with|not|cannot|"
                     r"cylinder|rocket|pyramid|submarine|cone|lying|nothing|SHOT|SUP|SIDE|CLEAR|CLEAN|RELOAD)\b")


class FrenchWalk:
    """Looks at the match screen by screen: every frame's words, the board drawn anew (it is
    cached), the tools' buttons and the log; the wrapped lines judged whole."""

    def __init__(self, app, monkeypatch) -> None:
        self.app = app
        self.drawn = Drawn(monkeypatch)
        self.seen: dict[str, list[str]] = {}
        wrap = theme.wrap

        def wrapping(words, *args, **kwargs):
            lines = wrap(words, *args, **kwargs)
            if len(lines) > 1:
                for line in lines:
                    self.drawn.cut[line] = words
            return lines

        monkeypatch.setattr(theme, "wrap", wrapping)

    def look(self, name: str) -> list[str]:
        scene = self.app.scene
        if scene.name == "match":
            scene._board_key = None  # the board and the field's labels drawn again, words and all
            scene.renderer._key = None
        words = self.drawn.frame(self.app)
        if scene.name == "match":
            for choice in scene.tools.choices.values():
                words += [choice.button.text, *(w for w in (choice.reason, choice.hint) if w)]
            words += scene.log.lines
        key, n = name, 2
        while key in self.seen:
            key, n = f"{name} {n}", n + 1
        self.seen[key] = words
        return words

    def judge(self) -> None:
        data = {"?", "—"}
        failures = []
        for name, words in self.seen.items():
            assert words, name
            try:
                assert_french(words, data)
            except AssertionError as exc:
                failures.append(f"{name}: {exc}")
            for line in words:
                english = ENGLISH.search(line)
                if english:
                    failures.append(f"{name}: English word {english.group()!r} in {line!r}")
        assert not failures, "\n".join(dict.fromkeys(failures))


@pytest.fixture
def french(monkeypatch, french_app):
    return french_app, FrenchWalk(french_app, monkeypatch)


def _all_words(walk: FrenchWalk) -> str:
    return "\n".join(w for words in walk.seen.values() for w in words)


# -- the break ----------------------------------------------------------------------------------
@pytest.mark.slow
def test_the_break_sheet_and_the_break_told_in_french(french):
    app, walk = french
    press(app, "new")
    choose_field(app)
    assert app.scene.name == "handover"
    hand_over_if_asked(app)
    scene = app.scene
    editor = scene.sheet
    lattice = scene.session.state.lattice
    assert scene.session.state.phase == SHEETS and editor is not None
    walk.look("sheet, nothing written")
    words = walk.look("sheet, nothing written")
    assert tr("match.sheet.hand_in") in words and "Remettre la feuille de break" in words
    assert tr("match.sheet.title.blue") in words and "Base des Bleus" in words

    # a click off the base: refused, said in French
    base = lattice.base_points("blue")
    click(app, point_pos(app, (base[0][0], base[0][1] + 3)))
    assert app.message and app.message[0].startswith("un coureur part de sa base")
    walk.look("sheet, a start refused")

    # a prebunker: his zone, his prebunked point
    first, second = editor.players()[:2]
    press(app, f"sheet-pick-{first}")
    press(app, "sheet-prebunker")
    walk.look("sheet, a prebunker's start")
    press(app, "sheet-prebunker")  # a runner again: the sheet is written below

    # a runner: his start, a run being drawn (hovered), a shot at a point being aimed
    press(app, f"sheet-pick-{second}")
    start = next(p for p in base if scene.session.m.obstacle_at(p) is None)
    click(app, point_pos(app, start))
    press(app, "sheet-MOV")
    move(app, point_pos(app, (start[0], 0)))  # too far: refused as it is drawn
    walk.look("sheet, a run too long")
    press(app, "sheet-move-cancel")
    press(app, "sheet-DEF")  # a runner's first action is not a shot (RULES 12.2)
    press(app, "sheet-SHOT")
    move(app, point_pos(app, (start[0], -start[1])))
    walk.look("sheet, a shot aimed")
    press(app, "sheet-shot-cancel")
    press(app, "sheet-clear-line")

    fill_sheet_by_clicks(app, prebunkers=1, hand_in=False)
    words = walk.look("sheet, written")
    assert any(w.startswith("MOV ") or " · MOV " in w for w in words)
    press(app, "sheet-confirm")
    assert app.scene.name == "handover"
    hand_over_if_asked(app)
    walk.look("White's sheet")
    fill_sheet_by_clicks(app, prebunkers=2)

    # the break told, then its dodges and late targets, until turn 2's order tokens
    for _ in range(200):
        if hand_over_if_asked(app):
            continue
        scene = app.scene
        if scene.playing():
            walk.look("the break told")
            settle(app)
            continue
        s = scene.session.state
        if s.phase in (ORDERS, OVER):
            break
        walk.look(f"the break, {s.phase}")
        if s.phase == DODGE:
            press(app, "dodge")
        elif s.phase == TARGET:
            enemy = next(q for q in s.players.values() if q.on_field and q.team != scene.viewer)
            move(app, figure_pos(app, enemy.id))
            walk.look("a late target, an enemy hovered")
            targets = [k for k in scene.controls.choices if k.startswith("target-") and enabled(app, k)]
            press(app, targets[0] if targets else "hold-fire")
    assert app.scene.session.state.phase in (ORDERS, OVER)
    walk.look("after the break")
    assert any(line.startswith(("Tour 2 sur", "Le break")) for line in walk.seen["after the break"])
    walk.judge()


# -- a turn ---------------------------------------------------------------------------------------
def _shoot_an_enemy(app, walk) -> str | None:
    """Hover the enemies until one can be shot (the hint says so in French), and click him."""
    scene = app.scene
    for q in scene.session.state.players.values():
        if q.on_field and q.team != scene.viewer:
            move(app, figure_pos(app, q.id))
            if scene.hover_reason == tr("match.hover.shoot_click", target=q.id):
                walk.look("declaring, an enemy hovered")
                click(app, figure_pos(app, q.id))
                return q.id
    return None


def _decide(app, walk) -> None:
    """One decision by clicks, looking at the screen first."""
    if hand_over_if_asked(app):
        return
    scene = app.scene
    if scene.name != "match":
        return
    if scene.playing():
        walk.look("a resolution told")
        settle(app)
        return
    s = scene.session.state
    walk.look(s.phase)
    if s.phase == ORDERS:
        play_orders_by_clicks(app)
    elif s.phase == DECLARE:
        _shoot_an_enemy(app, walk)
        for _ in range(4):
            if enabled(app, "act-DEF"):
                press(app, "act-DEF")
        press(app, "confirm")
    elif s.phase == REACT:
        keys = [k for k in scene.controls.choices if k.startswith("react-") and k != "react-confirm"]
        for k in keys[:1]:
            if enabled(app, k):
                press(app, k)
                walk.look("a reaction chosen")
        press(app, "react-confirm")
    elif s.phase == DODGE:
        press(app, "dodge")
    elif s.phase == TARGET:
        targets = [k for k in scene.controls.choices if k.startswith("target-") and enabled(app, k)]
        press(app, targets[0] if targets else "hold-fire")
    elif s.phase == OVER:
        press(app, "result")


@pytest.mark.slow
def test_a_turn_told_in_french(french):
    app, walk = french
    new_turn2_match(app)
    scene = app.scene
    press(app, "tell-again")  # nothing told yet: said in French
    assert app.message[0] == tr("match.nothing_to_tell") and app.message[0].startswith("Rien à raconter")
    walk.look("nothing to tell again")
    press(app, "save")
    assert app.message[0].startswith("Enregistrée dans ") and str(scene.session.path) in app.message[0]
    app.message = None
    words = walk.look("order tokens")
    assert "Confirmer les jetons d’ordre" in words and tr("match.orders.caption") in [
        w for _, w in scene.captions]
    press(app, "token-3")
    click(app, figure_pos(app, "B1"))
    words = walk.look("order tokens, one given")
    assert tr("match.orders.given", token=3) in words
    press(app, "orders-clear")
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    assert scene.session.state.phase == DECLARE and scene.declare.draft is not None
    walk.look("declaring")
    pid = scene.declare.draft.pid

    # a shot declared: its odds line, in French (decimal comma, narrow space before %)
    target = _shoot_an_enemy(app, walk)
    assert target is not None
    words = walk.look("declaring, a shot")
    odds = [w for w in words if w.startswith(f"tir sur {target}{NNBSP}: ")]
    assert odds and all(f"{NNBSP}%" in w for w in odds), odds
    assert any(w.startswith("Points d’action restants") for w in words)

    # the ruler from the target to the shooter (right button, any time): the engine's reading
    drag(app, figure_pos(app, target), figure_pos(app, pid), button=3)
    words = walk.look("the ruler laid")
    assert any(w.startswith(f"Règle{NNBSP}: ") for w in scene.instrument_lines), scene.instrument_lines
    assert any("il faut" in w and "au D20" in w for w in scene.instrument_lines), scene.instrument_lines
    press(app, "tool-clear")

    # a run being drawn: each enemy says how many of its points he sees
    press(app, "undo")
    press(app, "act-MOV")
    me = scene.session.state.players[pid].point
    forward = 1 if scene.viewer == "blue" else -1
    move(app, point_pos(app, (me[0], me[1] + 3 * forward)))
    walk.look("declaring, a run drawn")
    move(app, point_pos(app, (me[0], me[1] + 9 * forward)))  # too far: refused, said on the field
    walk.look("declaring, a run too long")
    press(app, "move-cancel")

    # then the turn goes on: reactions, dodges, resolutions told, the log
    session = scene.session
    for _ in range(400):  # into turn 3: a player hit and dodged clears his boulets first
        if session.state.turn >= 4 or session.state.phase == OVER:
            break
        _decide(app, walk)
    phases = " ".join(walk.seen)
    assert "react" in phases and "a resolution told" in phases and "dodge" in phases, list(walk.seen)
    assert tr("match.declare.clear_boulet") in _all_words(walk)  # Enlever le boulet
    settle(app)  # the last resolution told to both coaches, then maybe the hand-over
    if app.scene.name == "match":
        walk.look("the log")
        assert app.scene.log.lines == [event_words(e) for e in session.events]
        html = app.scene.log.box.html_text
        assert "Turn " not in html and "begins" not in html, html[-400:]
    walk.judge()


@pytest.mark.slow
def test_the_computer_thinks_in_french(french, monkeypatch):
    """While the computer thinks, the panel says so in French. The computer's decision is held back
    until the panel has been read (it could otherwise come a frame before: issue 26)."""
    import threading

    app, walk = french
    from paintcheck.rules.codec import START_DEFAULT_TURN2

    app.new_match(start=START_DEFAULT_TURN2, coaches={"white": "normal"})
    read = threading.Event()
    decide = app.session.computer_decision

    def held(team, state):
        read.wait(30)
        return decide(team, state)

    monkeypatch.setattr(app.session, "computer_decision", held)
    step(app)
    hand_over_if_asked(app)
    play_orders_by_clicks(app)  # Blue's tokens; then White (the computer) decides
    for _ in range(600):
        if app.scene.name == "match" and app.scene.computer.thinking is not None:
            break
        hand_over_if_asked(app)
        step(app)
    assert app.scene.computer.thinking is not None
    words = walk.look("the computer thinks")
    read.set()
    assert any(w.startswith("Les Blancs (l’ordinateur, moyen) réfléchissent") for w in words), words
    walk.judge()


def test_the_end_of_a_match_in_the_panel_in_french(french):
    """The panel of a match over: who won and why, in French, and the button to the result."""
    from paintcheck.rules import reasons

    app, walk = french
    new_turn2_match(app)
    scene = app.scene
    over = scene.session.state.copy()
    over.phase, over.winner, over.end_reason = OVER, "white", reasons.flag_hung("W2")
    scene.session.state = over
    scene.viewer = None
    scene.start_phase()
    words = walk.look("the match over")
    assert f"Victoire des Blancs{NNBSP}: W2 a raccroché le drapeau" in words
    assert "Voir le résultat" in words and any(w.endswith(tr("match.phase.over")) for w in words)
    walk.judge()


def test_the_log_names_a_shot_as_the_panel_does(french):
    """A declared sequence reads the same in the panel and in the log: TIR W2, as the book writes it."""
    from paintcheck.rules import events as ev

    app, walk = french
    new_turn2_match(app)
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    target = _shoot_an_enemy(app, walk)
    assert target is not None
    panel = tr("match.action.shot", target=target)
    assert any(panel in w for w in walk.look("declaring, a shot"))
    press(app, "confirm")
    declared = [e for e in app.session.events if isinstance(e, ev.SequenceDeclared)]
    assert declared and panel in event_words(declared[-1]), event_words(declared[-1])


# -- single sentences -------------------------------------------------------------------------------
def test_the_panel_says_the_end_of_a_match_in_french():
    from paintcheck.rules import reasons
    from paintcheck.ui.match_panel import end_words

    try:
        i18n.set_locale("fr")
        assert end_words(reasons.flag_hung("W2")) == "W2 a raccroché le drapeau"
        hung = end_words(reasons.flag_hung("W2"))
        line = tr("match.over.line", result=tr("match.over.wins.blue"), reason=hung)
        assert line == f"Victoire des Bleus{NNBSP}: W2 a raccroché le drapeau"
    finally:
        i18n.set_locale("en")


def test_the_words_of_the_game_follow_the_rulebook():
    """The French book's own abbreviations and words: DEF, MOV, TIR; debout, à genoux, couché."""
    from paintcheck.rules.actions import Def, Dump, Shot, ShotAt, Support
    from paintcheck.ui.phase_declare import action_words

    try:
        i18n.set_locale("fr")
        assert [action_words(a, None) for a in (Def(), Support(), Shot("W2"), Dump("W3"))] == [
            "DEF", "soutien", "TIR W2", "DUMP W3"]
        assert action_words(ShotAt(None), None) == "TIR plus tard"
        assert [tr(f"match.posture.{p}") for p in ("standing", "kneeling", "prone")] == [
            "debout", "à genoux", "couché"]
        assert tr("match.react.dodge", die=1, dice=2) == "Lancer le dé d’esquive 1 sur 2"
    finally:
        i18n.set_locale("en")
    assert [action_words(a, None) for a in (Def(), Support(), Shot("W2"))] == ["DEF", "SUP", "SHOT W2"]


def _buttons_fit(app) -> None:
    scene = app.scene
    for controls in (scene.controls, scene.tools):
        for key, choice in controls.choices.items():
            width = theme.font(14).size(choice.button.text)[0]
            assert width + 8 <= choice.button.rect.width, (key, choice.button.text)
            assert scene.panel.left <= choice.button.rect.left, (key, choice.button.text)
            assert choice.button.rect.right <= app.size[0], (key, choice.button.text)


@pytest.fixture
def smallest(monkeypatch):
    """The window at its smallest, in French: the panel is narrowest there."""
    from paintcheck.ui.app import App
    from paintcheck.ui.window_size import MIN_SIZE

    application = App(MIN_SIZE, seed=7, language="fr")
    application.step(1 / 60)
    yield application
    pygame.quit()
    i18n.set_locale("en")


def test_the_panels_french_fits_the_smallest_window(smallest):
    """What to do is said in two lines at most; the round and phase stay inside the panel."""
    app = smallest
    press(app, "new")
    choose_field(app)
    hand_over_if_asked(app)
    scene = app.scene
    values = {"player": "W5", "margin": 12, "used": 1, "allowed": 2}
    for team in ("blue", "white"):
        for phase in ("orders", "declare", "react", "sheets", "target", "dodge"):
            line = tr(f"match.coach.{team}", instruction=tr(f"match.instruction.{phase}", **values))
            assert len(theme.wrap(line, 15, scene.pw, bold=True)) <= 2, line
    assert len(theme.wrap(tr("match.telling"), 15, scene.pw, bold=True)) <= 2
    title = theme.font(20, True).size(tr("match.turn.of", turn=10, turns=10))[0]
    for phase in ("orders", "declare", "react", "dodge", "sheets", "target", "over"):
        for where in (tr("match.turn.before_round"), tr("match.turn.round", round=5)):
            words = f"{where} · {tr(f'match.phase.{phase}')}"
            track = 9 * 22  # the turn track at its narrowest
            assert max(170, title + 12) + track + 10 + theme.font(15).size(words)[0] <= scene.pw + 12, words


@pytest.mark.slow
def test_french_words_fit_their_buttons(smallest):
    """Every button of the match's screens is wide enough for its French words, inside the panel,
    in the smallest window."""
    app = smallest
    press(app, "new")
    choose_field(app)
    hand_over_if_asked(app)
    editor = app.scene.sheet
    press(app, f"sheet-pick-{editor.players()[0]}")
    press(app, "sheet-prebunker")
    _buttons_fit(app)
    fill_sheet_by_clicks(app, prebunkers=1, hand_in=False)
    _buttons_fit(app)
    new_turn2_match(app)
    _buttons_fit(app)
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    _buttons_fit(app)
    press(app, "act-MOV")
    _buttons_fit(app)


# -- screenshots (Xvfb) -------------------------------------------------------------------------------
def french_match_screenshots(out, size=(1600, 1000)) -> list:
    """The match in French on the current DISPLAY: the break sheet being written, a declaration
    with its odds and the ruler laid, and a resolution being told."""
    import os
    import tempfile
    from pathlib import Path

    from paintcheck.ui.app import App

    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    app = App(size, seed=7, language="fr")
    step(app, 3)
    saved = []

    def shot(name):
        step(app, 3)
        path = out / name
        pygame.image.save(app.screen, str(path))
        saved.append(path)

    press(app, "new")
    choose_field(app)
    hand_over_if_asked(app)
    editor = app.scene.sheet
    fill_sheet_by_clicks(app, prebunkers=1, hand_in=False)
    runner = editor.players()[1]
    press(app, f"sheet-pick-{runner}")
    start = editor.lines[runner].start
    press(app, "sheet-undo")
    press(app, "sheet-SHOT")
    move(app, point_pos(app, (start[0] + 1, 2)))
    shot("fr-03-break-sheet.png")

    new_turn2_match(app)
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    scene = app.scene
    press(app, "posture-kneeling")
    press(app, "act-DEF")
    target = _shoot_an_enemy(app, type("Nobody", (), {"look": lambda self, name: None})())
    if target is not None:
        drag(app, figure_pos(app, target), figure_pos(app, scene.declare.draft.pid), button=3)
    move(app, scene.tools.rect("tool-ruler").center)
    move(app, (scene.px + 300, scene.controls.bottom + 60))
    shot("fr-04-declaration.png")
    press(app, "tool-clear")
    press(app, "confirm")
    for _ in range(200):  # until a resolution is being told
        if app.scene.name == "match" and app.scene.playing() and app.scene.telling.shot() is not None:
            break
        if app.scene.name == "match" and app.scene.playing():
            step(app, 20)
            continue
        _decide(app, type("Nobody", (), {"look": lambda self, name: None})())
    step(app, 30)
    shot("fr-05-resolution.png")
    pygame.quit()
    i18n.set_locale("en")
    return saved


if __name__ == "__main__":  # python -m tests.ui.test_i18n_match docs/screenshots
    import sys

    from tests.ui.xvfb import shoot_in_xvfb

    shoot_in_xvfb(french_match_screenshots, sys.argv[1:])


@pytest.mark.parametrize("language", ["en", "fr"])
def test_in_a_window_under_the_minimum_the_break_sheets_instruction_is_whole(language, monkeypatch):
    """A small desktop's window (1024 x 700): the deciding coach's instruction, the panel's longest
    heading, is drawn whole on its two lines (at 13 points where 15 would need a third)."""
    from paintcheck.ui.app import App
    from paintcheck.ui.match_panel import heading_lines, instruction
    from tests.ui.driver import new_match

    app = App((1024, 700), seed=7, language=language)
    try:
        step(app)
        new_match(app)
        scene = app.scene
        assert scene.name == "match"
        team = scene.session.to_move()
        whole = tr(f"match.coach.{team}", instruction=instruction(scene.session.state, team))
        assert len(theme.wrap(whole, 15, scene.pw, bold=True)) > 2  # it would not fit at 15 points
        size, lines = heading_lines(whole, scene.pw)
        assert size == 13 and len(lines) == 2 and " ".join(lines).split() == whole.split()
        drawn = Drawn(monkeypatch)
        step(app, 2)
        assert all(line in drawn.strings for line in lines)
    finally:
        pygame.quit()
        i18n.set_locale("en")
