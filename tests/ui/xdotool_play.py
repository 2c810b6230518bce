"""The break played with real mouse events: xdotool moves and clicks the pointer on an X display
(Xvfb), SDL's x11 driver hands the events to the window. The clicking flows are the test driver's
own, with its ``click``/``move`` swapped for xdotool. Run on a display:
``DISPLAY=:97 python -m tests.ui.xdotool_play`` prints the turn and phase reached.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time


def main() -> int:
    os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()  # never the user's saves
    import pygame

    import tests.ui.driver as d
    from paintcheck.ui.app import App

    clicks = 0

    def xmove(app, pos) -> None:
        subprocess.run(["xdotool", "mousemove", str(pos[0]), str(pos[1])], check=True)
        time.sleep(0.02)
        d.step(app, 2)

    def xclick(app, pos, button: int = 1, tell_first: bool = True) -> None:
        nonlocal clicks
        if tell_first and app.scene.name == "match" and app.scene.field_area.collidepoint(pos):
            d.settle(app)
        subprocess.run(["xdotool", "mousemove", str(pos[0]), str(pos[1]), "click", str(button)], check=True)
        clicks += 1
        time.sleep(0.02)
        d.step(app, 3)

    d.click, d.move = xclick, xmove
    app = App((1280, 800), seed=5)
    d.step(app, 3)
    subprocess.run(["xdotool", "search", "--name", "Paintcheck", "windowmove", "0", "0"],
                   capture_output=True)
    d.step(app, 3)
    d.press(app, "new")
    d.choose_field(app)
    d.hand_over_if_asked(app)
    d.fill_sheet_by_clicks(app, prebunkers=1)
    d.hand_over_if_asked(app)
    d.fill_sheet_by_clicks(app, prebunkers=2)
    d.play_break_by_clicks(app)
    s = app.session.state
    print(json.dumps({"turn": s.turn, "phase": s.phase, "clicks": clicks,
                      "driver": pygame.display.get_driver()}))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
