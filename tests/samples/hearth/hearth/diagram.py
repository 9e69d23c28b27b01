"""The board: each action space with the workers on it, and each player's goods and score, drawn by the spaces kit."""
from rulewright.game import spaces


def draw(run, when: str, options: frozenset = frozenset()) -> str:
    return spaces.draw_board(run, when, run.game.board, note="{workers} workers; {stock}; {score} points")
