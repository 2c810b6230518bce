"""Every number of Un pour un's rules, each tagged with where it comes from (../shared/RULES-unpourun.md).

Tags: [S §heading] the French text says so; [H] a house decision (RULES-unpourun §13 lists them all);
[E] the text contradicts itself and the reference decides. A corrected printed table is a change to
this file only. Distances are in *pas* (one table unit); nothing here is rounded.
"""

from __future__ import annotations

from dataclasses import dataclass

from paintcheck.unpourun import terrain

# -- 0. conventions -----------------------------------------------------------------------------------
D6 = 6  # [S] every die of the text is a d6
D3_OF_D6 = {1: 1, 2: 1, 3: 2, 4: 2, 5: 3, 6: 3}  # [H d3] 0.1: a d6 read 1-2 / 3-4 / 5-6
CD_TEST_DICE = 2  # [S §Fin du tour] 0.2: a Cd test is 2d6 <= Cd

# -- 1. table, figures, measuring: the numbers of §1 are the ground's (``terrain``), read here ---------
PLAYERS = ("A", "B")  # [H] 1.2: two players; A's edge is y = 0, B's is y = 48
# [H] 1.3 bases 1 across; 1.5 contact d <= 0.1; 1.7 "above"; 1.8 eye height; 3.4 difficult x2; 3.11 rope
BASE_DIAMETER, BASE_RADIUS, CONTACT = terrain.BASE_DIAMETER, terrain.BASE_RADIUS, terrain.CONTACT

# -- 2. bands -----------------------------------------------------------------------------------------
CHEF, SOUS_CHEF, SOUS_FIFRE = "chef", "sous_chef", "sous_fifre"
KINDS = (CHEF, SOUS_CHEF, SOUS_FIFRE)
CHEFS_PER_BAND = 1  # [S §Composition d'une équipe] 2.1: exactly one chef
SOUS_CHEFS_PER_BAND = (0, 2)  # [S] 2.1
MIN_SOUS_FIFRES = 1  # [S] 2.1 « 1 à X »
POINTS_LIMIT = 300  # [H] 2.3


@dataclass(frozen=True)
class Profile:
    rank: int
    mvt: int
    cd: int
    ct: int  # a target number: "3" is 3+
    ccc: int
    f: int
    r: int
    pv: int
    cost: int
    pa: int


PROFILES = {  # [S §Tableau des personnages; H rank 2.2, PA 2.4]
    CHEF: Profile(rank=3, mvt=9, cd=11, ct=3, ccc=4, f=5, r=4, pv=4, cost=50, pa=3),
    SOUS_CHEF: Profile(rank=2, mvt=8, cd=8, ct=4, ccc=5, f=4, r=3, pv=3, cost=25, pa=3),
    SOUS_FIFRE: Profile(rank=1, mvt=6, cd=6, ct=5, ccc=6, f=3, r=2, pv=2, cost=10, pa=2),
}

# 2.5 races (option, off by default [H]): Mvt / Cd / CT / CCC / R by figure type  [S §Listes facultatives]
RACE_PROFILES: dict[str, dict[str, tuple[int, int, int, int, int]]] = {
    "human": {CHEF: (9, 11, 2, 4, 4), SOUS_CHEF: (8, 8, 3, 5, 3), SOUS_FIFRE: (6, 7, 4, 6, 2)},
    "ork": {CHEF: (9, 10, 3, 3, 5), SOUS_CHEF: (8, 7, 4, 4, 4), SOUS_FIFRE: (6, 6, 5, 5, 3)},
    "goblin": {CHEF: (9, 10, 3, 4, 4), SOUS_CHEF: (8, 7, 3, 5, 3), SOUS_FIFRE: (6, 5, 3, 6, 2)},
    "elf": {CHEF: (9, 11, 3, 4, 3), SOUS_CHEF: (8, 10, 3, 5, 2), SOUS_FIFRE: (6, 8, 3, 6, 1)},  # [H] R-1
    "dwarf": {CHEF: (7, 11, 3, 4, 4), SOUS_CHEF: (6, 8, 4, 5, 4), SOUS_FIFRE: (4, 6, 4, 6, 4)},
}
ALIEN = "alien"  # [S §Race Alien non-définie] 2.6: the generic profile and one trade per figure
# trade -> (Mvt, Cd, CT, CCC, F, R) changes; CT/CCC are target numbers (-1 improves)  [H] 2.6
ALIEN_TRADES = {
    "speed": (2, 0, 0, 0, 0, -1),
    "will": (0, 1, 1, 0, 0, 0),
    "brawn": (-2, 0, 0, -1, 1, -1),
}
ALIEN_MIN_MVT = 1  # [H] 2.6
ALIEN_MIN_R = 1  # [H] 2.6

