"""Host a match over the network: the window opens on the host's screen, showing this machine's
addresses, the port and the match code to read to the other coach (``paintcheck join``)."""

from __future__ import annotations

import argparse
import socket

from paintcheck.cli.errors import CommandError
from paintcheck.cli.layout_arg import load_field
from paintcheck.net.tcp import DEFAULT_PORT


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", default=str(DEFAULT_PORT),
                        help=f"the TCP port to listen on (default {DEFAULT_PORT}; 0: any free one)")
    parser.add_argument("--layout", help="the field to play on (a layout file; by default Box 21)")
    parser.add_argument("--lang", choices=("en", "fr"), default=argparse.SUPPRESS,
                        help="the window's language (en, fr), remembered for the next start")


def port_arg(text: str) -> int:
    """``--port`` as a number from 0 to 65535; one line otherwise."""
    if not text.strip().isdigit() or not 0 <= int(text) <= 65535:
        raise CommandError(f"--port {text!r}: give a number from 0 to 65535")
    return int(text)


def check_port_free(port: int) -> None:
    """The port can be listened on now (the window tells it again if it is taken meanwhile)."""
    if port == 0:
        return
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("", port))
        except OSError as exc:
            raise CommandError(f"cannot listen on port {port}: {exc.strerror or exc}") from None


def run(args: argparse.Namespace) -> int:
    port = port_arg(args.port)
    if getattr(args, "layout", None):
        load_field(args.layout)  # a bad layout is one line and exit 2, before any window opens
    check_port_free(port)
    from paintcheck.ui import app

    return app.run(args, start=("net-host", {"port": port, "path": getattr(args, "layout", None)}))
