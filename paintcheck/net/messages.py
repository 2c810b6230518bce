"""The protocol's messages: one JSON object per line, versioned, each type checked against its
schema before anything reads it (docs/network.md).

``encode(message)`` writes one line (compact JSON, the version added); ``decode(line)`` gives the
checked message or raises ``MessageError`` whose ``reason`` is a ``Said`` (``net.refused.*``) said in
one line: too large (``MAX_MESSAGE_BYTES``), not UTF-8 JSON, not an object, an older or unknown
version, an unknown type, a field missing, of the wrong kind, or one too many. Decoding changes
nothing: whether a well-formed message comes in turn is the peer's question.

Every message but ``hello`` and ``heartbeat`` carries ``seq``: the count of messages its sender has
sent (1, 2, ...), so that a resumed connection re-sends exactly what the other missed and a message
received twice is dropped.
"""

from __future__ import annotations

import json
from typing import Any

from jsonschema import Draft202012Validator

from paintcheck.said import Said

VERSION = 1
MAX_MESSAGE_BYTES = 256 * 1024  # a hello carries the host's layout (a few kilobytes)
TEAMS = ["blue", "white"]

_HEX64 = {"type": "string", "pattern": "^[0-9a-f]{64}$"}
_SEQ = {"type": "integer", "minimum": 1}
_COUNT = {"type": "integer", "minimum": 0}
_TOKEN = {"type": "integer", "minimum": 1, "maximum": 5}
_PLAYER = {"type": "string", "pattern": "^[BW][1-9]$"}

# type -> its fields (every one required, none other allowed), beside "v" and "type"
FIELDS: dict[str, dict[str, Any]] = {
    "hello": {"team": {"enum": TEAMS}, "match": {"type": "string", "pattern": "^[0-9a-f]{32}$"},
              "chain": _HEX64, "received": _COUNT, "decisions": _COUNT, "hash": _HEX64,
              "setup": {"oneOf": [{"type": "null"}, {
                  "type": "object", "required": ["layout", "start"], "additionalProperties": False,
                  "properties": {"layout": {"type": "object"},
                                 "start": {"type": "string", "maxLength": 40}}}]}},
    "heartbeat": {},
    "decision": {"seq": _SEQ, "n": {"type": "integer", "minimum": 1},
                 "decision": {"type": "object", "required": ["type"]}},
    "orders": {"seq": _SEQ, "turn": {"type": "integer", "minimum": 1},
               "commitments": {"type": "array", "items": _HEX64, "minItems": 5, "maxItems": 5}},
    "sheet_commit": {"seq": _SEQ, "commitment": _HEX64},
    "sheet": {"seq": _SEQ, "sheet": {"type": "object", "required": ["type"]}, "nonce": _HEX64},
    "reveal": {"seq": _SEQ, "turn": {"type": "integer", "minimum": 1}, "token": _TOKEN,
               "player": {"oneOf": [{"type": "null"}, _PLAYER]}, "nonce": _HEX64},
    "links": {"seq": _SEQ, "first": {"type": "integer", "minimum": 1},
              "links": {"type": "array", "items": _HEX64, "minItems": 1, "maxItems": 64}},
    "state": {"seq": _SEQ, "n": {"type": "integer", "minimum": 1}, "hash": _HEX64},
    "stop": {"seq": _SEQ, "reason": {"type": "string", "pattern": "^net\\.[a-z_.]{1,60}$"}},
}
_VALIDATORS = {
    kind: Draft202012Validator({
        "type": "object", "additionalProperties": False,
        "required": ["v", "type", *fields],
        "properties": {"v": {"const": VERSION}, "type": {"const": kind}, **fields},
    })
    for kind, fields in FIELDS.items()
}


class MessageError(ValueError):
    """A line that is no message of this protocol; ``reason`` says why in one line."""

    def __init__(self, reason: Said) -> None:
        super().__init__(reason)
        self.reason = reason


def encode(message: dict[str, Any]) -> bytes:
    """One line (without its newline) for ``message`` (a type and its fields)."""
    line = json.dumps({"v": VERSION, **message}, separators=(",", ":"), ensure_ascii=True,
                      allow_nan=False).encode("ascii")
    if len(line) > MAX_MESSAGE_BYTES:
        raise ValueError(f"a {message.get('type')} message of {len(line)} bytes exceeds {MAX_MESSAGE_BYTES}")
    return line


def decode(line: bytes) -> dict[str, Any]:
    """The message on ``line``, checked; ``MessageError`` otherwise (nothing else is raised)."""
    if not isinstance(line, (bytes, bytearray)):
        raise MessageError(Said("net.refused.not_bytes"))
    if len(line) > MAX_MESSAGE_BYTES:
        raise MessageError(Said("net.refused.too_large", size=len(line), limit=MAX_MESSAGE_BYTES))
    try:
        data = json.loads(bytes(line).decode("utf-8"), parse_constant=_no_constant)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise MessageError(Said("net.refused.not_json")) from None
    if not isinstance(data, dict):
        raise MessageError(Said("net.refused.not_object"))
    version = data.get("v")
    if not isinstance(version, int) or isinstance(version, bool):
        raise MessageError(Said("net.refused.no_version"))
    if version != VERSION:
        raise MessageError(Said("net.refused.version", version=version, ours=VERSION))
    kind = data.get("type")
    validator = _VALIDATORS.get(kind) if isinstance(kind, str) else None
    if validator is None:
        raise MessageError(Said("net.refused.unknown_type", kind=str(kind)[:40]))
    error = next(iter(validator.iter_errors(data)), None)
    if error is not None:
        where = "/".join(str(p) for p in error.absolute_path) or "the message"
        raise MessageError(Said("net.refused.bad_field", kind=kind, field=where[:60]))
    return data


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")
