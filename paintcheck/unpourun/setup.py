"""A match's setup is a band list (RULES-unpourun §2): two bands, checked, become the figures of a new
match, none yet on the table; the first decision is the roll-off for the zones (1.9)."""

from __future__ import annotations

from paintcheck.said import Said
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import BandSpec, Options, band_problems, stats
from paintcheck.unpourun.state import Figure, MatchState


class BandError(ValueError):
    """A band the rules refuse; ``args[0]`` is the first reason (a ``Said``)."""


def new_match(bands: tuple[BandSpec, BandSpec], options: Options | None = None,
              table: str = "") -> MatchState:
    options = options or Options()
    figures: list[Figure] = []
    for player, band in zip(t.PLAYERS, bands, strict=True):
        problems = band_problems(band, options)
        if problems:
            raise BandError(Said("unpourun_rules.band.refused", band=band.name, problem=problems[0]))
        for i, spec in enumerate(band.figures, start=1):
            st = stats(spec, band.race)
            figures.append(Figure(id=f"{player}{i}", player=player, kind=spec.kind, stats=st,
                                  ranged=spec.ranged, medikits=spec.equipment.count("medikit"),
                                  rondaches=spec.equipment.count("rondache"), pv=st.pv,
                                  rope="corde" in spec.equipment))
    return MatchState(figures=tuple(figures), options=options, table=table,
                      bands=(bands[0].name, bands[1].name))
