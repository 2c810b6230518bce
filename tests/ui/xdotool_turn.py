"""A whole hot-seat turn, the break included, played with real mouse events on an X display (Xvfb):
the window opens at the size ``ui.app.run`` gives it on that desktop, xdotool moves and clicks the
pointer, and at each screen every button and the whole board must lie inside the window. Run on a
display: ``DISPLAY=:97 python -m tests.ui.xdotool_turn [SHOTS_FOLDER]`` prints what it found as
JSON (screenshots of the root window go to SHOTS_FOLDER when given).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path


def main() -> int:
    os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()  # never the user's saves
    shots = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    import pygame

    import tests.ui.driver as d
    import tests.ui.test_turn as turn
    from paintcheck.ui.app import App, _desktop
    from paintcheck.ui.window_size import opening_size
    from tests.ui.xpointer import Pointer

    last = [""]  # the scene before the click
    outside: list[str] = []
    seen: dict[str, bool] = {"break_told_to_both": False, "handover_after_telling": False}
    taken: list[str] = []

    def check_screen(app) -> None:
        """Every button and the board inside the window."""
        scene, w, h = app.scene, *app.screen.get_size()
        window = pygame.Rect(0, 0, w, h)
        for controls in (getattr(scene, "controls", None), getattr(scene, "tools", None)):
            for key in getattr(controls, "choices", {}) if controls is not None else {}:
                if not window.contains(controls.rect(key)):
                    outside.append(f"{scene.name}:{key}")
        area = getattr(scene, "field_area", None)
        if area is not None and not window.contains(area):
            outside.append(f"{scene.name}:board")
        if scene.name == "match" and scene.playing() and app.session.state.turn == 1:
            if app.holder.lookers == {"blue", "white"} and not scene.private:
                seen["break_told_to_both"] = True

    def shot(app, name: str) -> None:
        if shots is None or not shutil.which("import") or name in taken:
            return
        taken.append(name)
        shots.mkdir(parents=True, exist_ok=True)
        d.step(app, 2)
        subprocess.run(["import", "-window", "root", str(shots / f"{len(taken):02d}-{name}.png")],
                       capture_output=True)

    def after(app) -> None:
        if app.scene.name == "match" and app.scene.playing():
            phase = "break" if app.session.state.turn == 1 else app.session.state.phase
            shot(app, f"told-{phase}")
        if last[0] == "match" and app.scene.name == "handover":
            seen["handover_after_telling"] = True
        shot(app, f"{app.scene.name}-{getattr(app.session, 'state', None) and app.session.state.phase}")

    def before(app) -> None:
        check_screen(app)
        last[0] = app.scene.name

    pointer = Pointer(turn, before=before, after=after)
    app = App(opening_size(None, _desktop()), seed=5)
    d.step(app, 6)
    shot(app, "title")
    d.new_match_to_turn_2(app)
    for _ in range(300):  # turn 2, hot-seat, to the start of turn 3
        s = app.session.state
        if s.turn >= 3 or s.phase == "over":
            break
        turn._play_one_decision(app)
    d.settle(app)
    check_screen(app)
    shot(app, "turn-3")
    s = app.session.state
    print(json.dumps({"turn": s.turn, "phase": s.phase, "clicks": pointer.clicks,
                      "size": list(app.screen.get_size()), "outside": sorted(set(outside)),
                      "shots": taken, **seen,
                      "driver": pygame.display.get_driver()}))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
