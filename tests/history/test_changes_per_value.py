"""`rulewright changes` in a designer's project made by `rulewright new`: each changed value is tied
to the text that explains it (a reworded rule the example shows, or one in its section whose words
speak of the value; a designer's note naming the example or its rule, or in its section speaking of
it), reported value by value. A note elsewhere on the page no longer marks every changed outcome on
it documented, and the report names the project's files, never the scratch folder a version was
unpacked in, nor writes names in YAML's quotes."""
from __future__ import annotations

import json
import subprocess
import sys

from rulewright import cli, scaffold


def git(folder, *words):
    done = subprocess.run(["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@t", *words],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def changes(folder, *words):
    return subprocess.run([sys.executable, "-m", "rulewright.cli", "changes", *words], cwd=folder,
                          capture_output=True, text=True, timeout=600)


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


UNDOCUMENTED = ("UNDOCUMENTED: no changed rule text or designer's note speaks of it (a rule the example shows, "
                "or one in its section; a note naming the example or its rule, or in its section).")


def report_of(said: str) -> dict[str, list[str]]:
    """Each example's lines of the report, by ID."""
    out, current = {}, None
    for line in said.splitlines():
        if line.startswith("  ") and not line.startswith("    ") and "(rules.md, line" in line:
            current = line.split()[0]
            out[current] = []
        elif current and line.startswith("    "):
            out[current].append(line.strip())
        else:
            current = None
    return out


def test_each_changed_value_is_tied_to_what_explains_it(tmp_path, capsys):
    folder = tmp_path / "heaps"
    assert cli.main(["new", str(folder), "--title", "Heaps", "--game", "heaps", "--starter"]) == 0
    capsys.readouterr()
    git(folder, "init", "-q")
    git(folder, "add", ".")
    git(folder, "commit", "-qm", "v1")
    git(folder, "tag", "v1")
    rules, engine = folder / "rulebook" / "rules.md", folder / scaffold.Names("Heaps", "heaps").package / "game.py"
    # The engine now plays "the last counter loses" by default, and a designer's note says so, in
    # another section of the page: it explains nothing it does not name.
    edit(engine, 'state.winner = action.actor if state.last_counter == "wins" else state.next_player',
         'state.winner = state.next_player if state.last_counter == "wins" else action.actor')
    edit(rules, "## The end of the game\n", "```{designer-note}\nPlaytests asked for a change: see the end.\n```\n\n"
                                            "## The end of the game\n")
    said = changes(folder, "v1", "--check")
    report = report_of(said.stdout)
    assert said.returncode == 1, said.stdout + said.stderr
    assert report["heaps-last-counter"] == [
        "the event game-over: winner ann before, winner bob now (the example expects game-over)", UNDOCUMENTED,
        "winner: ann before, bob now (the example expects ann)", UNDOCUMENTED], said.stdout
    assert "documented by" not in said.stdout, said.stdout

    # The rule's text now says so (the only rule two examples show), and a note in the end's section
    # names the example that shows another rule; the engine's new bug is named in the project's words.
    edit(rules, "The player who takes the last counter wins.", "The player who takes the last counter loses.")
    edit(rules, "```{example} No move after the game is over",
         "```{designer-note}\nheaps-game-over now ends with bob the winner.\n```\n\n"
         "```{example} No move after the game is over")
    edit(engine, "        state.heaps[action.heap] -= action.count\n",
         "        state.heaps[action.heap] -= action.count\n        if action.heap == 'left':\n"
         "            raise KeyError(action.heap)\n")
    git(folder, "commit", "-qam", "v2")
    said = changes(folder, "v1", "HEAD", "--check")
    report = report_of(said.stdout)
    assert report["heaps-last-counter"][2:] == ["winner: ann before, bob now (the example expects ann)",
                                                "documented by the text of rule heaps.end.last-counter."], said.stdout
    note_line = rules.read_text(encoding="utf-8").splitlines().index("heaps-game-over now ends with bob the winner.")
    assert report["heaps-game-over"][1] == f"documented by the designer's note at rules.md, line {note_line}.", \
        said.stdout
    too_many = report["heaps-first-turn"]
    assert "at heaps/game.py:" in too_many[0] and too_many[1].startswith("UNDOCUMENTED"), said.stdout
    assert "rulewright-version" not in said.stdout and str(tmp_path) not in said.stdout and "'" not in \
        "".join(line for lines in report.values() for line in lines if "before," in line), said.stdout
    as_json = json.loads(changes(folder, "v1", "HEAD", "--json", "-").stdout)
    values = {b["example"]: b["values"] for b in as_json["behaviour"]}
    assert values["heaps-last-counter"][1] == {"value": "winner", "change": report["heaps-last-counter"][2],
                                               "documented_by": "the text of rule heaps.end.last-counter"}
