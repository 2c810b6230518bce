"""The band builder's model (issue 31, item 2), without pygame: the band being built, the figure
chosen, the match options it is checked against, its file, and every change asked of it.

Every rule is the engine's: a change is tried on a copy of the band and refused when it brings a
problem the band did not have (``bands.band_problems``, with ``bands.points_problem`` at every
purchase: the engine says the points only once nothing else is wrong). A refusal keeps the engine's
own ``Said``s (``unpourun_rules.band.*``); the window words them and says how to fix each
(``upu_builder.fix.<key>``). Taking something away is never refused: a band missing its chef is a
draft, listed with its problems, and may be saved as one. What a purchase costs is the engine's
figure cost with it less without it, so the free first dague (and in the modern setting the free
first pistolet) shows as free.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass, field, replace
from pathlib import Path

from paintcheck.said import Said
from paintcheck.unpourun import band_file
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import (
    BandSpec,
    FigureSpec,
    Options,
    Stats,
    band_cost,
    band_problems,
    figure_cost,
    points_problem,
    stats,
)

log = logging.getLogger(__name__)

RACES = ("", *t.RACE_PROFILES, t.ALIEN)  # "" : no race
POINTS_STEP = 50  # the points limit's − / + (a limit agreed before the match, 2.3)
POINTS_RANGE = (100, 1000)


def problems_of(band: BandSpec, options: Options) -> list[Said]:
    """Every reason the engine refuses ``band``, the points included even when something else is
    wrong (a draft is told its cost against the limit at once)."""
    out = band_problems(band, options)
    over = points_problem(band, options)
    if over is not None and over not in out:
        out.append(over)
    return out


def inner(problem: Said) -> Said:
    """A figure's problem without its "figure n:" (``unpourun_rules.band.figure``): what to fix."""
    value = problem.values.get("problem") if problem.key == "unpourun_rules.band.figure" else None
    return value if isinstance(value, Said) else problem


