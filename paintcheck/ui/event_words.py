"""The engine's events in the window's words: one catalogue entry per event type (``rules.event.*``),
filled from the event's data, never from its English ``text`` (which the command line and the golden
logs keep). In English each line is exactly the event's ``text`` (a test holds them together).

The words the engine gives inside an event (a reason, a roll's purpose, a value's parts' labels) are
``Said`` and worded by ``i18n.say``; one that comes as plain English (an older engine, a test) is
recognised against the catalogue's English entries (``said_again``) and worded the same way, else
shown as it came. Nothing here draws (no pygame).
"""

from __future__ import annotations

import re
from functools import lru_cache

from paintcheck.rules import events as ev
from paintcheck.said import Said
from paintcheck.ui import i18n
from paintcheck.ui.i18n import tr

# the catalogue's entries a plain English word of the engine may be (not the events' own lines)
RECOGNISED = ("rules.reason.", "rules.purpose.", "rules.end.", "rules.label.", "rules.refusal.",
              "rules.obstacle.", "rules.piece.", "rules.action.")


@lru_cache(maxsize=1)
def _templates() -> list[tuple[re.Pattern, str]]:
    out = []
    counted = i18n.counted_keys()
    for key, value in i18n.catalogue("en").items():
        if not key.startswith(RECOGNISED):
            continue
        base, _, form = key.rpartition("_")
        if form in i18n.COUNT_FORMS and base in counted:  # a counted entry: worded by its count
            key = base
        parts = i18n.PLACEHOLDER.split(value)  # text, name, text, name, ...
        literal = "".join(parts[0::2])
        if len(parts) > 1 and len(literal.replace(" ", "")) < 3:  # "%{piece} %{posture}": any two words
            continue
        seen: set[str] = set()
        regex = ""
        for i, part in enumerate(parts):
            if i % 2 == 0:
                regex += re.escape(part)
            elif part in seen:
                regex += f"(?P={part})"
            else:
                seen.add(part)
                regex += f"(?P<{part}>.+?)"
        out.append((re.compile(regex), key, len(literal)))
    out.sort(key=lambda t: -t[2])  # the most specific first
    return [(pattern, key) for pattern, key, _ in out]


@lru_cache(maxsize=4096)
def said_again(text: str) -> str:
    """Plain English the engine gave (not a ``Said``) as the ``Said`` whose English it is, its values
    recognised too ("shot at W2", "crosses cylinder at B:H6 (high)"); else the text itself."""
    if isinstance(text, Said) or not text:
        return text
    for pattern, key in _templates():
        match = pattern.fullmatch(text)
        if match:
            values = {name: said_again(value) for name, value in match.groupdict().items()}
            return Said(key, text, **values)
    return text


def words(value, locale: str | None = None) -> str:
    """A word of the engine in the window's language (a Said, or plain English recognised)."""
    if isinstance(value, str) and not isinstance(value, Said):
        value = said_again(value)
    return i18n.say(value, locale)


def parts_words(parts, locale: str | None = None) -> str:
    """``10 (simple) − 1 (distance)``: a value's parts, each label in the window's language."""
    out = ""
    for i, (label, value) in enumerate(parts):
        if i == 0:
            out = f"{value} ({words(label, locale)})"
        else:
            out += f" {'+' if value >= 0 else '−'} {abs(value)} ({words(label, locale)})"
    return out


def shot_words(kind: str, locale: str | None = None) -> str:
    """``simple shot``, ``tir réflexe``."""
    key = f"rules.shot.{kind}"
    return tr(key, locale) if key in i18n.catalogue("en") else f"{kind} shot"


def roll_words(e: ev.ShotResolved) -> str:
    return f"{e.roll}{''.join(f'+{d}' for d in e.bonus_dice)}"


def _names(key: str, names: list[str], locale, **values) -> str:
    """An entry for one player (``…_one``) or two (``…_two``); ``…_none`` for nobody."""
    if not names:
        return tr(f"{key}_none", locale, **values)
    if len(names) == 1:
        return tr(f"{key}_one", locale, player=names[0], **values)
    return tr(f"{key}_two", locale, first=names[0], second=names[1], **values)


def event_words(e: ev.Event, locale: str | None = None) -> str:
    """The event's line in the log and the resolution, in ``locale`` (by default the window's)."""
    told = _TELLERS.get(type(e))
    if told is None:
        return e.text
    return told(e, locale)


def _t(key: str):
    return f"rules.event.{key}"


def _rolled(e: ev.Rolled, loc) -> str:
    purpose = words(e.purpose, loc)
    if e.player in ("blue", "white"):  # a coach rolls (who speaks first)
        return tr(_t(f"rolled_team.{e.player}"), loc, sides=e.sides, value=e.value, purpose=purpose)
    if e.player:
        return tr(_t("rolled"), loc, player=e.player, sides=e.sides, value=e.value, purpose=purpose)
    return tr(_t("rolled_anon"), loc, sides=e.sides, value=e.value, purpose=purpose)


def _shot(e: ev.ShotResolved, loc) -> str:
    key = _t("shot_hit" if e.hit else "shot_miss")
    return tr(key, loc, shooter=e.shooter, shot=shot_words(e.kind, loc), target=e.target,
              parts=parts_words(e.shot_parts, loc), value=e.shot_value,
              target_parts=parts_words(e.target_parts, loc), target_value=e.target_value,
              required=e.required, roll=roll_words(e), margin=e.margin)


def _speed(e: ev.SpeedTest, loc) -> str:
    return tr(_t("speed_last" if e.last else "speed"), loc, player=e.player, target=e.target,
              parts=parts_words(e.parts, loc), score=e.score)


