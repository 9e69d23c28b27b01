"""What changed between two versions of a rulebook project, rule by rule, with its effect on play.

Read it in this order:

- ``versions``: a version of the project laid out in a folder (a git revision, or the working tree);
- ``outcomes``: one version's book read, and its examples played on one version's engine (in a
  process of its own, since two versions of a game cannot be imported side by side);
- ``compare``: the two versions compared: rules added, removed, renamed and reworded, examples
  added and removed, examples whose outcome the engine changed, and the two warnings (an outcome
  changed with no rule text changed; a rule's text changed with no outcome changed).
"""
