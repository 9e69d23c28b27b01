"""Two versions of a book compared, rule by rule, with the effect of the change on play.

The examples of both versions are played on both engines. An example whose checks come out
differently on the new engine than on the old one shows a **behaviour change**. Two warnings follow:
an outcome that changed while the text of no rule it shows changed (an undocumented change, unless
a new or edited designer's note names the example or one of its rules, or stands on its page), and a rule whose text
changed while no example's outcome did (a change of wording only, or a change no example shows).
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field


@dataclass
class Behaviour:
    example: str
    page: str
    line: int
    rules: list[str]
    differences: list[str]          # "companies.LMR.income: 7 before, 9 now"
    documented_by: str = ""         # what documents it: "the text of rule X", "a designer's note on page P"


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
    new_notes = {(n["page"], n["text"]) for n in new_on_new["notes"]} - {(n["page"], n["text"])
                                                                         for n in old_on_old["notes"]}
    shown = set()
    for example_id, example in sorted(new_examples.items()):
        # The same example (as the new version writes it) on the old engine and on the new one; for an
        # example the new version added, the old version's book has nothing to compare, but its text
        # still plays on the old engine.
        before = new_on_old["examples"].get(example_id, {}).get("outcome")
        now = example.get("outcome")
        differences = _differences(before, now)
        if not differences:
            continue
        rules = example["rules"]
        shown.update(rules)
        documented = next((f"the text of rule {r}" for r in rules if r in changes.reworded or r in changes.added), "")
        if not documented:
            note = next((n for n in new_notes if example_id in n[1] or any(r in n[1] for r in rules)
                         or n[0] == example["page"]), None)
            if note:
                documented = f"a new or changed designer's note on {note[0]}"
        changes.behaviour.append(Behaviour(example_id, example["page"], example["line"], rules, differences,
                                           documented))
    # Examples only the old version has: their outcome on the new engine counts too.
    for example_id, example in sorted(old_examples.items()):
        if example_id in new_examples:
            continue
        differences = _differences(example.get("outcome"), old_on_new["examples"].get(example_id, {}).get("outcome"))
        if differences:
            shown.update(example["rules"])
            changes.behaviour.append(Behaviour(example_id, example["page"], example["line"], example["rules"],
                                               differences, "the example was removed"))
    changes.wording_only = sorted(r for r in changes.reworded if r not in shown)
    return changes


def _words(text: str) -> list[str]:
    return text.split()


def _differences(before: dict | None, now: dict | None) -> list[str]:
    """How the outcome on the new engine differs from the one on the old engine, in words."""
    if before is None or now is None:
        return []
    if "problem" in before or "problem" in now:
        if before.get("problem") == now.get("problem"):
            return []
        return [f"on the old engine: {before.get('problem') or 'it played'}; now: {now.get('problem') or 'it plays'}"]
    out = []
    if before.get("stopped") != now.get("stopped"):
        out.append(f"{_stop(before.get('stopped'))} on the old engine; {_stop(now.get('stopped'))} now")
    old_checks, new_checks = before.get("checks", {}), now.get("checks", {})
    for key, (expected, actual, _ok) in new_checks.items():
        if key in old_checks and old_checks[key][1] != actual:
            out.append(f"{key}: {old_checks[key][1]} before, {actual} now (the example expects {expected})")
    return out


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
            lines.extend(f"    {d}" for d in b.differences)
            lines.append(f"    documented by {b.documented_by}." if b.documented_by else
                         "    UNDOCUMENTED: no rule it shows changed its text, and no new or changed designer's note "
                         "on its page or naming it says so.")
    if changes.wording_only:
        lines.append("\nRules whose text changed while no example's outcome did (a change of wording only? If not, "
                     "add an example that shows it):")
        lines.extend(f"  {rule}" for rule in changes.wording_only)
    if len(lines) == 1:
        lines.append("  nothing: the same rules, the same examples, the same outcomes.")
    return "\n".join(lines)
