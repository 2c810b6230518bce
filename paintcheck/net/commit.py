"""Commitments: SHA-256 over the canonical JSON of a secret and a 32-byte nonce.

``commitment(secret, nonce)`` is what a machine sends when its coach hands a secret in (a break
sheet, one order token); ``verify(digest, secret, nonce)`` is how the other checks the secret when
the rules reveal it. The canonical form is sorted keys, compact separators, UTF-8, no NaN: one secret
has one byte string, on both machines. The nonce (``new_nonce``, ``secrets.token_bytes``) makes a
commitment to a small secret (a token 1..5) impossible to guess by trying every value; it binds the
secret and is never reused, so an old reveal never opens a new commitment.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from typing import Any

NONCE_BYTES = 32


def canonical(data: Any) -> bytes:
    """The one byte string of ``data`` (plain JSON data): sorted keys, compact, UTF-8."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False).encode("utf-8")


def new_nonce() -> bytes:
    return secrets.token_bytes(NONCE_BYTES)


def commitment(secret: Any, nonce: bytes) -> str:
    """SHA-256 (hex) over the nonce and the canonical secret."""
    if len(nonce) != NONCE_BYTES:
        raise ValueError(f"a nonce is {NONCE_BYTES} bytes, not {len(nonce)}")
    return hashlib.sha256(nonce + canonical(secret)).hexdigest()


def verify(digest: str, secret: Any, nonce: bytes) -> bool:
    """Whether ``secret`` and ``nonce`` open ``digest`` (compared in constant time)."""
    if len(nonce) != NONCE_BYTES:
        return False
    try:
        return hmac.compare_digest(commitment(secret, nonce), digest)
    except (TypeError, ValueError):
        return False


def state_hash(data: Any) -> str:
    """SHA-256 (hex) of plain JSON data in its canonical form (the lockstep's proof)."""
    return hashlib.sha256(canonical(data)).hexdigest()
