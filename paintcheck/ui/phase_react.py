"""Reactions (RULES 10), dodge dice (RULES 9) and a late target (RULES 12.2) at the window: the
coach picks among what the engine allows, each refusal given with its reason.

Three rooms, one a phase: ``ReactRoom`` owns the reactions chosen (``chosen``) and the list the
engine offered (``offered``); ``DodgeRoom`` and ``TargetRoom`` own nothing. Each is given the
``Desk`` (the session, the coach at the screen, the engine's door) and the controls its buttons go in;
``TargetRoom`` the ``Stances`` too (it names obstacles on the revealed sheet).
"""

from __future__ import annotations

import pygame

from paintcheck.odds.forecast import forecasts, reaction_forecast
from paintcheck.rules.actions import ChooseTarget, Dodge, React, Reaction
from paintcheck.rules.break_turn import late_declaration
from paintcheck.rules.legality import reaction_options
from paintcheck.rules.state import MatchState
from paintcheck.ui import theme
from paintcheck.ui.event_words import words as engine_words
from paintcheck.ui.i18n import tr
from paintcheck.ui.match_desk import Desk, Room, seat
from paintcheck.ui.phase_declare import action_words, odds_words
from paintcheck.ui.stances import Stances
from paintcheck.ui.widgets import Controls


class ReactRoom(Room):
    """The reactions phase: the coach picks his reactions among the engine's offers."""

    def __init__(self, desk: Desk, controls: Controls) -> None:
        self.desk = desk
        self.controls = controls
        self.chosen: list[Reaction] = []
        self.offered: list = []  # (reaction, the engine's refusal or None), as last built

    def build(self) -> None:
        c, desk = self.controls, self.desk
        team = seat(desk)
        session = desk.session
        self.offered = reaction_options(session.state, team, session.m)
        for r, refusal in self.offered:
            chosen = r in self.chosen
            reason = refusal
            if reason is None and not chosen:
                reason = desk.why_not(React(team, (*self.chosen, r)))
            if reason is not None:
                reason = engine_words(reason)
            c.add(f"react-{r.player}-{r.kind}-{r.target}", reaction_words(r),
                  lambda r=r: self.toggle_reaction(r), reason=reason, chosen=chosen,
                  hint=self.reaction_odds(r) if reason is None else None)
        c.newline()
        n = len(self.chosen)
        words = tr("match.react.declare", count=n) if n else tr("match.react.none")
        c.add("react-confirm", words, self.confirm_reactions,
              desk.why_not(React(team, tuple(self.chosen))), primary=True)

    def key(self) -> object:
        return repr(self.chosen)

    def reaction_odds(self, r: Reaction) -> str:
        """What a reaction needs and its odds, read by the engine on this coach's view."""
        return odds_words(reaction_forecast(self.desk.session.m, self.desk.state, r))

    def toggle_reaction(self, r: Reaction) -> None:
        if r in self.chosen:
            self.chosen.remove(r)
        else:
            self.chosen.append(r)
        self.desk.rebuild()

    def confirm_reactions(self) -> None:
        self.desk.apply(React(seat(self.desk), tuple(self.chosen)))

    def draw_panel_below(self, surface: pygame.Surface, state: MatchState, x: int, y: int, w: int,
                         bottom: int) -> int:
        """Who may react, and why not or his odds."""
        y += 4
        theme.blit_text(surface, tr("match.react.who"), (x, y), 13, theme.TEXT_DIM, True)
        y += 16
        for r, reason in self.offered:
            if y + 15 > bottom:
                break
            why = self.reaction_odds(r) if reason is None else engine_words(reason)
            words = tr(f"match.react.line.{r.kind}", player=r.player, target=r.target, why=why)
            theme.blit_text(surface, words, (x, y), 12, theme.TEXT_GOOD if reason is None else theme.TEXT_DIM)
            y += 15
        return y


