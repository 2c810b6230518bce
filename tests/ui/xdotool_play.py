"""The break played with real mouse events: xdotool moves and clicks the pointer on an X display
(Xvfb), SDL's x11 driver hands the events to the window. The clicking flows are the test driver's
own, with its ``click``/``move`` swapped for xdotool. Run on a display:
``DISPLAY=:97 python -m tests.ui.xdotool_play`` prints the turn and phase reached.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile


def main() -> int:
    os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()  # never the user's saves
    import pygame

    import tests.ui.driver as d
    from paintcheck.ui.app import App
    from tests.ui.xpointer import Pointer

    pointer = Pointer()
    app = App((1280, 800), seed=5)
    d.step(app, 6)
    d.new_match_to_turn_2(app)
    s = app.session.state
    print(json.dumps({"turn": s.turn, "phase": s.phase, "clicks": pointer.clicks,
                      "driver": pygame.display.get_driver()}))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
