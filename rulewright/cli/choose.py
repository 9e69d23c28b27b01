"""What the commands that play a game without a book take: the game, a preset and settings."""
from __future__ import annotations

from rulewright.game import Game, InputError, did_you_mean
from rulewright.book.registry import get_game
from rulewright.play.setting_text import setting_value


def add_game_arguments(parser) -> None:
    parser.add_argument("game", help="the game's name, as examples write 'game:'")
    parser.add_argument("--preset", help="start from this preset (default: the game's first)")
    parser.add_argument("--setting", action="append", default=[], metavar="NAME=VALUE",
                        help="a game setting, written as in YAML (may be given more than once)")


def game_settings_preset(args) -> tuple[Game, dict, str | None]:
    """The game, its full settings and the preset to start from, or a plain message (SystemExit)."""
    try:
        game = get_game(args.game)
    except InputError as error:
        raise SystemExit(error.message) from None
    given = {}
    for item in args.setting:
        name, sep, value = item.partition("=")
        if not sep:
            example = next(iter(game.settings), "name")
            raise SystemExit(f"--setting {item}: write it as NAME=VALUE, e.g. --setting {example}=true")
        given[name.strip()] = setting_value(game, name.strip(), value)
    try:
        settings = game.resolve_settings(given)
    except InputError as error:
        raise SystemExit(f"--setting: {error.message}") from None
    preset = args.preset or next(iter(game.presets), None)
    if preset is not None and preset not in game.presets:
        raise SystemExit(f"{game.title} has no preset {preset!r}. {did_you_mean(preset, game.presets)}")
    return game, settings, preset
