"""The cycle collector's policy for whole-book work (rulewright.runtime.collector)."""
import gc

from rulewright.runtime import collector


def test_fewer_collections_then_the_usual_again():
    usual = gc.get_threshold()
    with collector.fewer_collections():
        assert gc.get_threshold() == collector.THRESHOLDS
        assert gc.get_freeze_count() > 0  # what lived before is left alone
    assert gc.get_threshold() == usual
    assert gc.get_freeze_count() == 0


def test_calls_nest_and_only_the_outermost_unfreezes():
    usual = gc.get_threshold()
    collector.fewer()
    try:
        with collector.fewer_collections():
            later = [object() for _ in range(10)]  # made inside: frozen by the inner call
            assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == collector.THRESHOLDS  # the outer policy still holds
        assert gc.get_freeze_count() > 0
    finally:
        collector.restore()
    assert gc.get_threshold() == usual
    assert gc.get_freeze_count() == 0
    assert later


def test_restore_without_fewer_changes_nothing():
    usual = gc.get_threshold()
    collector.restore()
    assert gc.get_threshold() == usual


def test_at_exit_what_lives_is_frozen_so_no_last_collection_looks_at_it():
    import subprocess
    import sys

    script = ("import atexit, gc\n"
              "from rulewright.runtime import collector\n"
              "collector.no_last_collection(); collector.no_last_collection()\n"
              "print(gc.get_freeze_count())\n"
              "atexit._run_exitfuncs()\n"
              "print(gc.get_freeze_count())\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    before, after = (int(line) for line in done.stdout.split())
    assert before == 0 and after > 0
