"""The book's words: each game's glossary, the terminology check, and the cross-reference check.

A chapter declares its words in ``glossary.yaml`` beside its pages::

    game: muck-and-brass
    terms:
      link:
        definition: One of the dashed lines on the map, joining two neighbouring cities.
        avoid: [connection, track, route]   # words that must not stand in for this term
        except: [route marker]              # fixed phrases in which an avoided word is fine
        engine: {view: companies.*.links}   # or {action: expand}: what the engine calls it
        see: [network]                      # related terms (each must be in the glossary)

The checks read the prose of every page in that folder: paragraphs, headings, list items, rule
texts and titles, designer's notes and example titles. They skip code, roles (``{ruleref}``...),
example bodies, block quotes and text "in double quotes" (a quotation of the source). A deliberate
use of an avoided word is written with the ``{word}`` role: ``{word}`track```.

One implementation serves ``rulewright check``, the tests and the strict Sphinx build.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from myst_parser.parsers.directives import parse_directive_text

from rulewright.book import config, registry
from rulewright.book import scanner, source
from rulewright.book.scanner.directives import DIRECTIVE_INFO, DirectiveShape, markdown, option_lines
from rulewright.checks import engine_source, player_words
from rulewright.book.registry import game_sources, python_files
from rulewright.game import InputError, Rng, did_you_mean
from rulewright.problems import ExampleProblem, Where, display_path, rule_hint
from rulewright.store import cache

GLOSSARY_FILE = "glossary.yaml"
#: Directives whose body is Markdown prose (anything else that is not listed as data is too).
DATA_DIRECTIVES = {"example", "toctree", "code", "code-block", "sourcecode", "graphviz", "math", "eval-rst",
                   "glossary-page", "rule-index", "engine-coverage", "csv-table", "list-table", "raw", "include",
                   "literalinclude", "image", "figure", "position", "values"}
# Directives whose body is YAML that holds the designer's words (a quick reference's steps, the
# readings of a clarifications block): its words are read for the glossary's terms, but the book
# prints them through the directive, not as written (a step's rule ID becomes its title and page).
YAML_WITH_WORDS = {"quick-reference", "clarifications"}
PROSE_OPTIONS = {"title", "caption"}
QUOTED = re.compile(r'"[^"]*"|“[^”]*”')
HYPHENS = "\\-\u2010\u2011"  # inside a character class: the hyphen-minus, the hyphen, the non-breaking hyphen
HOLE = "\x00"  # stands where code or a role was: it ends a word and matches nothing


# --- glossaries -------------------------------------------------------------------------------

@dataclass
class Term:
    name: str
    definition: str
    where: Where
    avoid: list[str] = field(default_factory=list)
    allow: list[str] = field(default_factory=list)
    forms: list[str] = field(default_factory=list)
    engine: dict = field(default_factory=dict)
    see: list[str] = field(default_factory=list)
    see_lines: list[int] = field(default_factory=list)  # the line of each of ``see`` (where a wrong one is said)
    form_lines: list[int] = field(default_factory=list)  # the line of each of ``forms``

    @property
    def pattern(self) -> re.Pattern:
        return words_pattern([self.name, *self.forms])


@dataclass
class Glossary:
    path: Path
    game: str
    terms: list[Term]

    @property
    def folder(self) -> Path:
        return self.path.parent

    def anchor(self, term: Term) -> str:
        """The HTML anchor of ``term``'s entry, unique in the whole book (the PDF is one page)."""
        return re.sub(r"[^a-z0-9]+", "-", f"term {self.folder.name} {term.name}".lower()).strip("-")

    def term(self, name: str) -> Term | None:
        return next((t for t in self.terms if t.name.lower() == name.lower()), None)


def plural(word: str) -> str:
    if re.search(r"(s|x|z|ch|sh)$", word):
        return word + "es"
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + "s"


@lru_cache(maxsize=None)
def _pattern(words: tuple[str, ...]) -> re.Pattern:
    forms = {f for w in words for f in (w, plural(w))}
    alternatives = "|".join(r"\s+".join(map(re.escape, f.split())) for f in sorted(forms, key=len, reverse=True))
    # Whole words: not inside another word, nor a part of a dotted name such as mb.expand.cost, nor of a
    # hyphenated compound ("worker" is not used in "worker-placement", nor "player" in "first-player").
    return re.compile(rf"(?<![\w'’])(?<!\w[.{HYPHENS}]){'(?:' + alternatives + ')'}(?![\w'’]|[.{HYPHENS}]\w)",
                      re.IGNORECASE)


