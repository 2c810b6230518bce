"""Xvfb helpers: a virtual X display for the real window, and the screenshots of docs/screenshots.

``python -m tests.ui.xvfb docs/screenshots`` starts Xvfb (when it is installed), opens the real
window on it and saves a picture of each main screen, driving the window by posted mouse events
as the tests do.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path


@contextlib.contextmanager
def xvfb_display(number: int = 97, size: str = "1700x1100x24"):
    """Start ``Xvfb :number`` and yield its DISPLAY; stop it afterwards (only the one started)."""
    if shutil.which("Xvfb") is None:
        raise RuntimeError("Xvfb is not installed")
    lock = Path(f"/tmp/.X{number}-lock")
    while lock.exists():
        number += 1
        lock = Path(f"/tmp/.X{number}-lock")
    proc = subprocess.Popen(["Xvfb", f":{number}", "-screen", "0", size, "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(50):
            if Path(f"/tmp/.X11-unix/X{number}").exists():
                break
            time.sleep(0.1)
        yield f":{number}"
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()


def not_blank(path) -> int:
    """How many distinct colours a sample of the picture holds (a blank screen has 1)."""
    import pygame

    img = pygame.image.load(str(path))
    w, h = img.get_size()
    colours = {tuple(img.get_at((x, y))) for x in range(0, w, 23) for y in range(0, h, 19)}
    return len(colours)


def screenshots(out: Path) -> list[Path]:
    """Open the window (on the current DISPLAY) and save the main screens into ``out``."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import tempfile

    import pygame

    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()
    from paintcheck.ui.app import App
    from tests.ui.driver import (
        click,
        drag,
        enabled,
        figure_pos,
        hand_over_if_asked,
        move,
        new_turn2_match,
        play_orders_by_clicks,
        press,
        step,
    )

    out.mkdir(parents=True, exist_ok=True)
    saved = []

    def shot(name):
        step(app, 3)
        path = out / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(path)

    app = App((1600, 1000), seed=21)
    step(app, 3)
    shot("01-title")
    new_turn2_match(app)
    scene = app.scene
    press(app, "token-3")
    click(app, figure_pos(app, "B1"))
    click(app, figure_pos(app, "B4"))
    click(app, figure_pos(app, "B2"))
    shot("02-order-tokens")
    press(app, "orders-clear")
    play_orders_by_clicks(app)
    shot("03-hand-over")
    hand_over_if_asked(app)
    play_orders_by_clicks(app)
    hand_over_if_asked(app)
    scene = app.scene
    session = scene.session
    team = scene.viewer
    me = session.state.active[team]
    enemies = [p.id for p in session.state.players.values() if p.team != team and p.on_field]
    friends = [p.id for p in session.state.players.values() if p.team == team and p.on_field and p.id != me]
    press(app, "tool-ruler")
    drag(app, figure_pos(app, enemies[1]), figure_pos(app, friends[0]))
    press(app, "tool-ruler")
    click(app, figure_pos(app, friends[-1]), button=3)
    press(app, "act-DEF")
    shot("04-declare-ruler-protractor-fov")
    press(app, "tool-clear")
    press(app, "act-MOV")
    p = session.state.players[me]
    fwd = 1 if team == "blue" else -1
    target = (p.point[0] + 1, p.point[1] + 3 * fwd)
    for dx, dy in ((1, 3), (0, 3), (2, 2), (1, 2), (0, 2), (1, 1)):
        cand = (p.point[0] + dx, p.point[1] + dy * fwd)
        if session.m.obstacle_at(cand) is None and session.state.occupant(cand) is None:
            target = cand
            break
    move(app, scene.t.to_screen(*target))
    shot("05-drawing-a-run")
    press(app, "move-cancel")
    for q in enemies:
        move(app, figure_pos(app, q))
        if scene.hover_reason and scene.hover_reason.startswith("click to shoot"):
            click(app, figure_pos(app, q))
            break
    while enabled(app, "act-DEF"):
        press(app, "act-DEF")
    press(app, "confirm")
    # play on until a resolution with a shot is on screen
    from tests.ui.test_turn import _play_one_decision

    took_react = took_resolution = False
    for _ in range(300):
        if app.scene.name == "result":
            break
        s = app.session.state
        if s.phase == "react" and app.scene.name == "match" and not took_react:
            shot("06-reactions")
            took_react = True
        told = app.scene.telling.batch if app.scene.name == "match" else []
        if any(type(e).__name__ == "ShotResolved" for e in told) and not took_resolution:
            app.scene.show_all()
            shot("07-resolution")
            took_resolution = True
        if s.turn >= 4 and took_resolution:
            break
        _play_one_decision(app)
    hand_over_if_asked(app)
    if app.scene.name == "match":
        app.scene.show_all()
        step(app, 2)
        shot("08-later-turn")
    press(app, "help") if app.scene.name == "match" else None
    if app.scene.name == "help":
        shot("09-how-to-play")
    break_shots(app, shot)
    designer_shots(app, shot)
    study_shots(app, shot)
    range_shots(app, shot)
    versus_shots(app, shot, out, saved)
    pygame.quit()
    return saved


