"""Driving the real window with posted mouse events, as a coach would (no shortcut into the UI)."""

from __future__ import annotations

import pygame


def step(app, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def move(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app)


def click(app, pos, button: int = 1) -> None:
    """Press and release at ``pos``; two frames so pygame_gui's own events are handled too."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app, 2)


def drag(app, start, end, steps: int = 6) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    step(app)
    for i in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    step(app)


def press(app, key: str) -> None:
    """Click the scene's button called ``key`` (a phase control or a tool)."""
    scene = app.scene
    for controls in (scene.controls, getattr(scene, "tools", None)):
        if controls is not None and key in controls.choices:
            click(app, controls.rect(key).center)
            return
    raise KeyError(f"no button {key!r} on {scene.name}: {sorted(scene.controls.choices)}")


def enabled(app, key: str) -> bool:
    choice = app.scene.controls.choices.get(key)
    return choice is not None and choice.reason is None


def figure_pos(app, pid: str):
    scene = app.scene
    return scene.t.to_screen(*scene.session.state.players[pid].point)


def play_orders_by_clicks(app) -> None:
    """The coach at the screen clicks his figures in jersey order (tokens 1..n), then confirms."""
    scene = app.scene
    team = scene.viewer
    for p in sorted(scene.session.state.team_players(team), key=lambda p: p.jersey):
        click(app, figure_pos(app, p.id))
    press(app, "orders-confirm")


def hand_over_if_asked(app) -> bool:
    if app.scene.name == "handover":
        press(app, "ready")
        return True
    return False