def words_pattern(words) -> re.Pattern:
    """A word or phrase and its plural, as whole words, any case, across line breaks."""
    return _pattern(tuple(words))


def _strings(value, where: Where, what: str) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    raise ExampleProblem(where, f"'{what}' must be a word or a list of words, e.g. {what}: [track, route].")


TERM_KEYS = {"definition", "avoid", "except", "forms", "engine", "see"}


def load_glossary(path: Path) -> Glossary:
    """Read one ``glossary.yaml``; a malformed one is an ``ExampleProblem`` naming its line."""
    text, encoding = source.read_text(path)
    if encoding is not None:
        raise encoding
    return _glossary(Path(path), text)


@lru_cache(maxsize=64)
def _glossary(path: Path, text: str) -> Glossary:
    """The glossary in ``text``, read once per process for the same text: a build reads a
    chapter's glossary for each of its pages, twice (first uses, then links)."""
    data, lines = source.load(text, Where(str(path), 1), "glossary")
    at = lambda *keys: Where(str(path), lines.line(*keys))  # noqa: E731
    if not isinstance(data, dict) or not isinstance(data.get("terms"), dict):
        raise ExampleProblem(at(), "A glossary is a 'game:' line and a 'terms:' mapping, each term with its "
                             "'definition:'. See rulebook/authoring.md, 'Words'.")
    unknown = set(data) - {"game", "terms", "title"}
    if unknown:
        key = sorted(unknown)[0]
        raise ExampleProblem(at(key), f"'{key}' is not a glossary key: write 'game:', 'title:' and 'terms:'.")
    terms = []
    for name, entry in data["terms"].items():
        where = at("terms", name)
        if isinstance(entry, str):
            entry = {"definition": entry}
        if not isinstance(entry, dict) or not isinstance(entry.get("definition"), str):
            raise ExampleProblem(where, f"The term {name!r} needs a 'definition:' sentence.")
        wrong = set(entry) - TERM_KEYS
        if wrong:
            key = sorted(wrong)[0]
            raise ExampleProblem(at("terms", name, key), f"'{key}' is not a term key. A term may have: "
                                 f"{', '.join(sorted(TERM_KEYS))}.")
        engine = entry.get("engine") or {}
        if not (isinstance(engine, dict) and set(engine) <= {"view", "action"}
                and all(isinstance(v, str) for v in engine.values())):
            raise ExampleProblem(at("terms", name, "engine"), "'engine' is {view: a.path.in.the.view} (use * for "
                                 "any key) or {action: word}.")
        see, forms = _strings(entry.get("see"), where, "see"), _strings(entry.get("forms"), where, "forms")
        terms.append(Term(str(name), entry["definition"].strip(), where,
                          avoid=_strings(entry.get("avoid"), where, "avoid"),
                          allow=_strings(entry.get("except"), where, "except"),
                          forms=forms, engine=dict(engine), see=see,
                          see_lines=[lines.line("terms", name, "see", n) for n in range(len(see))],
                          form_lines=[lines.line("terms", name, "forms", n) for n in range(len(forms))]))
    return Glossary(path, str(data.get("game", "")), terms)


def glossary_problems(path: Path, root: Path) -> list[ExampleProblem]:
    """The problems of the glossary at ``path`` itself (in the book under ``root``), each at its
    line: it cannot be read, a term the chapter never uses, a 'see:' to no term, a term defined
    twice, an engine name the engine no longer has. What its test under pytest says."""
    path = Path(path).resolve()
    return [problem for problem in check_terms(root) if Path(problem.where.path).resolve() == path]


def chapter_glossaries(page: Path, root: Path) -> list[Path]:
    """The glossaries that hold the page at ``page`` to their words: each in its folder or above it,
    within the book under ``root``."""
    page, root = Path(page).resolve(), Path(root).resolve()
    return [path for path in sorted(root.rglob(GLOSSARY_FILE)) if page.is_relative_to(path.parent.resolve())]