# -- 2.7 ranged weapons -------------------------------------------------------------------------------
MODERN, BLACK_POWDER, NO_CLASS = "modern", "black_powder", "none"


@dataclass(frozen=True)
class Ranged:
    pc: float  # short range upper limit
    pm: float  # medium
    pl: float  # long
    f: int
    targets: int  # Cibles n (1 for a blast weapon)
    blast: float  # blast radius, 0: no blast
    slow: bool  # reload « lent »
    heavy: bool
    klass: str  # modern / black_powder / none (4.6)
    artillery: bool
    cost: int

    @property
    def pa(self) -> int:
        """Firing costs 1 PA, 2 with a slow-reload or heavy weapon  [S §Tirer]."""
        return SHOT_PA_SLOW if (self.slow or self.heavy) else SHOT_PA


SHOT_PA, SHOT_PA_SLOW = 1, 2  # [S §Tirer]
RANGED = {  # [S §Tableau des armes de tir; H lance-grenade lent, classes; E bow rapide]
    "pistolet": Ranged(6, 12, 18, 3, 1, 0, False, False, MODERN, False, 10),
    "pistolet_poudre": Ranged(4, 8, 12, 4, 1, 0, True, False, BLACK_POWDER, False, 10),
    "fusil": Ranged(10, 20, 30, 4, 1, 0, False, False, MODERN, False, 20),
    "fusil_poudre": Ranged(8, 16, 24, 5, 1, 0, True, False, BLACK_POWDER, False, 20),
    "arc": Ranged(10, 20, 30, 3, 1, 0, False, False, NO_CLASS, False, 10),  # [E] rapide, 1 PA
    "arbalete": Ranged(15, 30, 45, 5, 1, 0, True, False, NO_CLASS, False, 30),
    "pistolet_mitrailleur": Ranged(6, 12, 18, 3, 3, 0, False, False, MODERN, False, 30),
    "mitraillette": Ranged(10, 20, 30, 4, 3, 0, False, False, MODERN, False, 35),
    "fusil_assaut": Ranged(10, 20, 30, 4, 5, 0, False, False, MODERN, False, 40),
    "mitrailleuse": Ranged(15, 20, 25, 5, 5, 0, False, True, MODERN, False, 45),
    "grenade": Ranged(3, 5, 8, 10, 1, 5, False, False, NO_CLASS, False, 20),
    "lance_grenade": Ranged(10, 20, 30, 8, 1, 3, True, False, MODERN, False, 30),  # [H] « rapide/lent »
    "bazooka": Ranged(15, 30, 45, 10, 1, 5, True, True, MODERN, False, 50),
    "canon": Ranged(30, 40, 50, 10, 1, 3, True, False, BLACK_POWDER, True, 80),
    "obusier": Ranged(50, 60, 70, 10, 1, 5, True, False, MODERN, True, 100),
}
FREE_PISTOL = "pistolet"  # [S « le premier pistolet … est gratuit »; H per figure] 2.10, modern setting