@dataclass
class BandDraft:
    band: BandSpec
    options: Options = field(default_factory=Options)
    selected: int | None = None  # the figure shown and equipped
    path: Path | None = None  # the user's file it is saved to (None: new, or a shipped band's copy)
    copied_from: Path | None = None  # the shipped band it was opened from
    dirty: bool = False
    refusal: list[Said] = field(default_factory=list)  # the last change refused: the engine's reasons

    # -- reading --------------------------------------------------------------------------------------
    @property
    def cost(self) -> int:
        return band_cost(self.band, self.options)

    def problems(self) -> list[Said]:
        return problems_of(self.band, self.options)

    @property
    def figure(self) -> FigureSpec | None:
        if self.selected is None or not 0 <= self.selected < len(self.band.figures):
            return None
        return self.band.figures[self.selected]

    def figure_cost(self, index: int) -> int:
        return figure_cost(self.band.figures[index], self.options.modern)

    def stats(self, index: int) -> Stats:
        return stats(self.band.figures[index], self.band.race)

    def price(self, changed: FigureSpec | None) -> int:
        """What the chosen figure's change to ``changed`` costs (negative: it saves points; no
        figure chosen, no change: nothing)."""
        spec = self.figure
        if spec is None or changed is None:
            return 0
        modern = self.options.modern
        return figure_cost(changed, modern) - figure_cost(spec, modern)

    def melee_price(self, name: str) -> int:
        """What the melee weapon ``name`` costs the chosen figure (the first dague: nothing)."""
        spec = self.figure
        if spec is None:
            return 0
        modern = self.options.modern
        free = figure_cost(replace(spec, melee=t.FREE_MELEE), modern)
        return figure_cost(replace(spec, melee=name), modern) - free

    # -- the changes a figure may be asked ------------------------------------------------------------
    def with_melee(self, name: str) -> FigureSpec | None:
        spec = self.figure
        return None if spec is None else replace(spec, melee=name)

    def with_ranged(self, name: str) -> FigureSpec | None:
        spec = self.figure
        return None if spec is None else replace(spec, ranged=(*spec.ranged, name))

    def with_item(self, name: str) -> FigureSpec | None:
        spec = self.figure
        return None if spec is None else replace(spec, equipment=(*spec.equipment, name))

    # -- changing -------------------------------------------------------------------------------------
    def refused(self, candidate: BandSpec, options: Options | None = None) -> list[Said]:
        """The problems ``candidate`` (under ``options``) would bring that the band has not: empty
        when the change may be made."""
        before = set(self.problems())
        return [p for p in problems_of(candidate, options or self.options) if p not in before]

    def _try(self, candidate: BandSpec, options: Options | None = None) -> bool:
        why = self.refused(candidate, options)
        if why:
            log.debug("band builder refused a change: %s", "; ".join(why))
            self.refusal = why
            return False
        self._take(candidate, options)
        return True

    def _take(self, candidate: BandSpec, options: Options | None = None) -> None:
        self.band = candidate
        self.options = options or self.options
        self.refusal = []
        self.dirty = True

    def _figure_change(self, changed: FigureSpec | None) -> bool:
        if changed is None or self.selected is None:
            return False
        figures = list(self.band.figures)
        figures[self.selected] = changed
        return self._try(replace(self.band, figures=tuple(figures)))

    def add_figure(self, kind: str) -> bool:
        """Buy a figure of ``kind`` (chosen once bought)."""
        if self._try(replace(self.band, figures=(*self.band.figures, FigureSpec(kind)))):
            self.selected = len(self.band.figures) - 1
            return True
        return False

    def remove_figure(self) -> None:
        if self.selected is None:
            return
        figures = self.band.figures[:self.selected] + self.band.figures[self.selected + 1:]
        self._take(replace(self.band, figures=figures))
        self.selected = min(self.selected, len(figures) - 1) if figures else None

    def set_melee(self, name: str) -> bool:
        return self._figure_change(self.with_melee(name))

    def add_ranged(self, name: str) -> bool:
        return self._figure_change(self.with_ranged(name))

    def remove_ranged(self, name: str) -> None:
        spec = self.figure
        if spec is not None and name in spec.ranged:
            self._figure_change_taken(replace(spec, ranged=_less_one(spec.ranged, name)))

    def add_item(self, name: str) -> bool:
        return self._figure_change(self.with_item(name))

    def remove_item(self, name: str) -> None:
        spec = self.figure
        if spec is not None and name in spec.equipment:
            self._figure_change_taken(replace(spec, equipment=_less_one(spec.equipment, name, last=True)))

    def set_trade(self, trade: str) -> bool:
        spec = self.figure
        if spec is None:
            return False
        if not trade:
            self._figure_change_taken(replace(spec, trade=""))
            return True
        return self._figure_change(replace(spec, trade=trade))

    def _figure_change_taken(self, changed: FigureSpec) -> None:
        """A change that only takes away: never refused."""
        assert self.selected is not None
        figures = list(self.band.figures)
        figures[self.selected] = changed
        self._take(replace(self.band, figures=tuple(figures)))

    def set_race(self, race: str) -> bool:
        """The band's race (2.5, 2.6); dropping every race is never refused."""
        candidate = replace(self.band, race=race)
        if not race:
            self._take(candidate)
            return True
        return self._try(candidate)

    def set_name(self, name: str) -> None:
        if name != self.band.name:
            self.band = replace(self.band, name=name)
            self.dirty = True

    # -- the options it is checked against (not saved in the band's file) -----------------------------
    def set_races(self, on: bool) -> bool:
        """Races allowed in the match or not: turning them off while the band has one is refused."""
        return self._options(replace(self.options, races=on))

    def set_modern(self, on: bool) -> bool:
        return self._options(replace(self.options, modern=on))

    def change_points(self, step: int) -> bool:
        points = max(POINTS_RANGE[0], min(POINTS_RANGE[1], self.options.points + step))
        return self._options(replace(self.options, points=points))

    def _options(self, options: Options) -> bool:
        why = self.refused(self.band, options)
        if why:
            self.refusal = why
            return False
        self.options = options
        self.refusal = []
        return True

    # -- files ----------------------------------------------------------------------------------------
    @classmethod
    def opened(cls, path: Path, options: Options | None = None) -> BandDraft:
        """The band of ``path`` (``band_file.BandFileError`` when it does not load); a shipped band is
        a copy: saving it writes a new file in the user's folder. Races are allowed when it has one."""
        band = band_file.load_band(path)
        options = options or Options()
        if band.race and not options.races:
            options = replace(options, races=True)
        shipped = path.parent.resolve() == band_file.bands_dir().resolve()
        return cls(band, options, 0 if band.figures else None, None if shipped else path,
                   path if shipped else None)

    def save(self) -> Path:
        """Write the band to its file, or (new, or a shipped band's copy) to a new file of the user's
        folder (``save_as``). ``band_file.BandFileError`` / ``OSError`` when it cannot."""
        if self.path is None:
            return self.save_as()
        band_file.save_band(self.band, self.path)
        self.dirty = False
        return self.path

    def save_as(self) -> Path:
        """Write the band to a new file of the user's folder, named after the band; it is the band's
        file from then on."""
        path = free_path(band_file.user_bands_dir(), self.band.name)
        band_file.save_band(self.band, path)
        self.path, self.copied_from, self.dirty = path, None, False
        return path


def free_path(folder: Path, name: str) -> Path:
    """A file of ``folder`` named after ``name`` that nothing takes yet."""
    plain = unicodedata.normalize("NFKD", name.casefold()).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:40] or "band"
    path, n = folder / f"{slug}.json", 2
    while path.exists() or path.is_symlink():
        path, n = folder / f"{slug}-{n}.json", n + 1
    return path


def _less_one(names: tuple[str, ...], name: str, last: bool = False) -> tuple[str, ...]:
    """``names`` with one ``name`` fewer: its first (its last when ``last``)."""
    i = len(names) - 1 - names[::-1].index(name) if last else names.index(name)
    return names[:i] + names[i + 1:]