def glossaries(root: Path) -> tuple[list[Glossary], list[ExampleProblem]]:
    found, problems = [], []
    for path in sorted(Path(root).rglob(GLOSSARY_FILE)):
        try:
            found.append(load_glossary(path))
        except ExampleProblem as problem:
            problems.append(problem)
    return found, problems


# --- reading prose ----------------------------------------------------------------------------

@dataclass(frozen=True)
class Piece:
    """What the prose scanner finds: text (``kind`` "text", one paragraph or heading, its line
    breaks kept), a role, a link, a target, a directive or code (an inline code span, or a block
    of shell commands), from its first file line."""

    kind: str
    line: int
    text: str
    name: str = ""
    as_written: bool = True  # printed as written, not made into something else by a directive (YAML_WITH_WORDS)


SHELL_BLOCKS = ("sh", "shell", "bash", "console")  # code blocks whose commands may name rules and examples


def pieces(text: str, first_line: int = 1) -> Iterator[Piece]:
    """The prose, roles, links and targets of a page, each with its file line."""
    quoted = 0
    for token in markdown().parse(text):
        if token.type == "blockquote_open":
            quoted += 1
        elif token.type == "blockquote_close":
            quoted -= 1
        elif token.type == "myst_target":
            yield Piece("target", first_line + token.map[0], token.content.strip())
        elif token.type == "inline":
            yield from _inline(token, first_line + token.map[0], prose=not quoted)
        elif token.type in ("fence", "colon_fence"):
            yield from _directive(token, first_line + token.map[0])


def _directive(token, line: int) -> Iterator[Piece]:
    match = DIRECTIVE_INFO.match(token.info.strip())
    if not match:
        if token.info.strip().lower() in SHELL_BLOCKS:
            yield Piece("code", line + 1, token.content)
        return  # a code block
    name, argument = match.group(1).strip(), match.group(2)
    yield Piece("directive", line, argument, name)
    if name == "example":
        yield Piece("text", line, _mask(argument))
        return
    if name in DATA_DIRECTIVES:
        return
    if argument and name not in ("rule",):
        yield Piece("text", line, _mask(argument))
    try:  # options and body as MyST splits them (a YAML block of options too)
        parsed = parse_directive_text(DirectiveShape, argument.strip(), token.content)
    except Exception:  # noqa: BLE001 - options MyST cannot read: the scanner's checks name them
        return
    lines = option_lines(token.content.split("\n"), line + 1)
    for key, value in parsed.options.items():
        if key in PROSE_OPTIONS and key in lines:
            yield from _inline_text(str(value), lines[key])
    found = pieces("\n".join(parsed.body), line + 1 + parsed.body_offset)
    yield from ((replace(piece, as_written=False) for piece in found) if name in YAML_WITH_WORDS else found)


def _inline_text(text: str, line: int) -> Iterator[Piece]:
    for token in markdown().parseInline(text):
        yield from _inline(token, line, prose=True)


def _inline(token, line: int, prose: bool) -> Iterator[Piece]:
    parts, here = [], line
    for child in token.children or []:
        if child.type == "text":
            parts.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            parts.append("\n")
            here += 1
        elif child.type == "myst_role":
            yield Piece("role", here, child.content, child.meta.get("name", ""))
            parts.append(HOLE)
        elif child.type == "link_open":
            yield Piece("link", here, str(child.attrs.get("href", "")))
        elif child.type in ("code_inline", "math_inline", "html_inline", "image"):
            if child.type == "code_inline":
                yield Piece("code", here, child.content)
            parts.append(HOLE)
    if prose:
        yield Piece("text", line, _mask("".join(parts)))


def _mask(text: str) -> str:
    """Quotations ("..."), kept as holes of the same shape so line breaks stay where they were."""
    return QUOTED.sub(lambda m: re.sub(r"[^\n]", HOLE, m.group(0)), text)


def page_pieces(path: Path) -> list[Piece]:
    return list(text_pieces(Path(path).read_text(encoding=source.TOLERANT)))


@lru_cache(maxsize=2048)
def text_pieces(text: str) -> tuple[Piece, ...]:
    """A page's pieces, read once per process for each text it has had, and kept in the store by
    its text: every build reads every page for the terminology and stale-mention checks, and finds
    them read by a build before, or by the measuring fork (``rulewright.checks.coverage``); a build
    forked from a process that read them (``rulewright.sphinx.warm``) has them in memory."""
    return tuple(cache.kept("pieces", text, lambda: tuple(pieces(text))))


