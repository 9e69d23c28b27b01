"""Figures checked where they are typed: each number the book's prose, tables and notes type beside
a word the game's phrases know is compared with the game, in ``rulewright check``, ``make test`` and
the strict build alike (check ``typed-figures``).

What counts as a typed figure (on a page that belongs to a game: its chapter's glossary names it,
or its examples play one game):

- money, where the game's phrases write money (a path's ``value: "${}"``): "$30";
- a number before a unit a value phrase uses (``value: "{} food"``): "4 food", "four food";
- a number before a part the phrases name (a path phrase "{1}'s buildings"): "three buildings";
- in a Markdown table, a number in a column whose heading names such a unit or part ("Points").

Digits and the number words one to twelve count. Rule and example IDs, dates and years, version,
page and section numbers (a number after "phase", "round", "page", "step"... is a label), ordinals, and anything inside a role (``{value}``), a code span, an
example or another YAML block are not figures.

Each figure is then **tied** to what the game knows:

- to an entry of the game's data files (the files the ``{value}`` role reads) whose keys the same
  sentence or table row names: "a field gives 4 food" and ``fields.food: 3`` in ``data/farm.yaml``;
- to a part of a position an example of the page holds, named as the phrases name it: "Ann's cash
  is $30" beside an example where Ann's cash is $30 (before or after its moves).
- to a part, of the figure's unit, of what its sentence names by name (a player, a corporation: a key
  of the view a phrase's ``{1}`` stands for), in a position an example of its section starts or ends
  in, when the name is just before the figure or the part is named too: "Bob sells his MKT shares at
  $82" and the MKT's share price ($82) before the example's moves. Such a tie only bears a figure
  out: a figure none of those parts holds is judged as if untied (the sentence may tell another
  moment), and so listed, never passed.
- in an example's title ("Two shares sold on the ledge"), to that example alone: a part of its
  position before or after its moves, or its moves told in the game's words ("3 streets"); a sum
  only by a part the title names or by the moves (a sum is said of too many parts);
- to a move of an example of its section, told in the game's words, that says the figure and names
  a name its clause names: "Ann pays the other $635" and "Ann pays $635 towards the GMO's train.".
- in an example's title or a rule's ``:title:``, to what the rules it shows print with ``{value}``
  in the figure's unit (a title cannot hold a role, so it repeats the rule's figure): "A bid of less
  than $5 over the cost is refused" and ``auction_price_step``. A sum that differs is a problem, unless
  its example holds it or it is another money value of the game's data; a count only agrees (a title's
  count mostly tells its example's situation: "Three of Preston's four links"). A figure in a title that
  names a setting of its example, every word, is that setting: "when a short double build costs only $5"
  and ``settings: {short_double_cost: 5}``.

A tied figure the game does not bear out is a problem at its line, naming the game's value and the
``{value}`` role that prints it. A figure tied to nothing is never failed by default; it is listed
(``rulewright check --figures``) as one the game's values for its unit include ("loosely matched")
or not, so nothing is silently trusted. How strict a project is, is its ``typed-figures`` setting
in ``[tool.rulewright]`` (``rulewright.book.config``):

- ``"check"`` (the default): a tied figure that differs is a problem; the others are listed;
- ``"strict"``: also a figure the game's values for its unit do not include is a problem;
- ``"list"``: nothing fails; every figure is listed.
"""
from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from rulewright.book import config, figures, phrases
from rulewright.book.phrases import MONEY_KEYS, key_words as _key_words
from rulewright.book.registry import get_game
from rulewright.checks import lead_in, narration, words as prose
from rulewright.checks.narration import subjects
from rulewright.game import data_file
from rulewright.problems import ExampleProblem, Where, display_path

CHECK = "typed-figures"
STRICTNESS = ("check", "strict", "list")
DEFAULT = "check"

# A word before a number that makes it a label, not a count: "in phase 1 corporations cannot buy".
LABEL = re.compile(r"\b(?:phase|round|page|section|chapter|step|stage|level|version|row|column|rule)s?\s+$",
                   re.IGNORECASE)
# ("one" is left out: it is nearly always "a", as in "one link at a time")
NEAR = 3  # how many words either side of a figure may name the data entry it is tied to
LEAD = 8  # how many words before a figure may name whose part it is ("Maniac Timber ($200")
NUMBER_WORDS = {word: number for word, number in phrases.NUMBER_WORDS.items() if number >= 2}
# Words of a path phrase that name no part of the game.
# The fields of a data file's list item that name it (a train's "name", a company's "code").
NAME_KEYS = ("name", "code", "id")
# A {value} role in a rule's text, and the word after it ("{value}`#data/expand.yaml:city_links` links").
ROLE_IN_TEXT = re.compile(r"\{value\}`([^`]+)`(?:\s+([A-Za-z][A-Za-z-]+))?")
NOT_PARTS = {"this", "its", "was", "has", "is", "whether", "always", "players", "times", "others", "these",
             "those", "less", "plus", "minus", "paths", "ends"}


# --- the game's vocabulary ----------------------------------------------------------------------

@dataclass
class Vocabulary:
    """What a game's phrases say figures with: its money sign (``$``, or None), and each unit or
    part word (singular and plural) with the path patterns that use it."""

    money: str | None = None
    money_paths: list[tuple[str, ...]] = field(default_factory=list)
    words: dict[str, list[tuple[str, ...]]] = field(default_factory=dict)  # unit or part word -> path patterns


def singular(word: str) -> str:
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if re.search(r"(?:ss|sh|ch|x|us)es$", word):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _forms(word: str) -> set[str]:
    one = singular(word)
    return {word.lower(), one, _plural(one)}


