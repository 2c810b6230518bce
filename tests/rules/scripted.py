"""A Measurer that returns the readings a test scripts, like the book's figures do.

Anything not scripted reads as: nobody sees anybody, no obstacle on a line of fire, angles 0,
Euclidean distances, straight 8-neighbour paths, no safe moves, no priority lock."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from paintcheck.field.lattice import DEFAULT_LATTICE, chebyshev
from paintcheck.rules.measure import CROSS, GRAZE, ObstacleInfo, Touch

HEIGHT = {"cylinder": "high", "cone": "medium", "rocket_big": "high", "rocket_small": "low",
          "pyramid": "high", "cylinder_lying": "low", "cone_lying": "low", "submarine": "low"}
OVERABLE = {"rocket_small", "cylinder_lying", "cone_lying", "submarine"}
NARROW = {"cylinder", "cone", "rocket_small"}


def touch(obstacle: str, kind: str, effect: str = CROSS) -> Touch:
    return Touch(obstacle, kind, HEIGHT[kind], effect)


def graze(obstacle: str, kind: str) -> Touch:
    return touch(obstacle, kind, GRAZE)


@dataclass(eq=False)  # compared and hashed by identity, like any measurer
class ScriptedMeasurer:
    obstacles: dict = field(default_factory=dict)  # id -> (kind, point)
    sees_pairs: set = field(default_factory=set)  # (viewer point, target point)
    sees_all_from: set = field(default_factory=set)  # viewer points that see everything
    distances: dict = field(default_factory=dict)  # frozenset({a, b}) -> d
    angles: dict = field(default_factory=dict)  # (target, shooter) -> theta
    run_angles: dict = field(default_factory=dict)  # shooter -> phi
    lines: dict = field(default_factory=dict)  # (shooter, target) -> touches
    sweeps: dict = field(default_factory=dict)  # shooter -> touches
    between: dict = field(default_factory=dict)  # (centre, a, b) -> angle
    sides: dict = field(default_factory=dict)  # (target, shooter) -> pressed side
    segment_sides: dict = field(default_factory=dict)  # (target, shooter) -> side of the 0° line (RULES 9.6)
    templates: dict = field(default_factory=dict)  # (origin, prebunker) -> points it covers
    # Switches added for the rule-by-rule tests; their defaults keep the behaviour above.
    safe_moves: bool = False  # every move reads as a safe move behind a long obstacle (RULES 10.6)
    lock_wedge: bool = False  # every target stands in the priority-lock wedge (RULES 10.5)
    steppable: set = field(default_factory=set)  # obstacle points a move may pass (RULES 2.4)
    long_obstacles: set = field(default_factory=set)  # ids of obstacles standing on 2+ points

    def add(self, oid: str, kind: str, point) -> ScriptedMeasurer:
        self.obstacles[oid] = (kind, point)
        return self

    def see(self, viewer, *targets) -> ScriptedMeasurer:
        for t in targets:
            self.sees_pairs.add((viewer, t))
        return self

    def sees_each_other(self, a, b) -> ScriptedMeasurer:
        return self.see(a, b).see(b, a)

    def at(self, a, b, d: float) -> ScriptedMeasurer:
        """Script the ruler's reading between two points."""
        self.distances[frozenset({tuple(a), tuple(b)})] = d
        return self

    # -- the Measurer protocol --------------------------------------------------------------------
    def obstacle(self, oid):
        kind, point = self.obstacles[oid]
        return ObstacleInfo(oid, kind, HEIGHT[kind], (point,), kind in NARROW, oid in self.long_obstacles,
                            kind in OVERABLE)

    def covers(self, point):
        return tuple(oid for oid, (_, p) in self.obstacles.items() if chebyshev(p, point) == 1)

    def obstacle_at(self, point):
        for oid, (_, p) in self.obstacles.items():
            if p == point:
                return oid
        return None

    def blocked(self, point):
        return self.obstacle_at(point) is not None and tuple(point) not in self.steppable

    def on_field(self, point):
        return DEFAULT_LATTICE.contains(point)

    def path(self, start, waypoints):
        out = [tuple(start)]
        for w in waypoints:
            x, y = out[-1]
            while (x, y) != tuple(w):
                x += (w[0] > x) - (w[0] < x)
                y += (w[1] > y) - (w[1] < y)
                out.append((x, y))
        return tuple(out)

    def distance(self, a, b):
        key = frozenset({tuple(a), tuple(b)})
        return self.distances.get(key, math.dist(a, b))

    def fov(self, viewer, team, cover, side, targets):
        return tuple(viewer in self.sees_all_from or (viewer, t) in self.sees_pairs for t in targets)

    def static_angle(self, target, cover, shooter):
        return self.angles.get((target, shooter), 0.0) if cover else 0.0

    def static_segments(self, target, cover, shooter, other):
        """Each reading's segment, on the side ``segment_sides`` scripts (+1 unless told)."""
        return tuple(
            (self.segment_sides.get((target, p), 1) if cover else 0,
             int(self.static_angle(target, cover, p) // 18)) for p in (shooter, other))

    def run_angle(self, path, shooter):
        return self.run_angles.get(shooter, 0.0)

    def lines_of_fire(self, shooter, targets, ignore=()):
        return tuple(
            tuple(t for t in self.lines.get((shooter, tp), ()) if t.obstacle not in ignore)
            for tp in targets
        )

    def sweep(self, shooter, points, ignore=()):
        return tuple(t for t in self.sweeps.get(shooter, ()) if t.obstacle not in ignore)

    def angle_between(self, centre, a, b):
        return self.between.get((centre, a, b), 0.0)

    def pressed_side(self, target, team, cover, side, shooter):
        return self.sides.get((target, shooter), side)

    def cover_with_template(self, origin, prebunker, *points) -> ScriptedMeasurer:
        """Script the points the template laid from ``origin`` toward ``prebunker`` covers."""
        self.templates.setdefault((origin, prebunker), set()).update(points)
        return self

    def template_covers(self, origin, prebunker, points):
        covered = self.templates.get((origin, prebunker), set())
        return tuple(tuple(p) in covered for p in points)

    def template_crossings(self, origin, prebunker, path):
        covered = self.templates.get((origin, prebunker), set())
        return tuple(i for i in range(len(path) - 1) if path[i] in covered or path[i + 1] in covered)

    def safe_move(self, path, team, enemy):
        return self.safe_moves

    def in_lock_wedge(self, presser_of, pressed, team, cover, side, target):
        return self.lock_wedge
