"""Issue 17, the engine's words: refusals, a value's parts, roll purposes, reasons and end reasons are
``Said`` (the same English string, with a key and values); the catalogue ``rules`` words them.

One source of truth, tested: for every word the engine says in seeded matches and in decisions made
wrong on purpose, the English catalogue entry filled with its values is exactly the engine's English,
and the French is filled, different and typographically French. Then the window, in French: a
resolution told, its log and a refused decision drawn from the catalogue.
"""

from __future__ import annotations

import dataclasses
import random
import re
from functools import cache

import pytest

from paintcheck.field.layout_file import default_layout_path
from paintcheck.rules import events as ev
from paintcheck.rules import reasons
from paintcheck.rules.actions import (
    AssignOrders,
    BreakSheet,
    ChooseTarget,
    Clean,
    ClearBoulet,
    Declare,
    Def,
    Dodge,
    Dump,
    Move,
    React,
    Reaction,
    Reload,
    Shot,
    ShotAt,
    SideChange,
    Support,
)
from paintcheck.rules.break_turn import why_line_illegal
from paintcheck.rules.legality import reaction_options
from paintcheck.rules.state import OVER, REACT
from paintcheck.rules.views import view
from paintcheck.said import Said
from paintcheck.ui import i18n
from paintcheck.ui.event_words import event_words, parts_words

MATCHES = 12
TEAMS = ("blue", "white")


def _saids(value, out: list) -> None:
    """Every Said in an event's field (parts' labels included), and the Saids inside their values."""
    if isinstance(value, Said):
        out.append(value)
        for inner in value.values.values():
            _saids(inner, out)
    elif isinstance(value, (tuple, list)):
        for item in value:
            _saids(item, out)