def designer_shots(app, shot) -> None:
    """The field chooser, then the designer: a half-built field, a piece whose twin is missing
    (its check outlined and listed), and a lying piece held over the field with its mirrored ghost."""
    from tests.ui.driver import click, drag, move, press, step

    app.switch("title")
    step(app, 2)
    press(app, "new")
    shot("13-field-chooser")
    press(app, "back")
    press(app, "design")
    scene = app.scene
    for kind, point in (("cylinder", (4, -6)), ("cylinder_lying", (1, -9)), ("cone", (12, -4)),
                        ("rocket_big", (12, 0))):
        drag(app, scene.palette_rects[kind].center, scene.t.to_screen(*point))
    press(app, "mirror")
    drag(app, scene.palette_rects["rocket_small"].center, scene.t.to_screen(6, -2))
    press(app, "mirror")
    click(app, scene.palette_rects["cone_lying"].center)
    move(app, scene.t.to_screen(9, -8))
    step(app, 2)
    shot("14-designer")


def study_shots(app, shot) -> None:
    """The designer on box21 with its Study: a cylinder dragged, the map studied again, a point
    hovered with its lines; then the chooser's Study of the snake field, kneeling, a piece chosen."""
    from paintcheck.field.layout_file import default_layout_path
    from tests.ui.driver import click, drag, move, press, step

    app.open_designer(default_layout_path())
    step(app, 2)
    scene = app.scene
    press(app, "study")
    scene.study.wait()
    drag(app, scene.t.to_screen(7, -6), scene.t.to_screen(5, -4))
    scene.study.wait()
    move(app, scene.t.to_screen(9, -7))
    step(app, 2)
    shot("15-designer-study")
    app.choose_field()
    step(app, 2)
    chooser = app.scene
    entry = next(e for _, e in chooser.rows if e.file == "snake.json")
    click(app, chooser.controls.rect(f"study-{entry.key}").center)
    study = app.scene
    study.panel.wait()
    press(app, "study-kneeling")
    click(app, study.panel.rows[1][0].center)
    move(app, study.t.to_screen(3, -10))
    step(app, 2)
    shot("16-study")


def range_shots(app, shot) -> None:
    """The practice range: every instrument drawn (a line of the sum hovered), a run with its
    sweep, each heatmap, a lesson's explanation."""
    from tests.ui.driver import click, drag, move, press, step

    app.switch("title")
    step(app, 2)
    press(app, "learn")
    scene = app.scene
    drag(app, scene.t.to_screen(*scene.situation.shooter.point), scene.t.to_screen(3, 6))
    press(app, "def-2")
    r = scene.reading
    i = next((i for i, t in enumerate(r.terms) if t.label.startswith(("grazes", "crosses"))), 1)
    move(app, next(rect for rect, j in scene.view.term_rects if j == i).center)
    shot("17-range")
    start = scene.situation.target.point
    press(app, "run")
    for p in ((start[0] + 3, start[1]), (start[0] + 5, start[1] + 3)):
        click(app, scene.t.to_screen(*p))
    press(app, "run")
    press(app, "def-after")
    move(app, scene.t.to_screen(start[0] + 4, start[1] + 1))
    shot("18-range-run-sweep")
    press(app, "run-clear")
    for key, name in (("map-from_where", "19-range-from-where"),
                      ("map-where_to_hide", "20-range-where-to-hide")):
        press(app, key)
        scene.maps.heat.wait()
        step(app, 2)
        move(app, scene.t.to_screen(12, -3))
        shot(name)
    press(app, "map-where_to_hide")
    press(app, "lessons")
    press(app, "lesson-11-run-angle")
    from paintcheck.odds import lesson_answers

    right = lesson_answers.answer(scene.m, scene.lessons.lesson)
    if scene.lessons.lesson.choices:
        press(app, f"answer-{right}")
    else:
        while int(scene.lessons.given) < right:
            press(app, "answer-plus")
        while int(scene.lessons.given) > right:
            press(app, "answer-minus")
        press(app, "answer-submit")
    move(app, (app.size[0] - 5, app.size[1] - 5))
    shot("21-range-lesson")


