"""Where a networked match is kept on this machine, and how *Continue* finds it again. No pygame.

A networked match saves itself after every change (``net.record.saving_to``) in a folder of its own,
``saves/network`` (the saves list reads hot-seat matches only: a networked save is another format,
``paintcheck-net/1``). Beside each save, ``<save>.link.json`` says how to reach the other machine
again: whether this one hosts, the match code, the port it listened on, or the host's address it
joined. Both are written atomically, private (0600: the save holds this machine's secrets, the link
the code).

*Continue* offers the latest networked match that is neither over nor stopped when it was saved
after the latest hot-seat one (``unfinished``).
"""

from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass
from pathlib import Path

from paintcheck.field.atomic import write_atomically, write_text
from paintcheck.field.json_file import JsonFileError, read_json
from paintcheck.net.record import MAX_NET_SAVE_BYTES, NET_FORMAT
from paintcheck.ui.saves import new_save_path, saves_dir

log = logging.getLogger(__name__)
LINK_SUFFIX = ".link.json"
MAX_LINK_BYTES = 4096


@dataclass(frozen=True)
class LinkInfo:
    """How this machine reaches the other again: hosting on ``port``, or joining ``address``."""

    hosting: bool
    code: str
    port: int = 0
    address: str = ""
    coach: str | None = None  # the computer coaching this machine's team (None: a person)


def net_saves_dir() -> Path:
    return saves_dir() / "network"


def new_net_save_path(field_name: str) -> Path:
    """A file of its own for a new networked match on ``field_name``."""
    plain = new_save_path(field_name)
    return net_saves_dir() / plain.name


def link_path(save: Path) -> Path:
    return save.with_name(save.name.removesuffix(".json") + LINK_SUFFIX)


def write_link(save: Path, info: LinkInfo) -> None:
    target = link_path(save)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(asdict(info)) + "\n"
    write_atomically(target, lambda fd, _tmp: write_text(fd, text), mode=None)


def read_link(save: Path) -> LinkInfo | None:
    """The link beside ``save``; None (logged) when it is missing or not one."""
    try:
        data = read_json(link_path(save), MAX_LINK_BYTES, "link")
        coach = data.get("coach")
        info = LinkInfo(bool(data["hosting"]), str(data["code"]), int(data.get("port", 0)),
                        str(data.get("address", "")), coach if isinstance(coach, str) else None)
    except (JsonFileError, KeyError, TypeError, ValueError) as exc:
        log.warning("no link beside %s: %s", save, exc)
        return None
    return info


def unfinished(after: float = 0.0) -> tuple[Path, LinkInfo] | None:
    """The latest networked match saved after ``after`` (seconds since the epoch) that was neither
    over nor stopped, with its link; None when there is none."""
    try:
        saves = sorted((p for p in net_saves_dir().iterdir()
                        if p.suffix == ".json" and not p.name.endswith(LINK_SUFFIX)
                        and not p.name.startswith(".")),
                       key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return None
    for path in saves[:5]:
        try:
            if path.stat().st_mtime <= after:
                return None
            data = read_json(path, MAX_NET_SAVE_BYTES, "save")
        except (OSError, JsonFileError) as exc:
            log.warning("networked save %s passed by: %s", path, exc)
            continue
        if not isinstance(data, dict) or data.get("format") != NET_FORMAT or data.get("status") in ("over",
                                                                                                 "stopped"):
            continue
        info = read_link(path)
        if info is not None:
            return path, info
    return None