def _wrong(state, decision, rng: random.Random, m, table) -> list:
    """Decisions made wrong on purpose, from a legal one and the state it was made on."""
    points = table.field.lattice.points() if hasattr(table.field.lattice, "points") else None
    if points is None:
        lat = table.field.lattice
        points = [(x, y) for x in range(-1, 19) for y in range(-15, 16)]
        points = [p for p in points if lat.contains(p)] + [(40, 40)]
    ids = list(state.players)
    obstacles = [o.id for o in table.field.obstacles]
    out = []
    team = getattr(decision, "team", None)
    other = "white" if team == "blue" else "blue"
    out.append(Dodge(team))  # the wrong phase, mostly
    if isinstance(decision, AssignOrders):
        given = list(decision.orders)
        out += [AssignOrders(team, tuple(given + given[:1])), AssignOrders(team, tuple(given[1:])),
                AssignOrders(team, tuple(given + [(rng.choice(ids), 3)])),
                AssignOrders(team, tuple((p, 9) for p, _ in given)),
                AssignOrders(team, tuple((p, 1) for p, _ in given)), AssignOrders(other, decision.orders)]
    elif isinstance(decision, Declare):
        d = decision
        stack = []
        for _ in range(4):
            a = rng.choice([Def(), Support(), Clean(), Reload(), ClearBoulet(), SideChange(rng.choice(
                ["left", "right", "over"])), Shot(rng.choice(ids)), Dump(rng.choice(ids)),
                Move((rng.choice(points),)), Move(tuple(rng.sample(points, 2)))])
            stack.append(a)
        out += [dataclasses.replace(d, posture="lying"), dataclasses.replace(d, player=rng.choice(ids)),
                dataclasses.replace(d, cover=rng.choice(obstacles),
                                    side=rng.choice(["left", "right", "over", "up"])),
                dataclasses.replace(d, cover=None, side=None),
                dataclasses.replace(d, cover=None, side="left"),
                dataclasses.replace(d, side="sideways"),
                dataclasses.replace(d, actions=d.actions + (Def(),) * 4),
                dataclasses.replace(d, actions=(Support(),) + d.actions),
                dataclasses.replace(d, actions=(Clean(), Reload(), ClearBoulet())),
                dataclasses.replace(d, actions=(Move(()),)),
                dataclasses.replace(d, actions=(Move((state.players[d.player].point,)),)),
                dataclasses.replace(d, actions=(Move((rng.choice(points),)), Move((rng.choice(points),)))),
                dataclasses.replace(d, actions=(Move((rng.choice(points),), rng.choice(obstacles), "left"),)),
                dataclasses.replace(d, actions=(Shot(t := rng.choice(ids)), Shot(t))),
                dataclasses.replace(d, actions=(Shot(rng.choice(ids)),)),
                dataclasses.replace(d, actions=(Dump(rng.choice(ids)),)),
                dataclasses.replace(d, actions=(SideChange(rng.choice(["left", "right", "over"])),)),
                dataclasses.replace(d, actions=tuple(stack))]
        out += [dataclasses.replace(d, actions=(Move((p,)),)) for p in rng.sample(points, 12)]
        out += [dataclasses.replace(d, actions=(Shot(q),)) for q in ids]
    elif isinstance(decision, React):
        own = [p for p in ids if state.players[p].team == team]
        out += [React(team, (Reaction(rng.choice(own), rng.choice(["reflex", "suppressive", "snap"]),
                                      rng.choice(ids)),)) for _ in range(12)]
        out += [React(team, (Reaction(ids[0], "reflex", ids[-1]),) * 3), React(other, ())]
    elif isinstance(decision, BreakSheet):
        lines = list(decision.lines)
        ln = rng.choice(lines)
        i = lines.index(ln)

        def with_line(new, lines=lines, i=i):
            return BreakSheet(team, tuple(lines[:i] + [new] + lines[i + 1:]))

        out += [BreakSheet(team, tuple(lines[1:])), BreakSheet(team, tuple(dataclasses.replace(x, order=1)
                                                                          for x in lines)),
                BreakSheet(team, tuple(dataclasses.replace(x, start=lines[0].start) for x in lines)),
                with_line(dataclasses.replace(ln, posture="lying")),
                with_line(dataclasses.replace(ln, start=rng.choice(points))),
                with_line(dataclasses.replace(ln, prebunk=rng.choice(points), order=1)),
                with_line(dataclasses.replace(ln, prebunk=ln.start)),
                with_line(dataclasses.replace(ln, actions=(Clean(),))),
                with_line(dataclasses.replace(ln, actions=(Support(), Def()))),
                with_line(dataclasses.replace(ln, actions=(Def(),) * 5)),
                with_line(dataclasses.replace(ln, actions=(Move((rng.choice(points),)),) * 2)),
                with_line(dataclasses.replace(ln, actions=(ShotAt(None), ShotAt(None)))),
                with_line(dataclasses.replace(ln, actions=(ShotAt(None),))),
                with_line(dataclasses.replace(ln, actions=(ShotAt((40, 40)),))),
                with_line(dataclasses.replace(ln, actions=(ShotAt(rng.choice(points)),))),
                with_line(dataclasses.replace(ln, actions=(Move((rng.choice(points),)),))),
                with_line(dataclasses.replace(ln, cover=rng.choice(obstacles), side="over"))]
        for x in lines:
            out += [with_line(dataclasses.replace(ln, actions=(ShotAt(p),))) for p in rng.sample(points, 4)]
            del x
    elif isinstance(decision, ChooseTarget):
        out += [ChooseTarget(team, decision.player, q) for q in ids]
        out += [ChooseTarget(team, rng.choice(ids), None)]
    return out


@cache
def harvest() -> tuple[list, list, list, list]:
    """(every Said the engine says in seeded matches and to decisions made wrong on purpose, the
    refusals that are plain text, every event of those matches, the refusal keys seen)."""
    from paintcheck.ai.random_coach import RandomCoach
    from paintcheck.rules.dice import Dice
    from paintcheck.table import Table

    table = Table.from_file(default_layout_path())
    engine, m = table.engine, table.measurer
    said: list = []
    plain: list = []
    events: list = []
    for seed in range(MATCHES):
        rng = random.Random(seed)
        dice = Dice(seed)
        coaches = {t: RandomCoach(t, engine, seed * 2 + i) for i, t in enumerate(TEAMS)}
        state = table.start_break()
        while state.phase != OVER:
            team = engine.to_move(state)
            if state.phase == REACT:
                for _, why in reaction_options(state, team, m):
                    (said if isinstance(why, Said) else plain).append(why) if why else None
            decision = coaches[team].decide(view(state, team))
            for wrong in _wrong(state, decision, rng, m, table):
                why = engine.why_illegal(state, wrong)
                if why:
                    (said if isinstance(why, Said) else plain).append(why)
                if isinstance(wrong, BreakSheet):
                    for ln in wrong.lines:
                        why = why_line_illegal(state, wrong.team, ln, m)
                        if why:
                            (said if isinstance(why, Said) else plain).append(why)
            state, new = engine.apply(state, decision, dice)
            events += new
    for e in events:
        for f in dataclasses.fields(e):
            _saids(getattr(e, f.name), said)
    unique = list({(s.key, str(s)): s for s in said}.values())
    keys = sorted({s.key for s in unique if s.key.startswith("rules.refusal.")})
    return unique, plain, events, keys


