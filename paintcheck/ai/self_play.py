"""Is a field fair? A computer coach plays itself on it, sides swapped, and the matches say (``balance``,
the Study's *Balance…*; docs/analysis.md, "Balance").

Match ``i`` of seed ``s`` is played with seed ``s * MATCH_SEED_STRIDE + i``; the *first* coach plays
Blue in the even matches and White in the odd ones, so that half the matches go each way; each
coach is seeded from the match's seed and its seat (``seat_seed``), as ``tournament``'s. A match
replays from its seed alone. Each match gives its ``MatchFacts`` (picklable, small): who won and
how, where each eliminated player stood when he was hit (``Player.fell_at``), and the piece each
player stood behind when the break was over (turn 2 began; or the match ended in the break) with
whether that player was eliminated later. ``tally`` adds them up in match order into a
``BalanceReport``, so the same seed gives the same report whatever the number of worker processes.

A side's win rate is its wins over the matches played (a draw is a win for neither), with its 95%
Wilson interval (``analysis.interval``). The sides are *within each other's interval* (``even``)
when Blue's rate lies in White's interval and White's in Blue's. That overlap is what the issue
reads, but it is no 95% test of fairness: the two rates move against each other, so a fair field
fails it about one run in three at 400 matches (docs/analysis.md, "Balance"). The verdict,
``favoured``, is the test: the 95% interval of Blue's share of the decided matches (``blue_share``)
lies wholly above 1/2 (Blue favoured) or below (White); the field is then unfair to the other side.
"""

from __future__ import annotations

import gc
import logging
import multiprocessing
import signal
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from paintcheck.ai.coach import warm_up
from paintcheck.analysis.interval import wilson
from paintcheck.field.lattice import TEAMS, Point
from paintcheck.field.layout import Layout
from paintcheck.game import PaintcheckGame
from paintcheck.rules.codec import START_BREAK
from paintcheck.rules.state import MatchState
from paintcheck.seam.game import DRAW, seat_seed
from paintcheck.seam.play import playout
from paintcheck.table import Table

log = logging.getLogger(__name__)

MATCH_SEED_STRIDE = 1_000_003  # match i of seed s plays with seed s * stride + i (simulate's too)
ROLES = ("first", "second")
CHUNK_MAX = 8  # matches a worker takes at once: progress comes back often
ERROR_SAMPLES = 5
# how a match ended, by its reason's catalogue key (rules.reasons)
END_KINDS = {"rules.end.flag": "flag", "rules.end.one_side": "eliminations",
             "rules.end.both_sides": "eliminations", "rules.end.turns": "turns"}


class Cancelled(Exception):
    """The run was cancelled before its last match."""


@dataclass(frozen=True)
class MatchFacts:
    """What ``balance`` keeps of one match. ``blue``: the role ("first" or "second") that played
    Blue; ``winner``: a team, "draw", or None when the match failed (``error`` says why)."""

    blue: str
    winner: str | None
    end: str = ""
    hits: tuple[tuple[str, Point], ...] = ()  # (the eliminated player's team, where he stood)
    taken: tuple[tuple[str, str, bool], ...] = ()  # (team, piece, the taker was eliminated later)
    error: str | None = None


def match_seed(seed: int, i: int) -> int:
    return seed * MATCH_SEED_STRIDE + i


def blue_role(i: int) -> str:
    """Which coach plays Blue in match ``i``: the first in the even matches, the second in the odd."""
    return ROLES[i % 2]


def play_match(game: PaintcheckGame, coach: str, i: int, seed: int) -> MatchFacts:
    """Match ``i`` (its seed ``seed``) of ``coach`` against itself, from the break."""
    blue = blue_role(i)
    broke: list[MatchState] = []

    def watch(state: Any) -> None:
        if not broke and (state.turn >= 2 or game.outcome(state) is not None):
            broke.append(state.copy())

    try:
        coaches = {seat: game.coach(coach, seat, seat_seed(seed, game.seats, seat)) for seat in game.seats}
        played = playout(game, game.begin(START_BREAK), seed, coaches, watch=watch)
        outcome = game.outcome(played.final)
        if outcome is None or not broke:
            raise RuntimeError("the match was played out and has no outcome")
    except Exception as exc:  # noqa: BLE001 - a balance run counts every failure, then goes on
        log.debug("match %d failed", seed, exc_info=True)
        return MatchFacts(blue, None, error=f"{type(exc).__name__}: {exc}")
    final: MatchState = played.final
    hits = tuple((str(p.team), p.fell_at) for _, p in sorted(final.players.items()) if p.fell_at is not None)
    taken = tuple((str(p.team), p.cover, not final.players[pid].on_field)
                  for pid, p in sorted(broke[0].players.items()) if p.on_field and p.cover)
    end = END_KINDS.get(getattr(outcome.reason, "key", ""), "other")
    return MatchFacts(blue, str(outcome.winner), end, hits, taken)