def _plural(word: str) -> str:
    if re.search(r"(?:s|sh|ch|x)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


def vocabulary(said) -> Vocabulary:
    """The units and parts of a game's phrases (``rulewright.book.phrases.Phrases``)."""
    found = Vocabulary()
    for phrase in said.paths:
        value = phrase.value or ""
        if value and "{}" in value and value.count("{") == 1:
            before, after = value.split("{}")
            sign = before.strip()
            if sign and not sign[-1].isalnum():
                found.money = found.money or sign[-1]
                found.money_paths.append(phrase.parts)
                continue
            unit = re.match(r"\s*([A-Za-z][A-Za-z-]+)", after)
            if unit:
                for form in _forms(unit.group(1)):
                    found.words.setdefault(form, []).append(phrase.parts)
                continue
        say = re.sub(r"\{\d+\}(?:'s)?", " ", phrase.say or "")
        for word in re.findall(r"[A-Za-z][a-z-]+", say):
            word = word.lower()
            if len(word) > 3 and word.endswith("s") and not word.endswith("ss") and word not in NOT_PARTS:
                for form in _forms(word):
                    found.words.setdefault(form, []).append(phrase.parts)
    return found


# --- the game's values ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """One value of a game's data files: the file (as the ``{value}`` role names it), the dotted
    path in it, the value, and the words of its keys."""

    file: str
    path: str
    value: Any
    keys: tuple[str, ...]  # each key, its words joined by spaces ("town hall")
    counted: bool = False  # the value is how many entries a list or mapping there has
    names: tuple[str, ...] = ()  # the names of the list items it is in ("8" for the 8-train's price), in lower case

    @property
    def label(self) -> str:
        """The entry as the report names it: "data/farm.yaml:fields.food", "data/corporations.yaml
        (how many entries)"."""
        at = f"{self.file}:{self.path}" if self.path else self.file
        return f"{at} (how many entries)" if self.counted else at

    @property
    def role(self) -> str:
        return f"{{value}}`{self.file}:{self.path}`"


def data_entries(game) -> list[Entry]:
    """Every number (and every list's length, as a count) in the game's data files, but for the
    game's presets (starting positions of examples, not figures of the rules)."""
    presets = set(map(str, getattr(game, "presets", None) or {}))
    return [entry for entry in _data_entries(type(game)) if entry.path.split(".")[0] not in presets
            and Path(entry.file).stem not in presets and Path(entry.file).stem != "presets"]


@lru_cache(maxsize=32)
def _data_entries(kind) -> tuple[Entry, ...]:
    module = sys.modules.get(kind.__module__)
    package = getattr(module, "__package__", None) or kind.__module__.rpartition(".")[0]
    folder = Path(getattr(sys.modules.get(package), "__file__", "") or "").parent
    if not package or not folder.is_dir():
        return ()
    phrases_file = getattr(kind, "phrases", None)
    out: list[Entry] = []
    for path in sorted(folder.rglob("*")):
        if path.suffix not in (".yaml", ".yml", ".json") or "__pycache__" in path.parts or path.name.startswith("."):
            continue
        if isinstance(phrases_file, str) and path.name == Path(phrases_file).name or path.name == "phrases.yaml":
            continue
        name = path.relative_to(folder).as_posix()
        try:
            data = data_file(package, name)
        except Exception:  # noqa: BLE001 - a data file that cannot be read is said by the game's own check
            continue
        out += _leaves(name, data, ())
    return tuple(out)


def item_names(entries: list[Entry]) -> dict[str, set[str]]:
    """The names of the items of each of the game's lists, by what one of them is called ("train":
    "2", "3", ..., "d"): a table's cell that holds one names it, it counts nothing."""
    out: dict[str, set[str]] = {}
    for entry in entries:
        lists = [entry.keys[i - 1] for i in range(1, len(entry.keys)) if entry.keys[i].isdigit()]
        for key, name in zip(lists, entry.names):
            out.setdefault(singular(key.split()[-1]), set()).add(name)
    return out


def _leaves(file: str, node: Any, path: tuple, names: tuple = ()) -> list[Entry]:
    out = []
    keys = tuple(_key_words(k) for k in path)
    if isinstance(node, dict):
        if len(node) > 1 and all(isinstance(value, dict) for value in node.values()):
            counted = keys or (_key_words(Path(file).stem),)  # a table of things (the corporations): how many
            out.append(Entry(file, ".".join(path), len(node), counted, True, names))
        for key, value in node.items():
            out += _leaves(file, value, path + (str(key),), names)
    elif isinstance(node, list):
        if path:
            out.append(Entry(file, ".".join(path), len(node), keys, True, names))
        for index, value in enumerate(node):
            named = tuple(str(value[k]).lower() for k in NAME_KEYS if isinstance(value, dict) and k in value)
            out += _leaves(file, value, path + (str(index),), names + named)
    elif isinstance(node, (int, float)) and not isinstance(node, bool) and path:
        out.append(Entry(file, ".".join(path), node, keys, False, names))
    elif isinstance(node, str) and path and re.fullmatch(r"\d+[a-z]?", node):  # a market's "100p"
        out.append(Entry(file, ".".join(path), int(re.match(r"\d+", node).group(0)), keys, False, names))
    return out


# --- the figures typed ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Typed:
    """A figure typed in the text: where, as typed ("4 food", "$30"), its number, its unit (the
    money sign or a unit or part word) and the sentence or table row it sits in."""

    where: Where
    said: str
    number: float
    unit: str
    context: str
    near: str = ""  # the words around it (a few either side; in a table, its row's name and column's heading)
    lead: str = ""  # the words just before it ("at least", "one or")
    close: str = ""  # the two words either side of it ("a hand of five tiles")
    shown: str = ""  # where it is, as the page reads (code and roles kept): the sentence, or the table's row and column
    labels: tuple[str, ...] = ()  # in a table: its row's name and its column's heading

    @property
    def read(self) -> str:
        """The sentence or table cell it sits in, as a reader reads the page."""
        return self.shown or self.context


def _number(text: str) -> float | None:
    text = text.lower().replace(",", "")
    if text in NUMBER_WORDS:
        return NUMBER_WORDS[text]
    try:
        return float(text)
    except ValueError:
        return None


def figures_in(text: str, where: Where, words: Vocabulary, context: str | None = None) -> list[Typed]:
    """The figures typed in ``text`` (prose whose first line is ``where``)."""
    found = []
    if not words.words and not words.money:
        return found
    if words.money:
        sign = re.escape(words.money)
        for match in re.finditer(rf"(?<![\w{sign}]){sign}\s?(\d{{1,3}}(?:,\d{{3}})+|\d+)(?![\w%]|[.,]\d)", text):
            found.append(_typed(text, match, match.group(0), match.group(1), words.money, where, context))
    if words.words:
        pattern = _unit_pattern(tuple(sorted(words.words)))
        for match in pattern.finditer(text):
            number, unit = match.group(1), match.group(2).lower()
            if "," in number and not re.fullmatch(r"\d{1,3}(?:,\d{3})+", number):
                continue
            if number.isdigit() and len(number) == 4 and 1000 < int(number) < 2100:
                continue  # a year, or a game's name (1870)
            if number.isdigit() and LABEL.search(text[:match.start()]):
                continue  # the number of a phase, a round, a page: "in phase 1 corporations cannot buy"
            found.append(_typed(text, match, match.group(0), number, unit, where, context))
    return found


@lru_cache(maxsize=64)
def _unit_pattern(units: tuple[str, ...]) -> re.Pattern:
    spelled = "|".join(NUMBER_WORDS)
    alternatives = "|".join(re.escape(unit) for unit in sorted(units, key=len, reverse=True))
    return re.compile(rf"(?<![\w.$/#:-])(\d{{1,3}}(?:,\d{{3}})+|\d+|(?:{spelled})\b)(?![%/-]|[.,:]\d)"
                      rf"(?: more| fewer| extra| further| other| additional| free)? ({alternatives})\b", re.IGNORECASE)


def _typed(text: str, match: re.Match, said: str, number: str, unit: str, where: Where, context) -> Typed:
    line = where.line + text.count("\n", 0, match.start())
    lead = re.split(r"[;:()\u2014]", text[:match.start()])[-1].split()[-2 * NEAR:]
    before = lead[-NEAR:]
    after = re.split(r"[;:()\u2014.,]", text[match.end():])[0].split()[:NEAR]
    near = context if context is not None else " ".join(before + [match.group(0)] + after)
    close = context if context is not None else " ".join(before[-2:] + [match.group(0)] + after[:2])
    return Typed(Where(where.path, line), said.replace("\n", " "), _number(number), unit,
                 context if context is not None else _sentence_at(text, match.start()), near,
                 " ".join(lead), close)


def _sentence_at(text: str, at: int) -> str:
    start = max(text.rfind(". ", 0, at), text.rfind("\n\n", 0, at), text.rfind(": ", 0, at))
    ends = [i for i in (text.find(". ", at), text.find("\n\n", at)) if i >= 0]
    return text[start + 1 if start >= 0 else 0:min(ends) + 1 if ends else len(text)].replace("\n", " ").strip()


def page_figures(text: str, path: str, words: Vocabulary, names: dict[str, set[str]] | None = None) -> list[Typed]:
    """Every figure typed on a page: in its prose, notes and headings, and in its tables (a number
    in a column whose heading names a unit or part the game's phrases know). Figures are found in
    the words a reader reads (``rulewright.checks.words``: no code, role or quotation); each is
    shown in the report as the page reads, code and all."""

    names = names or {}
    lines = text.splitlines()
    by_line: dict[int, list[str]] = {}
    for piece in prose.text_pieces(text):
        if piece.kind == "text":
            by_line.setdefault(piece.line, []).append(piece.text.replace(prose.HOLE, " "))
    found: list[Typed] = []
    header: list[str] | None = None
    raw_header: list[str] = []
    for line, cells in sorted(by_line.items()):
        raw = lines[line - 1].lstrip() if 0 < line <= len(lines) else ""
        if not raw.startswith("|"):
            header = None
            for cell in cells:
                found += [replace(one, shown=_read_sentence(lines, one.where.line, one.said))
                          for one in figures_in(cell, Where(path, line), words)]
            continue
        raw_cells = _cells(raw)
        if line < 2 or not lines[line - 2].lstrip().startswith("|"):
            header, raw_header = cells, raw_cells  # a table's first row: its headings
            for cell in cells:
                found += [replace(one, shown=" | ".join(raw_cells)) for one in
                          figures_in(cell, Where(path, line), words, context=" ".join(cells))]
            continue
        row = " ".join(cells)
        name = raw_cells[0] if raw_cells else ""
        for index, cell in enumerate(cells):
            heading = header[index] if header and index < len(header) else ""
            if index == 0:  # the row's name: what it says is its own ("all ten corporations in the game")
                found += [replace(one, shown=name) for one in figures_in(cell, Where(path, line), words)]
                continue
            shown_heading = raw_header[index] if index < len(raw_header) else heading
            shown = f"{name}, {shown_heading}: {raw_cells[index] if index < len(raw_cells) else cell}"
            context = f"{heading}: {cells[0] if cells else ''} ({row})"
            labels = (name, shown_heading)
            typed = [replace(one, shown=shown, labels=labels)
                     for one in figures_in(cell, Where(path, line), words, context=context)]
            found += typed
            bare = cell.strip()
            if typed or _number(bare) is None or not re.fullmatch(r"\d+|[a-z]+", bare.lower()):
                continue
            unit = _heading_unit(heading, words) or _row_unit(name if re.search(r"(?<![\w`])#", name)
                                                              else cells[0] if cells else "", words)
            if unit is not None and unit != words.money and bare.lower() in names.get(singular(unit), ()):
                continue  # the name of one of them (the 4-train in a column "Trains"), not how many
            if unit is not None:
                said = f"{words.money}{bare}" if unit == words.money else f"{bare} {unit}"
                found.append(Typed(Where(path, line), said, _number(bare), unit, context, context, shown=shown,
                                   labels=labels))
    return found


def _cells(row: str) -> list[str]:
    """A Markdown table row's cells as a reader reads them."""
    row = row.strip()
    row = row[1:] if row.startswith("|") else row
    row = row[:-1] if row.endswith("|") and not row.endswith("\\|") else row
    return [_plain(cell) for cell in re.split(r"(?<!\\)\|", row)]


def _plain(text: str) -> str:
    """Markdown as a reader reads it: a role as what it holds, code without its ticks, links as their
    words, no emphasis."""
    text = re.sub(r"^\s*(?:[-*+]|\d+[.)]|`{3,}\{[\w:-]+\}|:{3,}\{[\w:-]+\})\s+", "", text)  # a list's mark, a block's
    text = re.sub(r"\{[\w:-]+\}`([^`]*)`", r"\1", text)
    text = re.sub(r"`+([^`]*)`+", r"\1", text)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"(?<!\w)[*_]{1,3}|[*_]{1,3}(?!\w)", "", text)
    return " ".join(text.split())