# -- 2.8 melee weapons: hands, F, cost  [S §Tableau des armes de corps à corps] ----------------------------
MELEE = {
    "dague": (1, 1, 2),
    "matraque": (1, 1, 3),
    "epee": (1, 2, 5),
    "hache": (1, 2, 5),
    "masse": (1, 2, 8),
    "morgenstern": (1, 3, 10),
    "epee_deux_mains": (2, 3, 10),
    "hache_deux_mains": (2, 4, 10),
    "double_morgenstern": (1, 4, 20),  # [S] one-handed, as printed
    "masse_deux_mains": (2, 5, 16),
    "epee_laser": (1, 7, 50),
    "pique": (2, 2, 5),
    "lance": (2, 3, 5),
    "hallebarde": (2, 4, 10),
    "petite_tronconneuse": (1, 3, 10),
    "grande_tronconneuse": (2, 4, 15),
    "epee_energetique": (1, 4, 15),
    "epee_energetique_deux_mains": (2, 5, 20),
    "hache_tronconneuse": (1, 4, 15),
    "hache_tronconneuse_deux_mains": (2, 5, 20),
    "hache_energetique": (1, 5, 20),
    "hache_energetique_deux_mains": (2, 6, 25),
}
FREE_MELEE = "dague"  # [S « Dague (1ère gratuite) »; H per figure] 2.10
ARMS = 2  # [H] 2.9: a shield takes one, rondaches go on the free ones, a two-handed weapon takes both

# -- 2.9 equipment: max per figure, cost  [S §Tableau des équipements; H maxima] ---------------------------
EQUIPMENT = {
    "bras_cyber": (2, 20),  # R +1 and F +1
    "jambe_cyber": (2, 30),  # R +1 each; a pair: difficult as open, Mvt +2
    "armure_legere": (1, 30),  # R +1
    "armure_lourde": (1, 50),  # R +2
    "bouclier": (1, 30),  # R +1; one-handed melee only
    "rondache": (2, 10),  # 3.8; 1 with a shield; not with a two-handed weapon
    "visee": (1, 10),  # CT improved by 1
    "corde": (1, 20),  # 3.11
    "medikit": (99, 10),  # 3.10: any number
}
ARMOURS = {"armure_legere": 1, "armure_lourde": 2}  # R bonus; at most one armour  [H]
ARMOURS_MAX = 1
SHIELD_R = 1
CYBER_ARM_R, CYBER_ARM_F = 1, 1
CYBER_LEG_R = 1
CYBER_LEGS_PAIR = 2  # a pair: difficult terrain costs as open, Mvt +2
CYBER_LEGS_MVT = 2
SIGHT_CT = -1  # [S « une CT de 3+ passe à 2+ »]

# -- 3. the turn ----------------------------------------------------------------------------------------
WALK_PA, RUN_PA, CHARGE_PA, CHARGE_FAIL_EXTRA_PA, STRIKE_PA, MEDIKIT_PA = 1, 2, 1, 1, 1, 1  # [S; H medikit]
RUN_FACTOR = 1.5  # [S §Courir] 3.4: a Run allows 1.5 x Mvt
CHARGE_FACTOR = 1.5  # [S §Charger] 3.6
FAILED_CHARGE_NO_PA_FACTOR = 0.5  # [S] 3.6 (d)
FLEE_FACTOR = 0.5  # [S §Fuir] 3.9: ½ x Mvt, difficult as open
FLEE_MIN_PA = 1  # [H] 3.9
FLEE_ALLY_RANGE = 1.0  # [S « à moins d'un pas »; H d <= 1] 3.9
MEDIKIT_PV = 1  # [S] 3.10
FALL_ON = 1  # [S « sur un 1 il tombe et perd un PV de plus »] 3.11: a hanging figure hurt falls on a 1
ROLL_MIN, ROLL_MAX = 2, 6  # [S; H CCC] 3.7, 4.4: the final number bounded to 2; 7+ impossible (shots)

