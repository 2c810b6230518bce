"""Exact probabilities of a shot (stdlib only): ``shot_odds`` for a required roll and dodge dice,
``reading`` for a shot between two points of a field (RULES 6–9). Above ``rules``, below ``ui``."""

from paintcheck.odds.shot import KEYS, OddsError, ShotOdds, shot_odds

__all__ = ["KEYS", "OddsError", "ShotOdds", "shot_odds"]
