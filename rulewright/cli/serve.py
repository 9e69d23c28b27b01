"""``rulewright serve``: the live preview, rebuilt on every save of a page or a game's code."""
from __future__ import annotations

import os
import socket
import subprocess
import sys

from rulewright.book import config, scanner
from rulewright.book.registry import game_folder
from rulewright.game import InputError
from rulewright.problems import ExampleProblem

NAME = "serve"
HELP = "live preview: serve the book and rebuild it on every save"


def add_arguments(parser) -> None:
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--edition", choices=("designer", "player"), default="designer",
                        help="which edition to preview (default: the designer's, with IDs and verification marks)")


def serve_command(host: str = "127.0.0.1", port: int = 8000, edition: str = "designer") -> list[str]:
    """sphinx-autobuild on the project's book, in one edition: it rebuilds on saving a page, and on
    saving the code or data of any game the book plays (their folders are watched too). Each
    rebuild runs in a fork of a process that has Sphinx and Rulewright imported already
    (``rulewright.sphinx.warm``)."""
    project = config.current()
    confdir = project.root if (project.root / "conf.py").is_file() else project.rulebook
    games = set()
    for decl in scanner.scan().examples:
        try:
            games.add(decl.parse().game_name)
        except ExampleProblem:
            pass
    watched = sorted({str(p if p.is_dir() else p.parent) for p in _folders(games)})
    out = project.root / "_build" / ("html" if edition == "designer" else f"html-{edition}")
    command = [sys.executable, "-m", "rulewright.sphinx.warm", "-q", "-t", edition, "-c", str(confdir),
               str(project.rulebook), str(out), "--host", host, "--port", str(port),
               "--re-ignore", r"(__pycache__|\.pyc$|_build)"]
    for folder in watched:
        command += ["--watch", folder]
    return command


def run(args) -> int:
    taken = _taken(args.host, args.port)
    if taken:
        print(f"Port {args.port} is taken ({taken}): another preview, or another program, is serving there. Stop "
              f"it, or serve on another port: make serve PORT={args.port + 1} (rulewright serve --port "
              f"{args.port + 1}).", file=sys.stderr)
        return 1
    command = serve_command(args.host, args.port, args.edition)
    print(f"Serving the {args.edition}'s edition at http://{args.host}:{args.port}/ ; it is rebuilt each time you save a page "
          "or a game's code or data. Failing examples are shown on their pages and listed here. Stop with Ctrl-C.")
    env = {**os.environ, "RULEWRIGHT_STRICT": "0"}  # a failing example must not stop the preview: it is shown
    sys.stdout.flush()
    if hasattr(os, "execve"):
        # The preview takes this process's place, so that stopping this process (Ctrl-C, or `kill`
        # with its ID) stops the preview: as a child it went on serving, its parent gone.
        os.execve(command[0], command, env)
    try:
        return subprocess.run(command, env=env).returncode
    except KeyboardInterrupt:
        return 0


def _taken(host: str, port: int) -> str:
    """Why ``port`` cannot be served on, in the system's words, or "" when it can (the web server
    would fail later with its own traceback-like line)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # (as the web server binds: a port
        # whose last connections are closing is free)
        try:
            probe.bind((host, port))
        except OSError as error:
            return error.strerror or str(error)
    return ""


def _folders(games) -> list:
    """The folder of each game the book plays, a game that cannot be loaded yet included (found
    without running its code): saving the fix to its data or code rebuilds the preview."""
    found = []
    for name in sorted(games):
        try:
            found.append(game_folder(name))
        except InputError:
            continue  # an unknown game: its examples say so
    return found
