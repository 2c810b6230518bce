"""The engine's events in the window's words: each event says itself as a catalogue entry and its
values (``Event.said``, ``rules.event.*``), worded here in the window's language; its English is the
event's ``text`` (the command line's and the golden logs'), the same entry's English.

The words the engine gives inside an event (a reason, a roll's purpose, a value's parts' labels) are
``Said`` (a catalogue key and its values) and worded by ``i18n.say`` from them, once, here; plain text
is data and shown as it came. Nothing here draws (no pygame).
"""

from __future__ import annotations

from paintcheck.rules import events as ev
from paintcheck.ui import i18n


def words(value: object, locale: str | None = None) -> str:
    """A word of the engine (a ``Said``) in the window's language; plain text is data (a player's
    id, a point, a name a user gave) and is shown as it is."""
    return i18n.say(value, locale)


def parts_words(parts: ev.Parts, locale: str | None = None) -> str:
    """``10 (simple) − 1 (distance)``: a value's parts, each label in the window's language."""
    return i18n.say(ev.parts_said(parts), locale)


def shot_words(kind: str, locale: str | None = None) -> str:
    """``simple shot``, ``tir réflexe``."""
    return i18n.say(ev.shot_said(kind), locale)


def roll_words(e: ev.ShotResolved) -> str:
    return e.rolled


def event_words(e: ev.Event, locale: str | None = None) -> str:
    """The event's line in the log and the resolution, in ``locale`` (by default the window's)."""
    return i18n.say(e.said, locale)
