"""Two versions of a book compared, rule by rule, with the effect of the change on play.

The examples of both versions are played on both engines. An example whose checks come out
differently on the new engine than on the old one shows a **behaviour change**, value by value. Two
warnings follow: a changed value that no changed text explains (an undocumented change), and a rule
whose text changed while no example's outcome did (a change of wording only, or a change no example
shows).

What explains a changed value (``explained_by``): a new or edited designer's note that names the
example or a rule it shows; the new or reworded text of a rule the example shows, when it is the
only rule the example shows or its words speak of the value (its part, in the path's words or the
game's phrase for it, or its value before or now); and a new or edited note, or a reworded rule,
in the example's own section whose words speak of the value. A note elsewhere on the page explains
nothing it does not name.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field

from rulewright.book.phrases import NUMBER_WORDS


@dataclass
class Behaviour:
    example: str
    page: str
    line: int
    rules: list[str]
    differences: list[str]          # "companies.LMR.income: 7 before, 9 now"
    documented_by: str = ""         # what documents it: "the text of rule X", "a designer's note on page P"
    values: list[dict] = field(default_factory=list)  # each changed value: {"value", "change", "documented_by"}


@dataclass
class Changes:
    old: str
    new: str
    added: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    renamed: dict[str, str] = field(default_factory=dict)          # old ID -> new ID
    reworded: dict[str, str] = field(default_factory=dict)         # rule ID -> the words changed
    examples_added: list[str] = field(default_factory=list)
    examples_removed: list[str] = field(default_factory=list)
    behaviour: list[Behaviour] = field(default_factory=list)
    wording_only: list[str] = field(default_factory=list)          # reworded, with no outcome changed
    rules: dict = field(default_factory=dict)                      # the new version's rules (for pages)
    old_rules: dict = field(default_factory=dict)                  # the old version's (a removed rule's title)

    @property
    def undocumented(self) -> list[Behaviour]:
        return [b for b in self.behaviour if not b.documented_by]

    def as_json(self) -> dict:
        return {"old": self.old, "new": self.new, "rules": {
            "added": self.added, "removed": self.removed, "renamed": self.renamed, "reworded": self.reworded},
            "examples": {"added": self.examples_added, "removed": self.examples_removed},
            "behaviour": [b.__dict__ for b in self.behaviour],
            "undocumented": [b.example for b in self.undocumented], "wording_only": self.wording_only}


def word_diff(old: str, new: str) -> str:
    """The words that changed, ``[-old words-]{+new words+}``, with a few words of context."""
    a, b = old.split(), new.split()
    parts = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if tag == "equal":
            words = a[i1:i2]
            parts.append(" ".join(words) if len(words) <= 8 else " ".join(words[:3]) + " … " + " ".join(words[-3:]))
            continue
        if i2 > i1:
            parts.append("[-" + " ".join(a[i1:i2]) + "-]")
        if j2 > j1:
            parts.append("{+" + " ".join(b[j1:j2]) + "+}")
    return " ".join(parts)


def compare(old_label: str, new_label: str, old_on_old: dict, new_on_new: dict, new_on_old: dict,
            old_on_new: dict) -> Changes:
    """``x_on_y``: the book of version x read and played on the engine of version y."""
    changes = Changes(old_label, new_label, rules=new_on_new["rules"], old_rules=old_on_old["rules"])
    old_rules, new_rules = old_on_old["rules"], new_on_new["rules"]
    for rule_id, rule in new_rules.items():
        was = rule.get("formerly")
        if rule_id not in old_rules and was and was in old_rules:
            changes.renamed[was] = rule_id
    renamed_to = {new: old for old, new in changes.renamed.items()}
    changes.added = sorted(r for r in new_rules if r not in old_rules and r not in renamed_to)
    changes.removed = sorted(r for r in old_rules if r not in new_rules and r not in changes.renamed)
    for rule_id, rule in new_rules.items():
        before = old_rules.get(renamed_to.get(rule_id, rule_id))
        if before is not None and _words(before["text"]) != _words(rule["text"]):
            changes.reworded[rule_id] = word_diff(before["text"], rule["text"])
    old_examples, new_examples = old_on_old["examples"], new_on_new["examples"]
    changes.examples_added = sorted(e for e in new_examples if e not in old_examples)
    changes.examples_removed = sorted(e for e in old_examples if e not in new_examples)
    old_notes = {(n["page"], n["text"]) for n in old_on_old["notes"]}
    new_notes = [n for n in new_on_new["notes"] if (n["page"], n["text"]) not in old_notes]
    shown = set()
    for example_id, example in sorted(new_examples.items()):
        # The same example (as the new version writes it) on the old engine and on the new one; for an
        # example the new version added, the old version's book has nothing to compare, but its text
        # still plays on the old engine.
        before = new_on_old["examples"].get(example_id, {}).get("outcome")
        now = example.get("outcome")
        changed = _changed(before, now)
        if not changed:
            continue
        rules = example["rules"]
        shown.update(rules)
        words = {**((before or {}).get("words") or {}), **((now or {}).get("words") or {})}
        values = [{"value": key, "change": text,
                   "documented_by": explained_by(example_id, example, key, was, is_now, words.get(key), changes,
                                                 new_rules, old_rules, new_notes)}
                  for key, text, was, is_now in changed]
        documented = "" if any(not v["documented_by"] for v in values) else \
            "; ".join(dict.fromkeys(v["documented_by"] for v in values))
        changes.behaviour.append(Behaviour(example_id, example["page"], example["line"], rules,
                                           [v["change"] for v in values], documented, values))
    # Examples only the old version has: their outcome on the new engine counts too.
    for example_id, example in sorted(old_examples.items()):
        if example_id in new_examples:
            continue
        changed = _changed(example.get("outcome"), old_on_new["examples"].get(example_id, {}).get("outcome"))
        if changed:
            shown.update(example["rules"])
            values = [{"value": key, "change": text, "documented_by": "the example was removed"}
                      for key, text, _, _ in changed]
            changes.behaviour.append(Behaviour(example_id, example["page"], example["line"], example["rules"],
                                               [v["change"] for v in values], "the example was removed", values))
    changes.wording_only = sorted(r for r in changes.reworded if r not in shown)
    return changes


def _words(text: str) -> list[str]:
    return text.split()


def _changed(before: dict | None, now: dict | None) -> list[tuple[str, str, str, str]]:
    """Each part of the outcome the new engine changed: what it is (a checked part's path,
    "stopped", "problem"), the change in words, and its value before and now."""
    if before is None or now is None:
        return []
    if "problem" in before or "problem" in now:
        if before.get("problem") == now.get("problem"):
            return []
        was, is_now = before.get("problem") or "it played", now.get("problem") or "it plays"
        return [("problem", f"on the old engine: {was}; now: {is_now}", was, is_now)]
    out = []
    if before.get("stopped") != now.get("stopped"):
        was, is_now = _stop(before.get("stopped")), _stop(now.get("stopped"))
        out.append(("stopped", f"{was} on the old engine; {is_now} now", was, is_now))
    old_checks, new_checks = before.get("checks", {}), now.get("checks", {})
    for key, (expected, actual, _ok) in new_checks.items():
        if key in old_checks and old_checks[key][1] != actual:
            was, is_now = _plain(old_checks[key][1]), _plain(actual)
            said = key
            if key.startswith("events: "):  # "the event game-over: winner ann before, winner bob now"
                name = key.split(": ", 1)[1].split(" (")[0]
                said = f"the event {name}"
                was, is_now = (_inside(value, name) for value in (was, is_now))
            out.append((key, f"{said}: {was} before, {is_now} now (the example expects {_plain(expected)})",
                        was, is_now))
    return out


def _inside(told: str, name: str) -> str:
    """An event as the engine told it, its details alone ("game-over (winner ann)": "winner ann")."""
    text = str(told)
    return text[len(name) + 2:-1] if text.startswith(f"{name} (") and text.endswith(")") else text


def _plain(written: str) -> str:
    """A value as the report writes it: a name without the quotes YAML puts round it ('bob': bob)."""
    text = str(written)
    if len(text) >= 2 and text[0] == text[-1] == "'" and "'" not in text[1:-1]:
        return text[1:-1]
    return text


NUMBERS = {str(number): word for word, number in NUMBER_WORDS.items()}  # ("2": "two": the book's number words)
COMMON = {"the", "a", "an", "of", "to", "is", "it", "in", "on", "and", "or", "how", "many", "much", "what", "which",
          "who", "whose", "its", "has", "have", "each", "that", "this", "for", "by", "with", "at", "as", "be", "are",
          "true", "false", "null", "none", "now", "before", "not", "no", "there", "from"}


def _stems(text: str) -> set[str]:
    """The words of ``text``, lower case, a plural's "s" taken off, common small words left out."""
    out = set()
    for word in re.split(r"[^0-9a-z$]+", str(text).lower()):
        if word and word not in COMMON and not (len(word) < 3 and not word.isdigit()):
            out.add(word[:-1] if len(word) > 3 and word.endswith("s") else word)
    return out


