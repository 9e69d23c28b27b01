"""Reading an example's YAML body while remembering where every key came from.

A designer who mistypes a key must be told the line it is on, so the body is composed node by
node (PyYAML keeps each node's position) and every mapping key and list item gets its line in a
``LineMap``. Duplicate keys, which PyYAML would silently collapse, are reported.
"""
from __future__ import annotations

import codecs
import re
import unicodedata
from dataclasses import dataclass, field
import encodings.utf_8 as utf_8
import encodings.utf_8_sig as utf_8_sig
from pathlib import Path

import yaml

from rulewright.game import yaml_words
from rulewright.problems import ExampleProblem, Where

FAST_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# Every text file of a book (a page, a record, a glossary, a phrase file) is UTF-8. One saved in
# another encoding (an old editor's Latin-1 'é') is one problem naming its file, line and byte
# (``not_utf8``), and is still read, each byte that is not UTF-8 as U+FFFD, so the rest of the book
# is checked and built: ``TOLERANT`` is that reading as a codec name (for Sybil, which opens the
# pages itself; ``TOLERANT_SIG`` for Sphinx, which drops a byte-order mark), ``read_text`` as a
# function.
TOLERANT = "rulewright_utf_8"
TOLERANT_SIG = "rulewright_utf_8_sig"


def _tolerant_codec(name: str):
    name = name.replace("-", "_")
    if name not in (TOLERANT, TOLERANT_SIG):
        return None
    base = utf_8_sig if name == TOLERANT_SIG else utf_8

    class IncrementalDecoder(base.IncrementalDecoder):
        def __init__(self, errors: str = "replace") -> None:
            super().__init__("replace")

    def decode(data, errors="replace"):
        return base.decode(data, "replace") if base is utf_8_sig else codecs.utf_8_decode(data, "replace", True)

    return codecs.CodecInfo(name=name, encode=base.encode, decode=decode,
                            incrementalencoder=base.IncrementalEncoder, incrementaldecoder=IncrementalDecoder,
                            streamreader=base.StreamReader, streamwriter=base.StreamWriter)


def _register() -> None:
    codecs.register(_tolerant_codec)


_register()


