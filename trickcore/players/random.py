"""The random bot: a uniform choice among the legal actions, from its own seeded generator.

A bot is any callable that takes a :class:`~trickcore.engine.state.HandState` (whose ``to_act`` is the
bot's seat) and returns a bid, a card or a :class:`~trickcore.engine.turns.Choice` with a reason.

>>> from trickcore.notation.codes import state_from_code
>>> RandomBot(seed=1)(state_from_code("oh-hell-4-2718"))
Choice(2, 'chosen at random among the legal moves')
"""

from __future__ import annotations

import random

from trickcore.arguments import typed
from trickcore.engine.events import Phase
from trickcore.engine.state import HandState
from trickcore.engine.turns import Choice
from trickcore.i18n import _

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator.

    >>> bot = RandomBot(seed=1)
    """

    @typed
    def __init__(self, seed: int | None = None, *, rng: random.Random | None = None) -> None:
        self.rng = rng if rng is not None else random.Random(seed)

    def __call__(self, state: HandState) -> Choice:
        why = _("chosen at random among the legal moves")
        if state.phase is Phase.PLAYING:  # a card, then (a suitless joker led) its suit
            action = self.rng.choice(state.legal_plays)
            names = state.joker_names(action)
            if names:
                return Choice((action, self.rng.choice(names)), why)
            return Choice(action, why)
        actions = state.legal_actions
        if state.phase is Phase.DISCARD:
            return Choice(self.rng.sample(actions, state.discard_count), why)
        return Choice(self.rng.choice(actions), why)
