"""The sight table's disk cache cannot lie (issue 24, items 1, 2 and 7): a wrong table (no touches,
pieces moved under the same ids, grazes made crosses, rows reversed...) or a damaged file
(truncated, flipped bytes, junk, a FIFO, a link to a device, a huge file...) planted in the cache is
refused with a warning naming the file, computed again and replaced; the answer is always the
freshly computed table. Files are written with fsync; killed writes' temporary files are tidied.
The slow fuzzer mutates cache files at random through every reader: ``sight_table``, the engine's
``CachedMeasurer`` and the ``analyse`` command."""

from __future__ import annotations

import dataclasses
import io
import json
import logging
import os
import random
import threading
import time
import zipfile
from pathlib import Path

import numpy as np
import pytest

import main
from paintcheck.field.lattice import Lattice
from paintcheck.field.layout import Layout, ObstacleSpec
from paintcheck.field.layout_file import save_layout, with_mirrors
from paintcheck.geometry import sight
from paintcheck.geometry.cache import CachedMeasurer
from paintcheck.geometry.index import ObstacleIndex

LOGGER = "paintcheck.geometry.sight"
ARRAYS = ("points", "shooter", "target", "obstacle", "crossed")
PIECES = (  # a tiny field (77 points): its table is computed in a few hundredths of a second
    ObstacleSpec("sub", "submarine", (1, 0), 0),
    ObstacleSpec("cyl-w", "cylinder", (2, 3)),
    ObstacleSpec("cone-w", "cone", (6, 4)),
    ObstacleSpec("snake-b", "cylinder_lying", (4, -2), 45),
    ObstacleSpec("pyr-b", "pyramid", (5, -4)),
)
MOVED = (  # the same ids, other places
    ObstacleSpec("sub", "submarine", (4, 0), 90),
    ObstacleSpec("cyl-w", "cylinder", (1, 2)),
    ObstacleSpec("cone-w", "cone", (3, 4)),
    ObstacleSpec("snake-b", "cylinder_lying", (2, -3), 0),
    ObstacleSpec("pyr-b", "pyramid", (6, -2)),
)
TINY = Layout("tiny", PIECES, Lattice(7, 5))


@pytest.fixture(scope="module")
def tiny():
    field = TINY.build()
    return field, sight.compute_sight_table(field)


@pytest.fixture(scope="module")
def moved():
    return sight.compute_sight_table(Layout("tiny moved", MOVED, Lattice(7, 5)).build())


def cache_path(folder: Path, field) -> Path:
    return folder / f"{sight.layout_key(field)}.npz"


def assert_same(got, fresh) -> None:
    assert got.obstacle_ids == fresh.obstacle_ids and got.heights == fresh.heights
    for name in ARRAYS:
        mine, theirs = getattr(got, name), getattr(fresh, name)
        assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs), name


def warned(caplog, path: Path) -> bool:
    return any(r.levelno == logging.WARNING and str(path) in r.getMessage() for r in caplog.records)


def rows(table, keep=None, **arrays):
    """``table`` with its rows replaced (``keep``: a mask or an order over them) or some arrays."""
    if keep is not None:
        arrays = {n: getattr(table, n)[keep] for n in ("shooter", "target", "obstacle", "crossed")}
    return dataclasses.replace(table, **arrays)


def no_touches(table, _moved):
    return rows(table, np.zeros(len(table), dtype=bool))


def moved_pieces(table, moved):
    return rows(table, shooter=moved.shooter, target=moved.target, obstacle=moved.obstacle,
                crossed=moved.crossed)


def grazes_as_crosses(table, _moved):
    return rows(table, crossed=np.ones_like(table.crossed))


def rows_reversed(table, _moved):
    return rows(table, np.arange(len(table))[::-1])


def one_piece_unseen(table, _moved):
    return rows(table, table.obstacle != table.obstacle_ids.index("cone-w"))


WRONG = {f.__name__: f for f in (no_touches, moved_pieces, grazes_as_crosses, rows_reversed,
                                 one_piece_unseen)}


