"""A user's whole walk through Un pour un by real pointer events: xdotool moves, clicks, drags and types
on an X display (Xvfb), SDL's x11 driver hands the events to the window.

From the title: Un pour un chosen; the *Band builder*: a new band, a chef with a fusil (a second chef
refused, its reason read on the screen), three sous-fifres with their weapons, the band named by
typing, *Save*, back to the title; *New match*: the saved band for A, a shipped band for B, a shipped
table, B the odds coach, *Start*; the roll-off, the zone, every figure dragged into the zone; then each
of the person's activations decided as a player would: a shot when an enemy is in range (aimed with
the ruler: a click on the figure, a click on the enemy, the panel's odds read, *Confirm*), a strike
or a charge when the menu offers one, else a trail dragged towards the nearest enemy (a waypoint
dropped with the right button on the way), else *End the activation*; the computer's turns waited for
on its worker; to the result and its victory points.

``DISPLAY=:97 python -m tests.ui.xdotool_upu [folder for screenshots] [--fr]`` prints the end as JSON;
the screenshots are the ones docs/screenshots keeps as ``upu-walk-*.png``. With ``--fr`` the window
speaks French and each screen the walk stops on is judged by ``tests/ui/french.py``'s ``assert_french``
(no English drawn); that walk ends once a trail and a shot have been played.
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BAND_NAME = "Les Marcheurs"
BAND = (  # (figure kind, the buttons clicked once it is bought)
    ("chef", ("melee-epee", "ranged-fusil")),
    ("sous_fifre", ("ranged-arc",)),
    ("sous_fifre", ("melee-epee",)),
    ("sous_fifre", ("ranged-arc",)),
)
MOVES_PER_ACTIVATION = 1


def main() -> int:
    os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        os.environ[name] = tempfile.mkdtemp()  # never the user's bands, saves and settings
    args = [arg for arg in sys.argv[1:] if arg != "--fr"]
    fr = "--fr" in sys.argv[1:]  # the window in French: each screen stopped on judged, to the first shot
    shots = Path(args[0]) if args else None
    import pygame
    import pytest

    import tests.ui.driver as d
    import tests.ui.test_upu_match as m
    from paintcheck.ui.app import App
    from paintcheck.ui.i18n import number, tr
    from paintcheck.ui.unpourun.builder_scene import words
    from paintcheck.unpourun import actions as a
    from paintcheck.unpourun import band_file
    from paintcheck.unpourun.state import Phase
    from tests.ui import french
    from tests.ui.test_i18n_upu_match import data_of
    from tests.ui.xpointer import Pointer

    pointer = Pointer(m)
    patch = pytest.MonkeyPatch()
    drawn = d.Drawn(patch)
    seen = french.Drawn(patch)
    told: dict[str, object] = {"moves": 0, "waypoints": 0, "shots": 0, "strikes": 0, "charges": 0, "ends": 0}

    def xdo(*args) -> None:
        subprocess.run(["xdotool", *map(str, args)], check=True)

    def to(pos) -> None:
        xdo(*pointer.at(pos))
        time.sleep(0.01)

    def shot(name: str, data: set[str] = frozenset()) -> None:
        """The screen saved as ``name``; in French, judged first: no English on it."""
        if fr:
            french.assert_french(seen.frame(app), {*data, *data_of(app.scene), BAND_NAME})
            told["french screens"] = told.get("french screens", 0) + 1
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(shots / name))

    def shown() -> str:
        return " ".join(drawn.words(app))

    def expect(condition: bool, what: str) -> None:
        if not condition:
            raise SystemExit(f"walk: {what}")

    app = App((1600, 1000), seed=5, language="fr" if fr else "en")
    d.step(app, 6)
    # -- the title: the game chosen -----------------------------------------------------------------------
    d.press(app, "game-unpourun")
    expect(app.game == "unpourun" and "upu-builder" in app.scene.controls.choices, "Un pour un not chosen")
    shot("upu-walk-1-title.png")
    # -- the band builder ---------------------------------------------------------------------------------
    d.press(app, "upu-builder")
    builder = app.scene
    expect(builder.name == "upu_builder", f"the builder did not open: {builder.name}")
    d.press(app, "new")
    for n, (kind, gear) in enumerate(BAND):
        d.press(app, f"buy-{kind}")
        for key in gear:
            d.press(app, key)
        if n == 0:  # a second chef: refused, the band left as it was, the engine's reason on the screen
            before = builder.draft.band
            d.press(app, "buy-chef")
            expect(builder.draft.band == before, "a second chef was bought")
            reason = words(builder.draft.refusal[0])
            expect(reason in shown(), f"the refusal {reason!r} is not on the screen")
            told["refusal"] = reason
            shot("upu-walk-2-builder-refusal.png", {builder.draft.band.name})
    # the name typed in its field: a click in it, all selected, the new name typed, Enter
    d.click(app, builder.entry.rect.center)
    xdo("key", "--clearmodifiers", "ctrl+a")
    d.step(app, 2)
    xdo("type", "--delay", "20", BAND_NAME)
    xdo("key", "Return")
    d.step(app, 4)
    expect(builder.draft.band.name == BAND_NAME, f"the name typed is {builder.draft.band.name!r}")
    expect(not builder.draft.problems(), f"the band cannot play: {builder.draft.problems()}")
    d.press(app, "save")
    saved = builder.draft.path
    expect(saved is not None and saved.parent == band_file.user_bands_dir(), f"saved to {saved}")
    expect(band_file.load_band(saved) == builder.draft.band, "the saved file is not the band")
    told["band"] = {"file": saved.name, "cost": builder.draft.cost,
                    "figures": len(builder.draft.band.figures)}
    shot("upu-walk-3-builder-saved.png", {str(saved), saved.name})
    d.press(app, "back")
    expect(app.scene.name == "title", "back did not leave the builder")
    # -- the new match ------------------------------------------------------------------------------------
    d.press(app, "upu-new")
    scene = app.scene
    names = [b.name for b in scene.bands]
    d.press(app, f"band-A-{names.index(BAND_NAME)}")
    d.press(app, f"band-B-{names.index('La Mêlée des Ferrailleurs')}")
    d.press(app, "table-2")
    d.press(app, "player-B-odds")
    told["table"] = scene.tables[2].name
    shot("upu-walk-4-new-match.png")
    d.press(app, "start")
    match = app.scene
    expect(match.name == "upu_match", "Start did not open the match")
    expect(match.state.band("A")[0].ranged == ("fusil",), "side A is not the band built")
    m.computer_moves(app)
    if match.state.phase == Phase.ROLL_OFF:
        d.press(app, "roll_off")
        m.computer_moves(app)
    if match.state.phase == Phase.CHOOSE_ZONE:
        d.press(app, m.zone_key(app, 0))
        m.computer_moves(app)
    def deploy_point(fid: str) -> tuple[int, int]:
        """A pixel the engine takes for ``fid`` in its zone: the nearest to a place on the zone's front,
        the figures side by side from its middle."""
        s = match.state
        zone = match.session.game.table.zones[s.zones[s.mover]]
        xs, ys = [p[0] for p in zone.points], [p[1] for p in zone.points]
        middle_y = match.session.game.table.depth / 2
        front = max(ys) - 1.0 if abs(max(ys) - middle_y) < abs(min(ys) - middle_y) else min(ys) + 1.0
        placed = sum(1 for f in s.band(s.mover) if f.pos is not None)
        aim = ((min(xs) + max(xs)) / 2 + (placed - 1.5) * 3.0, front)
        w, h = max(xs) - min(xs), max(ys) - min(ys)
        grid = [(min(xs) + w * (i + 0.5) / 48, min(ys) + h * (j + 0.5) / 24)
                for i in range(48) for j in range(24)]
        for p in sorted(grid, key=lambda q: math.dist(q, aim)):
            pixel = m.px(match, p)
            if match.engine.why_illegal(s, a.Deploy(fid, match.view.to_table(pixel))) is None:
                return pixel
        raise SystemExit(f"walk: no room in the zone for {fid}")

    # -- deployment: each figure dragged from its place under the table into the zone ----------------------
    first_drag = True
    while match.state.phase == Phase.DEPLOY:
        if not match.person_to_move():
            m.computer_moves(app)
            continue
        fid, slot = next(iter(match.reserve_slots().items()))
        target = deploy_point(fid)
        to(slot.center)
        d.step(app, 2)
        xdo("mousedown", 1)
        d.step(app, 2)
        for i in range(1, 5):
            x0, y0 = slot.center
            to((x0 + (target[0] - x0) * i // 4, y0 + (target[1] - y0) * i // 4))
            d.step(app, 2)
        if first_drag:
            shot("upu-walk-5-deploying.png")
            first_drag = False
        xdo("mouseup", 1)
        d.step(app, 3)
        expect(match.state.figure(fid).pos is not None, f"{fid} not deployed by the drag")

    # -- the match ----------------------------------------------------------------------------------------
    def enabled(prefix: str) -> list[str]:
        return [k for k, c in match.controls.choices.items()
                if k.startswith(prefix) and c.reason is None and c.action is not None]

    def confirm_panel(kind: str) -> None:
        panel = match.shot.panel
        expect(panel.shown, f"the {kind} panel did not open")
        lines = [line.text for line in panel.lines()]
        if kind == "shots" and "odds" not in told:
            shot("upu-walk-7-shot-panel.png")
        on_screen = shown()
        missing = [line for line in lines if line not in on_screen]
        expect(not missing, f"the panel's lines {missing!r} are not on the screen")
        if kind == "shots" and "odds" not in told:
            told["odds"] = lines
        s = match.state
        d.click(app, panel.confirm_rect.center)
        expect(match.state is not s, f"the {kind} confirmed played nothing")
        told[kind] += 1

    def aim_and_shoot(f) -> bool:
        """The ruler from ``f`` (a click on it), then a click on an enemy its first weapon may shoot."""
        weapon = f.ranged[0]
        targets = [k.split("-", 2)[2] for k in enabled(f"shoot-{weapon}-")]
        if not targets:
            return False
        d.click(app, m.px(match, f.pos))
        enemy = match.state.figure(targets[0])
        d.click(app, m.px(match, enemy.pos))
        confirm_panel("shots")
        return True

    def trail_towards_enemy(f) -> bool:
        """A Walk dragged from ``f`` towards the nearest standing enemy with a waypoint on the way: the
        longest one the engine takes, asked of it before the pointer moves."""
        s = match.state
        enemies = [e for e in s.figures if e.player != f.player and e.standing and e.pos is not None]
        if not enemies:
            return False
        e = min(enemies, key=lambda g: math.dist(f.pos, g.pos))
        gap = math.dist(f.pos, e.pos)
        u = ((e.pos[0] - f.pos[0]) / gap, (e.pos[1] - f.pos[1]) / gap)
        for reach in (8.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.5):
            length = min(reach, gap - 2.5)
            if length < 1.0:
                continue
            for side in (0.8, -0.8, 0.0):
                half = (f.pos[0] + u[0] * length / 2, f.pos[1] + u[1] * length / 2)
                wp = m.px(match, (half[0] - u[1] * side, half[1] + u[0] * side))
                end = m.px(match, (f.pos[0] + u[0] * length, f.pos[1] + u[1] * length))
                path = (match.view.to_table(wp), match.view.to_table(end))
                if match.engine.why_illegal(s, a.Walk(path)) is None:
                    break
            else:
                continue
            break
        else:
            return False
        start = m.px(match, f.pos)
        to(start)
        d.step(app, 2)
        xdo("mousedown", 1)
        d.step(app, 2)
        for i in range(1, 4):
            to((start[0] + (wp[0] - start[0]) * i // 3, start[1] + (wp[1] - start[1]) * i // 3))
            d.step(app, 2)
        xdo("click", 3)  # a waypoint, the left button still held
        d.step(app, 2)
        for i in range(1, 4):
            to((wp[0] + (end[0] - wp[0]) * i // 3, wp[1] + (end[1] - wp[1]) * i // 3))
            d.step(app, 2)
        time.sleep(0.05)
        d.step(app, 2)
        reading = match.reading
        expect(reading is not None and reading.decision == a.Walk(path), f"the trail read {reading}")
        cost = tr("upu_match.trail", length=number(round(reading.length, 2)),
                  cost=number(round(reading.cost, 2)), allowance=number(f.stats.mvt), pa=1,
                  kind=tr("upu_match.move.walk"))  # a Walk's allowance: Mvt (3.4)
        expect(cost in shown(), f"the trail's cost {cost!r} is not on the screen")
        if "trail" not in told:
            told["trail"] = cost
            shot("upu-walk-6-trail.png")
        xdo("mouseup", 1)
        d.step(app, 3)
        # played (a passive test it brought may follow: a withdrawal, with nothing to choose, played too)
        expect(a.Walk(path) in match.session.record.decisions[-3:], "the trail dragged was not played")
        told["moves"] += 1
        told["waypoints"] += 1
        return True

    moved: dict[tuple, int] = {}
    for _ in range(3000):
        m.computer_moves(app)
        if app.scene.name != "upu_match" or fr and told["shots"] and told["moves"]:
            break  # the end; in French, once a trail and a shot have been seen
        s = match.state
        if s.phase == Phase.WAVE:
            ready = next(f for f in s.band(s.mover) if f.standing and not f.activated)
            d.click(app, m.px(match, ready.pos))
        elif s.phase == Phase.ACTIVATION and not s.activation.charging:
            f = s.figure(s.activation.figure)
            here = (s.turn, f.id)
            if f.ranged and aim_and_shoot(f):
                pass
            elif strikes := enabled("strike-"):
                d.press(app, strikes[0])
                confirm_panel("strikes")
            elif charges := enabled("charge-"):
                d.press(app, charges[0])
                told["charges"] += 1
            elif moved.get(here, 0) < MOVES_PER_ACTIVATION and trail_towards_enemy(f):
                moved[here] = moved.get(here, 0) + 1
            else:
                d.press(app, "end")
                told["ends"] += 1
        else:  # a charge's move, a test's order, a free shot, a withdrawal: their first open button
            key = next(k for k, c in match.controls.choices.items()
                       if c.reason is None and c.action is not None and k != "title")
            d.press(app, key)
            if match.shot.shown:
                d.click(app, match.shot.panel.confirm_rect.center)
        if match.state is s:
            raise SystemExit(f"walk: a click played nothing in {s.phase.value}")
    state = match.session.state
    if not fr:
        expect(app.scene.name == "upu_result", f"the match did not end on its result: {app.scene.name}")
        for side in ("A", "B"):  # the victory points on the screen
            points = str(state.vp[side])
            expect(points in shown(), f"{side}'s {points} victory points are not on the screen")
        shot("upu-walk-8-result.png")
    patch.undo()
    print(json.dumps({"scene": app.scene.name, "turn": state.turn, "winner": state.winner, "vp": state.vp,
                      "clicks": pointer.clicks, "driver": pygame.display.get_driver(), **told}))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
