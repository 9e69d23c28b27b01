"""The setup of an example in words, not YAML: a short table a player can read.

``setup: {companies: {LMR: {home: Liverpool, treasury: 10}}}`` reads as the row
"Companies | LMR: home Liverpool, treasury 10".
"""
from __future__ import annotations

from docutils import nodes
from sphinx import addnodes

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


def describe_setup(data: dict, said=None, designer: bool = True, where: str | None = None) -> list[nodes.Node]:
    """The setup as a table. ``said`` (the game's ``Phrases``) gives each setting's choice in the
    rules' words; the player's edition (``designer`` false) names a shared position by its title
    and says chance in a player's words, the designer's adds the names an example writes."""
    rows = []
    setup = dict(data.get("setup") or {})
    preset = setup.pop("preset", None)
    start = setup.pop("from", None)
    if start:
        title = _position_title(str(start), where)
        text = (f"the shared position ‘{start}’" if designer or not title
                else f"the position “{title[0].lower() + title[1:] if title[:4] == 'The ' else title}”")
        link = addnodes.pending_xref("", nodes.inline(text=text), refdomain="std",
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
        choice = said.setting(name, value) if said is not None else None
        if choice is None:  # no words for it (the whole-book checks report it): the engine's name
            rows.append(("Setting", f"{_label(name)} = {words(value)}"))
        else:
            rows.append(("Rules read as", f"{choice} ({name}: {words(value)})" if designer else choice))
    if "seed" in data:
        rows.append(("Random seed", str(data["seed"])) if designer
                    else ("Chance", "the draws of one particular game"))
    if data.get("draws"):
        rows.append(("Chance", "the next draws give " + "; then ".join(
            f"the order {words(d)}" if isinstance(d, list) else words(d) for d in data["draws"])))
    if "seeds" in data:
        rows.append(("Random seeds", f"played once with each seed {data['seeds']}; every expectation holds "
                                     "for each") if designer
                    else ("Chance", "any draws: what happened below holds however they fall"))
    if not rows:
        return [nodes.paragraph(text=f"The game's standard starting position.")]
    table, body = tables.table((30, 70), classes=["rw-setup"])
    for label, text in rows:
        body += tables.row([label, text], cell_classes=("rw-setup-key", "rw-setup-value"))
    return [table]


def _position_title(name: str, where: str | None) -> str:
    """The title of the shared position ``name`` in the book of the page ``where``."""
    if where is None:
        return ""
    from rulewright import book

    found = book.positions_for(where).get(name)
    return found.title if found is not None else ""
