"""Join a match over the network: the window opens on the joiner's screen with the host's address
filled in; type the match code the host's window shows, then *Join*."""

from __future__ import annotations

import argparse

from paintcheck.cli.errors import CommandError
from paintcheck.net.tcp import AddressError, parse_address


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("address", metavar="HOST:PORT",
                        help="the host's address and port, as its window shows")
    parser.add_argument("--code", default="", help="the match code (else typed in the window)")
    parser.add_argument("--lang", choices=("en", "fr"), default=argparse.SUPPRESS,
                        help="the window's language (en, fr), remembered for the next start")


def run(args: argparse.Namespace) -> int:
    try:
        host, port = parse_address(args.address)
    except AddressError as exc:
        raise CommandError(str(exc)) from None
    from paintcheck.ui import app

    address = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return app.run(args, start=("net-join", {"address": address, "code": args.code}))
