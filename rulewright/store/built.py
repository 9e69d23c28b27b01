"""Whether a build has anything to do: ``python -m rulewright.store.built check|keep STAMP ...``.

``make rulebook`` starts six Sphinx processes; with nothing changed they find nothing to do, but
starting them costs seconds. So before any of them starts, this module takes a digest of
everything the build reads, and the build is skipped when the digest, and the outputs, are the
ones the last successful build left:

- the book's sources: every file under the source folder (pages, positions, glossaries, images,
  anything a page includes), by name and content;
- the configuration: ``conf.py``, ``pyproject.toml`` (``[tool.rulewright]``: games, settings,
  ``changes-since``) and the Makefiles that hold the build's commands (``--file``), with the
  values the build is run with (``--value``: strict mode, Sphinx options) and the environment
  variables Rulewright and Sphinx read (``RULEWRIGHT_*``, ``SPHINX*``, ``SOURCE_DATE_EPOCH``);
- the engines: the whole top-level package of every game and record importer the project
  registers, or that is installed under the ``rulewright.games`` entry point (so code a game
  shares with another, and its data files, count too);
- the toolchain: Rulewright's own package, the Python version, every installed distribution's
  name and version, the Graphviz ``dot`` program and the fonts' folders;
- what the editions print from git: the last commit (the cover's day) and the commit
  ``changes-since`` names; outside git, today's date (the cover's day then).

Files are compared by content, not by time, so a file saved again unchanged costs nothing, and a
change is never missed because a clock or a copy kept an old time. The outputs (``--output``:
every file under each folder, by name, size and time) must be the ones the last build left, so a
deleted or overwritten edition is built again. ``check`` exits 0 when nothing changed; otherwise
it notes the digest taken *before* the build started, and ``keep``, run after the build
succeeded, records it with the outputs: a source saved during a build is seen by the next one.

Only the standard library and ``rulewright.book.config`` are imported: the check runs in a fraction of
a second.
"""
from __future__ import annotations

import argparse
import datetime
import hashlib
from importlib.metadata import entry_points
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from rulewright.book import config

TOOLCHAIN = Path(__file__).resolve().parent.parent  # the rulewright package
FONT_FOLDERS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.fonts", "~/.local/share/fonts")
ENVIRONMENT = ("RULEWRIGHT_", "SPHINX", "SOURCE_DATE_EPOCH")
SKIPPED = ("__pycache__", ".pytest_cache", ".hypothesis", ".mypy_cache")


def tree_digest(root: Path, digest=None):
    """Every file under ``root`` (or ``root`` itself), by relative name and content; a missing
    ``root`` counts as such."""
    digest = digest or hashlib.sha256()
    root = Path(root)
    digest.update(f"\0tree {root}\0".encode())
    if root.is_file():
        digest.update(root.read_bytes())
        return digest
    if not root.is_dir():
        digest.update(b"missing")
        return digest
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(f for f in folders if f not in SKIPPED)
        for name in sorted(files):
            if name.endswith((".pyc", ".pyo")):
                continue
            path = Path(folder, name)
            digest.update(str(path.relative_to(root)).encode() + b"\0")
            try:
                digest.update(path.read_bytes())
            except OSError as error:  # unreadable (a dangling link): its state counts
                digest.update(f"unreadable {error.errno}".encode())
            digest.update(b"\0")
    return digest


def engine_folders(confdir: Path) -> list[Path]:
    """The top-level package (or module file) of every game and importer the project registers,
    and of every game installed under the ``rulewright.games`` entry point."""

    project = config.load(confdir)
    targets = [*project.games.values(), *project.importers.values()]
    targets += [ep.value for ep in entry_points(group="rulewright.games")]
    tops = sorted({target.partition(":")[0].split(".")[0] for target in targets})
    found = []
    if str(project.root) not in sys.path:
        sys.path.insert(0, str(project.root))
    for top in tops:
        try:
            spec = importlib.util.find_spec(top)
        except (ImportError, ValueError):
            spec = None
        if spec is None:
            found.append(Path("missing:" + top))
        elif spec.submodule_search_locations:
            found += [Path(p) for p in spec.submodule_search_locations]
        elif spec.origin:
            found.append(Path(spec.origin))
    return found


def installed() -> list[str]:
    """Every installed distribution on the path, by folder name (name and version)."""
    names = []
    for entry in sys.path:
        try:
            names += sorted(n for n in os.listdir(entry or ".") if n.endswith((".dist-info", ".egg-info", ".pth")))
        except OSError:
            continue
    return names