# -- one source of truth -------------------------------------------------------------------------------
@pytest.mark.slow
def test_every_word_the_engine_says_is_its_english_catalogue_entry():
    said, plain, _, _ = harvest()
    assert len(said) > 300
    for s in said:
        assert i18n.say(s, "en") == str(s), (s.key, str(s))


@pytest.mark.slow
def test_in_french_every_word_is_filled_and_french():
    said, _, _, _ = harvest()
    for s in said:
        words = i18n.say(s, "fr")
        assert "%{" not in words and words.strip(), s.key
        en, fr = (i18n.entry(s.key, locale, s.values) for locale in ("en", "fr"))  # a count's form
        if en != fr:  # the game's words the same in both (MOV, DEF, distance, prebunk)
            assert words != str(s), (s.key, words)


def test_the_refusals_met_cover_the_catalogue():
    """Most refusal keys are met by the wrong decisions; none of the engine's refusals is plain text
    but the one of a match that waits for nobody."""
    _, plain, _, keys = harvest()
    entries = set(i18n.catalogue("en")) | i18n.counted_keys()  # a counted entry by its key
    catalogue = {k for k in entries if k.startswith("rules.refusal.")}
    assert set(keys) <= catalogue
    assert len(keys) >= 50, sorted(catalogue - set(keys))
    assert not [p for p in plain if "turn to decide" not in p], plain[:5]


def test_the_end_reasons_are_said_with_todays_english():
    assert reasons.flag_hung("W2") == "W2 hung the flag"
    assert reasons.after_last_turn(10, 3, 2) == "after turn 10, 3 Blue against 2 White on the field"
    assert reasons.none_left_other_side() == "no player left on the other side"
    assert reasons.none_left_either_side() == "no player left on either side"
    for reason, french in ((reasons.flag_hung("W2"), "W2 a raccroché le drapeau"),
                           (reasons.after_last_turn(10, 3, 2),
                            "après le tour 10, 3 Bleus contre 2 Blancs sur le terrain")):
        assert i18n.say(reason, "en") == reason and i18n.say(reason, "fr") == french


# -- the window's words for each event -------------------------------------------------------------------
def test_every_event_of_the_matches_is_worded_in_both_languages():
    """In English the window's line is the event's own text; in French no placeholder is left and the
    line is not the English one."""
    _, _, events, _ = harvest()
    kinds = set()
    for e in events:
        kinds.add(type(e).__name__)
        assert event_words(e, "en") == e.text, (type(e).__name__, e.text)
        french = event_words(e, "fr")
        assert "%{" not in french and french != e.text, (type(e).__name__, french)
    assert {"ShotResolved", "SpeedTest", "Rolled", "Moved", "MatchEnded", "BreakRound"} <= kinds


def test_the_engines_words_are_worded_once_from_their_key_and_plain_text_is_shown_as_it_came():
    """The engine's reasons and purposes are ``Said``: the window words them from their key and values,
    never by reading English back (``said_again`` is gone); plain text is data, shown as it came."""
    assert i18n.say(reasons.LOST_RAN_OFF, "fr") == "la cible est partie en courant"
    lost = ev.ShotLost("B1", "W2", reasons.LOST_RAN_OFF)
    assert event_words(lost, "fr") == "Le tir de B1 sur W2 est perdu\u202f: la cible est partie en courant."
    rolled = ev.Rolled(20, 7, reasons.purpose_shot_at("W2"), "B1")
    assert event_words(rolled, "fr") == "B1 lance un D20\u202f: 7 (tir sur W2)"
    assert event_words(ev.MatchEnded("white", reasons.flag_hung("W2")), "fr") == (
        "Victoire des Blancs\u202f: W2 a raccroché le drapeau.")
    assert event_words(ev.ShotLost("B1", "W2", "the target ran off"), "fr").endswith("the target ran off.")


def test_parts_are_worded_label_by_label():
    parts = ((Said("rules.label.kind.reflex"), 9), (Said("rules.label.run_angle"), 2),
             (Said("rules.label.messy"), -5))
    assert parts_words(parts, "en") == ev.parts_said(parts) == "9 (reflex) + 2 (run angle) − 5 (messy paint)"
    assert parts_words(parts, "fr") == "9 (réflexe) + 2 (angle de course) − 5 (bille scalpée)"


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_the_catalogue_entries_of_every_event_type_exist(locale):
    keys = i18n.catalogue(locale)
    assert any(k.startswith("rules.event.") for k in keys)