def versus_shots(app, shot, out: Path, saved: list) -> None:
    """One person (Blue) against the computer (White, normal): the computer thinking, then its
    round told."""
    import pygame

    from paintcheck.rules.codec import START_DEFAULT_TURN2
    from tests.ui.driver import play_orders_by_clicks, press, step

    app.switch("title")
    step(app, 2)
    press(app, "new")
    press(app, "coach-white-normal")
    app.new_match(start=START_DEFAULT_TURN2)
    step(app, 2)
    scene = app.scene
    play_orders_by_clicks(app)  # Blue's tokens; White's are the computer's
    for _ in range(600):  # the first frame of the computer's thinking is kept
        if scene.computer.thinking is not None:
            app.scene.draw(app.screen)
            app.manager.draw_ui(app.screen)
            path = out / "22-computer-thinking.png"
            pygame.image.save(app.screen, str(path))
            saved.append(path)
            break
        step(app)
    for _ in range(600):  # until a resolution is being told
        if scene.playing() and scene.telling.shot() is not None:
            break
        if scene.computer.thinking is not None:
            scene.computer.thinking[2].result(30)
        elif scene.session.to_move() == "blue":
            from tests.ui.test_turn import _play_one_decision

            _play_one_decision(app)
        step(app)
    shot("23-computer-resolution-told")


def break_shots(app, shot) -> None:
    """A new match from the break: White's sheet being written (a template, a run being drawn),
    then the break playing out."""
    from tests.ui.driver import (
        click,
        drag,
        fill_sheet_by_clicks,
        hand_over_if_asked,
        move,
        new_match,
        point_pos,
        press,
        step,
    )

    app.switch("title")
    step(app, 2)
    new_match(app)
    fill_sheet_by_clicks(app, prebunkers=1)
    hand_over_if_asked(app)
    fill_sheet_by_clicks(app, prebunkers=2, hand_in=False)
    editor = app.scene.sheet
    last = editor.players()[-1]
    press(app, f"sheet-pick-{last}")
    while editor.draft.actions:
        press(app, "sheet-undo")
    start = editor.draft.start
    press(app, "sheet-MOV")
    click(app, point_pos(app, (start[0] + 1, start[1] - 3)))
    move(app, point_pos(app, (start[0] + 2, start[1] - 6)))
    shot("10-break-sheet")
    press(app, "sheet-move-cancel")
    # the ruler laid with the right button from an empty point the sheet may aim at to a figure
    drag(app, point_pos(app, (start[0] + 3, -2)), point_pos(app, start), steps=4, button=3)
    shot("12-break-sheet-ruler")
    press(app, "tool-clear")
    press(app, "sheet-confirm")
    scene = app.scene
    for _ in range(60 * 30):  # the break is told line by line: a run half way along its path
        step(app)
        if scene.telling.runs and scene.telling.run_clock > 0.7:
            break
    shot("11-break")


def shoot_in_xvfb(make, argv: list[str]) -> None:
    """Run ``make(folder)`` (a screenshot generator giving the paths it saved) in a real window on a
    fresh Xvfb display, and print the paths: the ``python -m tests.ui.test_i18n* docs/screenshots``
    entry points."""
    with xvfb_display() as shown:
        os.environ["DISPLAY"] = shown
        os.environ.pop("SDL_VIDEODRIVER", None)
        for path in make(argv[0] if argv else "docs/screenshots"):
            print(path)


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/screenshots")
    if os.environ.get("DISPLAY") and os.environ.get("SDL_VIDEODRIVER") != "dummy":
        for path in screenshots(out):
            print(path)
        return 0
    with xvfb_display() as display:
        env = {**os.environ, "DISPLAY": display}
        env.pop("SDL_VIDEODRIVER", None)
        return subprocess.call([sys.executable, "-m", "tests.ui.xvfb", str(out)], env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
