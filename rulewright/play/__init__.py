"""Real play flowing into the book: positions as data, game records, replay, examples cut out of
play, the interactive session and random play that turns a broken law into an example.

Read it in this order:

- ``position``: a state written as a setup (``Game.setup_of``) and the check that it round-trips;
- ``record``: the game record file (YAML), read with every line known;
- ``replay``: a record played on the engine, to its end or to the first move or checkpoint that fails;
- ``cut``: an ``{example}`` block cut out of play (a position, the next moves, what they changed);
- ``fuzz``: random legal play checked against the game's invariants, failures shrunk to examples;
- ``session``: ``rulewright play``, the interactive terminal session;
- ``simulate``: games played by agents (random, greedy, restricted), each kept as its figures;
- ``runner``: where a run's games are played: in this process, or as Dask tasks;
- ``figures``: a run's figures (each seat's wins, game length, moves used) and two runs compared;
- ``claims``: a book's ``{balance}`` claims, read and checked by simulated play;
- ``importers``: other programs' records turned into Rulewright records.
"""