# -- 4. shooting ----------------------------------------------------------------------------------------
RANGE_SHORT, RANGE_MEDIUM, RANGE_LONG = -1, 0, 1  # [S §Tableau des armes de tir] 4.4
ABOVE_TARGET, TARGET_ABOVE = -1, 1  # [S « au dessus de sa cible »] 4.4
GROUP_LINK = 1.0  # [S « à moins d'un pas »; H d <= 1] 4.3
EXTRA_TARGET_R = 1  # [H] 4.3: +1 R for every target after the first
ACCIDENT_ON = 1  # [S] 4.6: a to-hit die showing 1 calls for a check
EXPLODES_ON = 1  # [S] 4.6: black powder explodes on a 1
JAMS_ON = 6  # [S] 4.6: modern jams on a 6
CANON_EXPLOSION_RADIUS = 3.0  # [S « 3 pas dans le cas des pièces d'artillerie »] 4.6

# -- 5. damage ------------------------------------------------------------------------------------------
DAMAGE_TABLE = (  # [S §Tableau des dommages] 5.1: rows R 1..10, columns F 1..10, the score needed on 1d6
    (4, 4, 3, 3, 2, 2, 2, 2, 2, 2),
    (4, 4, 4, 3, 3, 2, 2, 2, 2, 2),
    (5, 4, 4, 4, 3, 3, 2, 2, 2, 2),
    (5, 5, 4, 4, 4, 3, 3, 2, 2, 2),
    (6, 5, 5, 4, 4, 4, 3, 3, 2, 2),
    (6, 6, 5, 5, 4, 4, 4, 3, 3, 2),
    (6, 6, 6, 5, 5, 4, 4, 4, 3, 3),
    (6, 6, 6, 6, 5, 5, 4, 4, 4, 3),
    (6, 6, 6, 6, 6, 5, 5, 4, 4, 4),
    (6, 6, 6, 6, 6, 6, 5, 5, 4, 4),
)
DAMAGE_BASE = 4  # [H] 5.2: clamp(4 - trunc((F - R) / 2), 2, 6) extends the table
DAMAGE_AUTO, DAMAGE_NEVER = 6, 1  # [S] 5.3


def damage_needed(f: int, r: int) -> int:
    """The score on 1d6 for one damage: the printed cell (5.1), or the formula off the table (5.2)."""
    if 1 <= f <= 10 and 1 <= r <= 10:
        return DAMAGE_TABLE[r - 1][f - 1]
    return damage_formula(f, r)


def damage_formula(f: int, r: int) -> int:
    """[H] 5.2: clamp(4 − trunc((F − R) / 2), 2, 6), trunc toward zero."""
    return max(ROLL_MIN, min(ROLL_MAX, DAMAGE_BASE - int((f - r) / 2)))


# -- 6. passive actions -------------------------------------------------------------------------------
CHARGE_TEST, BEING_CHARGED, SEEING, BEING_SHOT = "charge_test", "being_charged", "seeing", "being_shot"
PASSIVE_TESTS = (CHARGE_TEST, BEING_CHARGED, SEEING, BEING_SHOT)  # [S; H all in use by default] 6.1
ALLY_RANGE = 3.0  # [S « à moins de 3 pas »; H d <= 3] 6.2
ALLY_CD_BONUS = 1  # [S] 6.2
STEP_BACK_ON = 5  # [S] 6.4: on 5-6 it steps back 1d3
CHARGED_R_MALUS = -1  # [S; H until the end of the turn] 6.4

# -- 8. rout --------------------------------------------------------------------------------------------
RALLY_RANGE = 4.0  # [S; H d <= 4] 8.3: a higher Cd within 4 pas
ROUT_RUN_PA = 2  # [H] 8.4: 1.5 x Mvt with 2 or more PA, Mvt with 1

# -- 9. end and victory -------------------------------------------------------------------------------
MAX_TURNS = 8  # [H] 9.1
VP_DOWN = {CHEF: 10, SOUS_CHEF: 8, SOUS_FIFRE: 5}  # [S §Fin du tour] 9.3: hors de combat or left
VP_KILLED = {CHEF: 15, SOUS_CHEF: 10, SOUS_FIFRE: 8}  # [S; E sous-chef 10] 9.3
