"""Issue 31 item 2: Un pour un band files (``unpourun-band/1``): the shipped examples load and may
play, a band saved reloads equal, a bad file is refused in one line naming the file, ``validate``
reads band files, and the user's folder is the user's data folder."""

from __future__ import annotations

import json
import os

import pytest

from paintcheck.cli import validate
from paintcheck.unpourun import band_file as bf
from paintcheck.unpourun import tables as t
from paintcheck.unpourun.bands import BandSpec, FigureSpec, Options, band_cost, band_problems


def _band() -> BandSpec:
    return BandSpec("Test", (FigureSpec(t.CHEF, "epee", ("fusil",), ("visee",)),
                             FigureSpec(t.SOUS_FIFRE, equipment=("medikit", "medikit")),
                             FigureSpec(t.SOUS_FIFRE, "hache", ("arc",))), race="")


def test_shipped_bands_are_four_legal_bands_of_different_styles():
    paths = bf.shipped_bands()
    assert [p.name for p in paths] == ["cheap.json", "dwarves.json", "melee.json", "shooters.json"]
    bands = {p.stem: bf.load_band(p) for p in paths}
    for band in bands.values():
        assert band_problems(band, Options(races=bool(band.race))) == []
    assert bands["dwarves"].race == "dwarf"
    assert band_cost(bands["cheap"], Options()) < 150
    assert sum(bool(f.ranged) for f in bands["shooters"].figures) == len(bands["shooters"].figures)
    assert not any(f.ranged for f in bands["melee"].figures)


def test_a_saved_band_reloads_equal_and_is_written_atomically(tmp_path):
    target = tmp_path / "deep" / "mine.json"
    bf.save_band(_band(), target)
    assert bf.load_band(target) == _band()
    assert json.loads(target.read_text(encoding="utf-8"))["format"] == bf.FORMAT
    assert [p.name for p in target.parent.iterdir()] == ["mine.json"]  # no temporary file left


def test_an_alien_band_keeps_its_trades(tmp_path):
    band = BandSpec("Aliens", (FigureSpec(t.CHEF, trade="will"), FigureSpec(t.SOUS_FIFRE, trade="speed")),
                    race=t.ALIEN)
    bf.save_band(band, tmp_path / "a.json")
    assert bf.load_band(tmp_path / "a.json") == band


def test_a_draft_breaking_a_rule_still_saves_and_loads(tmp_path):
    draft = BandSpec("Draft", (FigureSpec(t.SOUS_FIFRE, "hache_deux_mains", (), ("bouclier",)),))
    bf.save_band(draft, tmp_path / "d.json")
    assert bf.load_band(tmp_path / "d.json") == draft


def test_a_band_that_would_not_load_back_is_not_written(tmp_path):
    target = tmp_path / "b.json"
    target.write_text("kept", encoding="utf-8")
    with pytest.raises(bf.BandFileError) as caught:
        bf.save_band(BandSpec("X", (FigureSpec(t.CHEF, "sword"),)), target)
    assert "sword" in str(caught.value) and str(target) in str(caught.value)
    assert target.read_text(encoding="utf-8") == "kept"


HEAD = '{"format": "unpourun-band/1", "name": "x", '


@pytest.mark.parametrize(("text", "words"), [
    ("{", "JSON"),
    ("[]", "one JSON object"),
    ('{"format": "unpourun-band/2", "name": "x", "figures": [{"kind": "chef"}]}', "unknown format"),
    (HEAD + '"figures": []}', "at least 1"),
    (HEAD + '"figures": [{"kind": "king"}]}', "king"),
    (HEAD + '"figures": [{"kind": "chef", "ranged": ["laser"]}]}', "laser"),
    (HEAD + '"figures": [{"kind": "chef", "hat": 1}]}', "unknown key 'hat'"),
    (HEAD + '"race": "troll", "figures": [{"kind": "chef"}]}', "troll"),
    ('{"format": "unpourun-band/1", "name": "", "figures": [{"kind": "chef"}]}', "empty"),
    ('{"format": "unpourun-band/1", "name": "a\\nb", "figures": [{"kind": "chef"}]}', "'name'"),
])
def test_a_bad_band_file_is_refused_in_one_line_naming_the_file(tmp_path, text, words):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(bf.BandFileError) as caught:
        bf.load_band(path)
    line = str(caught.value)
    assert line.startswith(str(path)) and words in line and "\n" not in line


def test_list_bands_gives_each_file_its_band_or_its_error(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = bf.user_bands_dir()
    assert folder == tmp_path / "paintcheck-digital" / "bands"
    bf.save_band(_band(), folder / "mine.json")
    (folder / "broken.json").write_text("{}", encoding="utf-8")
    listed = dict(bf.list_bands())
    assert len(listed) == 6
    assert listed[folder / "mine.json"] == _band()
    assert isinstance(listed[folder / "broken.json"], bf.BandFileError)
    assert all(isinstance(listed[p], BandSpec) for p in bf.shipped_bands())


def test_validate_reads_band_files(tmp_path, capsys):
    good = [str(p) for p in bf.shipped_bands()]
    assert validate.run(type("A", (), {"files": good})()) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == f"ok: {good[0]} (La Bande à deux sous, 6 figures, 123 points)"
    bad = tmp_path / "b.json"
    bf.save_band(BandSpec("Two shields", (FigureSpec(t.CHEF, "lance", (), ("bouclier",)),
                                          FigureSpec(t.SOUS_FIFRE))), bad)
    ok, lines = validate.check(str(bad))
    why = "a two-handed weapon leaves no arm for a shield or a rondache"
    assert not ok and lines == [f"{bad}: figure 1: {why}"]
    os.remove(bad)
