"""A figure's caption says which position it shows, in the number its example's moves ask for."""
from __future__ import annotations

import pytest

from rulewright.sphinx.examples import figure_caption


@pytest.mark.parametrize("diagram, moves, said", [
    ("after", 0, "Ann opens: the position"),
    ("after", 1, "Ann opens: the position after the move"),
    ("after", 3, "Ann opens: the position after the moves"),
    ("before", 1, "Ann opens: the position before the move"),
    ("both", 2, "Ann opens: before and after the moves"),
])
def test_a_caption_counts_the_moves(diagram, moves, said):
    assert figure_caption("Ann opens", diagram, moves) == said
