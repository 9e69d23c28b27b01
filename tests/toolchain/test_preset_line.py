"""A wrong value in a game's presets file is said at that file's line (and once, naming the other
examples that start there), in a designer's project made by `rulewright new`."""
from __future__ import annotations

import subprocess
import sys

from rulewright import cli


def test_a_wrong_value_in_a_preset_is_named_at_its_line_in_the_presets_file(tmp_path, capsys):
    folder = tmp_path / "heaps"
    assert cli.main(["new", str(folder), "--title", "Heaps", "--game", "heaps", "--starter"]) == 0
    capsys.readouterr()
    presets = folder / "heaps" / "presets.yaml"
    text = presets.read_text(encoding="utf-8")
    assert "    left: 3\n" in text
    presets.write_text(text.replace("    left: 3\n", "    left: three\n"), encoding="utf-8")
    line = text.splitlines().index("    left: 3") + 1
    said = subprocess.run([sys.executable, "-m", "rulewright.cli", "check"], cwd=folder, capture_output=True,
                          text=True, timeout=300).stdout
    assert (f"The heap 'left' must hold a whole number of counters, 0 or more, not 'three'. This is in the preset "
            f"'standard', at heaps/presets.yaml, line {line}, not in this example: correct it there") in said, said
    assert said.count(f"heaps/presets.yaml, line {line}") == 1 and "The same problem in" in said, said


def test_a_player_seated_twice_by_a_preset_is_named_there_before_any_deal(tmp_path, capsys):
    """A deal is worked out before the setup is read: the seat named twice must still be said at the
    preset's line, not as a card dealt twice (the second hand of the same player)."""
    folder = tmp_path / "tricky"
    assert cli.main(["new", str(folder), "--title", "Tricky", "--game", "tricky", "--template", "cards"]) == 0
    capsys.readouterr()
    presets = folder / "tricky" / "presets.yaml"
    text = presets.read_text(encoding="utf-8")
    assert "  players: [ann, bob]\n" in text
    presets.write_text(text.replace("  players: [ann, bob]\n", "  players: [ann, bob, ann]\n", 1), encoding="utf-8")
    line = text.splitlines().index("  players: [ann, bob]") + 1
    said = subprocess.run([sys.executable, "-m", "rulewright.cli", "check"], cwd=folder, capture_output=True,
                          text=True, timeout=300).stdout
    assert (f"'players' lists ann twice: each player has one seat, so name each once, in seat order. This is in the "
            f"preset 'two', at tricky/presets.yaml, line {line}") in said, said
    assert "There is only one" not in said and said.count(f"tricky/presets.yaml, line {line}") == 1, said
    assert said.count("lists ann twice") == 1 and "The same problem in 3 more examples" in said, said
