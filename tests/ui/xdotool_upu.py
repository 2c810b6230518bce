"""A whole match of Un pour un against the computer by real mouse events: xdotool moves, clicks and
drags the pointer on an X display (Xvfb), SDL's x11 driver hands the events to the window. From the
title: Un pour un chosen, *New match*, the bands and the table by clicks, side B the odds coach,
*Start*; the roll-off, the zone, every figure dragged into the zone, then each turn a figure clicked
to activate it and *End the activation* (a free shot, a test's order, a withdrawal: their first open
button), the computer's turns waited for on its worker, to the result. Run on a display:
``DISPLAY=:97 python -m tests.ui.xdotool_upu [folder for screenshots]`` prints the end as JSON.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        os.environ[name] = tempfile.mkdtemp()  # never the user's saves and settings
    shots = Path(sys.argv[1]) if len(sys.argv) > 1 else None
    import pygame

    import tests.ui.driver as d
    import tests.ui.test_upu_match as m
    from paintcheck.ui.app import App
    from paintcheck.unpourun.state import Phase
    from tests.ui.xpointer import Pointer

    pointer = Pointer(m)

    def drag(app, a, b, steps: int = 6) -> None:
        """The real pointer pressed on ``a``, moved to ``b`` and released."""
        subprocess.run(["xdotool", *pointer.at(a)], check=True)
        d.step(app, 2)
        subprocess.run(["xdotool", "mousedown", "1"], check=True)
        d.step(app, 2)
        for i in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
            subprocess.run(["xdotool", *pointer.at(p)], check=True)
            time.sleep(0.01)
            d.step(app, 2)
        subprocess.run(["xdotool", "mouseup", "1"], check=True)
        time.sleep(0.02)
        d.step(app, 3)

    def shot(name: str) -> None:
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.screen, str(shots / name))

    app = App((1600, 1000), seed=5)
    d.step(app, 6)
    d.press(app, "game-unpourun")
    d.press(app, "upu-new")
    scene = app.scene
    names = [b.name for b in scene.bands]
    d.press(app, f"band-A-{names.index('Les Tireurs de la Butte')}")
    d.press(app, f"band-B-{names.index('La Mêlée des Ferrailleurs')}")
    d.press(app, "table-2")
    d.press(app, "player-B-odds")
    shot("upu-x-new.png")
    d.press(app, "start")
    match = app.scene
    m.computer_moves(app)
    if match.state.phase == Phase.ROLL_OFF:
        d.press(app, "roll_off")
        m.computer_moves(app)
    if match.state.phase == Phase.CHOOSE_ZONE:
        d.press(app, "zone_0")
        m.computer_moves(app)
    while match.state.phase == Phase.DEPLOY:
        if not match.person_to_move():
            m.computer_moves(app)
            continue
        fid, slot = next(iter(match.reserve_slots().items()))
        drag(app, slot.center, m.deploy_point(match, fid))
        if match.state.figure(fid).pos is None:
            raise SystemExit(f"{fid} not deployed by the drag")
    shot("upu-x-deployed.png")
    for _ in range(3000):
        m.computer_moves(app)
        if app.scene.name != "upu_match":
            break
        s = match.state
        if s.phase == Phase.WAVE:
            ready = next(f for f in s.band(s.mover) if f.standing and not f.activated)
            d.click(app, m.px(match, ready.pos))
        elif s.phase == Phase.ACTIVATION and "end" in match.controls.choices:
            d.press(app, "end")
        else:
            key = next(k for k, c in match.controls.choices.items()
                       if c.reason is None and c.action is not None and k != "title")
            d.press(app, key)
            if match.shot.shown:
                d.click(app, match.shot.panel.confirm_rect.center)
        if match.state is s:
            raise SystemExit(f"a click played nothing in {s.phase.value}")
    shot("upu-x-result.png")
    state = match.session.state
    print(json.dumps({"scene": app.scene.name, "turn": state.turn, "winner": state.winner, "vp": state.vp,
                      "clicks": pointer.clicks, "driver": pygame.display.get_driver()}))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
