"""The practice range driven by real pointer events: xdotool clicks *Learn the instruments*, drags
the shooter to a point near the target and then far from it, and hovers the distance line of the
sum. Run on a display: ``DISPLAY=:97 python -m tests.ui.xdotool_range OUT.png`` prints what it did
as JSON."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time


def main(argv: list[str]) -> int:
    os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()
    import pygame

    import tests.ui.driver as d
    from paintcheck.ui.app import App
    from tests.ui.xpointer import window_to_origin, xclick, xdo, xdrag

    out = argv[0] if argv else "/tmp/range.png"

    app = App((1280, 800), seed=5)
    d.step(app, 3)
    window_to_origin()
    title = app.scene
    for _ in range(5):  # the window may take a moment to sit at (0, 0)
        xclick(app, title.controls.rect("learn").center, 4)
        if app.scene.name == "range":
            break
        time.sleep(0.5)
    scene = app.scene
    distances = []
    target = scene.situation.target.point
    for point in ((target[0] + 2, target[1] + 2), (target[0] + 2, target[1] + 12)):
        xdrag(app, scene.t.to_screen(*scene.situation.shooter.point), scene.t.to_screen(*point))
        r = scene.reading
        distances.append({"shooter": list(scene.situation.shooter.point),
                          "distance": r.term("distance") if r is not None else None,
                          "required": r.required if r is not None else None})
    i = next((i for i, t in enumerate(scene.reading.terms) if t.label == "distance"), None)
    lit = None
    if i is not None:
        rect = next(rect for rect, j in scene.view.term_rects if j == i)
        xdo("mousemove", *rect.center)
        d.step(app, 3)
        lit = list(scene.view.lit(scene.frame) or ())
    pygame.image.save(app.screen, out)
    print(json.dumps({"scene": scene.name, "readings": distances, "lit": lit,
                      "driver": pygame.display.get_driver()}))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
