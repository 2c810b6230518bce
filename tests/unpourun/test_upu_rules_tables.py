"""RULES-unpourun §2 and §5 through the tables and the band checks: profiles, races, weapons, costs,
loadouts, and the damage table as printed, cell by cell, with its extension (5.2)."""

from __future__ import annotations

import pytest

from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import (
    BandSpec,
    FigureSpec,
    Options,
    band_cost,
    band_problems,
    random_band,
    stats,
)

PRINTED = """\
4+ 4+ 3+ 3+ 2+ 2+ 2+ 2+ 2+ 2+
4+ 4+ 4+ 3+ 3+ 2+ 2+ 2+ 2+ 2+
5+ 4+ 4+ 4+ 3+ 3+ 2+ 2+ 2+ 2+
5+ 5+ 4+ 4+ 4+ 3+ 3+ 2+ 2+ 2+
6+ 5+ 5+ 4+ 4+ 4+ 3+ 3+ 2+ 2+
6+ 6+ 5+ 5+ 4+ 4+ 4+ 3+ 3+ 2+
6+ 6+ 6+ 5+ 5+ 4+ 4+ 4+ 3+ 3+
6+ 6+ 6+ 6+ 5+ 5+ 4+ 4+ 4+ 3+
6+ 6+ 6+ 6+ 6+ 5+ 5+ 4+ 4+ 4+
6+ 6+ 6+ 6+ 6+ 6+ 5+ 5+ 4+ 4+"""


@pytest.mark.parametrize("r", range(1, 11))
@pytest.mark.parametrize("f", range(1, 11))
def test_r5_1_damage_table_cell_by_cell(r, f):
    printed = int(PRINTED.splitlines()[r - 1].split()[f - 1].rstrip("+"))
    assert t.damage_needed(f, r) == printed
    assert t.damage_formula(f, r) == printed  # 5.2: the formula gives every printed cell


def test_r5_2_the_formula_extends_the_table():
    assert t.damage_needed(11, 4) == 2  # 4.8: hache énergétique à deux mains on a chef
    assert t.damage_needed(3, 0) == 3  # R 0: D = 3
    assert t.damage_needed(1, 12) == 6
    assert t.damage_needed(12, 11) == 4  # D = 1
    assert t.damage_needed(5, 12) == 6  # D = -7: 4 - trunc(-3.5) = 7, bounded to 6
    assert t.damage_needed(13, 12) == 4 and t.damage_needed(15, 11) == 2  # D = 1; D = 4
    assert [t.damage_needed(4 + d, 4) for d in (-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5)] == [
        6,
        6,
        5,
        5,
        4,
        4,
        4,
        3,
        3,
        2,
        2,
    ]


def test_r2_4_profiles():
    chef, sc, sf = (stats(FigureSpec(k), "") for k in t.KINDS)
    assert (chef.rank, chef.mvt, chef.cd, chef.ct, chef.ccc, chef.f - 1, chef.r, chef.pv, chef.pa) == (
        3,
        9,
        11,
        3,
        4,
        5,
        4,
        4,
        3,
    )  # the dagger's F 1 is added to melee F (2.11)
    assert (sc.rank, sc.mvt, sc.cd, sc.ct, sc.ccc, sc.f - 1, sc.r, sc.pv, sc.pa) == (
        2,
        8,
        8,
        4,
        5,
        4,
        3,
        3,
        3,
    )
    assert (sf.rank, sf.mvt, sf.cd, sf.ct, sf.ccc, sf.f - 1, sf.r, sf.pv, sf.pa) == (
        1,
        6,
        6,
        5,
        6,
        3,
        2,
        2,
        2,
    )


def test_r2_5_races_change_the_profiles_not_f_pv_or_costs():
    elf = stats(FigureSpec(t.SOUS_FIFRE), "elf")
    assert (elf.mvt, elf.cd, elf.ct, elf.ccc, elf.r) == (6, 8, 3, 6, 1)  # R - 1 for all elves [H]
    dwarf = stats(FigureSpec(t.CHEF), "dwarf")
    assert (dwarf.mvt, dwarf.r, dwarf.f, dwarf.pv) == (7, 4, 6, 4)
    opts = Options(races=True)
    band = BandSpec("e", (FigureSpec(t.CHEF), FigureSpec(t.SOUS_FIFRE)), "elf")
    assert band_cost(band, opts) == 60 and band_problems(band, opts) == []
    assert band_problems(band, Options()), "races are off by default"