def _read_sentence(lines: list[str], line: int, said: str) -> str:
    """The sentence of the page's paragraph at ``line`` that holds ``said``, as a reader reads it."""
    first = last = line
    while first > 1 and lines[first - 2].strip() and line - first < 12 and not lines[first - 2].lstrip().startswith(
            ("#", "```", ":", "|")):
        first -= 1
    while last < len(lines) and lines[last].strip() and last - line < 12 and not lines[last].lstrip().startswith(
            ("#", "```", ":", "|")):
        last += 1
    before = " ".join(_plain(one) for one in lines[first - 1:line - 1])
    here = _plain(lines[line - 1]) if 0 < line <= len(lines) else ""
    paragraph = " ".join([before, here, *(_plain(one) for one in lines[line:last])]).strip()
    start = len(before) + 1 if before else 0
    at = paragraph.lower().find(said.lower(), start)
    if at < 0:
        at = paragraph.lower().find(said.lower())
    if at < 0:
        return here
    return _sentence_at(paragraph, at)


def _row_unit(name: str, words: Vocabulary) -> str | None:
    """The unit a table row's name gives its numbers ("Most counters"), when it is a heading: a row
    whose name counts something itself ("all ten corporations in the game", or the count printed from
    the game, "all {value}`#data/corporations.yaml` corporations") gives none."""
    if re.search(r"\d|(?<![\w`])#", name) or set(re.findall(r"[a-z]+", name.lower())) & set(NUMBER_WORDS):
        return None
    return _heading_unit(name, words)


