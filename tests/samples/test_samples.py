"""The sample games of the kits (tests/samples/<game>): each a small designer's project written only
on the public game API's kits, as a designer would after `rulewright new --bare`: its engine (game
plus diagram) at most 150 lines, its data in YAML, its rules a MyST page with an example of every
rule and of every refusal. Each sample is put in a new project, whose own pytest (Sybil) plays the
examples and whose `rulewright check` finds the book sound; the player's edition is built and
searched for a card its reader cannot see, and `rulewright play --as` is played to the end and
searched the same way. (Hearth, the worker-placement sample, hides nothing: its editions are not
searched, and its `play --as` is played to the end.)"""
from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from rulewright import cli
from rulewright.checks import engine_source

HERE = Path(__file__).parent
MOST_LINES = 150


@dataclass(frozen=True)
class Sample:
    game: str
    title: str
    deck: str | None  # where its deck is (module:name), for the hidden-card searches; None: nothing hidden
    preset: str
    seat: str
    ended: str  # what `play` says when the game is over

    @property
    def source(self) -> Path:
        return HERE / self.game


SAMPLES = [Sample("trumpet", "Trumpet", "trumpet.game:DECK", "three", "ann", "The hand is over"),
           Sample("hearth", "Hearth", None, "two", "ann", "The game is over")]
IDS = [s.game for s in SAMPLES]


def engine_lines(sample: Sample) -> int:
    """The engine's lines (game.py and diagram.py), counted as code: every line that is neither blank
    nor a comment only (docstrings count)."""
    return sum(1 for name in ("game.py", "diagram.py")
               for line in (sample.source / sample.game / name).read_text(encoding="utf-8").splitlines()
               if line.strip() and not line.strip().startswith("#"))


@pytest.mark.parametrize("sample", SAMPLES, ids=IDS)
def test_the_engine_is_at_most_150_lines(sample):
    lines = engine_lines(sample)
    print(f"{sample.game}: {lines} lines of engine (game.py and diagram.py, blank and comment lines not counted)")
    assert 0 < lines <= MOST_LINES, f"{sample.game}'s engine is {lines} lines, more than {MOST_LINES}"


@pytest.mark.parametrize("sample", SAMPLES, ids=IDS)
def test_the_engine_imports_only_the_public_game_api(sample):
    """Only ``rulewright.game`` (the kits are in it), the game's own package and Python's own modules."""
    for path in (sample.source / sample.game).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                top = name.split(".")[0]
                assert name == "rulewright.game" or top == sample.game or top in sys.stdlib_module_names, \
                    f"{path.name} imports {name}"


@pytest.mark.parametrize("sample", SAMPLES, ids=IDS)
def test_every_refusal_the_engine_or_its_data_makes_has_an_example_that_is_refused_by_it(sample):
    """Each rule ID a refusal cites (a ``Refusal`` or a kit's refusing call in the engine, or a phase
    in the data) is declared on the rules page and shown refused by an example there."""
    package = sample.source / sample.game
    cited = {rule for name in ("game.py", "diagram.py")
             for rule, _ in engine_source.read_text((package / name).read_text(encoding="utf-8")).refusals}
    for data in package.glob("*.yaml"):
        cited |= {phase["rule"] for phase in (yaml.safe_load(data.read_text(encoding="utf-8")) or {}).get("phases", [])}
    page = (sample.source / "rulebook" / "rules.md").read_text(encoding="utf-8")
    declared = set(re.findall(r"^```\{rule\} (\S+)", page, re.M))
    refused = set(re.findall(r"^\s*refused: (\S+)", page, re.M))
    assert None not in cited and len(cited) >= 4, cited
    assert cited <= declared, f"cited but not declared: {sorted(cited - declared)}"
    assert cited <= refused, f"refused by the engine, never in an example: {sorted(cited - refused)}"


# ------------------------------------------------------------------ the sample as a designer's project

def run_in(folder: Path, *command: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *command], cwd=folder, capture_output=True, text=True, timeout=600,
                          input=stdin)


@pytest.fixture(scope="module", params=SAMPLES, ids=IDS)
def project(request, tmp_path_factory) -> tuple[Sample, Path]:
    """A new bare project with the sample's package in place of the blank game, and its pages."""
    sample = request.param
    folder = tmp_path_factory.mktemp("samples") / sample.game
    assert cli.main(["new", str(folder), "--bare", "--title", sample.title, "--game", sample.game]) == 0
    shutil.rmtree(folder / sample.game)
    shutil.copytree(sample.source / sample.game, folder / sample.game,
                    ignore=shutil.ignore_patterns("__pycache__"))
    for page in (sample.source / "rulebook").glob("*.md"):
        shutil.copy(page, folder / "rulebook" / page.name)
    return sample, folder