def _git(root: Path, *args: str) -> str:
    try:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def git_state(root: Path, since: str) -> list[str]:
    head = _git(root, "log", "-1", "--format=%H %cs")
    state = [head or f"no commit; today {datetime.date.today().isoformat()}"]
    if since:
        state.append(_git(root, "rev-parse", "--verify", "--quiet", since + "^{commit}") or "missing " + since)
    return state


def _stat(path: Path) -> list:
    try:
        info = path.stat()
    except OSError:
        return [str(path), "missing"]
    return [str(path), info.st_size, info.st_mtime_ns]


def toolchain_state() -> list:
    fonts = []
    for root in FONT_FOLDERS:
        root = Path(root).expanduser()
        if root.is_dir():
            fonts += [_stat(Path(folder)) for folder, _, _ in sorted(os.walk(root))]
    dot = shutil.which("dot")
    return [sys.version, sys.executable, installed(), _stat(Path(dot)) if dot else "no dot", fonts]


def inputs(source: Path, confdir: Path, files: list[str], values: list[str]) -> str:
    """The digest of everything a build of ``source`` with the configuration in ``confdir`` reads."""
    digest = hashlib.sha256()
    project = config.load(confdir)
    for root in [Path(source), confdir / "conf.py", project.pyproject or confdir / "pyproject.toml",
                 *map(Path, files), *engine_folders(confdir), TOOLCHAIN]:
        tree_digest(root, digest)
    environment = sorted((k, v) for k, v in os.environ.items() if k.startswith(ENVIRONMENT))
    rest = [values, environment, toolchain_state(), git_state(project.root, project.changes_since)]
    digest.update(json.dumps(rest, sort_keys=True).encode())
    return digest.hexdigest()


def outputs(folders: list[str]) -> str:
    """Every file under the output folders, by name, size and modification time."""
    listing = []
    for folder in folders:
        root = Path(folder)
        if not root.is_dir():
            listing.append([folder, "missing"])
            continue
        for where, _, names in sorted(os.walk(root)):
            listing += [_stat(Path(where, name)) for name in sorted(names)]
    return hashlib.sha256(json.dumps(listing).encode()).hexdigest()


def _read(path: Path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def check(stamp: Path, source: Path, confdir: Path, files, values, folders) -> bool:
    """Whether the last successful build had these inputs and left these outputs; if not, the
    inputs are noted (``STAMP.next``) for ``keep``."""
    now = inputs(source, confdir, files, values)
    kept = _read(stamp)
    if kept.get("inputs") == now and kept.get("outputs") == outputs(folders):
        return True
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.with_name(stamp.name + ".next").write_text(json.dumps({"inputs": now}), encoding="utf-8")
    return False


def keep(stamp: Path, folders) -> None:
    """After a successful build: the inputs noted before it, and the outputs it left."""
    noted = _read(stamp.with_name(stamp.name + ".next"))
    if "inputs" not in noted:
        return  # no check ran first: the next build checks again
    stamp.write_text(json.dumps({"inputs": noted["inputs"], "outputs": outputs(folders)}), encoding="utf-8")
    stamp.with_name(stamp.name + ".next").unlink()


def forget(stamp: Path) -> None:
    """A failed build leaves nothing to trust."""
    for path in (stamp, stamp.with_name(stamp.name + ".next")):
        path.unlink(missing_ok=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rulewright.store.built", description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("check", "keep", "forget"))
    parser.add_argument("stamp", type=Path)
    parser.add_argument("--source", type=Path, default=Path("rulebook"))
    parser.add_argument("--conf", type=Path, default=Path("."))
    parser.add_argument("--file", action="append", default=[], help="another file the build reads (a Makefile)")
    parser.add_argument("--value", action="append", default=[], help="a setting the build is run with")
    parser.add_argument("--output", action="append", default=[], help="a folder the build writes")
    args = parser.parse_args(argv)
    if args.action == "check":
        try:
            return 0 if check(args.stamp, args.source, args.conf.resolve(), args.file, args.value, args.output) else 1
        except Exception:  # e.g. pyproject.toml does not parse: the build runs and says so at its line
            forget(args.stamp)
            return 1
    if args.action == "keep":
        keep(args.stamp, args.output)
    else:
        forget(args.stamp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