# --- the terminology check --------------------------------------------------------------------

def check_terms(root: Path) -> list[ExampleProblem]:
    """Avoided words in prose, glossary terms the pages never use, and terms bound to an engine
    name the engine no longer has; each with file and line."""
    found, problems = glossaries(root)
    for glossary in found:
        problems += _kept_check(glossary)
    return problems


def _kept_check(glossary: Glossary) -> list[ExampleProblem]:
    """``_check_glossary``, kept in the store by all it reads: the glossary's text, the text of
    each page of its chapter and the game's code and data (its view, its action words). Every
    build checks the whole book's words; after an edit of one page, only that chapter's words are
    checked again (a third of a second of each incremental build of this repository's book)."""
    try:
        pages = [(str(page), page.read_text(encoding=source.TOLERANT)) for page in sorted(glossary.folder.rglob("*.md"))]
        inputs = cache.canonical_json({
            "glossary": [str(glossary.path), glossary.path.read_text(encoding=source.TOLERANT)], "pages": pages,
            "game": [glossary.game, registry.targets().get(glossary.game, ""), cache.game_fingerprint(glossary.game)],
            "python_blocks": config.current().python_blocks})
    except (OSError, UnicodeDecodeError):  # a page that cannot be read is reported by the scanner
        return _check_glossary(glossary)
    return list(cache.kept("terms", inputs, lambda: _check_glossary(glossary)))


def _check_glossary(glossary: Glossary) -> list[ExampleProblem]:
    problems: list[ExampleProblem] = []
    used: set[str] = set()
    avoided = [(term, words_pattern(term.avoid), [words_pattern([a]) for a in term.allow])
               for term in glossary.terms if term.avoid]
    for page in sorted(glossary.folder.rglob("*.md")):
        if source.page_edition(page) == "designer":
            continue  # (a page for designers alone, such as the authoring guide: not the book's prose)
        for piece in page_pieces(page):
            if piece.kind != "text":
                continue
            for term in glossary.terms:
                if term.pattern.search(piece.text):
                    used.add(term.name)
            for term, pattern, allowed in avoided:
                text = piece.text
                for fixed in allowed:
                    text = fixed.sub(lambda m: HOLE * len(m.group(0)), text)
                for match in pattern.finditer(text):
                    line = piece.line + text.count("\n", 0, match.start())
                    problems.append(ExampleProblem(Where(str(page), line), (
                        f"'{match.group(0)}' is a word this book avoids: say '{term.name}' instead "
                        f"({_glossary_ref(glossary, term)}). If you mean the word itself, as when a note "
                        f"discusses the old wording, write {{word}}`{match.group(0)}`.")))
    for term in glossary.terms:
        if term.name not in used:
            problems.append(ExampleProblem(term.where, f"The glossary term '{term.name}' is never used in the "
                                           f"pages of {display_path(str(glossary.folder))}. Use it where it "
                                           "belongs, or remove it from the glossary."))
        for other, line in zip(term.see, term.see_lines):
            if glossary.term(other) is None:
                problems.append(ExampleProblem(term.where.at(line), f"The term '{term.name}' says see '{other}', "
                                               f"which is not in this glossary. "
                                               f"{did_you_mean(other, [t.name for t in glossary.terms])} Write a "
                                               "term of this glossary, or add the term."))
    problems += defined_twice(glossary)
    problems += _check_engine_names(glossary)
    return problems


TERM_TWICE = "term-twice"  # the check's code name (rulewright.checks.levels: advice below level 0.5)


def defined_twice(glossary: Glossary) -> list[ExampleProblem]:
    """Each term of the glossary whose name (or one of its ``forms:``) is already another term's
    name or form, whatever its case: the book would match the word to one of the two entries, and
    the reader would find two definitions. Said at the second one's line."""
    problems, first = [], {}
    for term in glossary.terms:
        for word, line in [(term.name, term.where.line), *zip(term.forms, term.form_lines)]:
            other = first.get(word.lower())
            if other is not None and other[0] is not term:
                owner, at = other
                said = (f"the term '{owner.name}'" if word.lower() == owner.name.lower()
                        else f"a form of the term '{owner.name}'")
                problems.append(ExampleProblem(term.where.at(line), (
                    f"'{word}' is defined twice in this glossary: it is also {said} (line {at}), whatever the "
                    "case of its letters. A word is one term: merge the two entries into one."), check=TERM_TWICE))
            first.setdefault(word.lower(), (term, line))
    return problems