def test_the_examples_run_under_pytest_and_the_book_is_sound(project):
    sample, folder = project
    tested = run_in(folder, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:xdist")
    last = tested.stdout.strip().splitlines()[-1]
    assert tested.returncode == 0 and " passed" in last and "failed" not in last, tested.stdout + tested.stderr
    own = (sample.source / "rulebook" / "rules.md").read_text(encoding="utf-8")
    rules, examples = own.count("```{rule}"), own.count("```{example}")
    assert int(last.split()[0]) >= examples  # each example of the page is a test
    checked = run_in(folder, "-m", "rulewright.cli", "check")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    sound = re.search(r"The rulebook is sound: (\d+) rules, (\d+) examples\. Every example holds\.", checked.stdout)
    assert sound and int(sound[1]) >= rules and int(sound[2]) >= examples, checked.stdout  # (with the guide's)


# ------------------------------------------------------------------ hidden hands stay hidden

class _Boxes(HTMLParser):
    """Each example's and shared position's box on a built page: its text, the text of each table
    cell in it, and the pictures it shows."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.boxes: dict[str, dict] = {}
        self.current = self.cell = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if "rw-example-end" in classes:
            self.current = None
        elif "rw-example" in classes and (attrs.get("id") or "").startswith(("example-", "position-")):
            self.current = self.boxes.setdefault(attrs["id"], {"text": [], "cells": [], "images": []})
        if self.current is None:
            return
        if tag in ("td", "th"):
            self.cell = []
        if tag == "img" and (attrs.get("src") or "").endswith(".svg"):
            self.current["images"].append(attrs["src"])

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None and self.current is not None:
            self.current["cells"].append("".join(self.cell))
            self.cell = None

    def handle_data(self, data):
        if self.current is not None:
            self.current["text"].append(data)
            if self.cell is not None:
                self.cell.append(data)


def named(card: str, text: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){re.escape(card)}(?![A-Za-z0-9])", text) is not None


@pytest.fixture(scope="module")
def editions(project):
    """Both editions of the project's book in HTML, and the cards each example's reader never sees."""
    sample, folder = project
    if sample.deck is None:
        pytest.skip(f"{sample.title} has no hidden cards.")
    for edition in ("player", "designer"):
        built = run_in(folder, "-m", "sphinx", "-q", "-W", "--keep-going", "-c", ".", "-t", edition, "-b", "html",
                       "rulebook", f"_build/{edition}/html")
        assert built.returncode == 0, built.stdout + built.stderr
    found = run_in(folder, str(HERE / "hidden_cards.py"), sample.deck)
    assert found.returncode == 0, found.stderr
    return sample, folder, json.loads(found.stdout)


def boxes_of(folder: Path, edition: str) -> dict[str, dict]:
    html = folder / "_build" / edition / "html"
    reader = _Boxes()
    reader.feed((html / "rules.html").read_text(encoding="utf-8"))
    for box in reader.boxes.values():
        box["text"] = "".join(box["text"]) + "".join((html / src).read_text(encoding="utf-8") for src in box["images"])
    return reader.boxes


def test_the_player_s_edition_prints_no_card_its_reader_cannot_see(editions):
    sample, folder, secrets = editions
    boxes = boxes_of(folder, "player")
    own = [key for key in secrets if f"-{sample.game}-" in key]
    kept = [key for key in own if secrets[key]["hidden"]]
    assert len(kept) >= 5, secrets  # the book has secrets to keep: hands the reader does not hold
    assert any(secrets[key]["viewer"] for key in kept) and any(key.startswith("position-") for key in kept)
    leaks = {key: [card for card in secrets[key]["hidden"] if named(card, boxes[key]["text"])] for key in kept}
    assert not any(leaks.values()), {key: cards for key, cards in leaks.items() if cards}
    told_as = next(key for key in kept if secrets[key]["viewer"])
    assert "unseen" in boxes[told_as]["text"] or "<svg" in boxes[told_as]["text"]


def test_the_designer_s_edition_prints_hidden_cards_only_marked_as_hidden(editions):
    """The designer's edition is the whole truth, each hidden card marked as the table's secret."""
    sample, folder, secrets = editions
    boxes = boxes_of(folder, "designer")
    marked = 0
    for key, secret in secrets.items():
        if key not in boxes or not secret["hidden"]:
            continue
        for cell in boxes[key]["cells"]:
            if any(named(card, cell) for card in secret["hidden"]):
                assert "(hidden" in cell, (key, cell)
                marked += 1
    assert marked >= 3


def test_play_as_a_player_goes_to_the_end_and_shows_no_other_player_s_card_before_it_is_played(project):
    """`rulewright play --as`, its moves piped in: the position as the player sees it after each
    move, to the end of the game; a card of another hand or the deck shows only once it is played."""
    sample, folder = project
    moves = "position\n" + "1\nposition\n" * 60
    played = run_in(folder, "-m", "rulewright.cli", "play", sample.game, "--preset", sample.preset,
                    "--as", sample.seat, stdin=moves)
    assert played.returncode == 0, played.stdout + played.stderr
    said = played.stdout
    assert f"You play as {sample.seat}" in said and sample.ended in said, said
    if sample.deck is None:
        return
    deck = json.loads(run_in(folder, "-c", f"import json, {sample.deck.split(':')[0]} as m\n"
                                          f"print(json.dumps([str(c) for c in m.{sample.deck.split(':')[1]}.kinds]))")
                      .stdout)
    own_line = next(line for line in said.splitlines() if line.strip().startswith(f"{sample.seat}'s hand:"))
    public = {card for card in deck if named(card, own_line)}
    assert len(public) >= 5, own_line
    shown = 0
    for line in said.splitlines():
        public |= {card for card in deck if named(card, line) and re.search(r"\bplays the\b", line)}
        leaked = [card for card in deck if named(card, line) and card not in public]
        assert not leaked, f"{line!r} shows {leaked} before it is played"
        shown += "unseen" in line
    assert shown >= 3 and "plays the" in said, said
