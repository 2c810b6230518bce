"""``hard``'s break sheet: the ``normal`` sheet, or one with a prebunker aimed where the other side's
runners should run, chosen by playing the break out against sampled sheets of the other side.

The other side's sheet is secret (RULES 12.1): the coach samples it, as information-set Monte Carlo
does, from models of the other coach planning from the same public field (the ``normal`` planner,
and the ``easy`` planner's noisy variants), never from the view's face-down sheet. Its candidates are
its ``normal`` sheet (which prebunks where the ``normal`` planner expects the other side's runs) and,
from the ``normal`` planner's five-runner sheet, that sheet and, for one of its runners turned
prebunker, every start in its prebunk zone and origin whose template (RULES 12.3) meets a sampled
enemy run. Each candidate meets every sample under
the same dice (common random numbers) through the engine, the late targets chosen by ``normal``
models; a break is worth the players left on the field (ours minus theirs) and the boulets carried.
The ``normal`` sheet is kept unless another is better by ``MARGIN``."""

from __future__ import annotations

import random
import time
from dataclasses import replace

from paintcheck.ai.judge import BOULET_WORTH
from paintcheck.ai.sheets import SheetPlanner, prebunk_line
from paintcheck.field.lattice import other_team
from paintcheck.rules.actions import BreakSheet, Dodge, Move
from paintcheck.rules.break_turn import why_sheet_illegal
from paintcheck.rules.dice import Dice
from paintcheck.rules.state import DODGE, OVER, TARGET, MatchState
from paintcheck.rules.views import view

SAMPLES = 3  # sheets of the other side: the normal planner's, then noisy ones
DICE = 8  # dice sequences each candidate meets each sample with
SHORTLIST = 10  # prebunk lines played out, those whose template meets the most sampled runs first
TURNED = 2  # runners tried as the prebunker (the sheet's last ones)
MARGIN = 0.12  # in players: a runner given up for a template must pay for his piece


class BreakSearch:
    def __init__(self, coach, state: MatchState) -> None:
        self.coach, self.m, self.team = coach, coach.m, coach.team
        self.enemy = other_team(self.team)
        self.engine = coach.model_engine
        self.state = state.copy()
        self.state.sheets = {}  # what the view hid stays out: the other sheet is sampled

    # -- the other side's sheet, sampled ---------------------------------------------------------------
    def samples(self, rng: random.Random) -> list[BreakSheet]:
        from paintcheck.ai.easy import EasyCoach
        from paintcheck.ai.normal import NormalCoach

        models = [NormalCoach(self.enemy, self.engine, 0, mixed=False)]
        models += [EasyCoach(self.enemy, self.engine, rng.randrange(2**31)) for _ in range(SAMPLES - 1)]
        out = []
        for model in models:
            planner = SheetPlanner(model, self.state)
            sheet = next((s for s in planner.sheets() if why_sheet_illegal(self.state, s, self.m) is None),
                         None)
            out.append(sheet if sheet is not None else planner.safe())
        return out

    # -- our candidates -------------------------------------------------------------------------------
    def candidates(self, base: BreakSheet, others: list[BreakSheet]) -> list[BreakSheet]:
        m, lattice = self.m, self.state.lattice
        runs = []
        for sheet in others:
            for ln in sheet.lines:
                move = next((a for a in ln.actions if isinstance(a, Move)), None)
                if move is not None:
                    runs.append(m.path(ln.start, move.waypoints))
        origins = sorted({pt for path in runs for pt in path
                          if not lattice.in_prebunk_zone(pt, self.enemy) and m.obstacle_at(pt) is None})
        zone = [p for p in lattice.points() if lattice.in_prebunk_zone(p, self.team)
                and m.obstacle_at(p) is None and m.covers(p)]
        runners = sorted((ln for ln in base.lines if not ln.prebunker), key=lambda ln: ln.order)
        if any(ln.prebunker for ln in base.lines) or len(runners) < 2:
            return []
        aims = []
        for start in zone:
            for origin in origins:
                met = sum(1 for path in runs if m.template_crossings(origin, start, path))
                if met:
                    aims.append((-met, start, origin))
        aims.sort()
        out = []
        for turned in runners[-TURNED:]:
            kept = [ln for ln in runners if ln is not turned]
            ends = {next((a.end for a in ln.actions if isinstance(a, Move)), ln.start) for ln in kept}
            starts = {ln.start for ln in kept}
            found = 0
            for _, start, origin in aims:
                if start in ends or start in starts:
                    continue
                line = prebunk_line(self.coach, self.state, turned.player, start, origin)
                if line is None:
                    continue
                lines = [replace(line, order=1)]
                lines += [replace(ln, order=i) for i, ln in enumerate(kept, start=2)]
                sheet = BreakSheet(self.team, tuple(lines))
                if why_sheet_illegal(self.state, sheet, self.m) is None:
                    out.append(sheet)
                    found += 1
                    if found >= SHORTLIST // TURNED:
                        break
        return out

    # -- playing the break out ----------------------------------------------------------------------------
    def worth(self, ours: BreakSheet, theirs: BreakSheet, seed: int) -> float:
        from paintcheck.ai.normal import NormalCoach

        engine, dice = self.engine, Dice(seed)
        s, _ = engine.apply(self.state, theirs, dice)
        s, _ = engine.apply(s, ours, dice)
        while s.turn == 1 and s.phase != OVER:
            team = engine.to_move(s)
            if s.phase == DODGE:
                decision = Dodge(team)
            elif s.phase == TARGET:
                decision = NormalCoach(team, engine, seed, mixed=False)._target(view(s, team))
            else:
                break
            s, _ = engine.apply(s, decision, dice)
        score = 0.0
        for p in s.players.values():
            sign = 1.0 if p.team == self.team else -1.0
            if p.on_field:
                score += sign * (1.0 - BOULET_WORTH * p.boulets)
        return score

    def choose(self, base: BreakSheet, rng: random.Random, deadline: float | None = None) -> BreakSheet:
        """The best candidate; with a ``deadline`` (``time.perf_counter``), the best of those played out
        in time (the window's budget; ``tournament`` plays them all)."""
        others = self.samples(rng)
        basis = base
        if any(ln.prebunker for ln in base.lines):  # the normal sheet prebunks: its runners' sheet too
            basis = next((s for s in SheetPlanner(self.coach, self.state).sheets()
                          if not any(ln.prebunker for ln in s.lines)
                          and why_sheet_illegal(self.state, s, self.m) is None), base)
        candidates = ([basis] if basis is not base else []) + self.candidates(basis, others)
        if not candidates:
            return base
        seeds = [rng.randrange(2**31) for _ in range(DICE)]

        def mean(sheet: BreakSheet) -> float:
            return sum(self.worth(sheet, o, s) for o in others for s in seeds) / (len(others) * len(seeds))

        kept = mean(base)
        best, chosen = kept + MARGIN, base
        for sheet in candidates:
            if deadline is not None and time.perf_counter() > deadline:
                break
            value = mean(sheet)
            if value > best:
                best, chosen = value, sheet
        return chosen
