"""This repository's own test settings. The rulebook's examples are collected by Rulewright's
pytest plugin (installed with the package), not here."""
import os

from hypothesis import HealthCheck, settings

# In CI the property tests replay the same cases every run (a landing gate should not flake on a
# new random draw, nor on a slow machine); on a designer's machine they explore anew each time.
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
if os.environ.get("CI"):
    settings.load_profile("ci")