def _glossary_ref(glossary: Glossary, term: Term) -> str:
    return f"glossary: {display_path(str(glossary.path))}, line {term.where.line}"


def _check_engine_names(glossary: Glossary) -> list[ExampleProblem]:
    bound = [t for t in glossary.terms if t.engine]
    if not bound:
        return []
    try:
        game = registry.get_game(glossary.game)
    except registry.GameNotLoaded:
        return []  # one problem, said at its own place (its data file's line) or at each example
    except InputError as error:
        return [ExampleProblem(Where(str(glossary.path), 1), f"The glossary names the game {glossary.game!r}: "
                               f"{error.message}")]
    problems = []
    for term in bound:
        path = term.engine.get("view")
        if path and not any(_has_path(view, path.split(".")) for view in _views(glossary.game)):
            problems.append(ExampleProblem(term.where, f"The term '{term.name}' stands for the engine's "
                                           f"'{path}', which the {game.title} engine's view no longer has. Bind it "
                                           "to the name the engine uses now, or remove 'engine:'."))
        word = term.engine.get("action")
        if word and word.lower() not in _action_words(glossary.game):
            problems.append(ExampleProblem(term.where, f"The term '{term.name}' stands for the action "
                                           f"'{word}', which the {game.title} engine no longer knows. Bind it to "
                                           "the action's word now, or remove 'engine:'."))
    return problems


@lru_cache(maxsize=None)
def _views(game_name: str) -> list:
    """The engine's view of each of the game's presets (or of an empty setup)."""
    game = registry.get_game(game_name)
    settings = game.resolve_settings(None)
    views = []
    for setup in list(getattr(game, "presets", {}).values()) or [{}]:
        try:
            views.append(game.view(game.new_state(dict(setup), settings, Rng(0))))
        except Exception:  # noqa: BLE001 - a preset that needs more setup is simply not used here
            continue
    return views


def _has_path(node, parts: list[str]) -> bool:
    if not parts:
        return True
    if not isinstance(node, dict):
        return False
    head, rest = parts[0], parts[1:]
    if head == "*":
        return any(_has_path(child, rest) for child in node.values()) if node else False
    return head in node and _has_path(node[head], rest)


@lru_cache(maxsize=None)
def _action_words(game_name: str) -> frozenset[str]:
    """Every first word of a string literal in the game's code: where its action words are written
    (from each file's one reading, ``engine_source.read``)."""
    return frozenset(word for path in python_files(*game_sources([game_name]))
                     for word in engine_source.read(path).first_words)


# --- the cross-reference check ----------------------------------------------------------------

def check_references(root: Path, rules, examples=None) -> list[ExampleProblem]:
    """Every ``{ruleref}``, ``{exampleref}``, ``{doc}``, ``{ref}`` and Markdown link to a page or
    heading leads somewhere; ``rules`` are the declared rule IDs, ``examples`` the examples' IDs
    (None: not checked), each with where it is declared when known (a mapping): then a reference
    the player's edition prints that leads to what only the designer's edition has is a problem
    too (``designer_only_target``)."""
    root = Path(root)
    pages = {path: page_pieces(path) for path in sorted(root.rglob("*.md"))}
    targets = {p.text for found in pages.values() for p in found if p.kind == "target"}
    problems = []
    for path, found in pages.items():
        for piece in found:
            where = Where(str(path), piece.line)
            problem = designer_only_target(root, path, piece, rules, examples)
            if problem is not None:
                problems.append(problem)
                continue
            if piece.kind == "role" and piece.name in ("ruleref", "exampleref") and in_another_book(_target(piece.text)):
                continue  # (the build looks it up in that book's objects.inv, through intersphinx)
            if piece.kind == "role" and piece.name == "ruleref":
                rule_id = _target(piece.text)
                if rule_id not in rules:
                    problems.append(unknown_rule_reference(rule_id, where, rules))
            elif piece.kind == "role" and piece.name == "exampleref" and examples is not None:
                example_id = _target(piece.text)
                if example_id not in examples:
                    problems.append(unknown_example_reference(example_id, where, examples))
            elif piece.kind == "role" and piece.name == "doc":
                target = _target(piece.text)
                if not _page(root, path, target):
                    place = "at the top of the rulebook" if target.startswith("/") else "beside this page"
                    problems.append(ExampleProblem(where, f"{{doc}}`{target}` names a page that does not exist: "
                                                   f"there is no {target.lstrip('/')}.md {place}."))
            elif piece.kind == "role" and piece.name == "ref":
                label = _target(piece.text)
                if label not in targets:
                    problems.append(ExampleProblem(where, f"{{ref}}`{label}` names no target: put '({label})=' on "
                                                   "the line above the heading it should lead to."))
            elif piece.kind == "link" and not re.match(r"^[a-z]+:", piece.text):
                problems += _check_link(root, path, piece.text, where, targets)
    return problems