# -- the tally ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Rate:
    """Wins over matches, with its 95% Wilson interval."""

    wins: int
    matches: int

    @property
    def rate(self) -> float | None:
        return self.wins / self.matches if self.matches else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.matches)

    def holds(self, rate: float | None) -> bool:
        low, high = self.interval
        return rate is not None and low <= rate <= high

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {"wins": self.wins, "rate": None if self.rate is None else round(self.rate, 4),
                "interval": [round(low, 4), round(high, 4)]}


@dataclass(frozen=True)
class PieceTaken:
    """A piece taken at the break by ``team``'s players: how often, and how many of its takers were
    eliminated later in the match."""

    piece: str
    team: str
    taken: int
    lost: int

    @property
    def lost_rate(self) -> float:
        return self.lost / self.taken if self.taken else 0.0


@dataclass
class BalanceReport:
    """The matches added up (``tally``)."""

    layout: str
    coach: str
    seed: int
    matches: int = 0
    completed: int = 0
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    wins: dict[str, int] = field(default_factory=lambda: {team: 0 for team in TEAMS})
    role_wins: dict[str, int] = field(default_factory=lambda: {role: 0 for role in ROLES})
    draws: int = 0
    ends: Counter[str] = field(default_factory=Counter)
    flags: dict[str, int] = field(default_factory=lambda: {team: 0 for team in TEAMS})  # hung, by side
    hits: dict[str, Counter[Point]] = field(default_factory=lambda: {team: Counter() for team in TEAMS})
    taken: Counter[tuple[str, str]] = field(default_factory=Counter)  # (piece, team) -> takers
    lost: Counter[tuple[str, str]] = field(default_factory=Counter)  # (piece, team) -> takers lost

    def side(self, team: str) -> Rate:
        return Rate(self.wins[team], self.completed)

    def role(self, role: str) -> Rate:
        return Rate(self.role_wins[role], self.completed)

    @property
    def even(self) -> bool:
        """Blue's and White's rates lie within each other's interval."""
        blue, white = (self.side(team) for team in TEAMS)
        return blue.holds(white.rate) and white.holds(blue.rate)

    @property
    def blue_share(self) -> Rate:
        """Blue's wins over the decided matches (the draws left out): 1/2 on a fair field."""
        blue, white = TEAMS
        return Rate(self.wins[blue], self.wins[blue] + self.wins[white])

    @property
    def favoured(self) -> str | None:
        """The side the field favours: Blue when the interval of Blue's share of the decided matches
        lies above 1/2, White when it lies below; None when it holds 1/2 (or nothing was decided)."""
        share = self.blue_share
        if not share.matches or share.holds(0.5):
            return None
        blue, white = TEAMS
        return blue if (share.rate or 0.0) > 0.5 else white

    def pieces(self) -> list[PieceTaken]:
        """The pieces taken at the break, most taken first (then by side and name)."""
        rows = [PieceTaken(piece, team, n, self.lost[(piece, team)])
                for (piece, team), n in self.taken.items()]
        return sorted(rows, key=lambda r: (-r.taken, r.team, r.piece))

    def to_dict(self, fmt: Callable[[Point], str]) -> dict[str, Any]:
        """Everything ``balance --json`` prints; ``fmt`` writes a point (``Lattice.format``)."""
        return {
            "layout": self.layout,
            "coach": self.coach,
            "seed": self.seed,
            "matches": self.matches,
            "completed": self.completed,
            "errors": self.errors,
            "error_samples": self.error_samples,
            "draws": self.draws,
            "sides": {team: self.side(team).to_dict() for team in TEAMS},
            "coaches": {role: self.role(role).to_dict() for role in ROLES},
            "even": self.even,
            "blue_share": self.blue_share.to_dict(),
            "favoured": self.favoured,
            "ends": dict(sorted(self.ends.items())),
            "flag_hung": dict(self.flags),
            "hits": {team: {fmt(p): n for p, n in sorted(self.hits[team].items())} for team in TEAMS},
            "pieces": [{"piece": r.piece, "team": r.team, "taken": r.taken, "lost": r.lost,
                        "lost_rate": round(r.lost_rate, 4)} for r in self.pieces()],
        }