# -- the window in French: a resolution told, its log, a refusal, the end --------------------------------
# English words that never belong to a French line of these parts (inside a placeholder the catalogue's
# patterns cannot see them); the game's own notation (DEF, MOV, SHOT, d6, prebunk, dead zone) stays
ENGLISH = re.compile(r"\b(the|and|at|is|his|he|shot|needs|rolls|miss|HIT|margin|reflex|suppressive|"
                     r"standing|kneeling|prone|left|right|over|cover|run|runs|speed|dodge|dodges|"
                     r"distance angle|cylinder|rocket|pyramid|submarine|cone|carrot|lying|nothing|"
                     r"grazes|crosses|sweep|advantage|vulnerable|support|token|check|wins|Draw)\b")


@pytest.fixture
def french(monkeypatch):
    import pygame

    from paintcheck.ui.app import App
    from tests.ui.french import Drawn

    application = App((1600, 1000), seed=7, language="fr")
    application.step(1 / 60)
    yield application, Drawn(monkeypatch)
    pygame.quit()
    i18n.set_locale("en")


def _judge(lines: list[str], data: set[str]) -> None:
    from tests.ui.french import assert_french

    assert lines
    assert_french(lines, data)
    for line in lines:
        english = ENGLISH.search(line)
        assert english is None, f"English word {english.group()!r} in {line!r}"


@pytest.mark.slow
def test_a_resolution_told_its_log_and_a_refusal_drawn_in_french(french, monkeypatch):
    from paintcheck.ai.random_coach import RandomCoach
    from paintcheck.ui import match_panel, theme
    from tests.ui.driver import hand_over_if_asked, new_turn2_match, settle, step

    app, drawn = french
    panel: list[list[str]] = []  # what the resolution panel draws, frame by frame
    draw = match_panel.draw_resolution

    wrap = theme.wrap

    def recording(surface, telling, *args):
        start = len(drawn.strings)
        y = draw(surface, telling, *args)
        panel.append([drawn.cut.get(line, line) for line in drawn.strings[start:]])  # wrapped: judged whole
        return y

    def wrapping(words, *args, **kwargs):
        lines = wrap(words, *args, **kwargs)
        for line in lines if len(lines) > 1 else ():
            drawn.cut[line] = words
        return lines

    monkeypatch.setattr(match_panel, "draw_resolution", recording)
    monkeypatch.setattr(theme, "wrap", wrapping)
    new_turn2_match(app)
    scene = app.scene
    session = scene.session
    coaches = {t: RandomCoach(t, session.engine, 3 + i) for i, t in enumerate(TEAMS)}

    # a refusal shown: a dodge while the match waits for order tokens, a shot at a team-mate
    refused = scene.apply(Dodge(session.to_move()))
    assert refused == [] and app.message
    step(app)
    assert app.message[0] == "la partie attend des jetons d’ordre, pas une esquive"
    refusals = [app.message[0]]

    shots = 0
    for _ in range(400):
        if hand_over_if_asked(app):
            continue
        if app.scene.name != "match":
            break
        if scene.playing():
            step(app, 15)  # a line told every quarter of a second
            continue
        state = session.state
        if state.phase == OVER or shots >= 3:
            break
        team = session.to_move()
        decision = coaches[team].decide(session.view(team))
        if isinstance(decision, Declare) and len(refusals) < 2:
            friend = next(p.id for p in state.team_players(team) if p.id != decision.player)
            scene.apply(dataclasses.replace(decision, actions=(Shot(friend),)))
            step(app)
            refusals.append(app.message[0])
            assert refusals[-1] == f"{friend} n’est pas un ennemi sur le terrain"
        scene.apply(decision)
        shots = sum(isinstance(e, ev.ShotResolved) for e in session.events)
    settle(app)
    assert shots, "no shot was told"
    data = {"?", "—"} | set(session.state.players)

    told = [line for frame in panel for line in frame]
    assert "Résolution (cliquez ici pour tout montrer)" in told and "Résolution" in told
    assert any(" sur " in line and " : " in line.replace("\u202f", " ") for line in told)
    assert any("D6\u202f: test de rapidité" in line for line in told), sorted(set(told))[:20]
    _judge(list(dict.fromkeys(told)), data)

    log = [event_words(e) for e in session.events]  # the log's lines, as the window words them
    assert scene.log.lines and set(scene.log.lines) <= set(log)  # the log panel shows those lines
    assert any(line.startswith("Le tour 3 commence") for line in log) or any(
        line.startswith("Round 1\u202f: jetons 1 révélés") for line in log)
    _judge(log, data)
    _judge(refusals, data)