def _heading_unit(heading: str, words: Vocabulary) -> str | None:
    said = heading.lower()
    if words.money and (words.money in heading or any(w in MONEY_KEYS for w in re.findall(r"[a-z]+", said))):
        return words.money
    for word in re.findall(r"[a-z][a-z-]+", said):
        if word in words.words:
            return word
    return None


# --- tying a figure to the game ---------------------------------------------------------------------

# A figure that is a bound ("at least $1", "up to 4 trains"), one of alternatives ("one or two links",
# "from $82 to $76") or what something has ("a city with four links") is no value of the game to compare with.
BOUND = re.compile(r"\b(?:more than|less than|fewer than|over|under|above|below|exceeds?|or|and|"
                   r"nor|to|from|(?:a|an|any|each|every|one)\s+[\w-]+\s+with)\s*$", re.IGNORECASE)
STOP = {"per", "of", "the", "a", "an", "and", "in", "on", "at", "to", "for", "by", "each", "max", "min", "data",
        "yaml", "json", "is", "or", "with", "from"}


@dataclass
class Finding:
    """A typed figure and what the game says of it: ``agrees`` or ``differs`` (tied to values of
    the game, ``truth``), ``loose`` (tied to no one part, but one of the game's data values for its
    unit), ``held`` (tied to no one part, but a value an example of its section holds) or ``untied``."""

    typed: Typed
    status: str
    truth: list[str] = field(default_factory=list)  # the game's values it was compared with, in words
    fix: str = ""


def _words_of(text: str) -> set[str]:
    out = set()
    for word in re.findall(r"[a-z0-9]+", text.lower()):
        out |= _forms(word) if word.isalpha() else {word}
    return out


def _named(key: str, context_words: set[str], context: str) -> bool:
    parts = [p for p in key.split() if p not in STOP and not p.isdigit()]
    if not parts:
        return False
    if len(parts) == 1:
        return bool(_forms(parts[0]) & context_words) if parts[0].isalpha() else parts[0] in context_words
    return re.search(r"\b" + r"\W+".join(map(re.escape, parts)) + r"s?\b", context.lower()) is not None


def _unit_keys(typed: Typed, words: Vocabulary) -> set[str]:
    if typed.unit == words.money:
        return MONEY_KEYS | {_key_words(parts[-1]) for parts in words.money_paths if parts[-1] != "*"}
    return _forms(typed.unit)


def tie_to_data(typed: Typed, words: Vocabulary, entries: list[Entry]) -> list[Entry]:
    """The data entries ``typed`` speaks of, those whose keys the words near it name most (one at
    least): an entry of its unit (its last key is the unit: "4 food" and ``fields.food``; for money,
    a price the words name: "costs $5" and ``link_cost``), or, for a count, an entry whose last key
    the words name whole ("a hand of five tiles" and ``start.hand``; "reaches 50 tiles" and
    ``end.one_company``, its number word aside)."""
    units, context_words = _unit_keys(typed, words), _words_of(typed.near)
    money = typed.unit == words.money
    if typed.labels:
        cell = _in_cell(typed, entries, units, money)
        if cell:
            return cell
    best, tied = 0, []
    for entry in entries:
        if not entry.keys or entry.keys[-1].isdigit():
            continue  # (an item of a list: a value in it, not a figure of the rules on its own)
        last = entry.keys[-1]
        last_words = set(last.split())
        own = last_words - STOP - set(NUMBER_WORDS)
        if _counts(entry, typed, units, money):
            if money and not _named(last, context_words, typed.near) and not _priced(last, typed, units):
                continue  # "$30" ties to a price the sentence names ("costs", "par"; "a $5 link"), not to any sum
            named_last = [w for w in own - units if _named(w, context_words, typed.near)]
        elif (not money and own and not own & MONEY_KEYS and not any(key.isdigit() for key in entry.keys)
              and not any(_forms(w) & set(words.words) for w in own) and _of(last, typed)):
            named_last = sorted(own)  # its last key is what the figure counts: "a hand of five tiles"
        else:
            continue
        others = [key for key in entry.keys[:-1] if _named(key, context_words, typed.near)]
        score = len(others) + len(named_last)
        if score > best:
            best, tied = score, [entry]
        elif score == best and score:
            tied.append(entry)
    return tied or _in_list(typed, entries, context_words)


def _priced(key: str, typed: Typed, units: set[str]) -> bool:
    """Whether a sum is the price of what the word right after it names, as the data key says:
    "a $5 link" and ``link_cost`` (the key's other words follow the figure, the rest is money)."""
    words = key.split()
    named = [word for word in words if word not in units]
    if not named or len(named) == len(words):
        return False
    return re.search(rf"{re.escape(typed.said)}\s+" + r"\W+".join(map(re.escape, named)) + r"(?:s|es)?\b",
                     typed.close, re.IGNORECASE) is not None


def _in_list(typed: Typed, entries: list[Entry], context_words: set[str]) -> list[Entry]:
    """The items of the game's lists a figure is one of, when the noun beside it names the list:
    the word right after it ("MP places its $40 token" and ``MP: {tokens: [0, 40, 100]}``), the
    first word of the list's name right before it ("par $90" and ``par_values``), or the list's whole name near it ("its par
    value is $90"), or, in a table, its column's heading ("Par"): those of the lists whose other
    keys the words near it name most (the MP's)."""
    best, tied = -1, []
    for entry in entries:
        if entry.counted or len(entry.keys) < 2 or not entry.keys[-1].isdigit() or entry.keys[-2].isdigit():
            continue
        if not _names_list(typed, singular(entry.keys[-2])):
            continue
        score = sum(1 for k in entry.keys[:-2] if _named(k, context_words, typed.near))
        if score > best:
            best, tied = score, [entry]
        elif score == best:
            tied.append(entry)
    return tied


