"""No import circles in `rulewright/` or `engine/`: a module never needs, however indirectly, a module
that needs it. The imports are read from the source (with `ast`), including those inside functions,
where a circle hides at run time; `from package import name` counts as importing the submodule
`package.name` when there is one, else the package itself. (The `__init__` of the packages above an
imported module runs too, but is not counted: a package that gathers its commands or parts in its
`__init__` would otherwise tie every importer of one part to all the others.)

Circles that are still to be opened would be listed in KNOTS (none is now), each as the set of
modules it holds: the test fails on any other circle (a new one, or a listed one that grew), and on
a listed one that is gone (take it off the list, so it cannot come back unnoticed). Opening one means moving the piece
both sides share down into a module of its own (see the layout notes).
"""
from __future__ import annotations

import ast
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
PACKAGES = ("rulewright", "engine")

KNOTS: list[frozenset[str]] = []  # every knot is open (the last, the registry, scanner, evaluator and
# store, at 0.5: the project's problems moved up into rulewright.checks.project, a {balance} block's
# data down into the scanner); a circle found now is new


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((REPO / package).rglob("*.py")):
            parts = list(path.relative_to(REPO).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that the module ``name`` imports anywhere in its text."""
    def nearest(dotted: str) -> str | None:
        while dotted and dotted not in known:
            dotted = dotted.rpartition(".")[0]
        return dotted or None

    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(nearest(alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package
                for _ in range(node.level - 1):
                    parent = parent.rpartition(".")[0]
                base = f"{parent}.{base}" if base else parent
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else nearest(base))
    return found - {None, name}


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found = []
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                part = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    part.add(member)
                    if member == node:
                        break
                if len(part) > 1:
                    found.append(frozenset(part))
    return found


def a_path(graph: dict[str, set[str]], part: frozenset[str]) -> str:
    """One shortest circle through ``part``'s first module, written out, to show which imports to look at."""
    start = min(part)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for child in sorted(graph[node] & part):
                if child == start:
                    trail = [node]
                    while trail[-1] != start:
                        trail.append(came_from[trail[-1]])
                    return " -> ".join([*reversed(trail), start])
                if child not in came_from:
                    came_from[child] = node
                    following.append(child)
        frontier = following
    return start


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: imports(name, path, known) for name, path in known.items()}


def test_the_import_reader_sees_imports_inside_functions_and_relative_ones(tmp_path):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "a.py").write_text("def f():\n    from . import b\n")
    (tmp_path / "pkg" / "b.py").write_text("from pkg.a import f\n")
    known = {"pkg": tmp_path / "pkg" / "__init__.py", "pkg.a": tmp_path / "pkg" / "a.py",
             "pkg.b": tmp_path / "pkg" / "b.py"}
    drawn = {name: imports(name, path, known) for name, path in known.items()}
    assert drawn == {"pkg": set(), "pkg.a": {"pkg.b"}, "pkg.b": {"pkg.a"}}
    assert circles(drawn) == [frozenset({"pkg.a", "pkg.b"})]


def test_no_import_circle_but_the_listed_knots():
    drawn = graph()
    found = circles(drawn)
    new = [part for part in found if part not in KNOTS]
    assert not new, "Import circles (open each by moving the shared piece down into a module of its own):\n" + \
        "\n".join(f"  {a_path(drawn, part)}   [{', '.join(sorted(part))}]" for part in new)
    gone = [sorted(knot) for knot in KNOTS if knot not in found]
    assert not gone, f"These knots are open now; take them off KNOTS in {Path(__file__).name}: {gone}"