def test_the_result_screen_words_the_engines_end_reason_in_french(french):
    app, drawn = french
    for winner, reason, french_words in (
            ("white", reasons.flag_hung("W2"), "W2 a raccroché le drapeau"),
            ("blue", reasons.after_last_turn(10, 3, 2),
             "après le tour 10, 3 Bleus contre 2 Blancs sur le terrain"),
            ("draw", reasons.none_left_either_side(), "plus aucun joueur d’un côté comme de l’autre"),
            ("blue", reasons.none_left_other_side(), "plus aucun joueur dans l’autre camp")):
        app.switch("result", winner=winner, reason=reason)
        words = drawn.frame(app)
        assert french_words in words, words


# -- the designer's refusals and a layout's problems -------------------------------------------------------
def _design_words() -> list:
    """What the designer is told, edits refused and checks standing, on purpose."""
    from paintcheck.field.design import Design, empty_layout
    from paintcheck.field.layout import ObstacleSpec, mirror_spec
    from paintcheck.field.layout_checks import layout_findings
    from paintcheck.field.layout_file import layout_to_dict

    out = []
    d = Design(empty_layout("Test"), mirror=True, box=True)
    out.append(d.place("cylinder", (8, -5)))  # fine, with its twin
    out.append(d.place("pyramid", (3, -5)))
    out.append(d.place("pyramid", (3, -9)))  # the box has one pyramid
    for _ in range(5):
        out.append(d.place("cylinder", (1 + len(out), -3)))
    out += [d.place("cylinder", (8, -5)), d.place("cylinder", (8, 0)), d.place("cone_lying", (17, -4), 0),
            d.place("cylinder", d.layout().lattice.base_points("blue")[2])]
    oid = d.obstacles[0].id
    out += [d.turn(oid), d.rename(oid, " "), d.rename(oid, d.obstacles[1].id), d.set_name(" "),
            d.move(oid, (8, 4))]
    free = Design(empty_layout("Free"), mirror=False, box=False)
    out.append(free.place("submarine", (5, 0), 90))  # across the centre line, not its own mirror
    free.place("cone_lying", (10, -6), 90)
    free.place("cylinder", (3, -6))
    free.place("cylinder", (3, 7))  # a misplaced twin
    free.place("cone", (12, -6))
    free.place("cylinder", (12, 6))  # another kind on the mirror point
    out.append(free.place("cone", (3, -6)))  # where a piece stands
    out += [words for _, words in free.problems()]
    spec = ObstacleSpec("x", "cylinder_lying", (16, -3), 0)
    data = layout_to_dict(empty_layout("Off").__class__("Off", (spec, mirror_spec(spec))))
    out += [words for _, words in layout_findings(data)]
    return [w for w in out if w]


def test_the_designers_refusals_and_checks_are_said_in_both_languages():
    said = []
    for w in _design_words():
        _saids(w, said)
    keys = {s.key for s in said}
    assert {"rules.design.box.pyramid", "rules.design.upright", "rules.design.piece_problem",
            "rules.layout.stands_on", "rules.layout.straddles", "rules.layout.no_mirror_place",
            "rules.layout.no_mirror_kind"} <= keys, sorted(keys)
    en, fr = i18n.catalogue("en"), i18n.catalogue("fr")
    for s in said:
        assert i18n.say(s, "en") == str(s), (s.key, str(s))
        words = i18n.say(s, "fr")
        assert "%{" not in words
        if en[s.key] != fr[s.key]:
            assert words != str(s), (s.key, words)


def test_why_a_layout_file_cannot_be_read_is_said_in_both_languages(tmp_path):
    from paintcheck.field.layout_file import LayoutFileError, load_layout

    cases = {"bad.json": "{", "dup.json": '{"a": 1, "a": 2}', "empty.json": "  ", "extra.json": "{} 1"}
    said = []
    for name, text in cases.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    for path in [*(tmp_path / n for n in cases), tmp_path / "none.json", tmp_path]:
        with pytest.raises(LayoutFileError) as caught:
            load_layout(path)
        said.append(caught.value.args[0])
    for s in said:
        assert isinstance(s, Said) and i18n.say(s, "en") == str(s), s
        french = i18n.say(s, "fr")
        assert "%{" not in french and french != str(s), french
    assert i18n.say(said[-2], "fr") == f"{tmp_path / 'none.json'}\u202f: fichier introuvable"
