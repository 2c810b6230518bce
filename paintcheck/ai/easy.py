"""``easy``: the ``normal`` coach with noise on every score, so that it often takes a plausible second
best (a shot with fewer supports, a weaker piece, a late DEF), and never fires a reaction it reads as
hopeless."""

from __future__ import annotations

from paintcheck.ai.normal import NormalCoach

EASY_NOISE = 0.35  # standard deviation added to each candidate's score (in eliminations)


class EasyCoach(NormalCoach):
    kind = "easy"
    noise = EASY_NOISE
