"""Seeded deals that pass an ``accept(deal)`` test: generate them, estimate how often they come.

The idiom comes from bridge deal generators: describe the deals you want as a function that
returns ``True`` for them, and let the generator find them.  Everything is seeded, so a
question asked twice gets the same answer.

>>> from trickcore.rules.registry import get_variant
>>> rules = get_variant("oh-hell")
>>> def two_aces(state):
...     return sum(c.rank.name == "ACE" for c in state.hand(0)) >= 2
>>> deals = list(generate(rules, players=4, hand_size=10, accept=two_aces, count=3, seed=1))
>>> len(deals), all(two_aces(d) for d in deals)
(3, True)
>>> result = estimate(rules, players=4, hand_size=10, event=two_aces, trials=2000, seed=1)
>>> from math import comb
>>> exact = 1 - (comb(48, 10) + 4 * comb(48, 9)) / comb(52, 10)
>>> round(exact, 4), result.low < exact < result.high
(0.1625, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

from trickcore import arguments
from trickcore.arguments import typed
from trickcore.engine.dealing import deal_cards, rng_for
from trickcore.engine.state import HandState
from trickcore.errors import TrickcoreError
from trickcore.i18n import _
from trickcore.rules import Ruleset
from trickcore.study.stats import Estimate, wilson

__all__ = ["Estimate", "estimate", "generate"]


@typed
def generate(
    ruleset: Ruleset,
    *,
    players: int,
    hand_size: int | None = None,
    accept: Callable[[HandState], bool] | None = None,
    count: int = 1,
    seed: int = 0,
    dealer: int = 0,
    max_tries: int = 1_000_000,
) -> Iterator[HandState]:
    """Seeded deals (as fresh :class:`HandState` values) for which ``accept`` is true.

    ``hand_size`` defaults to the ruleset's largest.  Raises
    :class:`~trickcore.errors.TrickcoreError` if ``max_tries`` deals give fewer than ``count``.

    >>> from trickcore.cards import Suit
    >>> from trickcore.rules.registry import get_variant
    >>> def void_in_spades(state):
    ...     return all(card.suit is not Suit.SPADES for card in state.hand(0))
    >>> first = next(generate(get_variant("oh-hell"), players=4, accept=void_in_spades, seed=3))
    >>> first.hand_size, void_in_spades(first)
    (10, True)
    """
    arguments.instance(ruleset, "ruleset", Ruleset, "a Ruleset (get_variant('oh-hell'), say)")
    ruleset.check_players(players)
    arguments.count(count, "count")
    arguments.count(max_tries, "max_tries")
    if hand_size is not None:
        arguments.count(hand_size, "hand_size")
    size = hand_size if hand_size is not None else ruleset.max_hand_size(players)
    rng = rng_for(ruleset.key, players, seed, "generate", size)
    found = 0
    for _attempt in range(max_tries):
        deal = deal_cards(ruleset, players=players, dealer=dealer, hand_size=size, rng=rng)
        state = HandState(ruleset, deal)
        if accept is None or accept(state):
            yield state
            found += 1
            if found == count:
                return
    raise TrickcoreError(_("only {found} of {count} deals were accepted in {max_tries} tries").format(
                             found=found, count=count, max_tries=max_tries))


@typed
def estimate(
    ruleset: Ruleset,
    *,
    players: int,
    event: Callable[[HandState], bool],
    trials: int = 10_000,
    hand_size: int | None = None,
    seed: int = 0,
) -> Estimate:
    """The chance that ``event(deal)`` is true, from ``trials`` seeded deals.

    Here: the chance that a one-card hand is a trump, exactly 12 in 51.

    >>> from trickcore.rules.registry import get_variant
    >>> result = estimate(get_variant("oh-hell"), players=4, hand_size=1, trials=1000, seed=2,
    ...                   event=lambda state: state.hand(0)[0].suit == state.trump)
    >>> result.trials, result.low < 12 / 51 < result.high
    (1000, True)
    """
    arguments.instance(ruleset, "ruleset", Ruleset, "a Ruleset (get_variant('oh-hell'), say)")
    ruleset.check_players(players)
    arguments.count(trials, "trials")
    if not callable(event):
        raise TypeError(_("event should be a function of a deal (a HandState) giving True or "
                          "False, not {given}").format(given=arguments.given(event)))
    hits = sum(1 for state in generate(ruleset, players=players, hand_size=hand_size,
                                       count=trials, seed=seed) if event(state))
    p = hits / trials
    low, high = wilson(hits, trials)
    return Estimate(hits, trials, p, math.sqrt(p * (1 - p) / trials), low, high)
