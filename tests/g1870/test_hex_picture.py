"""The whole-map picture: DOT that Graphviz renders with pinned positions (neato -n), one polygon per
hex, and the places a reader of 1870 looks for, where they belong."""
import re
import subprocess

from engine.games.g1870 import hexmap, map_picture
from rulewright.book.diagrams import dot_program

SOURCE = map_picture.draw()


def _pos(name):
    found = re.search(re.escape(f'"{name}" [pos="') + r"(-?[\d.]+),(-?[\d.]+)!", SOURCE)
    return float(found.group(1)), float(found.group(2))


def test_every_hex_is_one_pinned_polygon_and_the_places_sit_where_the_map_has_them():
    board = hexmap.board()
    assert len(re.findall(r'^  "hex [A-O]\d+" \[.*shape="polygon"', SOURCE, re.M)) == len(board.hexes) == 154
    denver, chicago = _pos("hex A2"), _pos("hex A22")
    st_louis, new_orleans, dallas = _pos("hex C18"), _pos("hex N17"), _pos("hex J5")
    assert denver[0] < st_louis[0] < chicago[0] and denver[1] == chicago[1]  # north-west, north-east
    assert new_orleans[1] < st_louis[1] and dallas[0] < new_orleans[0]  # y is up: the Gulf is below
    # The Mississippi is drawn through its 16 hexes, and nowhere else.
    assert {m for m in re.findall(r'"river ([A-O]\d+) \d+"', SOURCE)} == {
        label for label, h in board.hexes.items() if h.river}


def test_graphviz_draws_it_with_the_names_and_values():
    done = subprocess.run([dot_program(), "-Kneato", "-n", "-Tsvg"], input=SOURCE.encode(), capture_output=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    svg = done.stdout.decode()
    for text in ("St. Louis", "Kansas City", "New Orleans", "Memphis", "Denver", "Gulf of Mexico", "30/40/50",
                 "Springfield MO", "$100"):
        assert text.replace("&", "&amp;") in svg, text
    assert svg.count("<polygon") >= 154
