"""Issue 24's fuzzers, in the slow run: bad layout files and settings files, made by seeded random
mutations of good ones, through every reader — ``validate``, ``export --png``, the field chooser (the
list and its page drawn), the designer's *Open*, the study, the settings at start and the title's
language button. No traceback, no exception out of a reader, every file byte-identical after (a FIFO
still a FIFO, a link still the same link).

The mutations: truncation, flipped bytes, control characters (escaped and raw), lone surrogates,
bidirectional overrides, huge names and ids, nesting a hundred thousand deep, values of the wrong
type, numbers of 5,000 digits, duplicate keys, bytes that are not UTF-8 (in the text and in the
file's name), binary junk; and files that are no regular files: FIFOs, links to ``/dev/zero`` and to
a large sparse file, dangling links, folders. A hang fails the run (``faulthandler`` ends it).
"""

from __future__ import annotations

import faulthandler
import json
import logging
import os
import random
import stat
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import main
from paintcheck.field.layout_file import shipped_layouts
from paintcheck.printable import first_unshown
from paintcheck.ui import saves, settings
from tests.ui.driver import press, step

SEED = 24
LAYOUT_VARIANTS = 420  # through validate, export and the chooser's reading
WINDOW_VARIANTS = 140  # of them, also opened in the designer and the study
SETTINGS_VARIANTS = 160
HANG_AFTER = 900  # seconds for the whole run: a reader waiting on a FIFO ends it with a dump

BAD_LAYOUTS = sorted((Path(__file__).parents[1] / "field" / "bad_layouts").glob("*.json"))
WEIRD = ["\x00", "\x1b[31m", "\n", "\r", "\t", "\x7f", "\x85", "\u2028", "\u202e", "\u2066", "\ud800",
         "\udcff", "\ufeff", "\u202f", "\U0001f3af", "e\u0301", "<b>", "%{name}", "\\", '"']
HUGE = [81, 4_000, 900_000]


# -- making the variants ---------------------------------------------------------------------------------
def _paths(data, prefix=()):
    """Every (path, value) inside ``data``."""
    yield prefix, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _paths(value, (*prefix, i))


def _set(data, path, value):
    if not path:
        return value
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


def _random_value(rng: random.Random):
    return rng.choice([None, True, 0, -1, 2**70, 1.5, "", "x", [], {}, [1, "a"], {"a": 1},
                       rng.choice(WEIRD) * rng.choice((1, 3)), "B:Z99", "I0", 45, 30])


def _text_targets(data) -> list[tuple]:
    """Where a layout keeps the texts it shows: its name, its obstacles' ids and names."""
    out = [("name",)]
    for i, entry in enumerate(data.get("obstacles", []) if isinstance(data, dict) else []):
        if isinstance(entry, dict):
            out += [("obstacles", i, "id"), ("obstacles", i, "name")]
    return out