def _names_list(typed: Typed, key: str) -> bool:
    """Whether the noun beside a figure names the list ``key`` (singular, its words joined by
    spaces) it would be an item of: after it ("$40 token"), or, by the list name's first word,
    right before it ("par $90"), or by its whole name near it ("its par value is $90"); in a
    table, the column's heading."""
    figure, words = re.escape(typed.said), key.split()
    after = r"\W+".join(map(re.escape, words)) + r"(?:s|es)?"
    if re.search(rf"{figure}\s+{after}\b", typed.close, re.IGNORECASE):
        return True
    if len(words) < 2 or words[0] in NUMBER_WORDS or words[0] in STOP:
        return False  # a list named by one word is named after the figure only ("the cattle token $10")
    head = re.escape(words[0])
    if typed.labels:
        return re.fullmatch(rf"{head}(?:s|es)?", typed.labels[1].strip().lower()) is not None
    return (re.search(rf"\b{head}\s+{figure}", typed.close, re.IGNORECASE) is not None
            or re.search(rf"\b{after}\b", typed.near, re.IGNORECASE) is not None)


def _in_cell(typed: Typed, entries: list[Entry], units: set[str], money: bool) -> list[Entry]:
    """The data entries a table's cell is: an item of one of the game's lists that its row or its
    column names (the train "8", the company "Eclipse Solar"), at the key the other names ("Price",
    "Base price"): "| Price | $800 |" under the heading "8" and ``trains.5.price`` (the item named
    "8")."""
    labels = [" ".join(label.lower().split()) for label in typed.labels]
    out = []
    for entry in entries:
        if entry.counted or not entry.names or entry.keys[-1].isdigit():
            continue
        for one, other in ((0, 1), (1, 0)):
            if labels[one] in entry.names and _names_key(labels[other], entry.keys[-1], units, money):
                out.append(entry)
                break
    return out


def _names_key(label: str, key: str, units: set[str], money: bool) -> bool:
    """Whether a table's heading names a data key ("Base price" names ``base``; "Price" ``price``);
    for money, the key or the heading is one the game keeps money in."""
    said = _words_of(label)
    if not all(_forms(word) & said for word in key.split()):
        return False
    return not money or bool(set(key.split()) & units) or bool(said & units)


def _of(key: str, typed: Typed) -> bool:
    """Whether the words right beside the figure say it is the ``key``'s: "a hand of five tiles",
    "five tiles in hand", "3 counters per turn"."""
    key = r"\W+".join(map(re.escape, key.split())) + r"s?"
    figure = re.escape(typed.said)
    return re.search(rf"\b{key} of {figure}\b|{figure} (?:in|per|a|each) (?:(?:the|a|your|their|its|each) )?{key}\b",
                     typed.close, re.IGNORECASE) is not None


def _counts(entry: Entry, typed: Typed, units: set[str], money: bool) -> bool:
    """Whether the data entry is a figure of the typed one's unit: its last key is the unit (for
    money, names a price), or ends with it ("city_links": links); what comes before a "per" is what
    it counts ("coins_per_food": coins)."""
    named = [key for key in entry.keys if not key.isdigit()] if money else list(entry.keys[-1:])
    if not named:  # (an item of a list is a value of it; the list's length is its count)
        return False
    last = named[-1].split()
    if "per" in last:
        last = last[:last.index("per")]
    if not last:
        return False
    return bool(set(last) & units) if money else last[-1] in units


def _said(words: Vocabulary, typed: Typed, value: Any) -> str:
    shown = f"{value:,}" if isinstance(value, int) and abs(value) >= 10000 else str(value)
    return f"{words.money}{shown}" if typed.unit == words.money else f"{shown}"


def judge(typed: Typed, words: Vocabulary, entries: list[Entry], positions: "Positions") -> Finding:
    bound = BOUND.search(typed.lead)
    tied = [] if bound else tie_to_data(typed, words, entries)
    if tied:
        if any(_equal(entry.value, typed.number) for entry in tied):
            return Finding(typed, "agrees", [f"{e.label} = {_said(words, typed, e.value)}" for e in
                                             sorted(tied, key=lambda e: not _equal(e.value, typed.number))])
        truth = [f"{e.path} = {_said(words, typed, e.value)}" for e in tied[:6]]
        files = sorted({e.file for e in tied})
        fix = (f"write {tied[0].role} so it cannot drift, or correct the number" if len(tied) == 1
               else "correct the number, or print the one it means with {value}`" + files[0] + ":<path>`")
        return Finding(typed, "differs", [f"the game's data gives {', '.join(truth)}{' ...' if len(tied) > 6 else ''} "
                                          f"({', '.join(files)})"], fix)
    held = positions.tied(typed)
    if not held:
        claimed = positions.claimed(typed)
        if claimed:  # "Bob holds three cards" where an example of the section starts or ends so
            return Finding(typed, "agrees", claimed)
    if held:
        if any(_equal(value, typed.number) for _, value in held):
            return Finding(typed, "agrees", [f"{place} = {_said(words, typed, v)}" for place, v in held[:3]])
        places = list(dict.fromkeys(f"{place}: {_said(words, typed, v)}" for place, v in held))
        return Finding(typed, "differs", ["the examples of this section hold " + "; ".join(places[:4])
                                          + (" ..." if len(places) > 4 else "")],
                       "write the figure the example shows, or change the example")
    owned = positions.titled(typed) if positions.title_of(typed) else (positions.owned(typed)
                                                                        or positions.told(typed, named=True))
    if owned:  # "Bob sells his three MKT shares at $82": the MKT's share price in the example
        return Finding(typed, "agrees", owned[:3])
    units, money = _unit_keys(typed, words), typed.unit == words.money
    settings = positions.set_by_title(typed)
    if settings:  # "when a short double build costs only $5": the example's own setting
        truth = [f"the setting {name} of example '{positions.title_of(typed)[0]}' = {_said(words, typed, value)}"
                 for name, value in settings]
        if any(_equal(value, typed.number) for _, value in settings):
            return Finding(typed, "agrees", truth)
        return Finding(typed, "differs", truth, "write the setting the example plays with, or change its settings")
    printed = positions.printed(typed)
    if printed:  # "A bid of less than $5 over the cost is refused": the $5 its rule prints from the game
        if any(_equal(value, typed.number) for _, value in printed):
            return Finding(typed, "agrees", [f"{place} = {_said(words, typed, value)}" for place, value in printed
                                             if _equal(value, typed.number)][:3])
        if money and not positions.held_by_own(typed) and not _loose(typed, entries, units, money):
            # (not a figure of the example's own position, "$4 does not buy", nor another price: "Hamburg costs $15";
            # a count in a title mostly tells the example's situation, "Three of Preston's four links": it only agrees)
            places = "; ".join(f"{place} prints {_said(words, typed, value)}" for place, value in printed[:3])
            return Finding(typed, "differs", [f"the example shows a rule that prints the game's figure: {places}"],
                           "write the rule's figure in the example's title (a title cannot hold a {value} role), "
                           "or change the game's data")
    loose = _loose(typed, entries, units, money)
    if loose:
        return Finding(typed, "loose", [e.label for e in loose[:3]])
    shown = [place for place, value in positions.values(typed) if _equal(value, typed.number)]
    if shown:
        return Finding(typed, "held", list(dict.fromkeys(shown))[:2])
    told = positions.told(typed)
    if told:  # "Ann pays the other $635": what the moves of an example beside it say
        return Finding(typed, "held", told[:2])
    return Finding(typed, "untied")


