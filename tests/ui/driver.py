"""Driving the real window with posted mouse events, as a coach would (no shortcut into the UI)."""

from __future__ import annotations

import pygame


class Drawn:
    """Every string the window renders (``theme.text``: ``blit_text`` draws through it), in order,
    with its colour, from its making on (``monkeypatch`` undoes it)."""

    def __init__(self, monkeypatch) -> None:
        from paintcheck.ui import theme

        self.items: list[tuple[str, tuple]] = []
        text = theme.text

        def drawing(words, size, colour=theme.TEXT, bold=False):
            self.items.append((words, tuple(colour)[:3]))
            return text(words, size, colour, bold)

        monkeypatch.setattr(theme, "text", drawing)

    def frame(self, app) -> list[tuple[str, tuple]]:
        """One frame's strings and colours, the scene's field drawn again (a scene that keeps its
        field on a surface between changes, ``_overlay_key``, draws none of its words otherwise; the
        range keeps it in its view)."""
        self.items.clear()
        for part in (app.scene, getattr(app.scene, "view", None)):
            if part is not None and hasattr(part, "_overlay_key"):
                part._overlay_key = None
        step(app)
        return list(self.items)

    def words(self, app) -> list[str]:
        """One frame's strings (``frame``)."""
        return [words for words, _ in self.frame(app)]


def step(app, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def move(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    step(app)


def click(app, pos, button: int = 1, tell_first: bool = True) -> None:
    """Press and release at ``pos``; two frames so pygame_gui's own events are handled too. While a
    resolution is still being told a first click on the board only ends the telling: unless
    ``tell_first`` is False, the coach clicks "show all" first, as one in a hurry does."""
    if tell_first and app.scene.name == "match" and app.scene.field_area.collidepoint(pos):
        settle(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app, 2)


def drag(app, start, end, steps: int = 6, button: int = 1) -> None:
    held = tuple(int(b == button) for b in (1, 2, 3))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button))
    step(app)
    for i in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=held))
        step(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button))
    step(app)


def tell_all(app) -> None:
    """Click the resolution panel ("click here to show all"): the rest of the batch is told."""
    scene = app.scene
    click(app, (scene.px + 4, scene.log_rect.top - 12))


def settle(app) -> None:
    """A coach who does not wait for the telling: the next choices appear once it is over."""
    if app.scene.name == "match" and app.scene.playing():
        tell_all(app)


def press(app, key: str) -> None:
    """Click the scene's button called ``key`` (a phase control or a tool)."""
    settle(app)
    scene = app.scene
    for controls in (scene.controls, getattr(scene, "tools", None)):
        if controls is not None and key in controls.choices:
            click(app, controls.rect(key).center)
            return
    raise KeyError(f"no button {key!r} on {scene.name}: {sorted(scene.controls.choices)}")


def enabled(app, key: str) -> bool:
    settle(app)
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


def point_pos(app, point):
    return app.scene.t.to_screen(*point)


def new_turn2_match(app) -> None:
    """A new match in the default position at turn 2 (for the tests of an ordinary turn); the
    screen is handed to the first coach, since nobody knows who sits there yet."""
    from paintcheck.rules.codec import START_DEFAULT_TURN2

    app.new_match(start=START_DEFAULT_TURN2)
    step(app)
    hand_over_if_asked(app)


def choose_field(app, field: str | None = None) -> None:
    """On the field chooser, click *Play here* on ``field``: the file name of a shipped layout (by
    default the default field, box21.json), or a whole button key (``play-yours-my_field.json``)."""
    assert app.scene.name == "fields", app.scene.name
    key = field if field and field.startswith("play-") else f"play-shipped-{field or 'box21.json'}"
    press(app, key)


def new_match(app, field: str | None = None) -> None:
    """*New match* on the title, the field chosen (``choose_field``), then the hand-over to the
    coach who writes his sheet first."""
    press(app, "new")
    choose_field(app, field)
    assert app.scene.name == "handover"  # his sheet is secret: the screen goes to him first
    hand_over_if_asked(app)


def _try_run(app, editor, start, used_ends) -> bool:
    """Draw a run forward from ``start`` by clicks; True when the sheet took it."""
    from paintcheck.field.lattice import FORWARD

    m, lattice = editor.session.m, editor.session.state.lattice
    for dy in (4, 3, 5, 2, 6):
        for dx in (0, 1, -1, 2, -2):
            end = (start[0] + dx, start[1] + FORWARD[editor.team] * dy)
            if not lattice.contains(end) or end in used_ends or m.obstacle_at(end) is not None:
                continue
            press(app, "sheet-MOV")
            before = len(editor.draft.actions)
            click(app, point_pos(app, end))
            press(app, "sheet-move-finish")
            if len(editor.draft.actions) > before:
                used_ends.add(end)
                return True
            press(app, "sheet-move-cancel")
    return False


