"""Issue 29's walk: two windows on one X display (Xvfb), one machine's each, play a whole networked
match over loopback by real clicks (xdotool), from the break to the result.

``DISPLAY=:97 python -m tests.ui.xdotool_net host OUT`` opens the host's window at the display's
left, clicks *Play over the network* → *Host a match* → *Play here* (Box 21), and writes the port
and the match code its window shows to ``OUT/lobby.json`` (what the coach would read to the other);
``… join OUT`` opens the joiner's window at the right, waits for that file, clicks *Join a match*,
types the address and the code into the window's fields, and clicks *Join*. Then each plays its own
team by clicks (``tests.ui.test_turn._play_one_decision``) whenever its window says it decides, and
only steps its window while the other machine decides. Before every click it checks that the
window shows none of the other coach's secrets; it saves its own window's pictures (and the host
the whole display's) into OUT, and prints what it found as JSON on its last line.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIZE = (1280, 720)
PLACES = {"host": (0, 0), "join": (1290, 0)}
LIMIT = 60 * 20  # seconds: the walk gives up after this


def main(argv: list[str]) -> int:
    role, out = argv[0], Path(argv[1])
    os.environ.pop("SDL_VIDEODRIVER", None)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()  # never the user's saves
    out.mkdir(parents=True, exist_ok=True)
    import pygame

    import tests.ui.driver as d
    import tests.ui.test_turn as turn
    from paintcheck.rules.views import HIDDEN
    from paintcheck.ui.app import App
    from tests.ui.xpointer import Pointer, xdo

    leaks: list[str] = []
    taken: list[str] = []
    hosting = role == "host"
    team = "blue" if hosting else "white"
    other = "white" if hosting else "blue"

    def shot(app, name: str, whole: bool = False) -> None:
        if name in taken:
            return
        taken.append(name)
        d.step(app, 2)
        path = out / f"net-{role}-{name}.png"
        pygame.image.save(app.screen, str(path))
        if whole and shutil.which("import"):
            subprocess.run(["import", "-window", "root", str(out / f"net-both-{name}.png")],
                           capture_output=True)

    def check(app) -> None:
        """Nothing of the other coach's secrets in what this window draws from."""
        if app.scene.name != "match":
            return
        seen = app.scene.state
        if seen.phase == "sheets" and seen.sheets.get(other) is not None:
            leaks.append(f"{other}'s sheet before the reveal")
        for pid, token in seen.orders.get(other, {}).items():
            if token != HIDDEN and token > seen.round:
                leaks.append(f"turn {seen.turn}: {pid}'s token {token} before its round")

    pointer = Pointer(turn, before=check)
    held = open(out / "pointer.lock", "w")  # noqa: SIM115 - held for the whole walk

    def one_at_a_time(act):
        """One X pointer for two windows: a click (or a move) at a time across both processes."""
        def locked(*args, **kw):
            fcntl.flock(held, fcntl.LOCK_EX)
            try:
                return act(*args, **kw)
            finally:
                fcntl.flock(held, fcntl.LOCK_UN)
        return locked

    for module in (d, turn):
        module.click, module.move = one_at_a_time(pointer.click), one_at_a_time(pointer.move)
    def type_into(app, rect, text) -> None:
        """Click a field of the window, then type; the keys go to the window that has the focus,
        and there is no window manager to give it: this window takes it first."""
        window = str(pygame.display.get_wm_info()["window"])
        xdo("windowfocus", "--sync", window)
        pointer.click(app, rect.center)
        xdo("type", "--delay", "20", text)

    typed = one_at_a_time(type_into)
    app = App(SIZE, position=PLACES[role])
    d.step(app, 10)
    d.press(app, "network")
    if hosting:
        app.net_port = 0  # any free port, as ``paintcheck host --port 0``
        d.press(app, "host")
        d.choose_field(app)
        link = app.link
        assert link is not None, app.scene.problem
        shot(app, "01-hosting", whole=True)
        (out / "lobby.json").write_text(json.dumps({"port": link.transport.port, "code": link.code}))
    else:
        lobby = out / "lobby.json"
        deadline = time.monotonic() + 60
        while not lobby.exists():
            assert time.monotonic() < deadline, "the host never showed its code"
            d.step(app)
            time.sleep(0.1)
        told = json.loads(lobby.read_text())
        d.press(app, "join")
        scene = app.scene
        for entry, rect, text in ((scene.address_entry, scene.address_rect, f"127.0.0.1:{told['port']}"),
                                  (scene.code_entry, scene.code_rect, told["code"])):
            for _ in range(3):  # a key typed before the window has the focus is lost: again
                entry.set_text("")
                typed(app, rect, text)
                d.step(app, 5)
                if entry.get_text() == text:
                    break
            assert entry.get_text() == text, (entry.get_text(), text)
        shot(app, "02-joining", whole=True)
        d.press(app, "join")
    started = time.monotonic()
    while app.scene.name != "match":  # the lobby: the code checked, the field sent and checked
        assert time.monotonic() - started < 60, f"stuck on {app.scene.name}: {app.scene.status}"
        d.step(app)
        time.sleep(0.02)
    clicks_before = pointer.clicks
    decisions = 0
    waited = 0
    while time.monotonic() - started < LIMIT:
        scene = app.scene
        if scene.name == "result":
            break
        assert scene.name == "match", f"left the match for {scene.name}: {app.message}"
        session = app.session
        s = session.state
        if s.phase == "over":
            shot(app, "09-match-over", whole=hosting)
            d.press(app, "result")
            continue
        if session.to_move() == team and not scene.playing() and scene.computer.thinking is None:
            if s.phase == "sheets":
                shot(app, "03-own-sheet", whole=hosting)
            elif s.phase == "orders" and s.turn == 2:
                shot(app, "05-turn2-orders")
            elif s.phase == "declare" and s.turn == 2:
                shot(app, "06-turn2-declare", whole=hosting)
            check(app)
            turn._play_one_decision(app)
            decisions += 1
            if s.phase == "orders" and s.turn == 2:
                shot(app, "05b-turn2-orders-laid", whole=hosting)
        else:
            if s.turn == 1 and scene.playing():
                shot(app, "04-break-told", whole=hosting)
            if s.turn >= 3 and s.phase == "declare" and session.to_move() == other:
                shot(app, "07-other-deciding", whole=hosting)
            d.step(app)
            time.sleep(0.01)
            waited += 1
    assert app.scene.name == "result", f"no result within {LIMIT} s: turn {app.session.state.turn}"
    shot(app, "10-result", whole=hosting)
    s = app.session.state
    print(json.dumps({"role": role, "team": team, "driver": pygame.display.get_driver(), "turn": s.turn,
                      "winner": s.winner, "decisions": decisions, "clicks": pointer.clicks - clicks_before,
                      "leaks": leaks, "hashes": len(app.session.peer.hashes),
                      "last_hash": app.session.peer.hashes.get(s.decisions), "shots": taken}))
    d.step(app, 30)  # the last messages out before the window closes
    pygame.quit()
    return 0