def _loose(typed: Typed, entries: list[Entry], units: set[str], money: bool) -> list[Entry]:
    """The game's data values of the figure's unit that equal it: for money, a sum its key says is
    money (a "price", a "cost", a list of "par values"; not a map's coordinate or a count that
    happens to be 4); for a count, a count of what the figure counts."""
    return [e for e in entries if e.keys and not (money and e.counted) and _counts(e, typed, units, money)
            and _equal(e.value, typed.number)]


def _clause(typed: Typed) -> str:
    """The clause of its sentence a figure is in: between semicolons ("The SLSF has $50; dan pays the
    other $130": "dan pays the other $130")."""
    clauses = re.split(r";\s*", typed.context)
    return next((one for one in clauses if typed.said.lower() in one.lower()), typed.context)


def _says_name(sentence: str, name: str) -> bool:
    """Whether ``sentence`` names ``name`` (a key of the view: "MKT", "ann") as a word of its own:
    a key in capitals as written, a key in lower case as a name ("Ann")."""
    if len(name) < 2 or name.isdigit():
        return False
    flags = re.IGNORECASE if name.islower() else 0
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", sentence, flags) is not None


def _matching(node: Any, pattern: tuple, done: tuple):
    """Each (dotted path, value) of ``node`` that the path pattern (``*`` for any one part) fits."""
    if not pattern:
        yield ".".join(done), node
        return
    part, rest = pattern[0], pattern[1:]
    if isinstance(node, dict):
        for key in list(node):
            if part == "*" or str(key) == part:
                yield from _matching(node[key], rest, done + (str(key),))


def _equal(value: Any, number: float) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and float(value) == float(number)


