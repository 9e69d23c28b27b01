"""A designer's score function for the tests: it prefers standing still (so greedy play rests)."""


def stand_still(state, player):
    return -state.squares[player]