# --- what only the designer's edition has ---------------------------------------------------

DESIGNER_ONLY = "designer-only-links"  # the check's code name (rulewright.checks.levels: advice below 0.5)
ONLY_DESIGNER = re.compile(r"^\s*(designer|not\s+player)\s*$")  # an ``{only}`` block's expression for designers


def designer_only(path: str | Path, line: int) -> str | None:
    """Why the line ``line`` of the page at ``path`` is in the designer's edition only ("a page
    whose front matter says 'edition: designer'", "a designer's note"), or ``None`` when the
    player's edition prints it."""
    path = Path(path)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    if path.suffix != ".md":
        return None

    whole, spans = _designer_parts(str(path), stamp, config.current().player_notes)
    return whole or next((why for first, last, why in spans if first <= line <= last), None)


@lru_cache(maxsize=1024)
def _designer_parts(path: str, stamp: int, player_notes: bool) -> tuple[str | None, tuple]:
    """Whether the whole page is the designer's (why, or None), and its designer's blocks
    (``_designer_spans``); read once for each version of the page."""
    if source.page_edition(Path(path)) == "designer":
        return "on a page whose front matter says 'edition: designer'", ()
    return None, _designer_spans(Path(path).read_text(encoding=source.TOLERANT), 1, player_notes)


@lru_cache(maxsize=512)
def _designer_spans(text: str, first_line: int, player_notes: bool) -> tuple[tuple[int, int, str], ...]:
    """The (first, last, why) lines of each block of ``text`` only the designer's edition prints:
    a ``{only} designer`` block, and a ``{designer-note}`` (unless the project prints them for
    players, ``player-notes = true``); inside other directives too."""
    spans = []
    for token in markdown().parse(text):
        if token.type not in ("fence", "colon_fence") or token.map is None:
            continue
        match = DIRECTIVE_INFO.match(token.info.strip())
        if not match:
            continue
        name, argument = match.group(1).strip(), match.group(2)
        first, last = first_line + token.map[0], first_line + token.map[1] - 1
        if name == "only" and ONLY_DESIGNER.match(argument):
            spans.append((first, last, "in a block only the designer's edition prints (':::{only} designer')"))
        elif name == "designer-note" and not player_notes:
            spans.append((first, last, "in a designer's note, which the player's edition leaves out"))
        elif name not in DATA_DIRECTIVES:
            spans += _designer_spans(token.content, first + 1, player_notes)
    return tuple(spans)


