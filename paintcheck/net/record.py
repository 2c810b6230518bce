"""A networked match saved on one machine, and resumed from it (*Continue*).

A networked save holds this machine's own secrets and what it received, nothing of the other's
secrets it was not shown: its chain's seed, its tokens (who holds each, and the nonces) for every
turn, its sheet's nonce, every decision its coach handed in, every numbered message it accepted
from the other machine (their commitments, and their reveals once the rules made them), and every
numbered message it sent (re-sent on resume to a machine that missed them). The other machine's
face-down tokens are in it as commitments only; its chain as a head and the links it revealed.

``restore`` rebuilds the peer by playing the save again: the same decisions with the same nonces,
the same messages in the same order, through the same engine, which reaches the same state; then
``connect`` resumes with the other machine (hellos with the counts received; whatever the other
missed is re-sent). Written like every save: a temporary file renamed over the old one, private.
"""

from __future__ import annotations

import json
import logging
import os
from collections import deque
from pathlib import Path
from typing import Any

from paintcheck.field.atomic import write_atomically, write_text
from paintcheck.field.json_file import JsonFileError, read_json
from paintcheck.net.dice import ChainCheck, HashChain
from paintcheck.net.peer import Peer, Status
from paintcheck.net.sealed import OrderSlots
from paintcheck.rules import codec
from paintcheck.said import Said
from paintcheck.table import Table

log = logging.getLogger(__name__)
NET_FORMAT = "paintcheck-net/1"
MAX_NET_SAVE_BYTES = 64 << 20  # every message of a match, twice: a few megabytes at most


class NetRecordError(ValueError):
    """A file that is no networked save; the message (a ``Said``, ``net.save.*``) names the file and
    says what is wrong, in one line."""


def peer_to_dict(peer: Peer) -> dict[str, Any]:
    sheet_nonce = peer.secrets.sheet[1].hex() if peer.secrets.sheet is not None else None
    return {
        "format": NET_FORMAT, "team": peer.team.value, "match": peer.match, "host": peer.host,
        "start": peer.start, "layout": peer.table.layout_data,
        "chain_seed": peer.links.chain.seed.hex(),
        "other_chain": peer.links.other_chain.head.hex() if peer.links.other_chain is not None else None,
        "slots": {str(turn): slots.to_dict() for turn, slots in peer.secrets.slots.items()},
        "sheet_nonce": sheet_nonce,
        "local": peer.local_log,
        "inbox": [line.decode("ascii") for line in peer.inbox],
        "outbox": [line.decode("ascii") for line in peer.outbox],
        "status": peer.status.value,
        "reason": ({"key": peer.reason.key, "values": {k: str(v) for k, v in peer.reason.values.items()}}
                   if peer.reason is not None and peer.status == Status.STOPPED else None),
        "summary": {"turn": peer.state.turn, "decisions": peer.state.decisions, "winner": peer.state.winner},
    }


def save_peer(peer: Peer, path: str | os.PathLike[str]) -> None:
    """Write ``peer``'s save atomically (private: it holds this machine's secrets)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(peer_to_dict(peer), separators=(",", ":")) + "\n"
    write_atomically(target, lambda fd, _tmp: write_text(fd, text), mode=None)


def saving_to(path: str | os.PathLike[str]):  # type: ignore[no-untyped-def]
    """A peer's ``on_save``: the match saved to ``path`` after every change."""
    return lambda peer: save_peer(peer, path)


def load_peer(path: str | os.PathLike[str], **kw: Any) -> Peer:
    """The peer saved in ``path``, rebuilt (``restore``); ``NetRecordError`` naming the file."""
    source = str(path)
    try:
        data = read_json(path, MAX_NET_SAVE_BYTES, "save")
    except JsonFileError as exc:
        raise NetRecordError(Said("net.save.in_file", source=source, problem=exc.args[0])) from None
    try:
        return restore(data, **kw)
    except NetRecordError as exc:
        raise NetRecordError(Said("net.save.in_file", source=source, problem=exc.args[0])) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        log.warning("networked save %s does not replay", source, exc_info=True)
        problem = Said("net.save.does_not_replay", error=str(exc).splitlines()[0] if str(exc) else repr(exc))
        raise NetRecordError(Said("net.save.in_file", source=source, problem=problem)) from None


def restore(data: Any, table: Table | None = None, **kw: Any) -> Peer:
    """Play a networked save again (its data, as ``peer_to_dict`` wrote it)."""
    if not isinstance(data, dict) or data.get("format") != NET_FORMAT:
        raise NetRecordError(Said("net.save.not_networked", format=NET_FORMAT))
    table = Table.from_layout_data(data["layout"]) if table is None else table
    peer = Peer(table, data["team"], data["match"], data["start"], host=bool(data["host"]),
                chain=HashChain(bytes.fromhex(data["chain_seed"])), **kw)
    peer.restored.slots = {int(t): OrderSlots.from_dict(s) for t, s in data["slots"].items()}
    nonce = data["sheet_nonce"]
    peer.restored.sheet_nonce = bytes.fromhex(nonce) if nonce else None
    if data["other_chain"]:
        peer.links.other_chain = ChainCheck(bytes.fromhex(data["other_chain"]))
    local = deque((int(d["after"]), codec.decision_from_dict(d["decision"])) for d in data["local"])
    peer._restoring, peer.linked = True, True
    try:
        for line in data["inbox"]:
            _feed(peer, local)
            peer.receive_line(line.encode("ascii"))
        _feed(peer, local)
    finally:
        peer._restoring, peer.linked = False, False
    if local:
        raise NetRecordError(Said("net.save.decisions_left", count=len(local)))
    # the same decisions and messages in the same order send the same messages: those sent after the
    # last save are sent again (the other drops what it had)
    if len(peer.inbox) != len(data["inbox"]):
        raise NetRecordError(Said("net.save.messages_left", count=len(data["inbox"]) - len(peer.inbox)))
    saved = [line.encode("ascii") for line in data["outbox"]]
    if peer.outbox[:len(saved)] != saved:
        log.warning("the rebuilt messages differ from the saved ones: the saved ones are kept")
        peer.outbox = saved
    if data["status"] == Status.STOPPED and peer.status != Status.STOPPED:
        reason = data["reason"]
        peer.status, peer.reason = Status.STOPPED, Said(reason["key"], **reason["values"]) if reason else None
    return peer


def _feed(peer: Peer, local: deque[tuple[int, Any]]) -> None:
    """The coach's decisions handed in when as many messages had been received as now."""
    while local and local[0][0] == len(peer.inbox):
        peer.decide(local.popleft()[1])
