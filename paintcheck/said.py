"""Words said to a player, kept as data: what the engine refuses, why a match ended, a modifier's name.

A ``Said`` is a ``str``: its English text is what logs, files and commands print, and what ``==``
compares, so every caller that reads a string reads the same words as before. It also carries the
catalogue key and the values it was made from, and the window words it in its own language from
them (``paintcheck.ui.i18n.say``). A value may itself be a ``Said`` (a piece's name inside a
refusal). Nothing here imports anything: every layer may say something.
"""

from __future__ import annotations


class Said(str):
    """English ``text``, with the catalogue ``key`` and the ``values`` to word it again."""

    key: str
    values: dict[str, object]

    def __new__(cls, key: str, text: str, **values: object) -> Said:
        out = super().__new__(cls, text)
        out.key = key
        out.values = values
        return out

    def __reduce__(self) -> tuple[object, tuple[str, str, dict[str, object]]]:
        # pickled whole (simulate's workers send events back)
        return _rebuild, (self.key, str(self), self.values)

    def __repr__(self) -> str:
        return f"Said({self.key!r}, {str(self)!r})"


def _rebuild(key: str, text: str, values: dict[str, object]) -> Said:
    return Said(key, text, **values)