def read_again_without_computing(field, fresh, folder, caplog, monkeypatch) -> None:
    """The replaced file is sound: read back as it is, nothing computed, nothing said."""
    caplog.clear()
    with monkeypatch.context() as m:
        m.setattr(sight, "compute_sight_table", lambda _f: pytest.fail("computed again"))
        assert_same(sight.sight_table(field, cache=folder), fresh)
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.parametrize("wrong", WRONG)
def test_a_wrong_table_written_whole_is_refused_and_replaced(tiny, moved, tmp_path, caplog, monkeypatch,
                                                             wrong):
    field, fresh = tiny
    path = cache_path(tmp_path, field)
    sight._save(WRONG[wrong](fresh, moved), path)  # the program's own writer: a fresh digest
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        assert_same(sight.sight_table(field, cache=tmp_path), fresh)
        assert warned(caplog, path)
        read_again_without_computing(field, fresh, tmp_path, caplog, monkeypatch)


def good_bytes(table, folder: Path) -> bytes:
    path = folder / "good.npz"
    sight._save(table, path)
    data = path.read_bytes()
    path.unlink()
    return data


def truncated(data: bytes) -> bytes:
    return data[: len(data) // 2]


def flipped(data: bytes) -> bytes:
    out = bytearray(data)
    for at in range(len(data) // 3, len(data) // 3 + 64, 7):  # inside the arrays' bytes
        out[at] ^= 0x5A
    return bytes(out)


def junk(data: bytes) -> bytes:
    return random.Random(1).randbytes(len(data))


def empty(_data: bytes) -> bytes:
    return b""


DAMAGED = {f.__name__: f for f in (truncated, flipped, junk, empty)}


@pytest.mark.parametrize("damage", DAMAGED)
def test_a_damaged_file_is_refused_and_replaced(tiny, tmp_path, caplog, monkeypatch, damage):
    field, fresh = tiny
    path = cache_path(tmp_path, field)
    path.write_bytes(DAMAGED[damage](good_bytes(fresh, tmp_path)))
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        assert_same(sight.sight_table(field, cache=tmp_path), fresh)
        assert warned(caplog, path)
        read_again_without_computing(field, fresh, tmp_path, caplog, monkeypatch)


def forge(path: Path, field, arrays: dict, **meta) -> None:
    """A table file in the program's format with these arrays as they are (dtypes and shapes too),
    a digest that matches them and this field's key: what a consistent rewrite would leave."""
    from paintcheck.geometry import sight_file

    members = {}
    for name in ARRAYS:
        buffer = io.BytesIO()
        np.lib.format.write_array(buffer, np.asanyarray(arrays[name]), allow_pickle=False)
        members[name] = buffer.getvalue()
    index = ObstacleIndex(field)
    info = {"format": sight_file.FORMAT, "key": sight.layout_key(field), "obstacle_ids": list(index.ids),
            "heights": [o.height for o in index.obstacles], "digest": sight_file._digest(members)}
    info.update(meta)
    with zipfile.ZipFile(path, "w") as archive:
        for name, raw in members.items():
            archive.writestr(f"{name}.npy", raw)
        archive.writestr(sight_file.META, json.dumps(info))


def arrays_of(table, **changed) -> dict:
    return {**{name: getattr(table, name) for name in ARRAYS}, **changed}


def forged(fresh) -> dict:
    m = len(fresh.obstacle_ids)
    big = fresh.obstacle.copy()
    big[len(big) // 2] = m  # one obstacle past the last
    negative = fresh.target.copy()
    negative[3] = -1
    two = fresh.crossed.view(np.uint8).copy()
    two[5] = 2
    return {
        "shooter as int64": arrays_of(fresh, shooter=fresh.shooter.astype(np.int64)),
        "crossed as float": arrays_of(fresh, crossed=fresh.crossed.astype(float)),
        "target big-endian": arrays_of(fresh, target=fresh.target.astype(">i4")),
        "points fortran": arrays_of(fresh, points=np.asfortranarray(fresh.points)),
        "points shifted": arrays_of(fresh, points=fresh.points + 1),
        "points of another lattice": arrays_of(fresh, points=fresh.points[:-1]),
        "shooter 2-D": arrays_of(fresh, shooter=fresh.shooter.reshape(-1, 1)),
        "obstacle past the last": arrays_of(fresh, obstacle=big),
        "negative target": arrays_of(fresh, target=negative),
        "crossed holding 2": arrays_of(fresh, crossed=two.view(bool)),
        "shooter and target swapped": arrays_of(fresh, shooter=fresh.target, target=fresh.shooter),
        "rows cut short": arrays_of(fresh, crossed=fresh.crossed[:-1]),
        "one direction only": {**arrays_of(fresh), **{
            k: getattr(fresh, k)[fresh.shooter < fresh.target] for k in ARRAYS[1:]}},
    }


def test_a_forged_file_with_a_matching_digest_is_refused_and_replaced(tiny, tmp_path, caplog, monkeypatch):
    field, fresh = tiny
    path = cache_path(tmp_path, field)
    cases = {**forged(fresh), "another layout's key": (arrays_of(fresh), {"key": "0" * 32}),
             "other heights": (arrays_of(fresh), {"heights": ["low"] * len(fresh.heights)})}
    for name, case in cases.items():
        arrays, meta = case if isinstance(case, tuple) else (case, {})
        forge(path, field, arrays, **meta)
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger=LOGGER):
            assert_same(sight.sight_table(field, cache=tmp_path), fresh)
        assert warned(caplog, path), name
    forge(path, field, arrays_of(fresh))  # the forger's own writer is right: a sound file is read
    read_again_without_computing(field, fresh, tmp_path, caplog, monkeypatch)


def test_a_fifo_is_never_opened_for_a_blocking_read(tiny, tmp_path, caplog):
    field, fresh = tiny
    path = cache_path(tmp_path, field)
    os.mkfifo(path)
    answers: dict = {}
    points = field.lattice.points()

    def read() -> None:  # the engine's measurer first (it looks whether a table is on disk), then the table
        answers["lines"] = CachedMeasurer(field, cache=tmp_path).lines_of_fire((3, 0), points)
        answers["table"] = sight.sight_table(field, cache=tmp_path)

    with caplog.at_level(logging.WARNING, logger=LOGGER):
        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        reader.join(timeout=60)
        if reader.is_alive():  # blocked in open(): a writer lets it go, and the test fails
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
            reader.join(timeout=10)
            pytest.fail("reading the cache hung on a FIFO")
    assert answers["lines"] == CachedMeasurer(field, sight=False).lines_of_fire((3, 0), points)
    assert_same(answers["table"], fresh)
    assert warned(caplog, path) and path.is_file()  # replaced by a regular file


def test_what_is_not_a_small_regular_file_is_not_read(tiny, tmp_path, caplog, monkeypatch):
    field, fresh = tiny
    path = cache_path(tmp_path, field)
    sizes = []
    real_read = os.read
    monkeypatch.setattr(os, "read", lambda fd, n: sizes.append(n) or real_read(fd, n))
    for name, plant in {
        "a link to /dev/zero": lambda: path.symlink_to("/dev/zero"),
        "a folder": path.mkdir,
        "a huge file": lambda: path.write_bytes(b"") or os.truncate(path, 1 << 34),  # sparse: no disk
    }.items():
        if path.is_dir() and not path.is_symlink():
            path.rmdir()
        elif path.exists() or path.is_symlink():
            path.unlink()
        plant()
        caplog.clear()
        sizes.clear()
        with caplog.at_level(logging.WARNING, logger=LOGGER):
            assert_same(sight.sight_table(field, cache=tmp_path), fresh)
        assert warned(caplog, path), name
        assert sum(sizes) == 0, name  # refused before a byte was read


def test_the_engines_measurer_reads_no_planted_table(tiny, tmp_path):
    field, fresh = tiny
    sight._save(no_touches(fresh, None), cache_path(tmp_path, field))
    exact = CachedMeasurer(field, sight=False)
    table = CachedMeasurer(field, cache=tmp_path)  # the table on disk: read at the first question
    points = field.lattice.points()
    for shooter in points[::5]:
        assert table.lines_of_fire(shooter, points) == exact.lines_of_fire(shooter, points)
    assert table._sight is not None


SMALL = Lattice(9, 9)
SMALL_PIECES = with_mirrors((  # a valid layout file (analyse reads one): White's half and its mirror
    ObstacleSpec("sub", "submarine", (1, 0), 0),
    ObstacleSpec("rocket", "rocket_big", (6, 0)),
    ObstacleSpec("cyl-w", "cylinder", (2, 3)),
    ObstacleSpec("cone-w", "cone", (6, 4)),
    ObstacleSpec("snake-w", "cylinder_lying", (4, 6), 45),
))
SMALL_MOVED = with_mirrors((
    ObstacleSpec("sub", "submarine", (1, 0), 0),
    ObstacleSpec("rocket", "rocket_big", (6, 0)),
    ObstacleSpec("cyl-w", "cylinder", (5, 5)),
    ObstacleSpec("cone-w", "cone", (2, 7)),
    ObstacleSpec("snake-w", "cylinder_lying", (7, 3), 90),
))


@pytest.fixture(scope="module")
def small_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("layout") / "small.json"
    save_layout(Layout("small", SMALL_PIECES, SMALL), path)
    return path


def analyse(path: Path, capsys) -> dict:
    assert main.main(["analyse", "--layout", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_analyse_reads_no_planted_table(small_file, tmp_path, monkeypatch, capsys, caplog):
    monkeypatch.setattr(sight, "cache_dir", lambda: tmp_path / "sight")
    fresh = analyse(small_file, capsys)  # computed, and cached
    field = Layout("small", SMALL_PIECES, SMALL).build()
    path = cache_path(tmp_path / "sight", field)
    assert path.is_file()
    sight._save(no_touches(sight.compute_sight_table(field), None), path)
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        assert analyse(small_file, capsys) == fresh
    assert warned(caplog, path)


def test_the_file_is_flushed_to_the_disk_before_it_replaces_the_old(tiny, tmp_path, monkeypatch):
    field, fresh = tiny
    synced = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd) or real_fsync(fd))
    sight.sight_table(field, cache=tmp_path)
    assert synced and [p.name for p in tmp_path.iterdir()] == [cache_path(tmp_path, field).name]


def test_stale_temporary_files_of_killed_writes_are_removed(tiny, tmp_path):
    field, fresh = tiny
    key = sight.layout_key(field)
    old = time.time() - 3600
    stale = [tmp_path / f".{key}.npz.k3_x9abc.tmp", tmp_path / f"{'a' * 32}.npz.0h2kq_7z.tmp"]
    kept = [
        tmp_path / f".{key}.npz.fresh123.tmp",  # a live writer's, maybe
        tmp_path / "notes.npz.abcdefgh.tmp",  # not the cache's name
        tmp_path / f"{'b' * 32}.npz",  # another layout's table
    ]
    for path in stale + kept:
        path.write_bytes(b"x" * 1000)
        if path.name != kept[0].name:
            os.utime(path, (old, old))
    linked = tmp_path / f".{'c' * 32}.npz.linkedxx.tmp"
    linked.symlink_to(kept[2])
    os.utime(linked, (old, old), follow_symlinks=False)
    sight.sight_table(field, cache=tmp_path)
    assert not any(p.exists() for p in stale)
    assert all(p.exists() for p in kept) and linked.is_symlink()


# -- the slow fuzzer --------------------------------------------------------------------------------


def _zip_with(data: bytes, change) -> bytes:
    """The archive ``data`` rewritten member by member through ``change(name, raw) -> [(name, raw,
    compression)]``."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            for name, raw, how in change(info.filename, src.read(info)):
                dst.writestr(zipfile.ZipInfo(name), raw, compress_type=how)
    return out.getvalue()


def _meta_as(value):
    return lambda name, raw: [(name, value if name == "meta.json" else raw, zipfile.ZIP_STORED)]


def byte_damage(rng: random.Random, data: bytes) -> bytes:
    kind = rng.randrange(9)
    if kind == 0:
        return data[: rng.randrange(len(data))]
    if kind == 1:
        out = bytearray(data)
        for _ in range(rng.randint(1, 16)):
            out[rng.randrange(len(out))] ^= rng.randint(1, 255)
        return bytes(out)
    if kind == 2:
        at = rng.randrange(len(data))
        return data[:at] + rng.randbytes(rng.randint(1, 4096)) + data[at:]
    if kind == 3:
        return rng.randbytes(rng.randint(0, 2 * len(data)))
    if kind == 4:
        at = rng.randrange(len(data))
        return data[:at] + bytes(rng.randint(1, 4096)) + data[at + 4096:]
    if kind == 5:  # a member compressed, dropped, doubled or renamed
        how = rng.choice(["deflate", "drop", "double", "rename"])
        victim = rng.choice([*(f"{n}.npy" for n in ARRAYS), "meta.json"])

        def change(name, raw):
            if name != victim:
                return [(name, raw, zipfile.ZIP_STORED)]
            return {"deflate": [(name, raw, zipfile.ZIP_DEFLATED)], "drop": [],
                    "double": [(name, raw, zipfile.ZIP_STORED), ("extra.npy", raw, zipfile.ZIP_STORED)],
                    "rename": [("x" + name, raw, zipfile.ZIP_STORED)]}[how]

        return _zip_with(data, change)
    if kind == 6:  # meta.json not what the program writes
        meta = json.loads(zipfile.ZipFile(io.BytesIO(data)).read("meta.json"))
        variants = [b"[" * 100_000 + b"]" * 100_000, b"\xff\xfe", b"null", b'"text"', b"{}",
                    json.dumps({**meta, "obstacle_ids": [1, 2]}).encode(),
                    json.dumps({**meta, "digest": 7}).encode(),
                    json.dumps({**meta, "key": None}).encode(),
                    json.dumps({**meta, "format": "paintcheck-sight-table/99"}).encode(),
                    json.dumps({**meta, "obstacle_ids": list(reversed(meta["obstacle_ids"]))}).encode()]
        return _zip_with(data, _meta_as(rng.choice(variants)))
    if kind == 7:  # two arrays' bytes swapped (the digest then fails)
        a, b = rng.sample([f"{n}.npy" for n in ARRAYS], 2)
        members = dict((i.filename, zipfile.ZipFile(io.BytesIO(data)).read(i)) for i in
                       zipfile.ZipFile(io.BytesIO(data)).infolist())
        return _zip_with(data, lambda name, raw: [(name, members[{a: b, b: a}.get(name, name)],
                                                   zipfile.ZIP_STORED)])
    return data + rng.randbytes(rng.randint(1, 100))  # trailing junk: harmless or refused


def plant(rng: random.Random, path: Path, field, fresh, moved_table, good: bytes) -> str:
    """Put one random wrong or damaged thing where ``field``'s table is cached; says what."""
    if path.is_dir() and not path.is_symlink():
        path.rmdir()
    elif path.exists() or path.is_symlink():
        path.unlink()
    kind = rng.randrange(10)
    if kind < 4:
        path.write_bytes(byte_damage(rng, good))
        return "bytes"
    if kind < 6:
        name = rng.choice(list(WRONG))
        sight._save(WRONG[name](fresh, moved_table), path)
        return name
    if kind < 8:
        cases = forged(fresh)
        name = rng.choice(list(cases))
        forge(path, field, cases[name])
        return name
    special = rng.choice(["fifo", "folder", "zero", "dangling", "loop", "huge", "sound"])
    if special == "fifo":
        os.mkfifo(path)
    elif special == "folder":
        path.mkdir()
    elif special == "zero":
        path.symlink_to("/dev/zero")
    elif special == "dangling":
        path.symlink_to(path.parent / "nowhere")
    elif special == "loop":
        path.symlink_to(path)
    elif special == "huge":
        path.write_bytes(b"")
        os.truncate(path, 1 << 34)
    else:
        path.write_bytes(good)
    return special


def run_bounded(fn, seconds: float = 60):
    """``fn()`` in a thread: its value, or a failure when it hangs (a FIFO opened for reading)."""
    out: dict = {}
    worker = threading.Thread(target=lambda: out.setdefault("value", fn()), daemon=True)
    worker.start()
    worker.join(timeout=seconds)
    if worker.is_alive():
        pytest.fail("a reader hung")
    return out["value"]


def no_traceback(caplog) -> None:
    assert not [r for r in caplog.records if r.exc_info], "a file provoked an unexpected exception"


@pytest.mark.slow
def test_fuzzed_cache_files_through_every_reader(tiny, moved, small_file, tmp_path, monkeypatch,
                                                capsys, caplog):
    rng = random.Random(24)
    field, fresh = tiny
    index = ObstacleIndex(field)
    good = good_bytes(fresh, tmp_path)
    path = cache_path(tmp_path, field)
    points = field.lattice.points()
    shooters = points[::11]
    exact = CachedMeasurer(field, sight=False)
    want = [exact.lines_of_fire(s, points) for s in shooters]
    caplog.set_level(logging.INFO)
    seen = set()
    for _ in range(400):
        planted = plant(rng, path, field, fresh, moved, good)
        seen.add(planted)
        reader = rng.randrange(3)
        if reader < 2:
            given = field if reader == 0 else index
            assert_same(run_bounded(lambda g=given: sight.sight_table(g, cache=tmp_path)), fresh)
            assert path.is_file() or planted == "folder"  # replaced (a folder is left alone)
        else:  # the engine's measurer: the table when it is on disk, else the geometry
            measurer = CachedMeasurer(field, cache=tmp_path)
            got = run_bounded(lambda m=measurer: [m.lines_of_fire(s, points) for s in shooters])
            assert got == want
        no_traceback(caplog)
    assert len(seen) > 20
    # the analyse command, on a layout file it must leave as it was
    monkeypatch.setattr(sight, "cache_dir", lambda: tmp_path / "sight")
    before = small_file.read_bytes()
    want_json = analyse(small_file, capsys)
    small = Layout("small", SMALL_PIECES, SMALL).build()
    small_fresh = sight.compute_sight_table(small)
    small_good = good_bytes(small_fresh, tmp_path)
    small_moved = sight.compute_sight_table(Layout("small moved", SMALL_MOVED, SMALL).build())
    small_path = cache_path(tmp_path / "sight", small)
    for _ in range(25):
        plant(rng, small_path, small, small_fresh, small_moved, small_good)
        assert run_bounded(lambda: analyse(small_file, capsys)) == want_json
        no_traceback(caplog)
    assert small_file.read_bytes() == before


SHIPPED = sorted((Path(__file__).resolve().parents[2] / "layouts").glob("*.json"))


@pytest.mark.slow
@pytest.mark.parametrize("layout", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_on_every_shipped_layout_a_sound_table_passes_and_the_wrong_ones_do_not(layout, tmp_path, caplog):
    """Whatever sample the digest draws: a sound table is never refused (its file is read back
    without a warning), and no touches, grazes as crosses, pieces moved under their ids or any one
    piece's touches removed are always caught by the ruler's sample."""
    from paintcheck.field.lattice import mirror_point
    from paintcheck.field.layout_file import load_layout

    spec = load_layout(layout)
    field = spec.build()
    index = ObstacleIndex(field)
    fresh = sight.sight_table(index, cache=tmp_path)
    with caplog.at_level(logging.WARNING, logger=LOGGER):
        assert_same(sight._load(cache_path(tmp_path, field), index), fresh)
    assert not caplog.records
    seeds = range(40)
    assert all(sight._spot_check(fresh, index, seed) is None for seed in seeds)
    swapped = Layout("ids kept, places mirrored", tuple(
        dataclasses.replace(s, at=mirror_point(s.at)) for s in spec.obstacles), spec.lattice).build()
    wrong = [no_touches(fresh, None), grazes_as_crosses(fresh, None),
             moved_pieces(fresh, sight.compute_sight_table(swapped))]
    wrong += [rows(fresh, fresh.obstacle != j) for j in range(len(index))]
    for table in wrong:
        assert all(sight._spot_check(table, index, seed) is not None for seed in seeds[::8])
