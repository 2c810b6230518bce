"""Coordinates as coaches speak them (RULES §1): parse, format, mirror and the errors."""

from __future__ import annotations

import pytest

from paintcheck.field.lattice import (
    DEFAULT_LATTICE,
    CoordinateError,
    Lattice,
    chebyshev,
    format_point,
    half_of,
    mirror_point,
    neighbours,
    parse_point,
    row_of,
)


def test_default_field_has_459_points():
    assert len(DEFAULT_LATTICE.points()) == 17 * 27 == 459
    assert DEFAULT_LATTICE.letters == "ABCDEFGHIJKLMNOPQ"
    assert DEFAULT_LATTICE.base_row == 13


@pytest.mark.parametrize(
    ("text", "point"),
    [
        ("B:H11", (7, -11)),
        ("W:D12", (3, 12)),
        ("I0", (8, 0)),
        ("A0", (0, 0)),
        ("B:A13", (0, -13)),
        ("W:Q13", (16, 13)),
        ("b:h11", (7, -11)),  # lower case is read too
        (" W : C 5 ", (2, 5)),  # and spaces around the parts
        ("B:I0", (8, 0)),  # a half prefix on the centre line is harmless
    ],
)
def test_parse_qualified(text, point):
    assert parse_point(text) == point


def test_parse_in_a_coachs_own_half():
    assert parse_point("H11", "blue") == (7, -11)
    assert parse_point("H11", "white") == (7, 11)
    assert parse_point("I0", "white") == (8, 0)
    # the qualified form wins over the coach's half
    assert parse_point("W:H11", "blue") == (7, 11)


@pytest.mark.parametrize(
    ("point", "team", "text"),
    [
        ((7, -11), None, "B:H11"),
        ((3, 12), None, "W:D12"),
        ((8, 0), None, "I0"),
        ((7, -11), "blue", "H11"),
        ((7, -11), "white", "B:H11"),
        ((7, 11), "white", "H11"),
        ((8, 0), "blue", "I0"),
    ],
)
def test_format(point, team, text):
    assert format_point(point, team) == text


def test_format_and_parse_are_inverse_on_every_point():
    for point in DEFAULT_LATTICE.points():
        assert parse_point(format_point(point)) == point
        for team in ("blue", "white"):
            assert parse_point(format_point(point, team), team) == point


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "is not a coordinate"),
        ("H", "is not a coordinate"),
        ("11", "is not a coordinate"),
        ("H-1", "is not a coordinate"),
        ("HH11", "is not a coordinate"),
        ("B:H123", "is not a coordinate"),
        ("R5", "column R is off the field (columns A-Q)"),
        ("B:H14", "row 14 is off the field (rows 0-13)"),
        ("X:H5", "half 'X' is neither B (Blue) nor W (White)"),
        ("H5", "say whose half"),
    ],
)
def test_parse_errors_say_what_is_wrong(text, says):
    with pytest.raises(CoordinateError) as info:
        parse_point(text)
    assert says in str(info.value)
    assert "\n" not in str(info.value)


def test_parse_refuses_non_text():
    with pytest.raises(CoordinateError, match="is a text"):
        parse_point(5)  # type: ignore[arg-type]


def test_coordinate_error_is_a_value_error():
    assert issubclass(CoordinateError, ValueError)


def test_format_refuses_off_field():
    with pytest.raises(CoordinateError, match="off the field"):
        format_point((17, 0))
    with pytest.raises(CoordinateError, match="off the field"):
        format_point((0, -14))


def test_smaller_field():
    lattice = Lattice(columns=9, rows_per_half=5)
    assert lattice.parse("W:I5") == (8, 5)
    with pytest.raises(CoordinateError, match="column J is off the field"):
        lattice.parse("J0")
    with pytest.raises(CoordinateError, match="row 6 is off the field"):
        lattice.parse("B:A6")
    assert len(lattice.points()) == 9 * 11


@pytest.mark.parametrize(("columns", "rows"), [(2, 13), (27, 13), (17, 2), (17, 100)])
def test_field_size_limits(columns, rows):
    with pytest.raises(CoordinateError):
        Lattice(columns=columns, rows_per_half=rows)


def test_mirror_point_reflects_through_the_centre_line():
    assert mirror_point(parse_point("B:C5")) == parse_point("W:C5")
    assert mirror_point(parse_point("I0")) == parse_point("I0")
    for point in DEFAULT_LATTICE.points():
        assert mirror_point(mirror_point(point)) == point


def test_halves_rows_and_steps():
    assert half_of((3, -2)) == "blue"
    assert half_of((3, 2)) == "white"
    assert half_of((3, 0)) is None
    assert row_of((3, -12)) == 12
    assert chebyshev((0, 0), (3, -2)) == 3
    assert len(set(neighbours((5, 5)))) == 8
