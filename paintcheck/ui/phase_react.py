"""Reactions (RULES 10), dodge dice (RULES 9) and a late target (RULES 12.2) at the window: the
coach picks among what the engine allows, each refusal given with its reason."""

from __future__ import annotations

from paintcheck.odds.forecast import forecasts, reaction_forecast
from paintcheck.rules.actions import ChooseTarget, Dodge, React
from paintcheck.rules.break_turn import late_declaration
from paintcheck.rules.legality import reaction_options
from paintcheck.ui import theme
from paintcheck.ui.event_words import words as engine_words
from paintcheck.ui.i18n import tr


class ReactPhase:
    """The reaction, dodge and target phases of ``MatchScene``."""

    def build_react(self) -> None:
        c = self.controls
        team = self.viewer
        state = self.session.state
        self.reaction_list = reaction_options(state, team, self.session.m)
        for r, reason in self.reaction_list:
            chosen = r in self.chosen_reactions
            if reason is None and not chosen:
                reason = self.why_not(React(team, (*self.chosen_reactions, r)))
            if reason is not None:
                reason = engine_words(reason)
            c.add(f"react-{r.player}-{r.kind}-{r.target}", reaction_words(r),
                  lambda r=r: self.toggle_reaction(r), reason=reason, chosen=chosen,
                  hint=self.reaction_odds(r) if reason is None else None)
        c.newline()
        n = len(self.chosen_reactions)
        words = tr("match.react.declare", count=n) if n else tr("match.react.none")
        c.add("react-confirm", words, self.confirm_reactions,
              self.why_not(React(team, tuple(self.chosen_reactions))), primary=True)

    def build_dodge(self) -> None:
        c = self.controls
        dg = self.session.state.resolution.dodge
        c.add("dodge", tr("match.react.dodge", die=dg["used"] + 1, dice=dg["allowed"]), self.roll_dodge,
              self.why_not(Dodge(self.viewer)), primary=True, width=240)

    def build_target(self) -> None:
        c = self.controls
        pid = self.session.state.awaiting[0]
        self.caption(tr("match.react.shoots_at", player=pid))
        for q in self.session.state.players.values():
            if q.on_field and q.team != self.viewer:
                reason = self.why_not(ChooseTarget(self.viewer, pid, q.id))
                c.add(f"target-{q.id}", q.id, lambda e=q.id: self.choose_target(e), reason, width=60,
                      hint=self.late_target_odds(pid, q.id) if reason is None else None)
        c.add("hold-fire", tr("match.react.hold_fire"), lambda: self.choose_target(None))

    def reaction_odds(self, r) -> str:
        """What a reaction needs and its odds, read by the engine on this coach's view."""
        from paintcheck.ui.phase_declare import odds_words

        return odds_words(reaction_forecast(self.session.m, self.state, r))

    def late_target_odds(self, shooter: str, target: str) -> str:
        """What a late target's shot needs and its odds (the break, RULES 12.2)."""
        from paintcheck.ui.phase_declare import odds_words

        decl = late_declaration(self.state, shooter, target)
        found = [f for f in forecasts(self.session.m, self.state, decl) if f.target == target]
        return odds_words(found[0]) if found else ""

    def choose_target(self, target: str | None) -> None:
        self.apply(ChooseTarget(self.viewer, self.session.state.awaiting[0], target))

    def toggle_reaction(self, r) -> None:
        if r in self.chosen_reactions:
            self.chosen_reactions.remove(r)
        else:
            self.chosen_reactions.append(r)
        self.rebuild()

    def confirm_reactions(self) -> None:
        self.apply(React(self.viewer, tuple(self.chosen_reactions)))

    def roll_dodge(self) -> None:
        self.apply(Dodge(self.viewer))

    def draw_reaction_reasons(self, surface, x, y, w, bottom) -> int:
        theme.blit_text(surface, tr("match.react.who"), (x, y), 13, theme.TEXT_DIM, True)
        y += 16
        for r, reason in getattr(self, "reaction_list", []):
            if y + 15 > bottom:
                break
            why = self.reaction_odds(r) if reason is None else engine_words(reason)
            words = tr(f"match.react.line.{r.kind}", player=r.player, target=r.target, why=why)
            theme.blit_text(surface, words, (x, y), 12, theme.TEXT_GOOD if reason is None else theme.TEXT_DIM)
            y += 15
        return y


def reaction_words(r) -> str:
    """A reaction as its button says it: "B2 reflex at W3" / "B2 réflexe sur W3"."""
    return tr(f"match.react.button.{r.kind}", player=r.player, target=r.target)