def _mutate(rng: random.Random, raw: bytes) -> bytes:
    """One bad (or, by chance, still good) variant of the file ``raw``."""
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except ValueError:
        data = None
    kind = rng.choice(["truncate", "flip", "junk", "not_utf8"] + (
        ["weird_text", "raw_control", "huge_text", "deep", "wrong_type", "long_number", "duplicate",
         "nan", "bom", "drop"] * 2 if isinstance(data, dict) else []))
    if kind == "truncate":
        return raw[:rng.randrange(len(raw) + 1)]
    if kind == "flip":
        out = bytearray(raw)
        for _ in range(rng.randint(1, 8)):
            if out:
                out[rng.randrange(len(out))] = rng.randrange(256)
        return bytes(out)
    if kind == "junk":
        return rng.randbytes(rng.choice((1, 64, 4096)))
    if kind == "not_utf8":
        at = rng.randrange(len(raw) + 1)
        return raw[:at] + rng.choice([b"\xff", b"\xc3", b"\xe9", b"\xed\xa0\x80"]) + raw[at:]
    if kind == "raw_control":  # a control byte inside a JSON string: JSON itself refuses it
        at = raw.find(b'"', rng.randrange(len(raw)))
        return raw if at < 0 else raw[:at + 1] + bytes([rng.randrange(32)]) + raw[at + 1:]
    if kind == "bom":
        return b"\xef\xbb\xbf" + raw
    if kind == "duplicate":
        return raw.replace(b"{", b'{"name": "twice", ', 1)
    path = rng.choice([p for p, _ in _paths(data)])
    if kind == "weird_text":
        where = rng.choice(_text_targets(data))
        value = "Box" + "".join(rng.choice(WEIRD) for _ in range(rng.randint(1, 3))) + " 21"
        data = _set(data, where, value) if _settable(data, where) else data
    elif kind == "huge_text":
        where = rng.choice(_text_targets(data))
        data = _set(data, where, rng.choice("nŋ🎯") * rng.choice(HUGE)) if _settable(data, where) else data
    elif kind == "deep":
        depth = rng.choice((50, 5_000, 100_000))
        text = json.dumps(_set(data, path, "@@DEEP@@") if path else {"name": "@@DEEP@@"})
        return text.replace('"@@DEEP@@"', "[" * depth + "]" * depth).encode("utf-8")
    elif kind == "wrong_type":
        data = _set(data, path, _random_value(rng))
    elif kind == "long_number":
        return json.dumps(_set(data, path, "@@N@@")).replace('"@@N@@"', "7" * 5000).encode("utf-8")
    elif kind == "nan":
        return json.dumps(_set(data, path, float(rng.choice(["nan", "inf"])))).encode("utf-8")
    elif kind == "drop" and path:
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        del parent[path[-1]]
    return json.dumps(data, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")


def _settable(data, where) -> bool:
    node = data
    for key in where[:-1]:
        if isinstance(key, int):
            if not isinstance(node, list) or key >= len(node):
                return False
        elif not isinstance(node, dict) or key not in node:
            return False
        node = node[key]
    return isinstance(node, dict)


def _special(rng: random.Random, path: Path, sparse: Path) -> None:
    """At ``path``: something that is not a regular file."""
    kind = rng.choice(["fifo", "zero", "sparse", "dangling", "folder"])
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "sparse":
        path.symlink_to(sparse)
    elif kind == "dangling":
        path.symlink_to(path.with_name("nowhere"))
    else:
        path.mkdir()


def _fingerprint(path: Path):
    """What must not change: a regular file's bytes, a link's target, another file's kind."""
    st = path.lstat()
    if stat.S_ISREG(st.st_mode):
        return "file", path.read_bytes()
    if stat.S_ISLNK(st.st_mode):
        return "link", os.readlink(path)
    return "other", stat.S_IFMT(st.st_mode)


def _layout_variants(folder: Path, count: int) -> list[Path]:
    rng = random.Random(SEED)
    sources = [p.read_bytes() for p in shipped_layouts() + BAD_LAYOUTS]
    folder.mkdir(parents=True, exist_ok=True)
    sparse = folder.parent / "sparse.bin"
    with sparse.open("wb") as handle:
        handle.truncate(64 << 20)  # 64 MiB, nothing written
    out = []
    for n in range(count):
        odd = rng.choice([b"", b"", b"", b"-\xff", b"-\x01", "-\u202e".encode()])  # not UTF-8, a control
        path = Path(os.fsdecode(os.fsencode(str(folder)) + b"/v%03d%s.json" % (n, odd)))
        if rng.random() < 0.08:
            _special(rng, path, sparse)
        else:
            path.write_bytes(_mutate(rng, rng.choice(sources)))
        out.append(path)
    return out


# -- the readers ------------------------------------------------------------------------------------------
class _Tracebacks(logging.Handler):
    """Every log record that carries a traceback."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info:
            self.records.append(record)


@pytest.fixture
def watched():
    """No reader may hang (a FIFO read waits for ever) or log a traceback."""
    handler = _Tracebacks()
    logging.getLogger().addHandler(handler)
    faulthandler.dump_traceback_later(HANG_AFTER, exit=True, file=sys.__stderr__)
    yield handler
    faulthandler.cancel_dump_traceback_later()
    logging.getLogger().removeHandler(handler)
    assert not handler.records, [r.getMessage() for r in handler.records]


def _one_line(text: str) -> bool:
    """Nothing ``paintcheck.printable`` would escape: one line a font and a terminal can show."""
    return first_unshown(text) is None


def _command(capsys, argv: list[str]) -> tuple[int, str, str]:
    code = main.main(argv)
    out, err = capsys.readouterr()
    assert code in (0, 2), (argv, code, err)
    assert "Traceback" not in out + err, (argv, err)
    return code, out, err


def _each(paths: list[Path], read: Callable[[Path], None]) -> None:
    for path in paths:
        try:
            read(path)
        except Exception as exc:  # noqa: BLE001 - the fuzzer names the file that broke a reader
            raise AssertionError(f"{path!r}: {type(exc).__name__}: {exc}") from exc


@pytest.mark.slow
def test_bad_layouts_through_every_reader(app, capsys, tmp_path, watched):
    folder = saves.user_layouts_dir()
    paths = _layout_variants(folder, LAYOUT_VARIANTS)
    before = {path: _fingerprint(path) for path in paths}
    counts = {0: 0, 2: 0}

    def validate(path: Path) -> None:
        code, out, err = _command(capsys, ["validate", str(path)])
        counts[code] += 1
        assert err == "" and out.endswith("\n") and out.count("\n") >= 1
        for line in out.splitlines():
            assert _one_line(line) and len(line) < 2000, line[:200]

    def export(path: Path) -> None:
        png = tmp_path / "out.png"
        argv = ["export", "--layout", str(path), "--png", str(png), "--width", "300"]
        code, out, err = _command(capsys, argv)
        lines = (out if code == 0 else err).splitlines()
        assert len(lines) == 1 and _one_line(lines[0]), lines
        assert png.exists() == (code == 0)
        png.unlink(missing_ok=True)

    _each(paths, validate)
    _each(paths, export)
    assert counts[0] and counts[2] > counts[0], counts  # the variants are mostly bad, some still good

    fields = {f.path: f for f in saves.list_fields()}
    assert set(paths) - {p for p in paths if p.is_dir()} <= set(fields)
    for field in fields.values():
        assert _one_line(field.name) and len(field.name) < 200 and _one_line(field.file)
        assert field.problem is None or "\n" not in field.problem
    app.choose_field()
    scene = app.scene
    for _ in range(len(fields) // max(1, scene.per_page(app.size)) + 1):  # every page drawn
        step(app)
        if "next" not in scene.controls.choices or scene.controls.choices["next"].reason:
            break
        press(app, "next")

    def window(path: Path) -> None:
        app.switch("title")
        app.open_designer(path)
        step(app, 2)
        app.switch("title")
        app.study_field(path)
        step(app, 2)

    _each(paths[:WINDOW_VARIANTS], window)
    app.switch("title")
    step(app)
    assert {path: _fingerprint(path) for path in paths} == before


def _settings_variants(rng: random.Random):
    good = json.dumps({"language": "fr", "other": {"kept": [1, 2]}}, indent=2).encode("utf-8")
    for n in range(SETTINGS_VARIANTS):
        if n % 12 == 0:
            yield "special", None
        elif n % 12 == 1:
            yield "typed", json.dumps(rng.choice([[], "fr", 5, None, {"language": 5}, {"language": "de"},
                                                  {"language": ["fr"]}, {"\ud800": 1}]),
                                      ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass")
        else:
            yield "mutated", _mutate(rng, good)


@pytest.mark.slow
def test_bad_settings_at_start_and_on_the_language_button(app, tmp_path, watched):
    rng = random.Random(SEED)
    path = settings.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    sparse = tmp_path / "sparse.bin"
    with sparse.open("wb") as handle:
        handle.truncate(64 << 20)
    damaged = 0
    for n, (kind, raw) in enumerate(_settings_variants(rng)):
        if path.is_dir() and not path.is_symlink():
            path.rmdir()
        elif path.exists() or path.is_symlink():
            path.unlink()
        if raw is None:
            _special(rng, path, sparse)
        else:
            path.write_bytes(raw)
        before = _fingerprint(path)
        try:
            data, problem = settings.load()
            assert settings.starting_language() in ("en", "fr")
            assert isinstance(settings.read(), dict)
            assert _fingerprint(path) == before
            app.switch("title")
            step(app)
            other = "fr" if app.language == "en" else "en"
            press(app, "language")
            step(app)
        except Exception as exc:  # noqa: BLE001 - the fuzzer names the variant that broke a reader
            raise AssertionError(f"settings variant {n} ({kind}): {type(exc).__name__}: {exc}") from exc
        assert app.language == other
        if problem is not None:
            damaged += 1
            words, _ = app.message
            assert "\n" not in words and str(path) in words
            assert _fingerprint(path) == before, n  # a damaged file is never written over
        else:
            assert settings.read().get("language") == other, (n, kind, _fingerprint(path))
            assert {k: v for k, v in settings.read().items() if k != "language"} == {
                k: v for k, v in data.items() if k != "language"}
    assert damaged > SETTINGS_VARIANTS // 2
