"""Pictures of the hex map: DOT that the book's Graphviz draws with every node pinned, one polygon per
hex, the places a reader of 1870 looks for where they belong, tiles and tokens from a position, a
route drawn over its own track, and text that stays legible printed (size, contrast)."""
import re
import subprocess
import time
from types import SimpleNamespace

import pytest

from engine.games.g1870 import data, hexmap, map_picture
from engine.games.g1870.diagram import corporation_colour
from engine.games.g1870.map_picture import Route
from rulewright import dot as style
from rulewright.book.diagrams import dot_program
from rulewright.game import legibility
from tests.g1870.helpers import backdrop, bands, hex_under, hexes_drawn

SOURCE = map_picture.draw()


def _render(source):
    done = subprocess.run([dot_program(), "-Tsvg"], input=source.encode(), capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout.decode()


def _state(tiles, tokens, unstarted=(), phase=3):
    corps = {sym: SimpleNamespace(par=None if sym in unstarted else 70, closed=False) for sym in data.corporations()}
    return SimpleNamespace(track=SimpleNamespace(tiles=tiles, tokens=tokens), corporations=corps, phase=phase)


def test_every_hex_is_one_polygon_and_the_places_sit_where_the_map_has_them():
    board = hexmap.board()
    assert len(hexes_drawn(SOURCE)) == len(board.hexes) == 154
    assert len([s for s in backdrop(SOURCE) if s.kind == "polygon"
                and s.fill != map_picture.FILL["sea"]]) == 154  # one each
    centre = {hex_under(middle): middle for middle in (  # where each hex is drawn
        (sum(x for x, _ in s.points) / 6, sum(y for _, y in s.points) / 6) for s in backdrop(SOURCE)
        if s.kind == "polygon" and s.fill != map_picture.FILL["sea"])}
    denver, chicago, st_louis, new_orleans, dallas = (centre[k] for k in ("A2", "A22", "C18", "N17", "J5"))
    assert denver[0] < st_louis[0] < chicago[0] and abs(denver[1] - chicago[1]) < 0.01  # north-west, north-east
    assert new_orleans[1] < st_louis[1] and dallas[0] < new_orleans[0]  # y is up: the Gulf is below
    # The Mississippi is drawn through its 16 hexes, and nowhere else.
    river = {hex_under(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)) for s in backdrop(SOURCE)
             if s.kind == "line" and s.pen == map_picture.RIVER for a, b in [(s.points[0], s.points[-1])]}
    assert river == {label for label, h in board.hexes.items() if h.river}


def test_graphviz_draws_it_with_the_names_and_values_quickly():
    started = time.perf_counter()
    svg = _render(map_picture.draw())
    assert time.perf_counter() - started < 3  # drawing alone is well under 0.5 s; rendering the rest
    for text in ("St. Louis", "Kansas City", "New Orleans", "Memphis", "Denver", "30/40/50",
                 "Springfield MO", "$100"):
        assert text.replace("&", "&amp;") in svg, text
    assert svg.count("<polygon") >= 154


def test_a_region_holds_the_hexes_asked_for_and_their_neighbours_only():
    board = hexmap.board()
    near = map_picture.region(board, ["J5", "J9"])
    assert {"J5", "J9", "J3", "J11", "I6", "K8"} <= set(near)
    assert "N17" not in near and "A2" not in near and len(near) < 30
    assert map_picture.region(board, []) == list(board.hexes)


