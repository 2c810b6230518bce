"""The computer's mixed strategy: a choice among near-equal candidates drawn, not fixed.

A coach that always takes the best-scored candidate plays the same break sheet every match, and a
person learns it in one. ``mixed_ranking`` orders the candidates as a Plackett-Luce draw restricted
to a margin: the first is drawn among those within ``margin`` of the best score, each with weight
``exp((score - best) / temperature)`` (a softmax); then the next among those left within ``margin``
of the best left, and so on. A candidate worse than the best left by more than the margin is never
drawn before it, so a clearly better choice is always taken; near-equal ones are played in turn.

The margins are in each decision's own unit (docs/ai.md, "Mixed strategy"): eliminations for the
turn's decisions, protection points for the break's pieces, runs met for the prebunk's aims."""

from __future__ import annotations

import math
import random

TURN_MARGIN, TURN_TEMPERATURE = 0.02, 0.01  # eliminations: sequences, tokens, reactions, late targets
PLACE_MARGIN, PLACE_TEMPERATURE = 0.35, 0.15  # protection points: the runners' pieces at the break
AIM_MARGIN, AIM_TEMPERATURE = 0.1, 0.05  # expected runs met: the prebunker's start and origin


def mixed_ranking(scored: list[tuple[float, object]], margin: float, temperature: float,
                  rng: random.Random) -> list:
    """The candidates of ``scored`` ((score, candidate) pairs) in a drawn order: each next one among
    those left within ``margin`` of the best left, by softmax of their scores at ``temperature``.
    One draw from ``rng`` per place where more than one candidate is in reach, none otherwise."""
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])  # stable: ties in list order
    scores = [scored[i][0] for i in order]
    out = []
    while order:
        best = scores[0]
        reach = 1
        while reach < len(order) and scores[reach] >= best - margin:
            reach += 1
        pick = 0
        if reach > 1:
            weights = [math.exp((scores[k] - best) / temperature) for k in range(reach)]
            pick = rng.choices(range(reach), weights)[0]
        out.append(scored[order.pop(pick)][1])
        scores.pop(pick)
    return out


def decision_rng(seed: int, decisions: int) -> random.Random:
    """The generator a coach of ``seed`` draws from for the match's decision number ``decisions``
    (``MatchState.decisions``, public in every view): the same seed and the same moment give the same
    draws, whatever came before, so a resumed match goes on as it was played."""
    return random.Random(f"coach {seed} decision {decisions}")