def _value_words(key: str, was: str, is_now: str, phrase: str | None) -> tuple[set[str], set[str]]:
    """The words that speak of a changed value: of its part (path, event or rule), and its values."""
    part = key.split(": ", 1)[-1] if key.startswith("events: ") else key
    words = _stems(part.replace(".", " ").replace("_", " ").replace("-", " ")) | _stems(phrase or "")
    values = set()
    for value in (was, is_now):
        for stem in _stems(value) if len(str(value)) < 40 else ():  # (a long sentence is no value)
            values.add(stem)
            if stem in NUMBERS:
                values.add(NUMBERS[stem])
    return words, values


def explained_by(example_id: str, example: dict, key: str, was: str, is_now: str, phrase: str | None,
                 changes: Changes, new_rules: dict, old_rules: dict, new_notes: list[dict]) -> str:
    """What explains one changed value of an example (see the module's words), or "" for nothing."""
    rules = example["rules"]
    words, values = _value_words(key, was, is_now, phrase)

    def speaks(text: str, changed_words: str = "") -> bool:
        stems = _stems(text)
        return bool(words & stems) or bool(values & (_stems(changed_words) if changed_words else stems))

    changed_rules = [r for r in new_rules if r in changes.reworded or r in changes.added]
    for rule_id in changed_rules:
        rule = new_rules[rule_id]
        said = rule["text"] + " " + (old_rules.get(rule_id) or {}).get("text", "") + " " + (rule.get("title") or "")
        cited = key in ("refused", "stopped", "problem") and rule_id in f"{was} {is_now}"
        if rule_id in rules and (len(rules) == 1 or cited or speaks(said, changes.reworded.get(rule_id, ""))):
            return f"the text of rule {rule_id}"
        if (rule.get("page"), rule.get("section")) == (example["page"], example.get("section")) and (
                cited or speaks(said, changes.reworded.get(rule_id, ""))):
            return f"the text of rule {rule_id}, in the same section"
    for note in new_notes:
        where = f"{note['page']}, line {note['line']}"
        if re.search(rf"(?<![\w.-]){re.escape(example_id)}(?![\w-])", note["text"]) or any(
                re.search(rf"(?<![\w.-]){re.escape(r)}(?![\w-])", note["text"]) for r in rules):
            return f"the designer's note at {where}"
        if (note["page"], note.get("section")) == (example["page"], example.get("section")) and speaks(note["text"]):
            return f"the designer's note at {where}, in the same section"
    return ""