def test_r2_6_aliens_take_one_trade():
    brawn = stats(FigureSpec(t.SOUS_FIFRE, trade="brawn"), t.ALIEN)
    assert (brawn.mvt, brawn.ccc, brawn.f - 1, brawn.r) == (4, 5, 4, 1)
    speed = stats(FigureSpec(t.SOUS_FIFRE, trade="speed"), t.ALIEN)
    assert (speed.mvt, speed.r) == (8, 1)
    assert band_problems(
        BandSpec("x", (FigureSpec(t.CHEF, trade="will"), FigureSpec(t.SOUS_FIFRE))), Options(races=True)
    )  # no trade without the alien race


def test_r2_7_ranged_weapons_pa_and_classes():
    assert t.RANGED["arc"].pa == 1  # [E] the bow is rapide
    assert t.RANGED["lance_grenade"].pa == 2  # [H] played as lent
    assert t.RANGED["mitrailleuse"].pa == 2 and t.RANGED["bazooka"].pa == 2  # heavy
    assert t.RANGED["fusil"].pa == 1 and t.RANGED["arbalete"].pa == 2
    assert t.RANGED["canon"].klass == t.BLACK_POWDER and t.RANGED["obusier"].artillery
    assert (t.RANGED["grenade"].blast, t.RANGED["grenade"].f) == (5, 10)


def test_r2_1_composition_and_r2_3_points_limit():
    ok = BandSpec("b", (FigureSpec(t.CHEF), FigureSpec(t.SOUS_FIFRE)))
    assert band_problems(ok, Options()) == []
    assert band_problems(BandSpec("b", (FigureSpec(t.SOUS_FIFRE),)), Options())  # no chef
    assert band_problems(BandSpec("b", (FigureSpec(t.CHEF),)), Options())  # no sous-fifre
    three = BandSpec("b", (FigureSpec(t.CHEF), *[FigureSpec(t.SOUS_CHEF)] * 3, FigureSpec(t.SOUS_FIFRE)))
    assert band_problems(three, Options())
    rich = BandSpec(
        "b",
        (
            FigureSpec(t.CHEF, ranged=("obusier", "canon", "bazooka", "fusil_assaut", "grenade")),
            FigureSpec(t.SOUS_FIFRE),
        ),
    )
    assert band_cost(rich, Options()) == 50 + 100 + 80 + 50 + 40 + 20 + 10
    assert [p.key for p in band_problems(rich, Options())] == ["unpourun_rules.band.points"]


def test_r2_8_melee_weapon_adds_its_f():
    assert stats(FigureSpec(t.CHEF, "hache_energetique_deux_mains"), "").f == 11  # 4.8
    assert stats(FigureSpec(t.SOUS_FIFRE, "epee_laser"), "").f == 10


def test_r2_9_loadout_limits():
    def problems(*equipment, melee="dague"):
        return [
            p.values["problem"].key
            for p in band_problems(
                BandSpec("b", (FigureSpec(t.CHEF, melee, (), tuple(equipment)), FigureSpec(t.SOUS_FIFRE))),
                Options(),
            )
        ]

    assert problems("bouclier", "rondache") == []
    assert problems("bouclier", "rondache", "rondache") == ["unpourun_rules.band.arms"]
    assert problems("rondache", melee="hallebarde") == ["unpourun_rules.band.two_handed"]
    assert problems("armure_legere", "armure_lourde") == ["unpourun_rules.band.armours"]
    assert problems("bras_cyber", "bras_cyber", "bras_cyber") == ["unpourun_rules.band.too_many"]
    assert problems("medikit", "medikit", "medikit") == []


def test_r2_10_free_dagger_and_pistol():
    b = BandSpec(
        "b", (FigureSpec(t.CHEF, ranged=("pistolet",)), FigureSpec(t.SOUS_FIFRE, ranged=("pistolet",)))
    )
    assert band_cost(b, Options()) == 50 + 10 + 10 + 10
    assert band_cost(b, Options(modern=True)) == 50 + 10  # each figure's first modern pistol is free


def test_r2_11_effective_values():
    spec = FigureSpec(
        t.SOUS_FIFRE,
        "epee",
        ("fusil",),
        ("armure_lourde", "bouclier", "bras_cyber", "jambe_cyber", "jambe_cyber", "visee"),
    )
    st = stats(spec, "")
    assert st.r == 2 + 2 + 1 + 1 + 2  # armour, shield, arm, two legs
    assert st.f == 3 + 1 + 2  # F, cyber arm, sword
    assert st.mvt == 8 and st.ct == 4 and st.difficult_as_open


def test_random_bands_are_legal_and_seeded():
    for seed in range(40):
        b = random_band(seed, "x")
        assert band_problems(b, Options()) == [] and band_cost(b, Options()) <= t.POINTS_LIMIT
    assert random_band(5, "x") == random_band(5, "x")
