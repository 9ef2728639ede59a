"""Five Hundred contracts: seeded deals played by the heuristic bots, each contract played again
without the kitty; make rates and points per contract and by the trumps held.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from trickcore.cards import JOKER_INDEX, Suit
from trickcore.engine.calls import Call
from trickcore.engine.dealing import Deal, deal_cards, rng_for
from trickcore.engine.events import Phase
from trickcore.engine.state import HandState
from trickcore.engine.turns import play_deal
from trickcore.players.heuristic import HeuristicBot
from trickcore.rules import Ruleset
from trickcore.rules.registry import get_variant
from trickcore.study.holdings import trump_mask
from trickcore.study.stats import Estimate, MeanEstimate, mean_estimate, proportion

__all__ = [
    "CONTRACT_COLUMNS",
    "ContractSummary",
    "FiveHundredDeal",
    "contract_label",
    "contract_summary",
    "contract_table_rows",
    "five_hundred_deal",
    "five_hundred_study",
    "holding_make_rates",
    "made_cell",
    "misere_facts",
]


class FiveHundredDeal(NamedTuple):
    """One Five Hundred deal played by heuristic bots, and again without the kitty.

    ``contract`` is the call's code (``"7H"``, ``"misere"``) or ``None`` when all passed.
    Trump counts are for the contract's trump suit (bowers and joker included), in the
    contractor's ten dealt cards (``trumps_dealt``) and after the exchange (``trumps_kept``).
    ``made_without_kitty`` and ``points_without_kitty`` come from playing the same auction's
    contract again with the contractor discarding the kitty unseen (keeping the dealt hand).
    ``longest`` is, for each seat, its longest suit counting the joker and both bowers as
    trumps of that suit.
    """

    contract: str | None
    kind: str | None
    value: int
    made: bool | None
    points: int
    trumps_dealt: int
    trumps_kept: int
    joker: bool
    made_without_kitty: bool | None
    points_without_kitty: int
    longest: tuple[int, ...]


def _effective_length(hand: int, ruleset: Ruleset, suit: Suit) -> int:
    return (hand & trump_mask(ruleset, suit)).bit_count()


def five_hundred_study(*, deals: int = 1000, seed: int = 0,
                       variant: str = "five-hundred") -> list[FiveHundredDeal]:
    """Play seeded Five Hundred deals with heuristic bots in every seat; each contract is also
    played a second time with the contractor keeping the dealt ten cards (discarding the kitty
    unseen), which measures what the kitty is worth.

    >>> rows = five_hundred_study(deals=10, seed=1)
    >>> len(rows), all(len(r.longest) == 4 for r in rows)
    (10, True)
    """
    rules = get_variant(variant)
    n = rules.players[0]
    bot = HeuristicBot()
    out = []
    for d in range(deals):
        deal = deal_cards(rules, players=n, dealer=d % n, hand_size=rules.max_hand_size(n),
                          rng=rng_for(rules.key, n, seed, "analysis-500", d))
        out.append(five_hundred_deal(rules, deal, bot))
    return out


def five_hundred_deal(rules: Ruleset, deal: Deal, bot: HeuristicBot) -> FiveHundredDeal:
    """Play one deal with ``bot`` in every seat, and its contract again without the kitty, as
    :func:`five_hundred_study` does for each of its deals.

    >>> rules = get_variant("five-hundred")
    >>> deal = deal_cards(rules, players=4, dealer=0, hand_size=10, rng=rng_for("x", 4, 1))
    >>> row = five_hundred_deal(rules, deal, HeuristicBot())
    >>> len(row.longest), row.contract is None or row.value > 0
    (4, True)
    """
    n = deal.players
    longest = tuple(max(_effective_length(deal.hands[s], rules, suit) for suit in Suit)
                    for s in range(n))
    state = HandState(rules, deal)
    while state.phase is Phase.BIDDING:
        state.apply(bot(state).action)
    if state.contract is None or state.contractor is None:
        if not state.is_over:
            play_deal(state, [bot] * n)
        return FiveHundredDeal(None, None, 0, None, 0, 0, 0, False, None, 0, longest)
    contract = state.contract
    contractor = state.contractor
    without = state.copy()
    play_deal(state, [bot] * n)
    without.discard(without.kitty)
    play_deal(without, [bot] * n)
    trump = contract.trump
    kept = _kept(state, contractor)
    dealt = deal.hands[contractor]
    assert state.points is not None
    assert without.points is not None
    return FiveHundredDeal(
        contract.code(rules), contract.kind.value, contract.value(rules), state.made,
        state.points[contractor],
        0 if trump is None else _effective_length(dealt, rules, trump),
        0 if trump is None else _effective_length(kept, rules, trump),
        bool(kept >> JOKER_INDEX & 1), without.made, without.points[contractor], longest)


class ContractSummary(NamedTuple):
    """One Five Hundred contract over the deals of :func:`five_hundred_study` that ended in it:
    how often it was made (with the kitty, and again without it) and the contractor's mean
    points each way."""

    contract: str
    value: int
    deals: int
    made: Estimate
    made_without_kitty: Estimate
    points: MeanEstimate
    points_without_kitty: MeanEstimate


def contract_summary(rows: Iterable[FiveHundredDeal], *, variant: str = "five-hundred",
                     min_count: int = 1) -> list[ContractSummary]:
    """Make rates and mean points per contract, lowest contract on the ladder first (contracts
    reached fewer than ``min_count`` times are left out).

    >>> rows = five_hundred_study(deals=20, seed=1)
    >>> summary = contract_summary(rows)
    >>> sum(c.deals for c in summary) == sum(r.contract is not None for r in rows)
    True
    """
    rules = get_variant(variant)
    groups: dict[str, list[FiveHundredDeal]] = {}
    for row in rows:
        if row.contract is not None:
            groups.setdefault(row.contract, []).append(row)
    out = []
    for code, rs in sorted(groups.items(), key=lambda kv: Call.parse(kv[0]).rank(rules)):
        if len(rs) < min_count:
            continue
        n = len(rs)
        out.append(ContractSummary(
            code, rs[0].value, n, proportion(sum(bool(r.made) for r in rs), n),
            proportion(sum(bool(r.made_without_kitty) for r in rs), n),
            mean_estimate(r.points for r in rs), mean_estimate(r.points_without_kitty for r in rs)))
    return out


def contract_label(code: str) -> str:
    """A Five Hundred contract code as players write it.

    >>> contract_label("7H"), contract_label("10NT"), contract_label("open-misere")
    ('7♥', '10NT', 'open misère')
    """
    symbols = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
    if code[-1:] in symbols and code[:-1].isdigit():
        return code[:-1] + symbols[code[-1]]
    return code.replace("misere", "misère").replace("-", " ")


def made_cell(made: Estimate) -> str:
    """A make rate with its 95% interval, as the contracts table and its text write it.

    >>> made_cell(proportion(6, 15))
    '40% (20% to 64%)'
    """
    return f"{made.probability:.0%} ({made.low:.0%} to {made.high:.0%})"


#: The columns of :func:`contract_table_rows`.
CONTRACT_COLUMNS = ("contract", "value", "deals", "made", "mean points",
                    "made without the kitty", "mean points without it")


def contract_table_rows(contracts: Iterable[ContractSummary]) -> list[list[str]]:
    """The contracts table of the Five Hundred page, one row per contract
    (:data:`CONTRACT_COLUMNS`).

    >>> rows = contract_table_rows(contract_summary(five_hundred_study(deals=20, seed=1)))
    >>> len(rows[0]) == len(CONTRACT_COLUMNS)
    True
    """
    return [[contract_label(c.contract), str(c.value), str(c.deals), made_cell(c.made),
             f"{c.points.mean:+.0f}\u00a0±\u00a0{1.96 * c.points.standard_error:.0f}",
             f"{c.made_without_kitty.probability:.0%}", f"{c.points_without_kitty.mean:+.0f}"]
            for c in contracts]


def _times(n: int) -> str:
    return {0: "never", 1: "once", 2: "twice"}.get(n, f"{n:,} times")


def misere_facts(contracts: Iterable[ContractSummary]) -> dict[str, str]:
    """What the page says about misère and open misère, from the same summaries as the table
    (give every contract, not only those the table shows): how often each was called and made.

    >>> facts = misere_facts([])
    >>> facts["misere_times"], facts["open_times"]
    ('never', 'never')
    """
    by_code = {c.contract: c for c in contracts}
    out = {}
    for key, code in (("misere", "misere"), ("open", "open-misere")):
        c = by_code.get(code)
        out[f"{key}_times"] = _times(0 if c is None else c.deals)
        out[f"{key}_deals"] = "0" if c is None else str(c.deals)
        out[f"{key}_made"] = "" if c is None else made_cell(c.made)
        out[f"{key}_made_count"] = "0" if c is None else str(c.made.hits)
    return out


def holding_make_rates(rows: Iterable[FiveHundredDeal]) -> dict[str, dict[int, Estimate]]:
    """Suit contracts only: the make rate by the contractor's trumps after the exchange (the
    joker and bowers counted), separately for hands with and without the joker.

    >>> rates = holding_make_rates(five_hundred_study(deals=20, seed=1))
    >>> sorted(rates)
    ['with the joker', 'without the joker']
    """
    groups: dict[str, dict[int, list[bool]]] = {"with the joker": {}, "without the joker": {}}
    for row in rows:
        if row.kind != "tricks" or row.trumps_kept == 0:
            continue
        label = "with the joker" if row.joker else "without the joker"
        groups[label].setdefault(row.trumps_kept, []).append(bool(row.made))
    return {label: {k: proportion(sum(v), len(v)) for k, v in sorted(by.items())}
            for label, by in groups.items()}


def _kept(state: HandState, seat: int) -> int:
    """The ten cards ``seat`` played with: what it was dealt, plus the kitty and minus the
    discards when it was the contractor."""
    dealt = state.deal.hands[seat]
    if seat != state.contractor:
        return dealt
    kept = dealt | sum(c.bit for c in state.kitty)
    return kept & ~sum(c.bit for c in state.discards)