def designer_only_target(root: Path, page: Path, piece: Piece, rules, examples) -> ExampleProblem | None:
    """A reference the player's edition prints (``piece``, on ``page``) to a rule, an example or a
    page only the designer's edition has: said at the reference's line, as the player's edition
    would have nothing to lead to. ``rules`` and ``examples`` with where each is declared (a
    mapping to ``Where``); else not known."""
    if piece.kind not in ("role", "link") or designer_only(page, piece.line) is not None:
        return None
    target = _target(piece.text)
    if piece.kind == "role" and piece.name in ("ruleref", "exampleref") and not in_another_book(target):
        known, kind = (rules, "rule") if piece.name == "ruleref" else (examples, "example")
        declared = known.get(target) if isinstance(known, dict) else None
        where = getattr(declared, "where", declared)  # (a rule or an example as the scanner reads it)
        if not isinstance(where, Where):
            return None
        place = f"{display_path(where.path)}, line {where.line}"
        if kind == "example" and left_out_pending(declared):
            return ExampleProblem(Where(str(page), piece.line), (
                f"{{exampleref}}`{target}` leads to an example marked ':status: pending' ({place}), which the "
                "player's edition leaves out (pending-for-players = \"leave-out\" in pyproject.toml), so there the "
                "reference leads nowhere. Make the example hold and remove its ':status: pending' line, make this "
                "reference the designer's (in a {designer-note} or a ':::{only} designer' block), or print pending "
                "examples for players: pending-for-players = \"planned\" (marked so) or \"as-written\"."),
                check=DESIGNER_ONLY)
    elif (piece.kind == "role" and piece.name == "doc") or (piece.kind == "link" and not re.match(r"^[a-z]+:", target)):
        file = target.partition("#")[0] if piece.kind == "link" else target
        found = _page(root, page, file) if file else None
        if found is None or found.suffix != ".md":
            return None
        where, kind, place = Where(str(found), 1), "page", display_path(str(found))
    else:
        return None
    why = designer_only(where.path, where.line)
    if why is None:
        return None
    written = f"{{{piece.name}}}`{target}`" if piece.kind == "role" else f"The link to '{piece.text}'"
    return ExampleProblem(Where(str(page), piece.line), (
        f"{written} leads to a{'n' if kind == 'example' else ''} {kind} only the designer's edition has ({place}, "
        f"{why}): the player's edition prints this page without it, so there the reference leads nowhere. Put the "
        f"{kind} where both editions have it, or make this reference the designer's too (in a {{designer-note}} or "
        "a ':::{only} designer' block)."), check=DESIGNER_ONLY)


def left_out_pending(example) -> bool:
    """Whether the player's edition leaves out ``example`` (as the scanner reads it): one marked
    ``:status: pending`` under ``pending-for-players = "leave-out"`` (``rulewright.book.config``)."""
    options = getattr(example, "options", None)
    return isinstance(options, dict) and config.current().leaves_out(config.is_pending(options))


def designer_only_links(root: Path, rules, examples) -> list[ExampleProblem]:
    """Every reference the player's edition prints to what only the designer's edition has
    (``designer_only_target``), on every page of the book under ``root``: what the build says with
    the book's problems in both editions, as ``check_references`` says it for ``rulewright check``
    and each page's test."""
    root = Path(root)
    found = []
    for path in sorted(root.rglob("*.md")):
        for piece in page_pieces(path):
            problem = designer_only_target(root, path, piece, rules, examples)
            if problem is not None:
                found.append(problem)
    return found


def in_another_book(key: str) -> bool:
    """Whether a ``{ruleref}`` or ``{exampleref}`` names a rule or example of another book:
    ``base:mb.expand.first-link`` (the book's name in the project's ``intersphinx_mapping``, a
    colon, the ID; an ID never holds a colon)."""
    book, colon, _ = key.partition(":")
    return bool(colon and book and " " not in book)


def unknown_rule_reference(rule_id: str, where: Where, rules) -> ExampleProblem:
    """The one message for a ``{ruleref}`` to a rule the book does not declare: ``rulewright
    check`` and the Sphinx build both say it."""
    odd = source.lookalike(rule_id)
    return ExampleProblem(where, f"{{ruleref}}`{rule_id}` refers to a rule the book does not declare. "
                                 f"{rule_hint(rule_id, rules)} Fix the ID, or declare the rule with a "
                                 "{rule} directive." + (f" The ID has {odd}." if odd else ""))


def unknown_example_reference(example_id: str, where: Where, examples) -> ExampleProblem:
    """The one message for an ``{exampleref}`` to an example the book does not have."""
    return ExampleProblem(where, f"{{exampleref}}`{example_id}` refers to an example the book does not have. "
                                 f"{did_you_mean(example_id, examples)} Fix the ID: it is the example's ':id:'.")


def role_line(path: str | Path, role: str, target: str, near: int) -> int:
    """The line of ``{role}`target``` on the page at ``path``: the first at or after line ``near``
    (docutils knows only the paragraph's first line), else ``near``."""
    try:
        found = [piece.line for piece in page_pieces(Path(path))
                 if piece.kind == "role" and piece.name == role and _target(piece.text) == target]
    except OSError:
        return near
    return next((line for line in found if line >= near), found[0] if found else near)