class DodgeRoom(Room):
    """The dodge: the coach rolls his dodge dice, one at a time."""

    def __init__(self, desk: Desk, controls: Controls) -> None:
        self.desk = desk
        self.controls = controls

    def build(self) -> None:
        resolution = self.desk.session.state.resolution
        assert resolution is not None and resolution.dodge is not None
        dg = resolution.dodge
        self.controls.add("dodge", tr("match.react.dodge", die=dg.used + 1, dice=dg.allowed),
                          self.roll_dodge, self.desk.why_not(Dodge(seat(self.desk))), primary=True,
                          width=240)

    def roll_dodge(self) -> None:
        self.desk.apply(Dodge(seat(self.desk)))


class TargetRoom(Room):
    """A break shot "chosen later" (RULES 12.2): the coach clicks its target, or holds his fire
    (``stances`` names the obstacles of the other side's sheet, revealed)."""

    def __init__(self, desk: Desk, controls: Controls, stances: Stances) -> None:
        self.desk = desk
        self.controls = controls
        self.stances = stances

    def shooter(self) -> str:
        return self.desk.session.state.awaiting[0]

    def build(self) -> None:
        c, desk = self.controls, self.desk
        pid = self.shooter()
        desk.caption(tr("match.react.shoots_at", player=pid))
        for q in desk.session.state.players.values():
            if q.on_field and q.team != desk.viewer:
                reason = desk.why_not(ChooseTarget(seat(desk), pid, q.id))
                c.add(f"target-{q.id}", q.id, lambda e=q.id: self.choose_target(e), reason, width=60,
                      hint=self.late_target_odds(pid, q.id) if reason is None else None)
        c.add("hold-fire", tr("match.react.hold_fire"), lambda: self.choose_target(None))

    def click(self, pos: tuple[int, int], pid: str | None) -> bool:
        if pid is None or self.desk.session.state.players[pid].team == self.desk.viewer:
            return False
        self.choose_target(pid)
        return True

    def hover(self, pid: str | None) -> str | None:
        if pid is None or self.desk.session.state.players[pid].team == self.desk.viewer:
            return None
        shooter = self.shooter()
        reason = self.desk.why_not(ChooseTarget(seat(self.desk), shooter, pid))
        if reason:
            return tr("match.hover.target_refused", shooter=shooter, target=pid, reason=reason)
        return tr("match.hover.target_click", shooter=shooter, target=pid)

    def late_target_odds(self, shooter: str, target: str) -> str:
        """What a late target's shot needs and its odds (the break, RULES 12.2)."""
        seen = self.desk.state
        decl = late_declaration(seen, shooter, target)
        found = [f for f in forecasts(self.desk.session.m, seen, decl) if f.target == target]
        return odds_words(found[0]) if found else ""

    def choose_target(self, target: str | None) -> None:
        self.desk.apply(ChooseTarget(seat(self.desk), self.shooter(), target))

    def draw_panel(self, surface: pygame.Surface, state: MatchState, x: int, y: int, w: int,
                   bottom: int) -> int:
        """The other side's sheet, revealed, as on paper."""
        from paintcheck.ui.sheet_editor import draw_sheet_table, revealed_rows

        y += 4
        viewer = self.desk.viewer
        enemy = "white" if viewer == "blue" else "blue"
        sheet = state.sheets.get(enemy)
        if sheet is None or viewer is None:
            return y
        m, cover_name = self.desk.session.m, self.stances.cover_name
        rows = revealed_rows(sheet, state.lattice, viewer,
                             lambda a, fmt: action_words(a, m, point=fmt, cover_name=cover_name))
        return draw_sheet_table(surface, enemy, rows, x, y, w, bottom)


def reaction_words(r: Reaction) -> str:
    """A reaction as its button says it: "B2 reflex at W3" / "B2 réflexe sur W3"."""
    return tr(f"match.react.button.{r.kind}", player=r.player, target=r.target)