def not_utf8(path, data: bytes) -> ExampleProblem | None:
    """The problem of a file whose bytes ``data`` are not UTF-8 text, at the line of the first
    byte that is not, or ``None``."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        byte = data[error.start]
        guess = bytes([byte]).decode("cp1252", errors="replace")
        said = f" (the byte 0x{byte:02X}, which reads as {guess!r} in the Windows-1252 or Latin-1 encoding)" \
            if guess != "\ufffd" and guess.isprintable() else f" (the byte 0x{byte:02X})"
        return ExampleProblem(Where(str(path), line), f"This file is not UTF-8 text: column {column} of this line "
                              f"holds a byte UTF-8 cannot read{said}. Save the file as UTF-8 in your editor "
                              "(e.g. 'Save with encoding: UTF-8'), and check the character there.")
    return None


def read_text(path, sig: bool = False) -> tuple[str, ExampleProblem | None]:
    """The text of the file at ``path`` (each byte that is not UTF-8 read as U+FFFD; ``sig``: a
    byte-order mark dropped), and the problem of its encoding, if it has one."""
    data = Path(path).read_bytes()
    return data.decode(TOLERANT_SIG if sig else TOLERANT), not_utf8(path, data)
PROSE = "phrase file"  # a game's phrases: sentences, which may hold any character (as a glossary's)


@dataclass
class LineMap:
    """Line numbers (1-based, in the Markdown file) of keys and list items, by path."""

    first_line: int
    lines: dict[tuple, int] = field(default_factory=dict)
    brackets: set[tuple] = field(default_factory=set)  # paths of lists written in brackets, [a, b]
    # Keys in braces with no value, after a comma that ends a 'key: value' entry: "{first: ann, bob}"
    # is, to YAML, first: ann and a key bob. Each such key's path -> the entry before it (key, value).
    split: dict[tuple, tuple[str, str]] = field(default_factory=dict)

    def hint(self, *path) -> str:
        """A sentence to add to a problem at ``path`` when ``path`` (or where it lies) is a key a
        comma split off the value before it in braces, else ''."""
        for length in range(len(path), 0, -1):
            key = tuple(int(p) if isinstance(p, str) and p.isdigit() else p for p in path[:length])
            if key in self.split:
                before, value = self.split[key]
                return (f" In braces a comma ends an entry, so '{key[-1]}' was read as a key with no value: if the "
                        f"comma belongs to the value of '{before}', put that value in quotes ({before}: \"{value}, "
                        f"{key[-1]}\").")
        return ""

    def line(self, *path) -> int:
        """The line of ``path``, or of its nearest ancestor that has one."""
        exact: tuple = ()
        for part in path:  # an InputError's dotted path says "players.0": the map has the number 0
            if isinstance(part, str) and part.isdigit() and exact + (int(part),) in self.lines:
                part = int(part)
            exact += (part,)
        path = exact
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.first_line


# Characters a word processor or a web page puts where a plain one belongs: they look the same (or
# are invisible) but the computer reads another character. What each is, and what to type instead.
LOOKALIKES = {
    "\u00a0": ("a non-breaking space", "an ordinary space"),
    "\u202f": ("a narrow non-breaking space", "an ordinary space"),
    "\u2007": ("a figure space", "an ordinary space"),
    "\u2009": ("a thin space", "an ordinary space"),
    "\u200b": ("an invisible zero-width space", "nothing: delete it"),
    "\u200c": ("an invisible zero-width non-joiner", "nothing: delete it"),
    "\u200d": ("an invisible zero-width joiner", "nothing: delete it"),
    "\u2060": ("an invisible word joiner", "nothing: delete it"),
    "\ufeff": ("an invisible byte-order mark", "nothing: delete it"),
    "\u00ad": ("an invisible soft hyphen", "nothing: delete it"),
    "\u2018": ("a curly quote (‘)", "a straight quote (')"),
    "\u2019": ("a curly quote (’)", "a straight quote (')"),
    "\u201c": ("a curly quote (“)", 'a straight quote (")'),
    "\u201d": ("a curly quote (”)", 'a straight quote (")'),
    "\u2010": ("a typographic hyphen (‐)", "a plain hyphen (-)"),
    "\u2011": ("a non-breaking hyphen (‑)", "a plain hyphen (-)"),
    "\u2012": ("a figure dash (‒)", "a plain hyphen (-)"),
    "\u2013": ("an en dash (–)", "a plain hyphen (-)"),
    "\u2014": ("an em dash (—)", "a plain hyphen (-)"),
    "\u2212": ("a minus sign (−)", "a plain hyphen (-)"),
    "\uff1a": ("a full-width colon (：)", "a plain colon (:)"),
}


def lookalike(text: str) -> str | None:
    """Words naming the first look-alike or invisible character in ``text`` and what to type
    instead, or None when there is none."""
    found = next((c for c in text if c in LOOKALIKES), None)
    if found is None:
        return None
    what, instead = LOOKALIKES[found]
    return (f"{what} (U+{ord(found):04X}, column {text.index(found) + 1}): it looks like an ordinary character "
            "but is another one to the computer (word processors and web pages put such characters in). "
            f"Type {instead} instead")


def check_characters(text: str, where: Where, what: str = "example") -> None:
    """Refuse the first line of ``text`` (which starts at ``where.line``) that holds a look-alike or
    invisible character, naming it and what to type instead."""
    for index, line in enumerate(text.splitlines()):
        said = lookalike("" if line.lstrip().startswith("#") else line.split(" #")[0])  # a comment may hold any
        if said:
            raise ExampleProblem(where.at(where.line + index), f"This line of the {what} has {said}.")


def load(text: str, where: Where, what: str = "example") -> tuple[object, LineMap]:
    """Parse ``text`` (which starts at ``where.line`` of ``where.path``) into data and a line map.
    ``what`` names the text in messages ("example", "glossary"); an example's or a position's
    text may not hold look-alike characters (a glossary's prose may)."""
    lines = LineMap(where.line)
    if what not in ("glossary", PROSE):
        check_characters(text, where, what)
    try:
        try:  # libyaml where PyYAML has it: a long record reads in a fraction of the time
            node = yaml.compose(text, Loader=FAST_LOADER)
        except yaml.YAMLError:  # its words for a mistake differ: PyYAML's own parser says what is wrong
            node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.constructor.SafeConstructor().construct_document(node) if node is not None else None
    except yaml.YAMLError as error:
        index, said = yaml_words.mistake(text, error, what)
        raise ExampleProblem(where.at(where.line + (index or 0)), said) from None
    if node is not None:
        _walk(node, (), lines, where, text)
    return data, lines


def _thousands(nodes: list, text: str, where: Where) -> None:
    """``{cash: 1,000}`` is, to YAML, ``cash: 1`` and a key ``000``; ``[1,000]`` is two numbers.
    A number followed by a comma and three digits, with no space between, is a thousands separator."""
    def plain_digits(node) -> bool:
        return isinstance(node, yaml.ScalarNode) and not node.style and node.value.isdigit()  # plain: None or '' (libyaml)

    for first, node in enumerate(nodes):
        last = first
        while (plain_digits(nodes[last]) and last + 1 < len(nodes) and plain_digits(nodes[last + 1])
               and len(nodes[last + 1].value) == 3
               and text[nodes[last].end_mark.index:nodes[last + 1].start_mark.index] == ","):
            last += 1
        if last > first:
            parts = [n.value for n in nodes[first:last + 1]]
            written = ",".join(parts)
            raise ExampleProblem(where.at(where.line + node.start_mark.line),
                                 f"'{written}' is written with a thousands separator; to YAML each comma separates "
                                 f"two values ({', '.join(parts)}). Write the number without it: {''.join(parts)}.")


def _split_by_comma(node, path: tuple, lines: LineMap, text: str) -> None:
    """Note each key of the braces ``node`` written with no value right after a comma that ends a
    'key: value' entry (``{first: ann, bob}``): a value split by its own comma (``LineMap.split``)."""
    for (before_key, before_value), (key_node, value_node) in zip(node.value, node.value[1:]):
        if (isinstance(value_node, yaml.ScalarNode) and value_node.value == "" and not value_node.style
                and isinstance(key_node, yaml.ScalarNode) and not key_node.style
                and isinstance(before_value, yaml.ScalarNode) and before_value.value != ""
                and not re.fullmatch(r"[-+]?[\d.]+", before_value.value)  # {left: 3, right}: a value left out
                and text[before_value.end_mark.index:key_node.start_mark.index].strip() == ","):
            written = text[before_value.start_mark.index:before_value.end_mark.index].strip("'\"")
            lines.split[path + (key_node.value,)] = (before_key.value, written)


def _walk(node, path: tuple, lines: LineMap, where: Where, text: str = "") -> None:
    if getattr(node, "flow_style", False) and text:
        flat = [part for pair in node.value for part in pair] if isinstance(node, yaml.MappingNode) else node.value
        _thousands(flat, text, where)
    if isinstance(node, yaml.MappingNode):
        if node.flow_style and text:
            _split_by_comma(node, path, lines, text)
        seen: dict = {}
        for key_node, value_node in node.value:
            key = yaml.constructor.SafeConstructor().construct_object(key_node, deep=True)
            line = where.line + key_node.start_mark.line
            if key in seen:
                raise ExampleProblem(
                    where.at(line),
                    f"The key {key!r} appears twice here (first on line {seen[key]}); "
                    "a key may appear only once in the same mapping. Merge the two entries.",
                )
            seen[key] = line
            lines.lines[path + (key,)] = line
            if isinstance(value_node, yaml.ScalarNode) and value_node.start_mark.line != key_node.start_mark.line:
                # a value under its key ("expect:" and, below, "next bob"): where a problem with it is
                lines.lines[path + (key, 0)] = where.line + value_node.start_mark.line
            _walk(value_node, path + (key,), lines, where, text)
    elif isinstance(node, yaml.SequenceNode):
        if node.flow_style:
            lines.brackets.add(path)
        for index, item in enumerate(node.value):
            lines.lines[path + (index,)] = where.line + item.start_mark.line
            _walk(item, path + (index,), lines, where, text)


def plain_letters(text: str) -> str:
    """``text`` with its accented letters as plain ones and other letters beyond ASCII left out:
    "Café Crème" -> "Cafe Creme", for a name made from a title."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def id_from(text: str) -> str:
    """An example ID made of ``text`` (its title, or an ID written wrongly): lowercase letters,
    digits and dashes, "Ship B needs 7 or more" -> "ship-b-needs-7-or-more"."""
    return re.sub(r"[^a-z0-9]+", "-", plain_letters(text).lower()).strip("-")[:40].rstrip("-") or "first-example"


def front_matter_value(text: str, key: str) -> tuple[object | None, int]:
    """The value of ``key`` in the page's front matter (between its first two ``---`` lines) and
    its line, or ``(None, 1)``."""
    if not text.startswith("---"):
        return None, 1
    end = text.find("\n---", 3)
    if end < 0:
        return None, 1
    try:
        front = yaml.safe_load(text[3:end])
    except yaml.YAMLError:
        return None, 1
    if not isinstance(front, dict) or front.get(key) is None:
        return None, 1
    found = re.search(rf"^{re.escape(key)}[ \t]*:", text[:end], re.M)
    return front[key], (text.count("\n", 0, found.start()) + 1 if found else 1)


def page_edition(path: Path) -> str | None:
    """The ``edition:`` in a page's front matter, if any."""
    try:
        text = path.read_text(encoding=TOLERANT)
    except OSError:
        return None
    if not text.startswith("---"):
        return None
    end = text.find("\n---", 3)
    if end < 0:
        return None
    try:
        front = yaml.safe_load(text[3:end])
    except yaml.YAMLError:
        return None
    return str(front.get("edition")) if isinstance(front, dict) and front.get("edition") else None
