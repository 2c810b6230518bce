"""The sight table's file in the disk cache: written whole, read back only when it proves itself.

The file is a NumPy ``.npz`` archive (a zip of uncompressed ``.npy`` members) holding the table's
five arrays and ``meta.json``: the file's format, the layout key it was computed for (the hash that
also names the file), the obstacles' ids and heights, and a SHA-256 digest of the five members'
bytes (their ``.npy`` headers, so dtypes and shapes, included). ``np.load`` still opens it.

``read`` treats the file as untrusted input and refuses, with a short reason (``DamagedSightFile``),
anything but a regular file (a FIFO is never opened for a blocking read, a link to a device is not
read), a file larger than the table of this field can be, a zip that does not open, a compressed
or missing or extra member, a ``.npy`` header that is not plain (dtype, order, shape, length), a
``meta.json`` that is not what this program writes, another layout key, a digest that does not
match. ``check_rows`` then checks what the rows must be whatever the field: indices in range,
sorted by shooter then target, no pair from a point to itself, every pair's touches as many from
either end. What the rows say of the field (the ruler's own readings) is checked by the caller
(``sight._load``), which alone knows the geometry. Writing goes through ``field.atomic``: a temporary
file, flushed to the disk, renamed over the old one.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import os
import stat
import struct
import zipfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import numpy as np

from paintcheck.field.atomic import write_atomically, write_bytes

FORMAT = "paintcheck-sight-table/3"
META = "meta.json"
# each array: its dtype (little-endian, as numpy writes them) and number of dimensions
ARRAYS: dict[str, tuple[np.dtype, int]] = {
    "points": (np.dtype("<i8"), 2),
    "shooter": (np.dtype("<i4"), 1),
    "target": (np.dtype("<i4"), 1),
    "obstacle": (np.dtype("<i4"), 1),
    "crossed": (np.dtype("|b1"), 1),
}
ROW_BYTES = sum(dtype.itemsize for name, (dtype, _) in ARRAYS.items() if name != "points")
SLACK = 64 * 1024  # the zip's and the headers' own bytes, and meta.json's fixed part
# a zip member's local header (APPNOTE 4.3.7): its signature, 22 bytes, then the lengths of its
# name and extra field, which the member's bytes follow
_LOCAL = struct.Struct("<4s22xHH")
_LOCAL_SIGNATURE = b"PK\x03\x04"
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # not on Windows, where there are no FIFOs
_O_BINARY = getattr(os, "O_BINARY", 0)


class DamagedSightFile(ValueError):
    """A sight cache file that cannot be trusted; the message says why, in a few words."""


def size_limit(points: int, obstacles: int, meta_chars: int = 0) -> int:
    """The most bytes a table of ``points`` lattice points and ``obstacles`` obstacles can take:
    every ordered pair of points meeting every obstacle, plus the points, ``meta_chars`` characters
    of ids and heights (at most 6 bytes each in JSON) and the archive's own bytes."""
    rows = points * max(points - 1, 0) * obstacles
    return SLACK + points * 16 + rows * ROW_BYTES + 6 * meta_chars


def _member(array: np.ndarray, name: str) -> bytes:
    dtype, ndim = ARRAYS[name]
    buffer = io.BytesIO()
    np.lib.format.write_array(buffer, np.ascontiguousarray(array, dtype=dtype).reshape(
        (-1, 2) if ndim == 2 else (-1,)), allow_pickle=False)
    return buffer.getvalue()


def _digest(members: Mapping[str, bytes | memoryview]) -> str:
    h = hashlib.sha256()
    for name in ARRAYS:
        raw = members[name]
        h.update(f"{name}:{len(raw)}:".encode())
        h.update(raw)
    return h.hexdigest()


def encode(arrays: dict[str, np.ndarray], key: str, obstacle_ids: tuple[str, ...],
           heights: tuple[str, ...]) -> bytes:
    """The file's bytes for the table's ``arrays`` (by the names of ``ARRAYS``)."""
    members = {name: _member(arrays[name], name) for name in ARRAYS}
    meta = {
        "format": FORMAT, "key": key, "obstacle_ids": list(obstacle_ids), "heights": list(heights),
        "digest": _digest(members),
    }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_STORED) as archive:
        for name, raw in members.items():
            archive.writestr(f"{name}.npy", raw)
        archive.writestr(META, json.dumps(meta, separators=(",", ":")))
    return buffer.getvalue()


def write(path: Path, data: bytes) -> None:
    """Replace ``path`` by ``data`` atomically (the folder is made when missing), private to the
    user (0o600, as the temporary file is made: whatever stood there, a link included, is replaced
    and lends nothing)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(path, lambda fd, _tmp: write_bytes(fd, data), mode=None)


def _read_bytes(path: Path, limit: int) -> bytes:
    """The file's bytes: a regular file of at most ``limit`` bytes (FileNotFoundError when absent)."""
    fd = os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_BINARY)  # a FIFO opens at once, unread
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise DamagedSightFile("not a regular file")
        if st.st_size > limit:
            raise DamagedSightFile(f"{st.st_size} bytes, more than a table of this field can take ({limit})")
        chunks, total = [], 0
        while chunk := os.read(fd, min(1 << 20, limit + 1 - total)):
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise DamagedSightFile(f"grew beyond {limit} bytes while read")
    finally:
        os.close(fd)
    return b"".join(chunks)