def _target(text: str) -> str:
    match = re.search(r"<([^>]+)>\s*$", text)
    return (match.group(1) if match else text).strip()


def _page(root: Path, page: Path, target: str) -> Path | None:
    base = root if target.startswith("/") else page.parent
    candidate = (base / target.lstrip("/"))
    for path in (candidate, candidate.with_name(candidate.name + ".md")):
        if path.is_file():
            return path
    return None


def _check_link(root, page, href, where, targets) -> list[ExampleProblem]:
    file, _, fragment = href.partition("#")
    if file and not _page(root, page, file):
        return [ExampleProblem(where, f"The link to '{href}' leads nowhere: there is no {file} beside this page.")]
    if fragment and fragment not in targets and fragment not in _heading_slugs(_page(root, page, file) or page):
        return [ExampleProblem(where, f"The link to '{href}' names no heading or target '{fragment}'. Put "
                               f"'({fragment})=' above the heading it should lead to.")]
    return []


def _heading_slugs(path: Path) -> set[str]:
    from myst_parser.mdit_to_docutils.base import default_slugify  # noqa: PLC0415 - start-up: rulewright --help

    tokens = markdown().parse(Path(path).read_text(encoding=source.TOLERANT))
    return {default_slugify(tokens[i + 1].content) for i, t in enumerate(tokens) if t.type == "heading_open"}


def book_word_problems(root: Path, found) -> list[ExampleProblem]:
    """Every problem of the words of the book under ``root`` (``found``, as the scanner reads it):
    its glossary terms, its cross-references and the designer's words in the prose the player's
    edition prints. What ``rulewright check`` says, and each page's test its own part of."""
    return (check_terms(root) + check_references(root, found.rules, {e.id: e for e in found.examples})
            + player_word_problems(root, found))


def player_word_problems(root: Path, found) -> list[ExampleProblem]:
    """Each word meant for the book's writers (``rulewright.checks.player_words``) in the prose a
    page the player's edition prints writes itself, outside the designer's blocks, at its line, in
    the build's words: the player's build says it where the page prints it, and with it everything
    the examples make; ``rulewright check`` and the page's test say these before any build. A
    newer check's finds are advice for a book written for an older level, as the build's are; the
    rest are the check ``player-words`` (level 0.5) here, as these channels did not say them before."""
    patterns = player_words.book_patterns(scan=found)
    problems = []
    for path in sorted(Path(root).rglob("*.md")):
        for piece in page_pieces(path):
            if piece.kind not in ("text", "code") or not piece.as_written or not piece.text.strip() \
                    or designer_only(path, piece.line):
                continue
            finds = player_words.found_in(piece.text, patterns) if piece.kind == "text" else \
                [(player_words.MONOSPACE, piece.text[:60])]
            for pattern, words in finds:
                line = piece.line + piece.text.count("\n", 0, max(piece.text.find(words), 0))
                problems.append(ExampleProblem(Where(str(path), line), player_words.said(pattern, words),
                                               check=pattern.check or player_words.PLAYER_WORDS))
    return problems


def word_problems(root: Path) -> dict[str, list[tuple[int, ExampleProblem]]]:
    """The words checks (``book_word_problems``) of the book under ``root``, by page, each
    with the page line to show it at, so that testing one page checks its words too. A glossary's
    own problems are its own test's (``glossary_problems``), run with any page of its chapter.
    Cached until a page or a glossary changes."""
    root = Path(root)
    stamp = tuple((str(p), p.stat().st_mtime_ns) for p in sorted([*root.rglob("*.md"), *root.rglob("glossary.yaml")]))
    return _word_problems(root, stamp)


@lru_cache(maxsize=4)
def _word_problems(root: Path, stamp: tuple) -> dict[str, list[tuple[int, ExampleProblem]]]:
    found = scanner.scan_cached(root, tuple(item for item in stamp if item[0].endswith(".md")))
    by_page: dict[str, list[tuple[int, ExampleProblem]]] = {}
    for problem in book_word_problems(root, found):
        path, line = problem.where.path, problem.where.line
        if not path.endswith(".md"):
            continue  # a glossary's own problem: its own test's (rulewright.testing.glossaries)
        by_page.setdefault(path, []).append((line, problem))
    return by_page
