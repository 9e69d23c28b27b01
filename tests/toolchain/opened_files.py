"""Run one channel in this process, ``sphinx`` (the build) or ``check`` (``rulewright check``), in
the project that is the working directory, and print as JSON every file of the project it read:
each ``open`` Python's audit hooks see (``sys.addaudithook``: every file opened, imported modules
included), and, for the build, the files Sphinx's environment says each page depends on. Used by
``test_inputs_read.py``; a process of its own, since an audit hook cannot be taken away."""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path.cwd().resolve()
opened: set[str] = set()


def _seen(event: str, args: tuple) -> None:
    if event != "open" or not args or not isinstance(args[0], (str, bytes, os.PathLike)):
        return
    path = os.fsdecode(args[0])
    try:
        full = Path(path if os.path.isabs(path) else os.path.join(os.getcwd(), path)).resolve()
    except (OSError, ValueError):
        return
    if full.is_relative_to(ROOT) and full.is_file():
        opened.add(full.relative_to(ROOT).as_posix())


def build() -> int:
    from sphinx.application import Sphinx

    out = ROOT / "_build" / "inputs-read"
    app = Sphinx(str(ROOT / "rulebook"), str(ROOT), str(out / "html"), str(out / "doctrees"), "html",
                 status=None, warning=sys.stderr, freshenv=True)
    app.build()
    for docname, files in app.env.dependencies.items():  # (relative to the source folder)
        for name in files:
            _seen("open", (str((ROOT / "rulebook" / name)),))
    return app.statuscode


def check() -> int:
    from rulewright import cli

    try:
        return cli.main(["check"]) or 0
    except SystemExit as stop:
        return int(stop.code or 0)


if __name__ == "__main__":
    sys.addaudithook(_seen)
    code = {"sphinx": build, "check": check}[sys.argv[1]]()
    print(json.dumps({"code": code, "read": sorted(p for p in opened if not p.startswith("_build/")
                                                    and "__pycache__" not in p)}))
