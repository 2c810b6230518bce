"""``python main.py bench --render [--json]``: frame time of the busiest match screen.

Off-screen (SDL dummy driver unless a display driver is set) at 1600×1000: all 10 figures with
every kind of token, the ruler laid from a target to a shooter (band, grazed/crossed obstacles),
the protractor on the target, a field of vision shaded, a run being drawn with each enemy's count,
the declared lines of a round, the panel and the log. Prints the median and p95 frame time
(scene update + draw + pygame_gui update + draw, without the flip). Goals (issue "Speed for
search"): the match screen p95 <= 3 ms; the designer, a piece dragged (with the Study's map shown
or not), p95 <= 4 ms; the review (issue 28), a jump to any step of a 120-decision match, the board
and the panel drawn again, <= 50 ms at worst. Each figure is printed beside its goal, never as an
error.
"""

from __future__ import annotations

import json
import os
import statistics
from typing import TYPE_CHECKING

from paintcheck.ui.bench_frames import frame_times
from paintcheck.ui.bench_frames import p95 as bench_p95

if TYPE_CHECKING:  # the window's modules are imported when a figure is measured
    from paintcheck.ui.session import MatchSession

TARGET_P95_MS = 3.0  # the busiest match screen
DESIGNER_P95_MS = 4.0  # the designer while a piece is dragged, with or without a map
REVIEW_MAX_MS = 50.0  # the review: a jump to any step of a REVIEW_DECISIONS-decision match, at worst
REVIEW_DECISIONS = 120
SIZE = (1600, 1000)


def busiest_scene(app, seed: int = 3):
    """Play random decisions into a round's first declaration, then lay every token and instrument."""
    from paintcheck.ai.random_coach import RandomCoach
    from paintcheck.rules.state import DECLARE, GUN_DEAD, Token
    from paintcheck.rules.views import view
    from paintcheck.rules.vocab import Side

    app.new_match(seed=seed)
    session = app.session
    coaches = {team: RandomCoach(team, session.engine, seed * 2 + i)
               for i, team in enumerate(("blue", "white"))}
    for _ in range(400):
        s = session.state
        if s.phase == DECLARE and len(s.active) == 2 and not s.declarations \
                and all(p.on_field for p in s.players.values()):
            break
        if s.phase == "over":
            break
        team = session.to_move()
        session.apply(coaches[team].decide(view(s, team)))
    state = session.state.copy()
    players = list(state.players.values())
    blue = [p for p in players if p.team == "blue" and p.on_field]
    white = [p for p in players if p.team == "white" and p.on_field]
    # every token at once (for the picture only: the bench never applies this state)
    if blue and white:
        blue[0].def_count, blue[0].boulets = 2, 1
        if len(blue) > 1:
            blue[1].boulets, blue[1].messy = 4, True
        white[0].gun, white[0].def_count = GUN_DEAD, 3
        if len(white) > 1:
            white[1].reload = True
        blue[-1].token = Token(white[-1].id, Side.LEFT, white[-1].point, True)
        white[-1].token = Token(blue[-1].id, Side.RIGHT, blue[-1].point, False)
    session.state = state
    team = session.to_move() or "blue"
    app.holder.handed_to(team)  # the busiest screen: the deciding coach's, his tokens shown
    app.switch("match", viewer=team)
    scene = app.scene
    me = state.active.get(team)
    enemies = [p for p in players if p.team != team and p.on_field]
    friends = [p for p in players if p.team == team and p.on_field and p.id != me]
    inst, draft = scene.instruments.inst, scene.declare.draft
    if enemies and friends:
        inst.ruler_head = enemies[0].id
        inst.ruler_shooter = friends[0].id
        inst.ruler_tail = friends[0].point
    inst.selected = friends[-1].id if friends else None
    if draft is not None:
        draft.move_mode = True
        p = state.players[draft.pid]
        fwd = 1 if team == "blue" else -1
        draft.waypoints = [(p.point[0], p.point[1] + 2 * fwd)]
        scene.mouse = scene.t.to_screen(p.point[0] + 2, p.point[1] + 3 * fwd)
    return scene


def measure(frames: int = 300, seconds: float | None = None) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import tempfile

    import pygame

    from paintcheck.ui.app import App

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_DATA_HOME"] = tmp  # the bench never touches the user's saves
        app = App(SIZE)
        scene = busiest_scene(app)
        screen = app.screen
        for _ in range(10):  # warm the caches: background, text, readings
            scene.update(1 / 60)
            scene.draw(screen)
        times = frame_times(app, scene, frames, seconds)
        figures = sum(1 for p in scene.state.players.values() if p.on_field)
        rebuilds = scene.renderer.rebuilds
        pygame.quit()
    p95 = bench_p95(times)
    return {"frames": len(times), "size": list(SIZE), "median_ms": round(statistics.median(times), 3),
            "p95_ms": round(p95, 3), "target_p95_ms": TARGET_P95_MS, "meets_target": p95 <= TARGET_P95_MS,
            "figures_on_field": figures, "background_rebuilds": rebuilds}


