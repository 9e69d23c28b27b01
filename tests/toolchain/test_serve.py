"""`make serve` (`rulewright serve`): the live preview serves the book on loopback and rebuilds it
when a page is saved, showing a failing example on its page and naming it in the terminal. The
server always stops, whatever happens."""
import http.client
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.toolchain.pages import EXAMPLE_ADD, RULE_ADD, assemble, rest_of_toy

TOY_GAME = Path(__file__).with_name("toy_game.py")
LIMIT_S = 90


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fetch(url: str) -> str:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.read().decode()
    except (OSError, http.client.HTTPException):  # not up yet, or the page was cut short while being rewritten
        return ""


def wait_for(predicate, deadline: float) -> bool:
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.5)
    return False


def test_serve_rebuilds_on_save_and_shows_the_failure(tmp_path):
    (tmp_path / "toygame").mkdir()
    shutil.copy(TOY_GAME, tmp_path / "toygame" / "__init__.py")
    (tmp_path / "pyproject.toml").write_text('[tool.rulewright]\nrulebook = "book"\n\n'
                                             '[tool.rulewright.games]\ntoy = "toygame:GAME"\n')
    (tmp_path / "conf.py").write_text('extensions = ["myst_parser", "rulewright.sphinx"]\nroot_doc = "index"\n')
    book = tmp_path / "book"
    book.mkdir()
    (book / "index.md").write_text("# Toy\n\n```{toctree}\n:numbered:\nadding\nmore\n```\n")
    (book / "adding.md").write_text(assemble(RULE_ADD, EXAMPLE_ADD, title="Adding"))
    (book / "more.md").write_text(rest_of_toy())
    port = free_port()
    log = open(tmp_path / "serve.log", "w")
    server = subprocess.Popen([sys.executable, "-m", "rulewright.cli", "serve", "--port", str(port)], cwd=tmp_path,
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                              env={**os.environ, "RULEWRIGHT_CACHE": str(tmp_path / "store")})
    page = f"http://127.0.0.1:{port}/adding.html"
    deadline = time.monotonic() + LIMIT_S
    try:
        assert wait_for(lambda: "✓ verified" in fetch(page), deadline), (tmp_path / "serve.log").read_text()
        (book / "adding.md").write_text(assemble(RULE_ADD, EXAMPLE_ADD.replace("pile: 2", "pile: 3"), title="Adding"))
        assert wait_for(lambda: "✗ FAILS" in fetch(page), deadline), (tmp_path / "serve.log").read_text()
        assert wait_for(lambda: "toy-add  (page 'Adding')" in (tmp_path / "serve.log").read_text(), deadline)
        output = (tmp_path / "serve.log").read_text()
        assert "adding.md:" in output and "expected 3, but it is 2" in output
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        log.close()


def test_serve_previews_the_edition_asked_for(tmp_path, monkeypatch):
    """`make serve` shows the designer's edition; `make serve EDITION=player` (`rulewright serve
    --edition player`) builds the player's, by its Sphinx tag, into a folder of its own."""
    from rulewright import cli
    from rulewright.book import config

    (tmp_path / "pyproject.toml").write_text('[tool.rulewright]\nrulebook = "book"\n')
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "index.md").write_text("# Toy\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(config, "_current", None, raising=False)
    designer = cli.serve_command()
    player = cli.serve_command(edition="player")
    assert designer[designer.index("-t") + 1] == "designer"
    assert player[player.index("-t") + 1] == "player"
    build = str(tmp_path / "_build")
    (designer_out,), (player_out,) = ([c for c in command if c.startswith(build)] for command in (designer, player))
    assert designer_out != player_out
    parser_help = subprocess.run([sys.executable, "-m", "rulewright.cli", "serve", "--edition", "nobody"],
                                 cwd=tmp_path, capture_output=True, text=True)
    assert parser_help.returncode == 2 and "choose from 'designer', 'player'" in parser_help.stderr


def test_serve_watches_a_game_that_cannot_be_loaded_yet(tmp_path, monkeypatch):
    """A tab in the game's data when the preview starts: its folder is watched all the same, so
    saving the fix rebuilds the preview."""
    from rulewright import cli
    from rulewright.book import config, registry

    game = tmp_path / "broken_game"
    game.mkdir()
    (game / "__init__.py").write_text("from rulewright.game import data_file\nPRESETS = data_file(__package__, "
                                      "'presets.yaml')\n")
    (game / "presets.yaml").write_text("small:\n\tpile: 1\n")
    (tmp_path / "pyproject.toml").write_text('[tool.rulewright]\nrulebook = "book"\n\n[tool.rulewright.games]\n'
                                             'broken = "broken_game:GAME"\n')
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "index.md").write_text("# Toy\n\n```{example} One\n:id: one\n\ngame: broken\n"
                                                "expect:\n  pile: 1\n```\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(config, "_current", None, raising=False)
    monkeypatch.setattr(registry, "_failed", {})
    command = cli.serve_command()
    watched = [command[i + 1] for i, word in enumerate(command) if word == "--watch"]
    assert str(game) in watched, command


def test_stopping_the_command_stops_the_preview(tmp_path):
    """`kill` with the ID of `rulewright serve` stops the preview: it used to run the server as a
    child that went on serving, its parent gone."""
    (tmp_path / "pyproject.toml").write_text('[tool.rulewright]\nrulebook = "book"\n')
    (tmp_path / "conf.py").write_text('extensions = ["myst_parser", "rulewright.sphinx"]\nroot_doc = "index"\n')
    (tmp_path / "book").mkdir()
    (tmp_path / "book" / "index.md").write_text("# Toy\n\nA page.\n")
    port = free_port()
    log = open(tmp_path / "serve.log", "w")
    server = subprocess.Popen([sys.executable, "-m", "rulewright.cli", "serve", "--port", str(port)], cwd=tmp_path,
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
                              env={**os.environ, "RULEWRIGHT_CACHE": str(tmp_path / "store")})
    deadline = time.monotonic() + LIMIT_S
    try:
        assert wait_for(lambda: "A page." in fetch(f"http://127.0.0.1:{port}/index.html"), deadline), \
            (tmp_path / "serve.log").read_text()
        server.terminate()  # the command's own process alone, as `kill <its ID>` does
        server.wait(10)

        def refused() -> bool:
            with socket.socket() as s:
                return s.connect_ex(("127.0.0.1", port)) != 0
        assert wait_for(refused, time.monotonic() + 10), "the preview is still serving"
    finally:
        try:
            os.killpg(server.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        server.wait()
        log.close()


def test_serve_on_a_port_already_taken_says_so_and_which_port_to_use(capsys):
    import argparse
    import socket

    from rulewright.cli import serve

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as held:
        held.bind(("127.0.0.1", 0))
        held.listen()
        port = held.getsockname()[1]
        assert serve.run(argparse.Namespace(host="127.0.0.1", port=port, edition="designer")) == 1
    said = capsys.readouterr().err
    assert f"Port {port} is taken" in said and f"make serve PORT={port + 1}" in said
