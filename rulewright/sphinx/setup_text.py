"""The setup of an example in words, not YAML: a short table a player can read.

``setup: {companies: {LMR: {home: Liverpool, treasury: 10}}}`` reads as the row
"Companies | LMR: home Liverpool, treasury 10".
"""
from __future__ import annotations

from docutils import nodes
from sphinx import addnodes

from rulewright.game import hide_view, is_hidden
from rulewright.sphinx import tables


def words(value) -> str:
    """A nested value as a short phrase."""
    if isinstance(value, dict):
        return ", ".join(f"{_label(k)} {words(v)}" if not isinstance(v, dict) else f"{k} ({words(v)})"
                         for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(words(v) for v in value) if value else "none"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if value is None:
        return "none"
    return str(value)


def _label(key) -> str:
    return str(key).replace("_", " ")


def describe_setup(data: dict) -> list[nodes.Node]:
    rows = []
    setup = dict(data.get("setup") or {})
    preset = setup.pop("preset", None)
    start = setup.pop("from", None)
    if start:
        link = addnodes.pending_xref("", nodes.inline(text=f"the shared position ‘{start}’"), refdomain="std",
                                     reftype="ref", reftarget=f"position-{start}", refexplicit=True, refwarn=True)
        rows.append(("Starts from", [link, nodes.Text(", changed as below" if setup or preset else "")]))
    if preset:
        rows.append(("Starts from", f"the '{preset}' preset, changed as below" if setup else f"the '{preset}' preset"))
    for key, value in setup.items():
        if isinstance(value, dict) and value and all(isinstance(v, dict) for v in value.values()):
            for name, inner in value.items():
                rows.append((f"{_label(key).capitalize()}: {name}", words(inner)))
        else:
            rows.append((_label(key).capitalize(), words(value)))
    for name, value in (data.get("settings") or {}).items():
        rows.append(("Setting", f"{_label(name)} = {words(value)}"))
    if "seed" in data:
        rows.append(("Random seed", str(data["seed"])))
    if data.get("draws"):
        rows.append(("Chance", "the next draws give " + "; then ".join(
            f"the order {words(d)}" if isinstance(d, list) else
            f"an order starting {words(d['top'])} (the rest by chance)" if isinstance(d, dict) and list(d) == ["top"]
            else words(d) for d in data["draws"])))
    if "seeds" in data:
        rows.append(("Random seeds", f"played once with each seed {data['seeds']}; every expectation holds "
                                     "for each"))
    if not rows:
        return [nodes.paragraph(text=f"The game's standard starting position.")]
    table, body = tables.table((30, 70), classes=["rw-setup"])
    for label, text in rows:
        body += tables.row([label, text], cell_classes=("rw-setup-key", "rw-setup-value"))
    return [table]


def seen_setup(scenario, game) -> list[nodes.Node]:
    """The setup of an example told as one player (``:as:``), for the player's edition: what that
    player cannot see (a setup key at one of the game's ``hidden`` paths they do not own, and the
    stated draws, which decide such things) is said to be unseen, never printed."""
    viewer = scenario.viewer
    data = dict(scenario.data)
    setup = hide_view(dict(data.get("setup") or {}), getattr(game, "hidden", ()), viewer)
    data["setup"] = _unseen_words(setup)
    if data.get("draws"):
        data["draws"] = [f"what {viewer} cannot see (stated in the designer's edition)"]
    return describe_setup(data)


def _unseen_words(value):
    if is_hidden(value):
        count = value["hidden"]
        return "unseen" if count is True else "none" if count == 0 else f"{count} unseen"
    if isinstance(value, dict):
        return {k: _unseen_words(v) for k, v in value.items()}
    return value
