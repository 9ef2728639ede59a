"""The solver's C core as WebAssembly (under Node.js) against the Python searches and the CPython
extensions, on the same positions.

``scripts/build_wasm.py`` builds ``trickcore/solver/trickcore_solver.wasm``; ``node_wasm.py``
plays Pyodide's part (the shim's solver object, forwarded to ``wasm_node.js``, which runs the real
shim over the real module in Node.js), so that :mod:`trickcore.solver.wasm` and
:mod:`trickcore.solver.native` run as they do in the browser, with ``TRICKCORE_NATIVE=wasm``.
Every solve must give the same tricks, best cards and count of trick starts in the three.

These tests skip when the module is not built or Node.js is missing, except where
``TRICKCORE_REQUIRE_WASM=1`` (``make test``, which builds the module first: ``make wasm``).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
from collections.abc import Callable, Iterator
from functools import partial

import pytest
from support import PACK

import trickcore as tc
from trickcore.cards import mask_of
from trickcore.errors import BudgetExceededError
from trickcore.solver import (
    Memory,
    PerfectBot,
    Position,
    Result,
    _Compiled,
    _Search,
    native,
    solve,
    solve_fewest,
    solve_humbug_deal,
)
from trickcore.solver import wasm as bridge

from .node_wasm import PACKAGE, NodeSolver, module_path, node
from .test_search import random_position

REQUIRED = os.environ.get("TRICKCORE_REQUIRE_WASM", "") not in ("", "0")


def _missing() -> str | None:
    if not module_path().is_file():
        return "the WebAssembly module is not built (scripts/build_wasm.py)"
    if node() is None:
        return "Node.js is not installed"
    return None


@pytest.fixture(scope="module")
def node_solver() -> Iterator[NodeSolver]:
    why = _missing()
    if why is not None:
        if REQUIRED:
            pytest.fail(f"TRICKCORE_REQUIRE_WASM is set but {why}")
        pytest.skip(why)
    solver = NodeSolver()
    yield solver
    solver.close()


Outcome = tuple[object, ...]


def _outcome(result: Result | Outcome) -> Outcome:
    if isinstance(result, Result):
        return result.tricks, result.best_cards, result.nodes
    return result


def _each_backend(node_solver: NodeSolver, monkeypatch: pytest.MonkeyPatch,
                  run: Callable[[], Result | Outcome]) -> dict[str, Outcome]:
    """``run`` with the WebAssembly module, the Python searches and (where built) the CPython
    extensions."""
    out: dict[str, Outcome] = {}
    with monkeypatch.context() as patch:
        patch.setattr(bridge, "_loaded", [node_solver])
        patch.setenv("TRICKCORE_NATIVE", "wasm")
        assert native.backend() == "wasm"
        out["wasm"] = _outcome(run())
        patch.setenv("TRICKCORE_NATIVE", "0")
        assert native.backend() == "python"
        out["python"] = _outcome(run())
        if native.available():
            patch.setenv("TRICKCORE_NATIVE", "1")
            assert native.backend() == "native"
            out["native"] = _outcome(run())
    return out


def _agree(outcomes: dict[str, Outcome], context: object) -> None:
    first = outcomes["python"]
    for name, outcome in outcomes.items():
        assert outcome == first, (name, outcomes, context)


def _general_tests(position: Position) -> Outcome:
    """The general search's answers to every need from the root, its count and root leads."""
    search = _Search(_Compiled(position, (0,)), general=True)
    answers = [search.test(position.leader, [], need) for need in range(position.tricks_left + 2)]
    return tuple(answers), search.nodes, dict(search.root_leads)


def _random_general(rng: random.Random) -> Position:
    """Three to six seats, three to eight cards each, any trumps."""
    n = rng.randrange(3, 7)
    h = rng.randrange(3, 9 if n <= 4 else 6)
    pack = list(PACK)
    rng.shuffle(pack)
    hands = [mask_of(pack[i * h:(i + 1) * h]) for i in range(n)]
    sides = [[0, 2], [1, 3]] if n == 4 and rng.random() < 0.5 else None
    return Position(hands, rng.choice([None, *tc.Suit]), rng.randrange(n), sides=sides)


