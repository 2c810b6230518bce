"""`python main.py export`: a layout as a PNG, drawn as the window draws the field, without a window."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

import main  # noqa: E402
from paintcheck.cli import export as export_cli  # noqa: E402
from paintcheck.field.layout_file import default_layout_path, load_layout, shipped_layouts  # noqa: E402
from paintcheck.ui import export_image, theme  # noqa: E402

ROOT = Path(main.__file__).resolve().parent
BOX21 = str(default_layout_path())


def run(capsys, *args):
    code = main.main(["export", *args])
    out, err = capsys.readouterr()
    return code, out, err


def _rgb(surface: pygame.Surface, pos) -> tuple[int, int, int]:
    return tuple(surface.get_at(pos))[:3]


def test_every_shipped_layout_is_written_at_the_width_asked(capsys, tmp_path):
    for path in shipped_layouts():
        out = tmp_path / f"{path.stem}.png"
        code, said, err = run(capsys, "--layout", str(path), "--png", str(out), "--width", "400")
        assert code == 0 and err == "", f"{path.name}: {err}"
        image = pygame.image.load(str(out))
        assert image.get_width() == 400
        field = load_layout(path).build()
        lat = field.lattice
        # the height follows the field's proportions: taller than wide for every shipped field
        assert image.get_height() > 400 * (2 * lat.rows_per_half + 1) / (lat.columns + 2)
        size = f"{image.get_width()} x {image.get_height()} pixels"
        assert said == f"wrote {out} ({size}, {field.layout.name})\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"{p.stem}.png" for p in shipped_layouts())


def test_the_default_width_and_the_limits_are_the_pictures(capsys, tmp_path):
    out = tmp_path / "box.png"
    code, _, _ = run(capsys, "--layout", BOX21, "--png", str(out))
    assert code == 0 and pygame.image.load(str(out)).get_width() == export_image.DEFAULT_WIDTH == 1200
    assert (export_cli.MIN_WIDTH, export_cli.MAX_WIDTH, export_cli.DEFAULT_WIDTH) == (
        export_image.MIN_WIDTH, export_image.MAX_WIDTH, export_image.DEFAULT_WIDTH)


@pytest.mark.parametrize("layout", ["box21.json", "tight.json"])
def test_each_piece_is_drawn_in_its_colour_where_it_stands(capsys, tmp_path, layout):
    path = ROOT / "layouts" / layout
    out = tmp_path / "field.png"
    width = 700
    assert run(capsys, "--layout", str(path), "--png", str(out), "--width", str(width))[0] == 0
    image = pygame.image.load(str(out))
    field = load_layout(path).build()
    t = export_image.field_transform(field.lattice, width)
    ground = {theme.GRASS, theme.GRASS_DARK, theme.BACKGROUND, theme.LATTICE_DOT,
              *theme.PREBUNK.values(), *theme.BASE.values()}
    for o in field.obstacles:
        fill, edge = theme.OBSTACLE_FILL[o.height], theme.OBSTACLE_EDGE[o.height]
        inside = o.footprint.buffer(-0.1)
        minx, miny, maxx, maxy = inside.bounds
        samples = [(minx + (maxx - minx) * i / 6, miny + (maxy - miny) * j / 6)
                   for i in range(7) for j in range(7)]
        seen = [_rgb(image, t.to_screen(x, y)) for x, y in samples if inside.contains(_pt(x, y))]
        assert seen, o.id
        assert all(c in (fill, edge) for c in seen), (o.id, set(seen))
        assert seen.count(fill) > len(seen) / 2, o.id
        assert _rgb(image, t.to_screen(*o.centre)) not in ground, o.id
    # and where no piece stands, the lattice point is the window's dot on the grass
    free = [p for p in field.lattice.points()
            if all(o.footprint.distance(_pt(*p)) > 0.5 for o in field.obstacles)]
    assert free
    for p in free[::7]:
        assert _rgb(image, t.to_screen(*p)) == theme.LATTICE_DOT, p


def _pt(x, y):
    import shapely

    return shapely.Point(x, y)


def test_the_legend_counts_the_kinds_in_the_players_words():
    field = load_layout(BOX21).build()
    legend = export_image._Legend(field, 1200, export_image.field_transform(field.lattice, 1200))
    words = [legend._words(kind, count)[0] for kind, count in legend.entries]
    assert "4 × carrot" not in words and "2 × carrot" in words  # cone_lying, as players say it
    assert "4 × lying cylinder" in words and legend.total == 21
    assert sum(count for _, count in legend.entries) == len(field.obstacles)


def test_a_broken_layout_is_one_line_exit_2_and_nothing_written(capsys, tmp_path):
    not_json = tmp_path / "not_json.json"
    not_json.write_text("{")
    refused = tmp_path / "refused.json"
    data = json.loads(Path(BOX21).read_text(encoding="utf-8"))
    data["obstacles"] = data["obstacles"][:-1]  # a mirror missing: validate refuses it
    refused.write_text(json.dumps(data))
    for bad in (tmp_path / "missing.json", not_json, refused):
        out = tmp_path / "out" / "field.png"
        out.parent.mkdir(exist_ok=True)
        code, said, err = run(capsys, "--layout", str(bad), "--png", str(out))
        assert code == 2 and said == "" and err.count("\n") == 1, err
        assert err.startswith("error: ") and bad.name in err
        assert list(out.parent.iterdir()) == []


@pytest.mark.parametrize("given, says", [
    ("abc", "a whole number of pixels, not 'abc'"),
    ("12.5", "a whole number of pixels, not '12.5'"),
    ("299", "300 to 6000 pixels, not 299"),
    ("6001", "300 to 6000 pixels, not 6001"),
    ("-5", "300 to 6000 pixels, not -5"),
])
def test_a_bad_width_is_one_line_and_exit_2(capsys, tmp_path, given, says):
    out = tmp_path / "field.png"
    code, said, err = run(capsys, "--layout", BOX21, "--png", str(out), "--width", given)
    assert (code, said, err) == (2, "", f"error: --width must be {says}\n")
    assert not out.exists()


def test_an_unwritable_out_is_one_line_and_exit_2(capsys, tmp_path, monkeypatch):
    for out in (tmp_path / "no such folder" / "field.png", tmp_path):
        code, said, err = run(capsys, "--layout", BOX21, "--png", str(out), "--width", "300")
        assert code == 2 and said == "" and err.count("\n") == 1 and err.startswith(f"error: {out}: ")
    # a save that fails half way leaves the old image as it was and no temporary file
    out = tmp_path / "field.png"
    out.write_bytes(b"old picture")

    def failing_save(surface, name):
        Path(name).write_bytes(b"half")
        raise pygame.error("disk full")

    monkeypatch.setattr(pygame.image, "save", failing_save)
    code, said, err = run(capsys, "--layout", BOX21, "--png", str(out), "--width", "300")
    assert (code, said, err) == (2, "", f"error: {out}: cannot be written (disk full)\n")
    assert out.read_bytes() == b"old picture" and [p.name for p in tmp_path.iterdir()] == ["field.png"]


@pytest.mark.slow
def test_the_command_runs_without_a_display_and_its_parser_needs_no_pygame(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY")}
    out = tmp_path / "box.png"
    done = subprocess.run([sys.executable, "main.py", "export", "--layout", BOX21, "--png", str(out),
                           "--width", "300"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    probe = "import sys, main; main.build_parser(); assert 'pygame' not in sys.modules"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr


def test_a_target_that_is_not_a_regular_file_is_refused_and_left_as_it_was(capsys, tmp_path):
    """Issue 24: the rename put the picture in place of a symbolic link, a FIFO or a device (as root
    ``--png /dev/full`` replaced the device). Such a target is one line, exit 2, nothing written."""
    picture = tmp_path / "picture.png"
    picture.write_bytes(b"the user's picture")
    link = tmp_path / "link.png"
    link.symlink_to(picture)
    dangling = tmp_path / "dangling.png"
    dangling.symlink_to(tmp_path / "nowhere.png")
    fifo = tmp_path / "fifo.png"
    os.mkfifo(fifo)
    for out in (link, dangling, fifo):
        code, said, err = run(capsys, "--layout", BOX21, "--png", str(out), "--width", "300")
        assert (code, said) == (2, "")
        assert err == (f"error: {out}: cannot be written (not a regular file: a link, a FIFO or a device is "
                       "never replaced)\n")
    assert link.is_symlink() and dangling.is_symlink() and stat.S_ISFIFO(fifo.lstat().st_mode)
    assert picture.read_bytes() == b"the user's picture" and not (tmp_path / "nowhere.png").exists()
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["dangling.png", "fifo.png", "link.png", "picture.png"]
    # the same refusal for analyse --png and the designer's export: export_png itself refuses
    with pytest.raises(OSError, match="not a regular file"):
        export_image.export_png(load_layout(BOX21).build(), fifo, 300)
