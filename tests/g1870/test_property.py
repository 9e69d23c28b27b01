"""Random legal play: money and shares are conserved, listed actions are accepted, and anything
else is refused citing a rule ID the engine declares (never a crash)."""
import ast
import pathlib

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from rulewright.game import InputError, Refusal, step
from engine.games.g1870 import actions, game as game_module
from tests.g1870.helpers import GAME, start

ENGINE = pathlib.Path(game_module.__file__).parent


def declared_rule_literals() -> set[str]:
    """Every rule ID written as ``Refusal("<id>", ...)`` in the engine's source."""
    found = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refusal" and node.args:
                found.add(node.args[0].value)
    return found


RULES = declared_rule_literals()


def total_cash(state) -> int:
    return state.bank + sum(p.cash for p in state.players.values()) + sum(c.cash for c in state.corporations.values())


def check_invariants(state, cash: int) -> None:
    assert total_cash(state) == cash, "money was created or destroyed"
    assert GAME.invariants(state) == []  # ten shares each, presidents, the market's 50%, ... (position.py)


def wild_action(draw, state) -> actions.Act:
    """Any action at all, with random names and numbers: most are refused."""
    who = draw(st.sampled_from([*state.players, *state.corporations]))
    verb = draw(st.sampled_from(actions.VERBS))
    item = draw(st.sampled_from([*state.corporations, *state.privates, "train"]))
    other = draw(st.sampled_from(["", "market", *state.players]))
    return actions.Act(who, verb, item=item, count=draw(st.integers(1, 4)), other=other,
                       amount=draw(st.sampled_from([0, 5, 20, 45, 68, 90, 140, 300])))


@settings(max_examples=20, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.data())
def test_random_play_conserves_money_and_shares(data):
    state = start(preset=data.draw(st.sampled_from(["new-game", "stock"])))
    cash = total_cash(state)
    accepted = 0
    for _ in range(40):
        wild = wild_action(data.draw, state)
        try:
            wild = GAME.parse_action(state, wild.actor, wild.notation())  # as a designer would write it
            state_after = step(GAME, state, wild).state
            check_invariants(state_after, cash)
        except Refusal as refusal:
            assert refusal.rule in RULES, f"refused with an undeclared rule {refusal.rule}"
        except InputError:
            pass  # e.g. 'redeem GRSC': the notation itself is wrong, which is not a rule's business
        legal = GAME.legal_actions(state)
        if not legal:
            break
        act = data.draw(st.sampled_from(legal))
        assert GAME.parse_action(state, act.actor, act.notation()) == act
        state = step(GAME, state, act).state
        accepted += 1
        check_invariants(state, cash)
    assert accepted > 0


def answers_only(state) -> None:
    """While a sale waits for price protection (rule 1870.protect.offer), its president's answer is
    the only legal action: nothing may happen first."""
    if not state.protection:
        return
    sale = state.protection[0]
    president = state.corporations[sale.corp].president
    legal = GAME.legal_actions(state)
    assert legal, "a waiting sale must be answerable (at least by declining)"
    for act in legal:
        assert (act.actor, act.verb, act.item) in {(president, "protect", sale.corp), (president, "decline", sale.corp)}, \
            f"'{act.actor}: {act.notation()}' is legal while {president} must answer for {sale.corp}"


@settings(max_examples=25, deadline=None, phases=(Phase.explicit, Phase.reuse, Phase.generate))
@given(st.data())
def test_while_a_sale_waits_for_protection_only_the_answer_is_legal(data):
    """Stock-round play that sells often: share counts never go below zero anywhere, and a waiting
    sale lets nothing but its president's answer happen."""
    state = start(preset="stock", overrides={"turn": data.draw(st.sampled_from(["ann", "bob", "cat", "dan"]))})
    cash = total_cash(state)
    for _ in range(30):
        if state.round != "stock":
            break
        answers_only(state)
        legal = GAME.legal_actions(state)
        selling = [a for a in legal if a.verb in ("sell", "done", "protect", "decline")]
        act = data.draw(st.sampled_from(selling if selling and data.draw(st.booleans()) else legal))
        state = step(GAME, state, act).state
        check_invariants(state, cash)