def measure_designer(frames: int = 300, seconds: float | None = None, study: bool = False) -> dict:
    """The designer on box21 while a piece is dragged over the field: the ghost moves to a new
    point every 4 frames (a quick hand), each new point checked as a placing would be; with
    ``study``, the Study's map shown under the pieces and its table beside them."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import tempfile

    import pygame

    from paintcheck.field.layout_file import default_layout_path
    from paintcheck.ui.app import App
    from paintcheck.ui.designer_scene import DesignerScene

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_DATA_HOME"] = tmp
        app = App(SIZE)
        app.open_designer(default_layout_path())
        scene = app.scene
        assert isinstance(scene, DesignerScene)  # open_designer switched to it
        scene.design.box = False  # every point fully checked, none refused early by the box
        scene.model.armed = "cone"
        if study:
            scene.toggle_study()
            scene.update(1 / 60)
            scene.study.wait()
        lattice = scene.design.lattice
        path = [(x, -y) for y in range(2, 11) for x in (range(lattice.columns) if y % 2 else
                                                        range(lattice.columns - 1, -1, -1))]
        def hand(i: int) -> None:
            scene.model.mouse = scene.t.to_screen(*path[(i // 4) % len(path)])

        times = frame_times(app, scene, frames, seconds, hand)
        shown = study and scene.study.layer(scene.field_area.size, scene.t) is not None
        pygame.quit()
    p95 = bench_p95(times)
    return {"frames": len(times), "size": list(SIZE), "median_ms": round(statistics.median(times), 3),
            "p95_ms": round(p95, 3), "target_p95_ms": DESIGNER_P95_MS, "meets_target": p95 <= DESIGNER_P95_MS,
            "map_shown": shown}


def review_session(decisions: int = REVIEW_DECISIONS) -> MatchSession:
    """The review's long match (``review.speed.long_record``: the first seeded random match of at least
    ``decisions`` decisions, from the break), its first ``decisions`` as a window's session."""
    from paintcheck.field.layout_file import default_layout_path
    from paintcheck.review.speed import long_record
    from paintcheck.table import Table
    from paintcheck.ui.session import MatchSession

    record = long_record(Table.from_file(default_layout_path()), decisions)
    record.decisions = record.decisions[:decisions]
    return MatchSession.from_record(record)


def measure_review(jumps: int = 200, seconds: float | None = None) -> dict:
    """The review of a 120-decision match: each frame jumps to a step drawn at random (the states'
    cache cold most of the time) and draws the board, the panel and the strip again."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import random
    import tempfile

    import pygame

    from paintcheck.ui.app import App
    from paintcheck.ui.review_scene import ReviewScene

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["XDG_DATA_HOME"] = tmp
        app = App(SIZE)
        session = review_session()
        app.switch("review", session=session, seat="blue")
        scene = app.scene
        assert isinstance(scene, ReviewScene)  # switched to it
        n = len(scene.line)
        steps = random.Random(28)
        for _ in range(3):  # warm the caches: the field's background, the fonts
            scene.update(1 / 60)
            scene.draw(app.screen)

        def jump(_i: int) -> None:
            scene.set_step(steps.randrange(n + 1))

        cpu: list[float] = []  # the same frames in this thread's CPU time (other processes' not in it)
        times = frame_times(app, scene, jumps, seconds, jump, timed=True, cpu=cpu)
        pygame.quit()
    worst = max(times)
    p95 = bench_p95(times)
    return {"frames": len(times), "size": list(SIZE), "decisions": n,
            "median_ms": round(statistics.median(times), 3), "p95_ms": round(p95, 3),
            "max_ms": round(worst, 3), "cpu_median_ms": round(statistics.median(cpu), 3),
            "cpu_max_ms": round(max(cpu), 3), "target_max_ms": REVIEW_MAX_MS,
            "meets_target": worst <= REVIEW_MAX_MS}


def _line(what: str, result: dict) -> str:
    verdict = "met" if result["meets_target"] else "not met"
    return (f"{what}: {result['frames']} frames at {SIZE[0]}x{SIZE[1]}, median {result['median_ms']:.2f} ms, "
            f"p95 {result['p95_ms']:.2f} ms / goal ≤ {result['target_p95_ms']:g} ms ({verdict})")


def run(args) -> int:
    seconds = getattr(args, "seconds", None)
    result = measure(frames=600, seconds=seconds)
    designer = measure_designer(frames=600, seconds=seconds)
    studied = measure_designer(frames=600, seconds=seconds, study=True)
    review = measure_review(seconds=seconds)
    if getattr(args, "json", False):
        print(json.dumps({"render": result, "designer_drag": designer, "designer_drag_with_map": studied,
                          "review_jump": review}))
    else:
        print(_line("render", result))
        print(_line("designer, a piece dragged", designer))
        print(_line("designer, a piece dragged over the Study's map", studied))
        verdict = "met" if review["meets_target"] else "not met"
        print(f"review, a jump to any step of a {review['decisions']}-decision match: "
              f"{review['frames']} jumps, median {review['median_ms']:.2f} ms, "
              f"p95 {review['p95_ms']:.2f} ms, worst "
              f"{review['max_ms']:.2f} ms / goal ≤ {review['target_max_ms']:g} ms ({verdict}); "
              f"in CPU time median {review['cpu_median_ms']:.2f} ms, worst {review['cpu_max_ms']:.2f} ms")
    return 0
