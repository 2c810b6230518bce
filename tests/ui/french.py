"""The French walk's hook: every string a scene draws, judged against the French catalogue.

``Drawn`` records what ``theme.text`` draws in a frame (and the buttons' words, reasons and hints);
``assert_french`` finds any line that is not a French catalogue entry (filled, wrapped, or several
side by side joined by `` · ``) nor data (numbers, coordinates, names the user gave). Each scene's
French walk (``tests/ui/test_i18n*.py``) uses both.
"""

from __future__ import annotations

import re

from paintcheck.ui import i18n, theme
from paintcheck.ui.i18n import tr
from tests.ui.driver import step


def _patterns(locale: str) -> list[tuple[re.Pattern, bool]]:
    """Each catalogue entry as a pattern, a group for each placeholder's value, and whether its own
    text has words (``%{a}, %{b}`` has none: what fills it must be judged too, so such an entry
    comes twice, its values cut as short and as long as they go). An entry that is only its values
    side by side (``%{first}%{rest}``: a value's parts chained, ``rules.words.chain``) would match any
    line: it is left out, and what it joins is judged as the parts it is (``parts``)."""
    out = []
    for value in i18n.catalogue(locale).values():
        parts = i18n.PLACEHOLDER.split(value)  # text, name, text, name, ...
        if len(parts) > 1 and not "".join(parts[::2]):
            continue
        words = bool(_WORD.search("".join(parts[::2])))
        for group in ("(.*)",) if words else ("(.*?)", "(.*)"):
            regex = "".join(re.escape(p) if i % 2 == 0 else group for i, p in enumerate(parts))
            out.append((re.compile(regex, re.S), words))
    return out


class Drawn:
    """Every string drawn by ``theme.text`` (``blit_text`` draws through it) and by the fitting of
    long lines (a cut line is judged by the words it was cut from)."""

    def __init__(self, monkeypatch) -> None:
        from paintcheck.ui import text_fit

        self.strings: list[str] = []
        self.cut: dict[str, str] = {}
        text = theme.text
        fit = text_fit.cut

        def drawing(words, *args, **kwargs):
            self.strings.append(words)
            return text(words, *args, **kwargs)

        def fitting(words, *args, **kwargs):
            out = fit(words, *args, **kwargs)
            self.cut[out] = words
            return out

        monkeypatch.setattr(theme, "text", drawing)
        monkeypatch.setattr(text_fit, "cut", fitting)

    def frame(self, app) -> list[str]:
        """What one frame of the scene draws, its buttons' words and their tooltips included."""
        from pygame_gui.core.utility import translate

        self.strings.clear()
        step(app)
        words = [self.cut.get(s, s) for s in self.strings]
        for choice in app.scene.controls.choices.values():
            words.append(translate(choice.button.text, **choice.button.text_kwargs))
            words += [w for w in (choice.reason, choice.hint) if w]
        return words


_WORD = re.compile(r"[A-Za-zÀ-ÿ]{2}")
_SIDE_BY_SIDE = re.compile(r"\s+·\s+")  # " · ", or wider
_TERM = re.compile(r"[-−]?\d+ \((.+)\)")  # a value's part: "−3 (distance)"
_TERMS = re.compile(r" [+−] (?=\d+ \()")  # "10 (simple) − 3 (distance) + 2 (angle)"


def _is_data(words: str, data: set[str]) -> bool:
    """A number, a coordinate, a file, a field's name: the game's own notation or the user's data."""
    return words in data or not _WORD.search(words)


def assert_french(words: list[str], data: set[str]) -> None:
    """Each line is French: a catalogue entry filled (an entry with no words of its own, ``%{a},
    %{b}``, only with values that are French or data themselves, so it does not pass English), or
    entries and data side by side joined by `` · ``, or a line wrapped from an entry."""
    french = _patterns("fr")
    english_only = {v for k, v in i18n.catalogue("en").items() if v != i18n.catalogue("fr")[k]}
    pieces = [tr(k, "fr", **{n: "" for n in i18n.placeholders(v)}) for k, v in i18n.catalogue("fr").items()]
    known: dict[str, bool] = {}

    def filled(text: str, depth: int) -> bool:
        """A French entry, filled with French words or data."""
        if text not in known:
            known[text] = _is_data(text, data) or text not in english_only and depth < 4 and (any(
                (m := p.fullmatch(text)) and (words or all(filled(g, depth + 1) for g in m.groups()))
                for p, words in french) or parts(text, depth))
        return known[text]

    def parts(text: str, depth: int) -> bool:
        """A value's parts in the game's notation, each label French."""
        terms = [_TERM.fullmatch(term) for term in _TERMS.split(text)]
        return all(terms) and all(filled(m.group(1), depth + 1) for m in terms)

    for line in words:
        assert line not in english_only, f"English drawn: {line!r}"
        for w in [] if filled(line, 0) else _SIDE_BY_SIDE.split(line):  # entries and data, side by side
            assert w not in english_only, f"English drawn: {w!r} in {line!r}"
            # a catalogue entry filled, or a line wrapped from one
            assert filled(w, 0) or any(w in piece for piece in pieces), (
                f"not from the French catalogue: {w!r} in {line!r}")
