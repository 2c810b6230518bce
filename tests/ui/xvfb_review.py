"""Issue 28 under Xvfb: a finished match of a person (Blue) against the computer (White, ``normal``),
reviewed in the real window from Blue's seat; one of Blue's declarations changed in an *odds only*
branch; the odds shown against the main line; the blunders listed. Screenshots 24-28 in ``out``.

``python -m tests.ui.xvfb_review docs/screenshots`` (on a DISPLAY, or it starts Xvfb itself); prints
one JSON line with what it saw. The window is driven by posted events, as ``tests.ui.xvfb`` does.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path


def finished_match_against_normal(seed: int = 4):
    """Blue played by the random coach (the person's decisions), White by ``normal``, to the end."""
    from paintcheck.rules.codec import START_DEFAULT_TURN2
    from paintcheck.ui.session import MatchSession

    session = MatchSession.new(seed=seed, start=START_DEFAULT_TURN2, coaches={"white": "normal"})
    blue = session.game.playout_coach("blue", seed)
    from paintcheck.seam.seen import look

    for _ in range(600):
        seat = session.to_move()
        if seat is None:
            break
        decision = (session.computer_decision(seat, session.state) if seat == "white"
                    else blue.decide(look(session.game, session.state, seat)))
        session.apply(decision)
    assert session.over, "the match against normal did not end"
    session.save()
    return session


def walk(out: Path) -> dict:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()
    import pygame

    from paintcheck.rules.actions import Shot
    from paintcheck.ui.app import App
    from tests.ui.driver import press, step
    from tests.ui.test_turn import _play_one_decision

    out.mkdir(parents=True, exist_ok=True)
    saved: list[str] = []

    def shot(name: str) -> None:
        step(app, 3)
        path = out / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        saved.append(str(path))

    session = finished_match_against_normal()
    app = App((1600, 1000))
    step(app, 2)
    press(app, "load")
    press(app, f"review-{session.path.name}")
    scene = app.scene
    assert scene.name == "review", scene.name
    press(app, "eyes-blue")
    review = scene.review
    # a declaration of Blue's, first of its round (one that shot at someone, if Blue made one)
    firsts = [k for k in range(1, len(review) + 1)
              if review.moments[k].phase == "declare" and review.moments[k].seat == "blue"
              and not review.state(k - 1).declarations]
    k = next((k for k in firsts if any(isinstance(a, Shot) for a in review.main.decisions[k - 1].actions)),
             firsts[0])
    scene.set_step(k)
    for _ in range(3):  # on to the resolution of that round, by the arrow key
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="",
                                             scancode=0))
        step(app)
    shot("24-review-blue-seat")
    scene.set_step(k)
    press(app, "dice-odds")
    press(app, "try")
    match = app.scene
    assert match.name == "match" and match.viewer == "blue"
    from tests.ui.driver import enabled

    press(app, "act-DEF")
    shot("25-review-what-if-declare")
    while enabled(app, "act-DEF"):
        press(app, "act-DEF")
    press(app, "confirm")
    for _ in range(1200):  # the computer declares White in the branch; the first die stops it
        if app.scene.name == "review":
            break
        if match.computer.thinking is not None:
            match.computer.thinking[2].result(60)
        elif match.deciding():
            _play_one_decision(app)
        step(app)
    assert app.scene.name == "review", app.scene.name
    lines = scene.lines
    what_if = lines.what_if()
    shot("26-review-odds-only")
    branch, odds_only = lines.name, lines.name in lines.branches.pending
    press(app, "blunders")
    scene.blunders.job.wait(120)
    step(app, 3)
    shot("27-review-blunders")
    blunders = [b for b in scene.blunders.found or () if b.given_away > 0]
    press(app, "blunders")
    press(app, "line-show-main")
    press(app, "eyes-all")
    scene.set_step(len(scene.line))
    shot("28-review-all-eyes")
    result = {"driver": pygame.display.get_driver(), "steps": len(review), "declaration": k,
              "branch": branch, "odds_only": odds_only,
              "changes": [str(c.said) for c in (what_if.changes if what_if else ())],
              "blunders": len(blunders), "shots": saved}
    pygame.quit()
    return result


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "docs/screenshots")
    if os.environ.get("DISPLAY") and os.environ.get("SDL_VIDEODRIVER") != "dummy":
        print(json.dumps(walk(out)))
        return 0
    from tests.ui.xvfb import xvfb_display

    with xvfb_display() as display:
        env = {**os.environ, "DISPLAY": display}
        env.pop("SDL_VIDEODRIVER", None)
        return subprocess.call([sys.executable, "-m", "tests.ui.xvfb_review", str(out)], env=env)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