class Positions:
    """The positions the examples of one page hold (before and after their moves), read only when a
    sentence names a part of them as the phrases do ("Ann's cash")."""

    def __init__(self, games: list, said, words: Vocabulary, text: str = "", rules: dict | None = None,
                 game: str | None = None) -> None:
        self.games, self.said, self.words = games, said, words
        self.rules, self.game = rules or {}, game  # the book's rules (id: ``RuleDecl``) and the page's game
        self.lines = text.splitlines()
        self.headings = [n for n, line in enumerate(text.splitlines(), 1) if line.startswith("#")]
        self._subjects: dict | None = None
        self._claiming: dict = {}

    def section(self, line: int) -> int:
        """The line of the heading that begins the section ``line`` is in (0: before the first)."""
        return max((n for n in self.headings if n <= line), default=0)

    def _all(self, line: int) -> list:
        if self._subjects is None:
            self._subjects = {}
        section = self.section(line)
        if section not in self._subjects:
            found = self._subjects[section] = []
            for one in self.games:
                if self.section(one.scenario.where.line) != section:
                    continue  # only the examples of the figure's own section
                run = one.result.run
                for when, state in (("before its moves", run.before), ("after its moves", run.after)):
                    view = phrases._view(run.game, state) if state is not None else None
                    if view is not None:
                        named = {text.lower(): path for text, path in subjects(self.said, view).items()}
                        found.append((f"example '{one.scenario.id}', {when}", view, named))
        return self._subjects[section]

    def values(self, typed: Typed) -> list[tuple[str, Any]]:
        """(where, value) of every part of the section's example positions that holds the figure's
        unit (money where the phrases write money; a count of the part the figure names)."""
        patterns = self.words.money_paths if typed.unit == self.words.money else self.words.words.get(typed.unit, [])
        if not patterns or not self.games:
            return []
        out = []
        for place, view, _ in self._all(typed.where.line):
            for pattern in patterns:
                for path, value in _matching(view, pattern, ()):
                    out.append((f"{self.said.path(path) or path} in {place}",
                                len(value) if isinstance(value, (list, dict)) else value))
        return out

    def owned(self, typed: Typed) -> list[str]:
        """Where a part of what the figure's sentence names by name (a player, a corporation: a key
        the phrases' ``*`` stands for) holds the figure, of its unit, in a position an example of the
        section starts or ends in: "Bob sells his three MKT shares at $82" and the MKT's share price
        ($82) before the example's moves. When the sentence also names the part ("MKT's price",
        "its cash"), only such parts count. Each place it is borne out, or none: a figure no such
        part holds is judged as before (never failed by this)."""
        patterns = self.words.money_paths if typed.unit == self.words.money else self.words.words.get(typed.unit, [])
        if not patterns or not self.games:
            return []
        sentence, found = _clause(typed), []
        at = sentence.lower().find(typed.said.lower())
        said, lead = _words_of(sentence), " ".join((sentence[:at] if at >= 0 else typed.lead).split()[-LEAD:])
        for place, view, _ in self._all(typed.where.line):
            for pattern in patterns:
                for path, value in _matching(view, pattern, ()):
                    parts = path.split(".")
                    names = [parts[i] for i, one in enumerate(pattern) if one == "*"]
                    if not names or not all(_says_name(sentence, name) for name in names):
                        continue
                    keys = " ".join(_key_words(one) for one in pattern[1:] if one != "*")  # "price", "cash"
                    if not (keys and _words_of(keys) <= said) and not any(_says_name(lead, name) for name in names):
                        continue  # neither the part ("MKT's price") nor the name just before it ("MKT shares at")
                    value = len(value) if isinstance(value, (list, tuple, dict)) else value
                    found.append((keys, f"{self.said.path(path) or path} in {place}", value))
        kept = [one for one in found if one[0] and _words_of(one[0]) <= said] or found  # "MKT's price is $82"
        return list(dict.fromkeys(f"{place} = {_said(self.words, typed, value)}" for _, place, value in kept
                                  if _equal(value, typed.number)))

    def title_of(self, typed: Typed) -> list[str]:
        """The example whose title the figure is in ("Two shares sold on the ledge"), or none."""
        return [one.scenario.id for one in self.games if one.scenario.where.line == typed.where.line]

    def titled(self, typed: Typed) -> list[str]:
        """When the figure is in an example's title ("Two shares sold on the ledge"): where that
        example's own positions, before or after its moves, or its moves told in the game's words,
        hold it; a sum (said of many parts: cash, prices, costs) only where a part the title names
        holds it (``owned``) or the moves say it."""
        own = self.title_of(typed)
        if not own:
            return []
        mark = f"example '{own[0]}'"
        told = [said for said in self.told(typed) if f"{mark}:" in said]
        named = [one for one in self.owned(typed) if f"{mark}, " in one]
        if typed.unit == self.words.money:  # a sum is said of many parts: only one the title names, or the moves
            return list(dict.fromkeys(named + told))
        held = [f"{place} = {_said(self.words, typed, value)}" for place, value in self.values(typed)
                if place.endswith((f"{mark}, before its moves", f"{mark}, after its moves")) and _equal(value, typed.number)]
        return list(dict.fromkeys(named + held + told))

    def printed(self, typed: Typed) -> list[tuple[str, Any]]:
        """When the figure is in an example's title ("A bid of less than $5 over the cost is
        refused"): what the rules that example shows print from the game with ``{value}`` in the
        figure's unit (money, or a count written before the figure's unit word), as (the role in
        its rule, the value). A title is a directive's argument, which cannot hold a role; the rule
        it shows prints the number from the game, so the title's copy of it is checked against that."""
        out = []
        for rule_id in self.shown_by_title(typed):
            rule = self.rules.get(rule_id)
            if rule is None:
                continue
            for role in ROLE_IN_TEXT.finditer(rule.text):
                try:
                    figure = figures.parse_role(role.group(1), rule.where)
                    game = figures.game_for(figure, self.game)
                    read = figures.read(game, figure)
                except Exception:  # noqa: BLE001 - a role that does not read is said by the figures check
                    continue
                if read.each is not None or not _equal(read.value, read.value):
                    continue  # (a number only: _equal is false for anything else)
                text = figures.said(self.said, figure, figure.path, read.value)
                if typed.unit == self.words.money:
                    if not text.startswith(self.words.money):
                        continue
                elif not (role.group(2) and singular(role.group(2)) == singular(typed.unit)):
                    continue
                out.append((f"{{value}}`{figure.written}` in rule {rule_id} ({display_path(rule.where.path)}, "
                            f"line {rule.where.line})", read.value))
        return list(dict.fromkeys(out))

    def shown_by_title(self, typed: Typed) -> list[str]:
        """The rules whose figures a title the figure is in repeats: those its example shows, or,
        in a rule's ``:title:``, that rule ("A share price of $400 ends the game")."""
        own = [one.scenario for one in self.games if one.scenario.where.line == typed.where.line]
        if own:
            return list(own[0].rules)
        line = self.lines[typed.where.line - 1].lstrip() if 0 < typed.where.line <= len(self.lines) else ""
        if not line.startswith(":title:"):
            return []
        return [rule.id for rule in self.rules.values() if str(rule.where.path) == str(typed.where.path)
                and rule.where.line < typed.where.line <= rule.where.line + 4]

    def set_by_title(self, typed: Typed) -> list[tuple[str, Any]]:
        """(setting, value) of each number the example whose title the figure is in sets as a setting
        whose name its title says, every word ("The same, when a short double build costs only $5"
        and ``settings: {short_double_cost: 5}``)."""
        own = [one.scenario for one in self.games if one.scenario.where.line == typed.where.line]
        settings = (getattr(own[0], "data", None) or {}).get("settings") if own else None
        if not isinstance(settings, dict):
            return []
        said = _words_of(typed.context)
        return [(str(name), value) for name, value in settings.items() if _equal(value, value)
                and all(_forms(word) & said for word in _key_words(name).split() if word not in STOP)]

    def held_by_own(self, typed: Typed) -> bool:
        """Whether the example whose title the figure is in holds it anywhere in its positions, before
        or after its moves, or says it in its moves."""
        own = self.title_of(typed)
        if not own:
            return False
        mark = f"example '{own[0]}'"
        return (any(place.endswith((f"{mark}, before its moves", f"{mark}, after its moves")) and _equal(value, typed.number)
                    for place, value in self.values(typed))
                or any(f"{mark}:" in said for said in self.told(typed)))

    def _names(self, line: int) -> set[str]:
        """The names the views of the section's examples key their parts by (players, corporations)."""
        out: set[str] = set()
        for _, view, _ in self._all(line):
            for value in (view.values() if isinstance(view, dict) else ()):
                if isinstance(value, dict):
                    out |= {str(key) for key, part in value.items() if isinstance(part, dict)}
        return out

    def told(self, typed: Typed, named: bool = False) -> list[str]:
        """Where the moves of an example of the section, told in the game's words, say the figure
        ("Ann pays $635 for the GMO's 8-train."): each such example and sentence. ``named``: only a
        move's sentence that names one of the names the figure's clause names ("Ann pays the other
        $635": Ann)."""
        if not self.games:
            return []
        names = [name for name in self._names(typed.where.line) if _says_name(_clause(typed), name)] if named else []
        if named and not names:
            return []
        section, out = self.section(typed.where.line), []
        number = re.escape(typed.said.replace(",", "")) if typed.unit == self.words.money else \
            re.escape(str(int(typed.number)) if float(typed.number).is_integer() else str(typed.number))
        pattern = re.compile(rf"(?<![\w.,$]){number}(?![\w]|[.,]\d)")
        if named and typed.unit != self.words.money:  # a count said with what it counts: "3 streets"
            forms = "|".join(map(re.escape, sorted(_forms(typed.unit), key=len, reverse=True)))
            pattern = re.compile(rf"(?<![\w.,$]){number} (?:{forms})\b", re.IGNORECASE)
        for one in self.games:
            if self.section(one.scenario.where.line) != section:
                continue
            for sentences in one.said.moves(one.result.run):
                said = next((s for s in sentences or () if pattern.search(s.replace(",", ""))
                             and (not named or any(_says_name(s, name) for name in names))), None)
                if said:
                    out.append(f"the moves of example '{one.scenario.id}': \"{said}\"")
                    break
        return out

    def claimed(self, typed: Typed) -> list[str]:
        """Where a position of the section bears out what the figure's sentence claims of a part it
        names, read as the lead-in check reads it ("Bob holds three cards", "GMO's treasury holds
        $165": ``rulewright.checks.lead_in``): each such place, or none."""
        if not self.games or not lead_in.CLAIMED.search(typed.context):
            return []
        out = []
        for place, view, _ in self._all(typed.where.line):
            position = self._claiming.get(id(view))
            if position is None:
                position = self._claiming[id(view)] = lead_in.Position(self.said, view, ())
            for claim in position.claims(typed.context):
                said = claim.said.lower()
                before = said[:said.rfind(typed.said.lower())].split()[-2:]
                if typed.said.lower() not in said or " ".join(before + [typed.said.lower()]) not in typed.near.lower():
                    continue  # another figure of the sentence
                borne = lead_in.bearing(claim)
                if borne:
                    out.append(f"{claim.said!r}: " + " or ".join(
                        f"{self.said.path(path) or path} ({_said(self.words, typed, len(value) if isinstance(value, (list, tuple, dict)) else value)})"
                        for path, value in borne[:2]) + f" in {place}")
                    break
        return out[:2]

    def tied(self, typed: Typed) -> list[tuple[str, Any]]:
        """(where, value) of each position of the page at the part the figure's sentence names."""
        if "'s" not in typed.context and "’s" not in typed.context and not self.games:
            return []

        context, held = (typed.lead.split(",")[-1] + " " + typed.said).lower().replace("’", "'"), []  # named just before
        patterns = self.words.money_paths if typed.unit == self.words.money else self.words.words.get(typed.unit, [])
        for place, view, named in self._all(typed.where.line) if self.games else []:
            for text, path in named.items():
                if len(text) < 6 or text not in context:
                    continue
                parts = tuple(path.split("."))
                if not any(len(p) == len(parts) and all(a == "*" or a == b for a, b in zip(p, parts)) for p in patterns):
                    continue
                value = phrases.look_up(view, path)
                held.append((f"{self.said.path(path)} in {place}",
                             len(value) if isinstance(value, (list, dict)) else value))
        return held


