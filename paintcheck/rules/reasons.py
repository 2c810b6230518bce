"""The Paintcheck engine's own words, as data (``paintcheck.said.Said``: a catalogue key and its
values): why a match ended, what a die is rolled for, why a coach speaks first or does not react, why
a shot is lost, why a suppressive token goes or stays, why a player is out, and the labels of a
value's parts. The events carry them (``rules.events``); the window words them in its language
(``ui.i18n.say``), and their English is the catalogue's, so logs and files read the same words.
"""

from __future__ import annotations

from functools import lru_cache

from paintcheck.said import Said


def flag_hung(player: str) -> Said:
    """Why a match ends when ``player`` hangs a flag (RULES 13.3)."""
    return Said("rules.end.flag", player=player)


def after_last_turn(turn: int, blue: int, white: int) -> Said:
    """Why a match ends after its last turn, with the players left on each side (RULES 13.3)."""
    return Said("rules.end.turns",
                turn=turn, blue=blue, white=white)


NONE_LEFT_OTHER_SIDE = Said("rules.end.one_side")
NONE_LEFT_EITHER_SIDE = Said("rules.end.both_sides")


def none_left_other_side() -> Said:
    """Why a match ends when one side has no player left on the field."""
    return NONE_LEFT_OTHER_SIDE


def none_left_either_side() -> Said:
    """Why a match ends in a draw when neither side has a player left on the field."""
    return NONE_LEFT_EITHER_SIDE


def _said(key: str) -> Said:
    return Said(f"rules.{key}")


# what a die is rolled for (Rolled.purpose)
PURPOSE_DEAD_GUN = _said("purpose.dead_gun")
PURPOSE_SPEAKS_FIRST = _said("purpose.speaks_first")
PURPOSE_REFLEX_DEF = _said("purpose.reflex_def")
PURPOSE_SPEED = _said("purpose.speed")
PURPOSE_CRITICAL = _said("purpose.critical")
PURPOSE_DODGE = _said("purpose.dodge")
PURPOSE_FUMBLE = _said("purpose.fumble")


@lru_cache(maxsize=1024)
def purpose_shot_at(target: str) -> Said:
    return Said("rules.purpose.shot_at", target=target)


@lru_cache(maxsize=1024)
def purpose_dump_on(target: str) -> Said:
    return Said("rules.purpose.dump_on", target=target)


@lru_cache(maxsize=1024)
def purpose_again(purpose: str) -> Said:
    """A 6 rolled again and added (RULES 7.3, 9.2)."""
    return Said("rules.purpose.again", purpose=purpose)


# why a coach speaks first (SpeakingOrder.reason)
SPEAKS_ONLY_COACH = _said("reason.only_coach")
SPEAKS_BOULETS = _said("reason.speaks_boulets")
SPEAKS_FEWER = _said("reason.fewer_players")


@lru_cache(maxsize=1024)
def speaks_lower_d6(low: int, high: int) -> Said:
    return Said("rules.reason.lower_d6", low=low, high=high)


# why a coach does not react (NoReaction.reason)
NO_PLAYER_CAN_REACT = _said("reason.none_can_react")
COACH_DECLARES_NONE = _said("reason.declares_none")

# why a shot is lost (ShotLost.reason; the rest come from values.RoundView.reading)
LOST_FASTER_SHOT = _said("reason.faster_shot")
LOST_SHOOTER_DEAD = _said("reason.shooter_dead")
LOST_MARKER = _said("reason.marker")
LOST_TARGET_DEAD = _said("reason.target_dead")
LOST_RAN_OFF = _said("reason.ran_off")
LOST_OUT_OF_REACH = _said("reason.out_of_reach")

# why a suppressive token goes (TokenRemoved.reason) or stays (TokenKept.reason)
TOKEN_BOULETS = _said("reason.token_boulets")


@lru_cache(maxsize=1024)
def token_left_cover(player: str) -> Said:
    return Said("rules.reason.left_cover", player=player)


@lru_cache(maxsize=1024)
def token_priority_lock(presser: str) -> Said:
    return Said("rules.reason.priority_lock", presser=presser)


# why a player goes to the dead zone (Eliminated.reason; the dodge's own in values.RoundView.dodge_dice)
DODGE_FELL_SHORT = _said("reason.dodge_short")


@lru_cache(maxsize=1024)
def dump_outcome(outcome: str) -> Said:
    """The dumper's own fall: ``dump disaster``, ``dump confusion`` (RULES 11.7)."""
    return Said(f"rules.reason.dump.{outcome}")


@lru_cache(maxsize=1024)
def dumped(outcome: str) -> Said:
    """The dumped player's fall: ``dumped (confusion)``, ``dumped (clean)``."""
    return Said(f"rules.reason.dumped.{outcome}")


# the labels of a value's parts (Parts), shared by the engine, values and the break
LABEL_D6 = _said("label.d6")
LABEL_PRESSER = _said("label.presser")
LABEL_REFLEX = _said("label.reflex")
LABEL_AFTER_SIDE_CHANGE = _said("label.after_side_change")
LABEL_OUTSIDE_FOV = _said("label.outside_fov")


@lru_cache(maxsize=1024)
def label_moved_vulnerable(n: int) -> Said:
    return Said("rules.label.moved_vulnerable", count=n)


@lru_cache(maxsize=64)
def label_shot_number(n: int) -> Said:
    """``shot #2``: the second target of a sequence (RULES 7.6, 11.2)."""
    return Said("rules.label.shot_number", number=n)


@lru_cache(maxsize=64)
def label_supports(n: int) -> Said:
    return Said("rules.label.supports", count=n)