def _random_two_hand(rng: random.Random) -> Position:
    size = rng.randrange(3, 14)
    pack = list(PACK)
    rng.shuffle(pack)
    hands = [mask_of(pack[:size]), mask_of(pack[size:2 * size])]
    return Position(hands, rng.choice([None, *tc.Suit]), rng.randrange(2))


@pytest.mark.parametrize("seed", range(3))
def test_small_positions_with_bowers_and_jokers_alike_in_the_three(
        seed: int, node_solver: NodeSolver, monkeypatch: pytest.MonkeyPatch) -> None:
    # two to four seats, Five Hundred's bowers and joker one time in two, a trick under way
    rng = random.Random(f"wasm-small-{seed}")
    for i in range(60):
        position = random_position(rng, five_hundred=i % 2 == 0)
        seat = rng.randrange(position.players)
        _agree(_each_backend(node_solver, monkeypatch, partial(solve, position, side=seat)),
               (position.to_json(), seat))


def test_three_to_six_seats_alike_in_the_three(
        node_solver: NodeSolver, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random("wasm-general")
    nodes = 0
    for _ in range(60):
        position = _random_general(rng)
        seat = rng.randrange(position.players)
        outcomes = _each_backend(node_solver, monkeypatch, partial(solve, position, side=seat))
        _agree(outcomes, (position.to_json(), seat))
        nodes += int(str(outcomes["wasm"][2]))
    assert nodes > 15_000  # real searches, not tables or bounds answering at once


def test_seven_seats_alike_in_the_three(
        node_solver: NodeSolver, monkeypatch: pytest.MonkeyPatch) -> None:
    # Oh Hell's seven-hand deals (up to seven cards each): the most seats the C core takes
    rng = random.Random("wasm-seven")
    for n, size in ((7, 4), (7, 6), (7, 5), (7, 7)):
        pack = list(PACK)
        rng.shuffle(pack)
        hands = [mask_of(pack[i * size:(i + 1) * size]) for i in range(n)]
        position = Position(hands, rng.choice([None, *tc.Suit]), rng.randrange(n))
        seat = rng.randrange(n)
        _agree(_each_backend(node_solver, monkeypatch, partial(solve, position, side=seat)),
               (position.to_json(), seat))


def test_two_hand_positions_alike_in_the_three(
        node_solver: NodeSolver, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random("wasm-two")
    for _ in range(50):
        position = _random_two_hand(rng)
        seat = rng.randrange(2)
        _agree(_each_backend(node_solver, monkeypatch, partial(solve, position, side=seat)),
               (position.to_json(), seat))
        # the general search on two hands too, answer for answer
        _agree(_each_backend(node_solver, monkeypatch, partial(_general_tests, position)),
               (position.to_json(), "general"))


def test_a_humbug_deal_and_a_perfect_bot_alike(
        node_solver: NodeSolver, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tc.get_variant("humbug")
    deal = tc.deal_cards(rules, players=2, dealer=1, hand_size=10,
                         rng=tc.rng_for("humbug", 2, 5, "deal", 0))
    _agree(_each_backend(node_solver, monkeypatch, lambda: solve_humbug_deal(deal)), "humbug")

    def play_out() -> Result:  # a whole deal between two perfect bots, sharing one memory
        state = tc.HandState(rules, deal)
        memory = Memory()
        bots = [PerfectBot(memory=memory), PerfectBot(memory=memory)]
        cards = []
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            card = bots[seat](state).action
            cards.append(card)
            state.play(card)
        return Result(tricks=state.tricks_won[0], best_cards=cards, nodes=len(memory),
                      side=(0,), to_move=0, tricks_left=0)

    _agree(_each_backend(node_solver, monkeypatch, play_out), "perfect bots")


def test_the_budget_holds_in_webassembly(node_solver: NodeSolver,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    rules = tc.get_variant("humbug")
    deal = tc.deal_cards(rules, players=2, dealer=1, hand_size=26,
                         rng=tc.rng_for("humbug", 2, 17, "deal", 0))
    position = Position(deal.hands, deal.trump, deal.eldest)
    monkeypatch.setattr(bridge, "_loaded", [node_solver])
    monkeypatch.setenv("TRICKCORE_NATIVE", "wasm")
    with pytest.raises(BudgetExceededError) as caught:
        solve(position, max_nodes=5000)
    assert caught.value.nodes == 5000
    with pytest.raises(BudgetExceededError):
        solve(position, timeout=0.05)


def test_without_pyodide_there_is_no_webassembly_backend() -> None:
    # in CPython the module is never loaded (the C extensions or Python do the work)
    assert bridge.solver() is None
    assert native.backend() in ("native", "python")
    assert bridge.to32(bridge.to16(3 * 32 + 12)) == 3 * 32 + 12
    assert bridge.to32(-1) == -1
    assert bridge.hand16((1 << 3) | (1 << 32 + 5) | (1 << 96 + 12)) == (
        (1 << 3) | (1 << 16 + 5) | (1 << 48 + 12))


def test_the_shim_on_its_own_in_node(node_solver: NodeSolver) -> None:
    # the shim's object API as a page or a script would call it: AS KH 2D against QS AH 3D at no
    # trump (core numbering: 16 bits a suit, ranks from the lowest card of each suit held)
    script = """
const api = require(process.argv[1]);
const solver = api.create(require("fs").readFileSync(process.argv[2]));
// spades: QS (0) AS (1); hearts: KH (16) AH (17); diamonds: 2D (32) 3D (33)
const hands = [(1n << 1n) | (1n << 16n) | (1n << 32n), 1n | (1n << 17n) | (1n << 33n)];
const g = solver.general(hands, [1, 0], -1);
const answers = [1, 2].map((need) => g.test(0, [], need, -1));
const limited = solver.general(hands, [1, 0], -1).test(0, [], 1, -1, 1);
const t = solver.table();
const h = solver.twoHand(t, hands[0], hands[1], -1, 1, 0);
const two = h.test(0, [], 1, -1);
console.log(JSON.stringify({answers, entries: g.entries(), limited, two, count: t.count()}));
g.free(); h.free(); t.free();
"""
    done = subprocess.run([node() or "node", "-e", script, str(PACKAGE / bridge.SHIM),
                           str(module_path())], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr  # node's own words, if the shim fails
    out = json.loads(done.stdout)
    made = [a["made"] for a in out["answers"]]
    assert made == [True, False]  # one trick (the ace of spades), not two
    # a root lead by seat (-2: none found: the quick tricks answered before any search)
    assert len(out["answers"][0]["rootLeads"]) == 2  # one a seat
    assert out["limited"]["made"] is None
    assert out["limited"]["status"] == 1  # TC_LIMIT: stopped at the node limit
    assert out["two"]["made"] is True
    assert out["entries"] >= 0
    assert out["count"] > 0


def test_the_fewest_mode_alike_in_the_three(
        node_solver: NodeSolver, monkeypatch: pytest.MonkeyPatch) -> None:
    # solve_fewest (the general search's fewest mode, even on two hands): two to seven seats,
    # bowers and jokers, a trick under way
    rng = random.Random("wasm-fewest")
    nodes = 0
    for i in range(40):
        position = (random_position(rng, five_hundred=i % 2 == 0) if i % 4
                    else _random_general(rng))
        seat = rng.randrange(position.players)
        outcomes = _each_backend(node_solver, monkeypatch,
                                 partial(solve_fewest, position, seat))
        _agree(outcomes, (position.to_json(), seat))
        nodes += int(str(outcomes["wasm"][2]))
    pack = list(PACK)
    rng.shuffle(pack)
    position = Position([mask_of(pack[i * 5:(i + 1) * 5]) for i in range(7)], tc.Suit.SPADES, 3)
    _agree(_each_backend(node_solver, monkeypatch, partial(solve_fewest, position, 2)), "seven")
    assert nodes > 2000  # real searches


def test_the_fewest_mode_with_a_memory_alike_in_the_three(
        node_solver: NodeSolver, monkeypatch: pytest.MonkeyPatch) -> None:
    # one memory for a whole hand's positions: the searches moved from root to root
    from .test_native import _fewest_hand

    _agree(_each_backend(node_solver, monkeypatch, partial(_fewest_hand, 0)), "a hand")