# --- the whole book -----------------------------------------------------------------------------------

def survey(book, scenarios, played=None) -> list[Finding]:
    """Every figure typed on the pages of ``book`` (a ``scanner.Book``) that belong to one game,
    judged against the game (``played``: the examples that play, ``narration.played``)."""
    if played is None:
        played = narration.played(scenarios)
    by_page: dict[str, list] = {}
    for one in played:
        by_page.setdefault(str(one.scenario.where.path), []).append(one)
    findings: list[Finding] = []
    for page in book.pages.values():
        name = figures.page_game(page.path, page.text)
        if not name:
            continue
        try:
            game = get_game(name)
            said = phrases.for_game(game)
        except Exception:  # noqa: BLE001 - a game that cannot be loaded, or its phrases read, is said by its own check
            continue
        if said.unreadable:
            continue
        words = vocabulary(said)
        entries = data_entries(game)
        typed = page_figures(page.text, str(page.path), words, item_names(entries))
        if not typed:
            continue
        positions = Positions([one for one in by_page.get(str(page.path), []) if one.result.run.game.name == game.name],
                              said, words, page.text, rules=getattr(book, "rules", None), game=name)
        findings += [judge(one, words, entries, positions) for one in typed]
    return findings


def strictness() -> str:
    return getattr(config.current(), "typed_figures", None) or DEFAULT


def problems(findings: list[Finding], strict: str | None = None) -> list[ExampleProblem]:
    """The findings that are problems at the project's strictness."""
    strict = strict or strictness()
    out = []
    for finding in findings:
        typed = finding.typed
        if strict == "list":
            continue
        if finding.status == "differs":
            out.append(ExampleProblem(typed.where, f"The text says {typed.said}, but {finding.truth[0]}: "
                                      f"{finding.fix}.", check=CHECK))
        elif finding.status == "untied" and strict == "strict":
            out.append(ExampleProblem(typed.where, f"The text says {typed.said}, which is none of the game's values "
                                      f"for {_unit_words(typed)}, and names no part of the game it could be checked "
                                      "against: print it from the game with the {value} role, or say what it counts "
                                      "('typed-figures = \"check\"' in [tool.rulewright] lists such figures instead of "
                                      "failing them).", check=CHECK))
    return out


def _unit_words(typed: Typed) -> str:
    return "money" if not typed.unit[:1].isalpha() else typed.unit


_last: list[Finding] = []


def check(book, scenarios, played=None) -> list[ExampleProblem]:
    """The problems of the figures typed in ``book``; what was found is kept for ``report``."""
    global _last
    _last = survey(book, scenarios, played)
    return problems(_last)


def last() -> list[Finding]:
    """What the last ``check`` of this process found."""
    return list(_last)


def summary(findings: list[Finding]) -> str:
    """One line for ``rulewright check``: how many figures were checked and how many are listed."""
    count = {status: sum(1 for f in findings if f.status == status)
             for status in ("agrees", "differs", "loose", "held", "untied")}
    if not findings:
        return ""
    listed = count["loose"] + count["held"] + count["untied"]
    return (f"Figures typed in the text: {count['agrees'] + count['differs']} checked against the game"
            f"{' (' + str(count['differs']) + ' differ)' if count['differs'] else ''}, {listed} not tied to one part of "
            f"it{' (rulewright check --figures lists them)' if listed else ''}.")


def report(findings: list[Finding]) -> str:
    """The report a designer opens (``rulewright check --figures``): every figure typed in the
    text that the game could not check, at its line, and what the game says of those it did."""
    def at(typed: Typed) -> str:
        return f"{display_path(typed.where.path)}, line {typed.where.line}"

    lines = [summary(findings) or "No figures typed in the text sit next to a word the game's phrases know."]
    sections = (
        ("differs", "Tied to the game, and the game says otherwise (each is also a problem above):",
         lambda f: f.truth[0]),
        ("untied", "Not checked, and no value of the game's data or of the examples beside it: a number about the "
                   "game here (a rule's number) is trusted as typed, so print it with {value} or say what it counts; a "
                   "number about something else (a real game's history, a situation a rule describes) can stay as typed",
         lambda f: "not checked"),
        ("held", "A value an example of its section holds, but the sentence names no one part of the position (borne out "
                 "loosely by the example beside it):",
         lambda f: "as " + ", ".join(f.truth)),
        ("loose", "One of the game's values in its data for the unit, but the sentence names no one part of the game "
                  "(checked loosely):",
         lambda f: "as " + ", ".join(f.truth)),
    )
    for status, heading, say in sections:
        found = [f for f in findings if f.status == status]
        if found:
            lines += ["", f"{heading} ({len(found)})" if not heading.endswith(":") else f"{heading[:-1]} ({len(found)}):"]
            lines += [f"  {at(f.typed)}: {f.typed.said!r} in \"{_short(f.typed.read)}\": {say(f)}" for f in found]
    agreed = [f for f in findings if f.status == "agrees"]
    if agreed:
        lines += ["", f"Checked against the game and bearing it out ({len(agreed)}):"]
        lines += [f"  {at(f.typed)}: {f.typed.said!r}: {f.truth[0]}" for f in agreed]
    return "\n".join(lines)


def _short(text: str, most: int = 90) -> str:
    text = " ".join(text.split())
    return text if len(text) <= most else text[:most - 3] + "..."