def test_a_position_shows_its_tiles_tokens_kept_homes_and_a_route_over_its_track():
    board = hexmap.board()
    tiles = {"J5": ("57", 1), "J7": ("9", 1), "J9": ("3", 0), "J3": ("14", 0)}
    state = _state(tiles, {"J5": [["TP"]], "J3": [["FW", "SSW"]]}, unstarted=("MP",))
    labels = map_picture.region(board, ["J3", "J7", "C18"])
    source = map_picture.draw_state(state, labels, [Route("TP", "4-train", ("J3", "J5", "J7", "J9"), 60)], ["TP"])
    # The tiles' colours and numbers, the tokens in their slots (FW first: the order placed).
    assert hexes_drawn(source)["J5"] == map_picture.TILE_FILL["yellow"]
    assert "#57" in source and "#14" in source
    assert re.search(r'"city J3 0 slot 0" .*<B>FW</B>', source) and re.search(r'"city J3 0 slot 1" .*<B>SSW</B>',
                                                                             source)
    assert re.search(r'"city C18 0 slot 0" .*fillcolor="#ececec".*<B>MP</B>', source)  # MP has not started
    # The route: a band in TP's colour under the track of the hexes it runs through, and nowhere else.
    assert bands(source, corporation_colour("TP")) == {"J3", "J5", "J7", "J9"}
    # J7's tile 9 turned once runs W-E: the band in J7 follows that piece, not a side nobody built;
    # in J9 it bends along tile 3's curve through the town.
    pieces = {hex_under(s.points[len(s.points) // 2]): s for s in backdrop(source)
              if s.kind == "line" and s.width >= 4.5}
    j7, j9 = pieces["J7"].points, pieces["J9"].points
    assert abs(j7[0][1] - j7[-1][1]) < 0.01 and len(j9) > 2
    # The destination of a corporation that acts is flagged where it is drawn (New Orleans for TP).
    assert "TP destination" not in source
    assert "TP destination" in map_picture.draw_state(state, map_picture.region(board, ["N17"]), (), ["TP"])
    svg = _render(source)
    assert "Dallas" in svg and "4&#45;train" in svg and "J3 J5 J7 J9" in svg
    # Legible as the book measures it: every word 4.5:1 on what lies under it (the band under the
    # halo of J5's words, the red of an off-board area), no two words over each other.
    assert legibility.problems(svg, drawn_by_the_build=False) == []


def test_no_text_prints_below_7_5_points_whole_map_or_region():
    board = hexmap.board()
    state = _state({"J5": ("57", 1)}, {"J5": [["TP"]]})
    for source in (map_picture.draw(), map_picture.draw_state(state, map_picture.region(board, ["J5"]), (), ["TP"])):
        svg = _render(source)
        width, height = (float(v) for v in re.search(r'<svg width="([\d.]+)pt" height="([\d.]+)pt"', svg).groups())
        printed = min(1.0, map_picture.PRINT_WIDTH / width, map_picture.PRINT_HEIGHT / height)
        sizes = [float(s) for s in re.findall(r'font-size="([\d.]+)"', svg)]
        assert sizes and min(sizes) * printed >= map_picture.MIN_PT - 0.05, (min(sizes), printed)


@pytest.mark.parametrize("sym", list(data.corporations()))
def test_every_token_symbol_stands_out_on_its_company_colour(sym):
    colour = corporation_colour(sym)
    assert style.contrast(style.ink_on(colour), colour) >= 4.5


def test_contrast_is_the_wcag_ratio():
    assert style.contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert style.contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)


SVG_NODE = re.compile(r'<g id="node\d+" class="node">\s*<title>(.*?)</title>(.*?)</g>', re.S)
SVG_Y = re.compile(r'(?:points="([^"]+)")|(?:<text[^>]*\sy="(-?[\d.]+)"[^>]*font-size="([\d.]+)")'
                   r'|(?:<ellipse[^>]*\scy="(-?[\d.]+)"[^>]*\sry="([\d.]+)")')


def _extent(body: str) -> tuple[float, float]:
    """The top and bottom (SVG y grows downwards) of what a node draws: its polygons and its text
    (a line of text reaches its font size above the baseline and a quarter of it below)."""
    ys = []
    for points, baseline, size, cy, ry in SVG_Y.findall(body):
        if points:
            ys += [float(p.split(",")[1]) for p in points.split()]
        elif baseline:
            ys += [float(baseline) - float(size), float(baseline) + 0.25 * float(size)]
        else:
            ys += [float(cy) - float(ry), float(cy) + float(ry)]
    return min(ys), max(ys)


@pytest.mark.parametrize("sym", sorted(data.corporations()))
def test_the_key_sits_clear_of_every_word_of_the_map_and_a_flag_holds_its_letters(sym):
    """Each corporation's destination drawn alone (its flag under the bottom hexes where the hex
    has no room) with a run made and a run that could be made: the key's top lies below everything
    the map draws, each flag's patch reaches above and below its letters, and the two kinds of run
    are listed under headings that fit them."""
    board = hexmap.board()
    destination = {h.label for h in board.hexes.values() if sym in h.destination_of}
    if not destination:
        pytest.skip(f"{sym} has no destination")
    labels = map_picture.region(board, sorted(destination))
    hexes = tuple(label for label in labels if not board.hexes[label].offboard)[:2]
    routes = [Route(sym, "2-train", hexes, 40), Route(sym, "home to destination", hexes, could=True)]
    svg = _render(map_picture.draw_state(_state({}, {}), labels, routes, [sym]))
    nodes = {title: _extent(body) for title, body in SVG_NODE.findall(svg) if SVG_Y.search(body)}
    key_top = nodes.pop("legend")[0]
    lowest = max(bottom for _, bottom in nodes.values())
    assert lowest < key_top, f"the map reaches {lowest - key_top:.1f} pt into the key"
    for title, body in SVG_NODE.findall(svg):
        if title.startswith("dest "):
            patch = [float(p.split(",")[1]) for p in re.search(r'points="([^"]+)"', body).group(1).split()]
            baseline, size = (float(v) for v in re.search(r'<text[^>]*\sy="(-?[\d.]+)"[^>]*font-size="([\d.]+)"',
                                                          body).groups())
            assert min(patch) < baseline - 0.8 * size and max(patch) > baseline + 0.25 * size, title
    legend = dict(SVG_NODE.findall(svg))["legend"]
    words = [w for w in re.findall(r">([^<>]+)</text>", legend)]
    assert words.index("train") < words.index("value") < words.index("2&#45;train")
    assert words.index("could run") > words.index("2&#45;train") and "home to destination" in words