def _def_lost(e: ev.DefLost, loc) -> str:
    if e.segments:
        return tr(_t("def_lost_segments"), loc, player=e.player, lost=e.lost, segments=e.segments,
                  def_count=e.def_count, count=e.segments)
    return tr(_t("def_lost_check"), loc, player=e.player, lost=e.lost, def_count=e.def_count)


def _token_placed(e: ev.TokenPlaced, loc) -> str:
    face = "advantage" if e.advantage else "suppressive"
    if e.side:
        return tr(_t(f"token_placed.{face}_side"), loc, player=e.player, target=e.target,
                  side=words(Said(f"rules.side.{e.side}", e.side), loc))
    return tr(_t(f"token_placed.{face}"), loc, player=e.player, target=e.target)


def _flag(e: ev.FlagMoved, loc) -> str:
    return tr(_t(f"flag.{e.kind}"), loc, player=e.player, flag=tr(f"rules.flag.{e.flag}", loc))


def _match_ended(e: ev.MatchEnded, loc) -> str:
    key = "ended_draw" if e.winner == "draw" else f"ended.{e.winner}"
    return tr(_t(key), loc, reason=words(e.reason, loc))


def _break_round(e: ev.BreakRound, loc) -> str:
    stage = "runners" if e.stage == "runners" else "finish"
    return _names(_t(f"break_round.{stage}"), [p for p in (e.blue, e.white) if p], loc, round=e.round)


_TELLERS = {
    ev.Rolled: _rolled,
    ev.TurnStarted: lambda e, loc: tr(_t("turn_started"), loc, turn=e.turn),
    ev.OrdersAssigned: lambda e, loc: tr(_t(f"orders_assigned.{e.team}"), loc),
    ev.TokensRevealed: lambda e, loc: _names(_t("tokens"), [p for p in (e.blue, e.white) if p], loc,
                                             round=e.round),
    ev.GunChecked: lambda e, loc: tr(_t("gun_works" if e.works else "gun_broken"), loc, player=e.player,
                                     roll=e.roll),
    ev.SpeakingOrder: lambda e, loc: tr(_t(f"speaks_first.{e.order[0]}"), loc, reason=words(e.reason, loc)),
    ev.SequenceDeclared: lambda e, loc: tr(_t("sequence"), loc, sequence=words(e.sequence, loc), cost=e.cost,
                                           count=e.cost),
    ev.ReactionDeclared: lambda e, loc: tr(_t(f"reaction.{e.kind}"), loc, player=e.player, target=e.target),
    ev.NoReaction: lambda e, loc: tr(_t(f"no_reaction.{e.team}"), loc, reason=words(e.reason, loc)),
    ev.BouletsCleared: lambda e, loc: tr(_t("boulets_cleared"), loc, player=e.player, count=e.count,
                                         def_count=e.def_count),
    ev.DefLost: _def_lost,
    ev.SpeedTest: _speed,
    ev.ShotResolved: _shot,
    ev.ShotLost: lambda e, loc: tr(_t("shot_lost"), loc, shooter=e.shooter, target=e.target,
                                   reason=words(e.reason, loc)),
    ev.Fumble: lambda e, loc: tr(_t(f"fumble.{e.outcome}"), loc, player=e.player, roll=e.roll),
    ev.DodgeRolled: lambda e, loc: tr(_t("dodge_rolled"), loc, player=e.player,
                                      faces="+".join(map(str, e.faces)), margin=max(e.margin_left, 0)),
    ev.Dodged: lambda e, loc: tr(_t("dodged_auto" if e.automatic else "dodged"), loc, player=e.player,
                                 dice=tr("rules.count.dice", loc, count=e.dice), boulets=e.boulets,
                                 count=e.boulets),
    ev.Eliminated: lambda e, loc: tr(_t("eliminated"), loc, player=e.player, reason=words(e.reason, loc)),
    ev.TokenPlaced: _token_placed,
    ev.TokenKept: lambda e, loc: tr(_t("token_kept"), loc, player=e.player, target=e.target,
                                    reason=words(e.reason, loc)),
    ev.TokenRemoved: lambda e, loc: tr(_t("token_removed"), loc, player=e.player,
                                       reason=words(e.reason, loc)),
    ev.DumpResolved: lambda e, loc: tr(_t("dump"), loc, dumper=e.dumper, target=e.target,
                                       parts=parts_words(e.parts, loc), total=e.total,
                                       outcome=tr(f"rules.dump.{e.outcome}", loc)),
    ev.Moved: lambda e, loc: tr(_t("moved"), loc, player=e.player, length=e.length, count=e.length),
    ev.MatchEnded: _match_ended,
    ev.FlagMoved: _flag,
    ev.SheetHandedIn: lambda e, loc: tr(_t(f"sheet_handed_in.{e.team}"), loc),
    ev.SheetsRevealed: lambda e, loc: tr(_t("sheets_revealed"), loc),
    ev.Deployed: lambda e, loc: tr(_t("deployed_prebunker" if e.prebunk else "deployed_runner"), loc,
                                   player=e.player),
    ev.PrebunkLaid: lambda e, loc: tr(_t("prebunk_laid"), loc, player=e.player),
    ev.BreakRound: _break_round,
    ev.TargetChosen: lambda e, loc: (tr(_t("holds_fire"), loc, player=e.player) if e.target is None
                                     else tr(_t("target_chosen"), loc, player=e.player, target=e.target)),
    ev.ActionDropped: lambda e, loc: tr(_t("action_dropped"), loc, player=e.player,
                                        action=words(e.action, loc), reason=words(e.reason, loc)),
    ev.TemplateLifted: lambda e, loc: tr(_t("template_lifted"), loc, player=e.player),
}