def walk(out: Path, timeout: float = LIMIT + 120) -> list[dict]:
    """Both windows on a fresh Xvfb display wide enough for the two, each in its own process; what
    each printed on its last line."""
    from tests.ui.xvfb import xvfb_display

    out.mkdir(parents=True, exist_ok=True)
    (out / "lobby.json").unlink(missing_ok=True)
    root = Path(__file__).resolve().parents[2]
    with xvfb_display(size="2580x740x24") as display:
        env = {**os.environ, "DISPLAY": display}
        env.pop("SDL_VIDEODRIVER", None)
        procs = [subprocess.Popen([sys.executable, "-m", "tests.ui.xdotool_net", role, str(out)], cwd=root,
                                  env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                 for role in ("host", "join")]
        results = []
        try:
            for proc in procs:
                stdout, stderr = proc.communicate(timeout=timeout)
                if proc.returncode != 0:
                    raise AssertionError(f"{proc.args[3]} failed:\n{stderr[-3000:]}")
                results.append(json.loads(stdout.strip().splitlines()[-1]))
        finally:
            for proc in procs:
                if proc.poll() is None:
                    proc.kill()
                    proc.wait(5)
    (out / "lobby.json").unlink(missing_ok=True)
    (out / "pointer.lock").unlink(missing_ok=True)
    return results


if __name__ == "__main__":
    if sys.argv[1] == "walk":
        for found in walk(Path(sys.argv[2])):
            print(json.dumps(found))
        sys.exit(0)
    sys.exit(main(sys.argv[1:]))