def tally(results: Iterable[MatchFacts], layout: str, coach: str, seed: int) -> BalanceReport:
    """Add ``results`` up, one by one, in match order."""
    report = BalanceReport(layout, coach, seed)
    for i, facts in enumerate(results):
        report.matches += 1
        if facts.winner is None:
            report.errors += 1
            if len(report.error_samples) < ERROR_SAMPLES:
                report.error_samples.append(f"match {i}: {facts.error}")
            continue
        report.completed += 1
        report.ends[facts.end] += 1
        if facts.winner == DRAW:
            report.draws += 1
        else:
            report.wins[facts.winner] += 1
            role = facts.blue if facts.winner == TEAMS[0] else ROLES[1 - ROLES.index(facts.blue)]
            report.role_wins[role] += 1
            if facts.end == "flag":
                report.flags[facts.winner] += 1
        for team, point in facts.hits:
            report.hits[team][point] += 1
        for team, piece, lost in facts.taken:
            report.taken[(piece, team)] += 1
            report.lost[(piece, team)] += lost
    return report


# -- running the matches -----------------------------------------------------------------------------
_worker: dict[str, Any] = {}


def game_on(layout: Layout, coach: str) -> PaintcheckGame:
    """Paintcheck on ``layout`` as a worker plays it: lines of fire from the sight table, no checks
    (the coaches' decisions come from the legality queries), the engine's caches warmed once for a
    coach that thinks."""
    table = Table.from_field(layout.build(), checks=False, sight=True)
    if coach != "random":
        warm_up(table.engine)  # the worker's first decisions as quick as the others
    return PaintcheckGame.on(table)


def _init_pool_worker(layout: Layout, coach: str) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's: it ends the pool
    _worker.update(game=game_on(layout, coach), coach=coach)


def _play(job: tuple[int, int]) -> MatchFacts:
    i, seed = job
    return play_between(_worker["game"], _worker["coach"], i, seed)


def play_between(game: PaintcheckGame, coach: str, i: int, seed: int) -> MatchFacts:
    """``play_match``, then, untimed, the match's garbage collected and the caches it grew frozen out
    of the collector's passes (as the tournament's workers do)."""
    try:
        return play_match(game, coach, i, seed)
    finally:
        gc.collect()
        gc.freeze()


def play_all(layout: Layout, coach: str, matches: int, seed: int, jobs: int = 1,
             on_match: Callable[[int], None] | None = None, cancel: threading.Event | None = None,
             start_method: str | None = None) -> Iterator[MatchFacts]:
    """Each match's facts, in match order, played in ``jobs`` worker processes (in this one for 1).
    ``on_match(done)`` is told after each match; ``cancel`` set stops the run (``Cancelled``) and
    ends the workers. ``start_method``: the processes' (default: fork where there is one; the
    window, with threads of its own, asks for ``forkserver``). The command plays the same matches
    through its runner instead (``cli.balance``: ``--scheduler``)."""
    work = [(i, match_seed(seed, i)) for i in range(matches)]
    if jobs <= 1 or matches < 2:  # here (the window's thread, maybe): no collector games in this process
        game = game_on(layout, coach)
        yield from _watched((play_match(game, coach, i, s) for i, s in work), on_match, cancel)
        return
    methods = multiprocessing.get_all_start_methods()
    method = start_method if start_method in methods else ("fork" if "fork" in methods else "spawn")
    jobs = min(jobs, matches)
    chunk = max(1, min(CHUNK_MAX, matches // (4 * jobs)))
    pool_of = multiprocessing.get_context(method).Pool
    with pool_of(jobs, _init_pool_worker, (layout, coach)) as pool:
        yield from _watched(pool.imap(_play, work, chunksize=chunk), on_match, cancel)


def _watched(results: Iterable[MatchFacts], on_match: Callable[[int], None] | None,
             cancel: threading.Event | None) -> Iterator[MatchFacts]:
    for done, facts in enumerate(results, 1):
        if cancel is not None and cancel.is_set():
            raise Cancelled(f"cancelled after {done - 1} matches")
        yield facts
        if on_match is not None:
            on_match(done)


def balance(layout: Layout, coach: str, matches: int, seed: int, jobs: int = 1,
            on_match: Callable[[int], None] | None = None, cancel: threading.Event | None = None,
            start_method: str | None = None) -> BalanceReport:
    """``matches`` matches of ``coach`` against itself on ``layout``, sides swapped, added up."""
    return tally(play_all(layout, coach, matches, seed, jobs, on_match, cancel, start_method),
                 layout.name, coach, seed)