def _array(name: str, raw: memoryview) -> np.ndarray:
    """Member ``name``'s array, its header checked against ``ARRAYS`` and its length against it."""
    dtype, ndim = ARRAYS[name]
    f = io.BytesIO(raw[:min(len(raw), 4096)])  # the header (numpy writes it in 128 bytes)
    try:
        version = np.lib.format.read_magic(f)
        if version != (1, 0):
            raise DamagedSightFile(f"{name}: .npy version {version}")
        shape, fortran, found = np.lib.format.read_array_header_1_0(f)
    except DamagedSightFile:
        raise
    except (ValueError, SyntaxError, TypeError) as exc:  # numpy's words for a bad header
        raise DamagedSightFile(f"{name}: bad .npy header ({exc})") from None
    if found != dtype or fortran or len(shape) != ndim or (ndim == 2 and shape[1] != 2):
        raise DamagedSightFile(f"{name}: {found} {shape}{' fortran' if fortran else ''}, "
                               f"not {dtype} with {ndim} dimension(s)")
    count = math.prod(shape)
    if len(raw) - f.tell() != count * dtype.itemsize:
        raise DamagedSightFile(f"{name}: {len(raw) - f.tell()} bytes of data for shape {shape}")
    return np.frombuffer(raw, dtype=dtype, count=count, offset=f.tell()).reshape(shape)


def _meta(raw: bytes) -> dict[str, Any]:
    try:
        meta = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise DamagedSightFile(f"{META} is not JSON") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise DamagedSightFile(f"{META}: not the format {FORMAT}")
    for name in ("key", "digest"):
        if not isinstance(meta.get(name), str):
            raise DamagedSightFile(f"{META}: no {name}")
    for name in ("obstacle_ids", "heights"):
        value = meta.get(name)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise DamagedSightFile(f"{META}: {name} is not a list of names")
    return meta


def _members(data: bytes, limit: int) -> dict[str, memoryview]:
    """The archive's members, each a view of ``data`` (stored members are their own bytes: no copy,
    and no CRC pass, the digest covering the arrays and the checks the meta data)."""
    view = memoryview(data)
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            infos = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, ValueError, KeyError,
            IndexError, NotImplementedError, OverflowError, struct.error) as exc:  # what zipfile raises
        raise DamagedSightFile(f"not a readable archive ({type(exc).__name__}: {exc})") from None
    names = sorted(i.filename for i in infos)
    if names != sorted([*(f"{n}.npy" for n in ARRAYS), META]):
        raise DamagedSightFile(f"members {names[:8]}, not this program's")
    if sum(i.file_size for i in infos) > limit:
        raise DamagedSightFile("members larger than the file can hold")
    members = {}
    for info in infos:
        if info.compress_type != zipfile.ZIP_STORED or info.compress_size != info.file_size:
            raise DamagedSightFile("compressed members")
        at = info.header_offset
        header = bytes(view[at:at + _LOCAL.size])
        if len(header) != _LOCAL.size or header[:4] != _LOCAL_SIGNATURE:
            raise DamagedSightFile(f"{info.filename}: no local header")
        _, name_length, extra_length = _LOCAL.unpack(header)
        start = at + _LOCAL.size + name_length + extra_length
        if start + info.file_size > len(data):
            raise DamagedSightFile(f"{info.filename}: cut short")
        members[info.filename] = view[start:start + info.file_size]
    return members


def read(path: Path, key: str, limit: int) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The arrays and the meta data of the table file ``path`` for the layout ``key``; raises
    ``DamagedSightFile`` (or FileNotFoundError when there is no file)."""
    members = _members(_read_bytes(path, limit), limit)
    meta = _meta(bytes(members[META]))
    if meta["key"] != key:
        raise DamagedSightFile(f"computed for another layout (key {meta['key'][:32]!r})")
    raw = {name: members[f"{name}.npy"] for name in ARRAYS}
    if meta["digest"] != _digest(raw):
        raise DamagedSightFile("its arrays do not match their digest")
    return {name: _array(name, raw[name]) for name in ARRAYS}, meta


def check_rows(arrays: dict[str, np.ndarray], points: int, obstacles: int) -> None:
    """Raise ``DamagedSightFile`` unless the rows can be a sight table of ``points`` lattice points
    and ``obstacles`` obstacles: parallel arrays, indices in range, booleans 0 or 1, sorted by
    shooter then target, no pair from a point to itself, and each pair meeting as many obstacles
    from either end."""
    shooter, target = arrays["shooter"], arrays["target"]
    obstacle, crossed = arrays["obstacle"], arrays["crossed"]
    k = len(shooter)
    if not len(target) == len(obstacle) == len(crossed) == k:
        raise DamagedSightFile("its row arrays have different lengths")
    if len(arrays["points"]) != points:
        raise DamagedSightFile(f"{len(arrays['points'])} points, not {points}")
    if not k:
        return
    for name, array, top in (("shooter", shooter, points), ("target", target, points),
                             ("obstacle", obstacle, obstacles)):
        if int(array.min()) < 0 or int(array.max()) >= top:
            raise DamagedSightFile(f"{name} index out of range 0..{top - 1}")
    if int(crossed.view(np.uint8).max()) > 1:
        raise DamagedSightFile("crossed holds values other than true and false")
    pair = shooter.astype(np.int64) * points + target
    if np.any(pair[1:] < pair[:-1]):
        raise DamagedSightFile("rows not sorted by shooter, then target")
    if np.any(shooter == target):
        raise DamagedSightFile("a pair from a point to itself")
    counts = np.bincount(pair, minlength=points * points).reshape(points, points)
    if not np.array_equal(counts, counts.T):
        raise DamagedSightFile("a pair meets other obstacles from its two ends")