def _stop(stopped: str | None) -> str:
    """Why play stopped, in its first sentence: the hint that follows is for writing the example."""
    if not stopped:
        return "every move is played"
    return stopped.strip().split(" If the refusal is the point")[0].split("', was refused: ")[-1].rstrip(".")


def text_report(changes: Changes) -> str:
    """The report for a terminal."""
    lines = [f"Changes from {changes.old} to {changes.new}:"]

    def section(title: str, items: list[str]) -> None:
        if items:
            lines.append(f"\n{title}:")
            lines.extend(f"  {item}" for item in items)

    section("Rules added", changes.added)
    section("Rules removed", changes.removed)
    section("Rules renamed", [f"{old} is now {new}" for old, new in changes.renamed.items()])
    section("Rules reworded", [f"{rule}: {diff}" for rule, diff in changes.reworded.items()])
    section("Examples added", changes.examples_added)
    section("Examples removed", changes.examples_removed)
    if changes.behaviour:
        lines.append("\nExamples whose outcome the engine changed:")
        for b in changes.behaviour:
            lines.append(f"  {b.example} ({b.page}, line {b.line}; rules {', '.join(b.rules) or 'none named'}):")
            for value in b.values or [{"change": d, "documented_by": b.documented_by} for d in b.differences]:
                lines.append(f"    {value['change']}")
                lines.append(f"      documented by {value['documented_by']}." if value["documented_by"] else
                             "      UNDOCUMENTED: no changed rule text or designer's note speaks of it (a rule the "
                             "example shows, or one in its section; a note naming the example or its rule, or in "
                             "its section).")
    if changes.wording_only:
        lines.append("\nRules whose text changed while no example's outcome did (a change of wording only? If not, "
                     "add an example that shows it):")
        lines.extend(f"  {rule}" for rule in changes.wording_only)
    if len(lines) == 1:
        lines.append("  nothing: the same rules, the same examples, the same outcomes.")
    return "\n".join(lines)