def fill_sheet_by_clicks(app, prebunkers: int = 1, hand_in: bool = True) -> None:
    """The coach at the screen fills his break sheet by clicks: ``prebunkers`` prebunkers (start in
    the zone, a prebunked point, DEF), the others runners (a base point, a run, DEF; the last one's
    shot chosen later when he may), then hands it in (unless ``hand_in`` is False)."""
    from paintcheck.field.lattice import half_of
    from paintcheck.rules.actions import SheetLine
    from paintcheck.rules.break_turn import why_line_illegal

    editor = app.scene.sheet
    session = editor.session
    state, m, lattice, team = session.state, session.m, session.state.lattice, editor.team
    used_starts: set = set()
    used_ends: set = set()
    players = editor.players()
    for pid in players[:prebunkers]:
        press(app, f"sheet-pick-{pid}")
        press(app, "sheet-prebunker")
        zone = [p for p in lattice.points() if lattice.in_prebunk_zone(p, team) and m.obstacle_at(p) is None
                and p not in used_starts]
        enemy = [p for p in lattice.points() if half_of(p) != team and m.obstacle_at(p) is None]
        for start in sorted(zone, key=lambda p: abs(p[0] - lattice.columns // 2)):
            covers = m.covers(start)
            cover = covers[0] if covers else None
            side = app.scene.stances.default_side(cover, None, start)
            aims = sorted(enemy, key=lambda o: (abs(abs(o[1]) - 10), abs(o[0] - lattice.columns // 2)))
            origin = next((o for o in aims
                           if why_line_illegal(state, team, SheetLine(pid, 1, start, "standing", (), cover,
                                                                        side, o), m) is None), None)
            if origin is not None:
                break
        click(app, point_pos(app, start))
        click(app, point_pos(app, origin))
        used_starts.add(start)
        used_ends.add(start)
        while enabled(app, "sheet-DEF"):
            press(app, "sheet-DEF")
    for pid in players[prebunkers:]:
        press(app, f"sheet-pick-{pid}")
        for start in lattice.base_points(team):
            if start in used_starts or start in used_ends or m.obstacle_at(start) is not None:
                continue
            click(app, point_pos(app, start))
            if editor.draft.start == start:
                break
        used_starts.add(start)
        if not _try_run(app, editor, start, used_ends):
            used_ends.add(start)
        if pid == players[-1] and enabled(app, "sheet-LATER"):
            press(app, "sheet-LATER")
        while enabled(app, "sheet-DEF"):
            press(app, "sheet-DEF")
    assert enabled(app, "sheet-confirm"), app.scene.controls.choices["sheet-confirm"].reason
    if hand_in:
        press(app, "sheet-confirm")


def play_break_by_clicks(app, limit: int = 200) -> None:
    """After both sheets: roll dodges and choose targets by clicks until turn 2's order tokens."""
    from paintcheck.rules.state import DODGE, ORDERS, OVER, TARGET

    for _ in range(limit):
        settle(app)  # the resolution is told to both coaches first; a hand-over may follow
        s = app.session.state
        if s.phase in (ORDERS, OVER):
            return
        hand_over_if_asked(app)
        scene = app.scene
        if s.phase == DODGE:
            press(app, "dodge")
        elif s.phase == TARGET:
            targets = [k for k in scene.controls.choices if k.startswith("target-") and enabled(app, k)]
            press(app, targets[0] if targets else "hold-fire")
        else:
            raise AssertionError(f"the break waits for {s.phase}")
    raise AssertionError("the break did not end")


def answer_lesson(app, wrong: bool = False) -> None:
    """In the practice range, answer the lesson asked by its buttons: a choice's button, or the
    number set with − / + and *Answer*; the right answer, or (``wrong``) another."""
    from paintcheck.odds import lesson_answers

    scene = app.scene
    lesson = scene.lessons.lesson
    right = lesson_answers.answer(scene.m, lesson)
    if lesson.choices:
        press(app, f"answer-{next(c for c in lesson.choices if c != str(right)) if wrong else right}")
        return
    goal = right + 1 if wrong else right
    while lesson_answers.normalise(lesson, scene.lessons.given) < goal:
        press(app, "answer-plus")
    while lesson_answers.normalise(lesson, scene.lessons.given) > goal:
        press(app, "answer-minus")
    press(app, "answer-submit")


def new_match_to_turn_2(app) -> None:
    """*New match* on the title, both break sheets filled (one and two prebunkers) and the break
    played out by clicks, up to turn 2's order tokens."""
    press(app, "new")
    choose_field(app)
    hand_over_if_asked(app)
    fill_sheet_by_clicks(app, prebunkers=1)
    hand_over_if_asked(app)
    fill_sheet_by_clicks(app, prebunkers=2)
    play_break_by_clicks(app)
