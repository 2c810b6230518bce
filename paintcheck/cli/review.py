"""Review a saved match. ``paintcheck review FILE`` opens the review window (its timeline, through
a coach's eyes with ``--seat``, its branches); ``--blunders`` lists a coach's declarations against the
computer coach's choice on the same view (``--coach normal`` or ``hard``), each read with the exact
odds one round deep as ``normal`` reads a sequence, the decisions that gave away most first
(docs/review.md). A file that is not a saved match, or whose match or branches do not replay, is one
line and exit code 2."""

from __future__ import annotations

import argparse
import importlib
import json
import logging

from paintcheck.cli.errors import CommandError
from paintcheck.rules.codec import CodecError

log = logging.getLogger(__name__)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="a saved match (.json)")
    parser.add_argument("--blunders", action="store_true",
                        help="list the coach's declarations against the computer coach's, "
                             "most given away first")
    parser.add_argument("--coach", choices=("normal", "hard"), default="normal",
                        help="the computer coach that chooses on the same view (default normal)")
    parser.add_argument("--seat", choices=("blue", "white"),
                        help="whose declarations (--blunders; default both), whose eyes (the window)")
    parser.add_argument("--json", action="store_true", help="--blunders as JSON")
    parser.add_argument("--export", metavar="OUT",
                        help="write the timeline, the board at each resolution, as a PNG strip (OUT.png) or "
                             "an HTML page (OUT.html), through --seat's eyes (default: both sides' once the "
                             "match is over, else Blue's)")


def run(args: argparse.Namespace) -> int:
    from paintcheck.review.branches import load_review

    try:
        review, _ = load_review(args.file)
    except CodecError as exc:
        raise CommandError(str(exc)) from None
    if args.export:
        return export(review, args.export, args.seat)
    if not args.blunders:
        return open_window(args.file, args.seat)
    from paintcheck.review.blunders import blunders

    found = blunders(review, args.coach, args.seat)
    if args.json:
        print(json.dumps({"file": str(args.file), "coach": args.coach, "seat": args.seat,
                          "declarations": [b.as_json() for b in found]}, indent=1))
        return 0
    if not found:
        print("no declaration to compare")
    for b in found:
        print(f"{b.moment.said}: gave away {b.given_away:.2f}")
        for who, words, r in (("played", b.played_words, b.played_reading),
                              (args.coach, b.chosen_words, b.chosen_reading)):
            print(f"  {who:>7}: {words}  (given {r.given:.2f}, taken {r.taken:.2f}, worth {r.worth:+.2f})")
    return 0


def export(review, out: str, seat: str | None) -> int:
    """``--export OUT``: the timeline drawn off-screen (``paintcheck.ui.review_export``), written
    atomically; a suffix other than .png / .html, eyes refused or a file that cannot be written is one
    line (exit 2)."""
    import os

    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from paintcheck.review.timeline import ReviewError
    from paintcheck.ui.review_export import ExportError, export_review

    try:
        shown = export_review(review, out, seat)
    except (ExportError, ReviewError) as exc:
        raise CommandError(f"{out}: {exc.args[0]}") from None
    except OSError as exc:
        log.info("could not export %s", out, exc_info=True)
        raise CommandError(f"{out}: cannot write it: {exc.strerror or exc}") from None
    print(f"wrote {out}: {shown} resolutions")
    return 0


def open_window(path: str, seat: str | None) -> int:
    """The review window (``paintcheck.ui.review_launch``, imported only now: no pygame before)."""
    try:
        launch = importlib.import_module("paintcheck.ui.review_launch")
    except ModuleNotFoundError as exc:
        if exc.name != "paintcheck.ui.review_launch":
            raise
        log.exception("no review window")
        raise CommandError("this build has no review window yet (use --blunders)") from None
    return int(launch.review_window(path, seat) or 0)
