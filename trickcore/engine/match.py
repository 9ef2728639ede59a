"""A match: the whole game across deals, from the first dealer to the settlement.

>>> from trickcore.rules.registry import get_variant
>>> from trickcore.players.random import RandomBot
>>> match = Match(get_variant("contract-whist"), players=4, seed=7)
>>> match.schedule
(7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7)
>>> match.play([RandomBot(seed=s) for s in range(4)])
>>> match.is_over, len(match.deals), sum(match.totals) == sum(sum(d.points) for d in match.deals)
(True, 13, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from trickcore.arguments import count, instance, sequence
from trickcore.arguments import index as index_of
from trickcore.engine.dealing import Deal, choose_first_dealer, deal_cards, rng_for
from trickcore.engine.scoring import settle, winners_of
from trickcore.engine.state import HandState
from trickcore.engine.turns import Bot, Choice, bot_action, play_deal
from trickcore.errors import RulesetError
from trickcore.i18n import _, ngettext
from trickcore.rules import AllPass, GameEnd, MatchEnd, Ruleset, WinRule

__all__ = [
    "MAX_SEED",
    "Bot",
    "Choice",
    "Match",
    "bot_action",
    "five_hundred_end",
    "play_deal",
    "register_record_writer",
    "winners_of_subset",
]

#: The writer of game records, which :mod:`trickcore.notation.records` (a layer above) registers.
_RECORD_WRITERS: list[Callable[[Match], dict[str, Any]]] = []


def register_record_writer(writer: Callable[[Match], dict[str, Any]]) -> None:
    """Let :meth:`Match.record` write records with ``writer`` (``trickcore.notation.records`` does it)."""
    _RECORD_WRITERS[:] = [writer]


#: The largest seed (and the most negative, negated): 63 bits, what a record holds.
MAX_SEED = 2**63 - 1


class Match:
    """A whole game of a variant for ``players`` seats, dealt from ``seed``.

    The same ruleset, player count and seed always give the same first dealer and the same
    cards.  Deals are made one at a time with :meth:`next_deal` (or all at once by :meth:`play`);
    ``totals``, ``is_over``, ``winners`` and ``settlement`` follow from the deals played.

    >>> from trickcore.players.heuristic import HeuristicBot
    >>> from trickcore.rules.registry import get_variant
    >>> match = Match(get_variant("oh-pshaw"), players=3, seed=11)
    >>> match.schedule[:5], match.first_dealer
    ((1, 2, 3, 4, 5), 0)
    >>> state = match.next_deal()
    >>> state.hand_size, state.dealer
    (1, 0)
    >>> match.play([HeuristicBot()] * 3)   # finishes this deal, then plays the rest
    >>> match.is_over, len(match.deals), match.totals, match.winners
    (True, 15, [42, 64, 67], [2])
    """

    def __init__(self, ruleset: Ruleset, players: int, seed: int | None = None) -> None:
        instance(ruleset, "ruleset", Ruleset, "a Ruleset (get_variant('oh-hell'), say)")
        ruleset.check_players(players)
        if seed is not None and (type(seed) is not int):
            raise RulesetError(_("a match's seed is a whole number (or None: a random one), not "
                                 "{seed!r}").format(seed=seed))
        if seed is not None and not -MAX_SEED <= seed <= MAX_SEED:
            raise RulesetError(_("a match's seed is a whole number of at most 63 bits (up to "
                                 "{most:,}), not one of {digits} digits").format(
                                   most=MAX_SEED, digits=len(str(abs(seed)))))
        self.ruleset = ruleset
        self.players = players
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.schedule: tuple[int, ...] = ruleset.hand_sequence(players)
        self.first_dealer = choose_first_dealer(
            ruleset, players, rng_for(ruleset.key, players, self.seed, "first-dealer")
        )
        self._deals: list[HandState] = []

    @property
    def deals(self) -> list[HandState]:
        """The deals started so far, in order: a copy of the list, so that what a caller does
        to it leaves the match as it was (the match grows by :meth:`next_deal`; setting
        ``deals`` to a sequence replaces them)."""
        return list(self._deals)

    @deals.setter
    def deals(self, deals: Sequence[HandState]) -> None:
        self._deals = list(sequence(deals, "deals", at_least=0, wanted="the match's deals"))

    # Copies and equality ---------------------------------------------------------------------

    def __copy__(self) -> Match:
        """An independent copy: its deals are copies, so playing on it leaves this one as it is
        (``copy.copy`` and ``copy.deepcopy`` both give one)."""
        new = Match.__new__(Match)
        new.__dict__.update(self.__dict__)
        new._deals = [state.copy() for state in self._deals]
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Match:
        return self.__copy__()

    def __eq__(self, other: object) -> bool:
        """Equal matches: the same rules, table, seed and first dealer, and equal deals."""
        if not isinstance(other, Match):
            return NotImplemented
        return (self.ruleset == other.ruleset and self.players == other.players
                and self.seed == other.seed and self.first_dealer == other.first_dealer
                and self._deals == other._deals)

    __hash__ = None  # type: ignore[assignment]  # a match changes: it cannot be a key

    # The schedule ----------------------------------------------------------------------------

    def hand_size_for(self, index: int) -> int:
        """The hand size of deal ``index`` (0-based)."""
        if self.ruleset.game_end is GameEnd.TARGET:
            return self.schedule[index % len(self.schedule)]
        return self.schedule[index]

    def dealer_for(self, index: int) -> int:
        """The dealer of deal ``index``: the deal passes to the left each time.

        In Five Hundred with ``all_pass="redeal"``, a deal that everyone passed is dealt again
        by the same dealer, at most twice running.
        """
        if self.ruleset.all_pass is not AllPass.REDEAL:
            return (self.first_dealer + index) % self.players
        dealer, redeals = self.first_dealer, 0
        for state in self._deals[:index]:
            if state.is_over and state.auction and state.contract is None and redeals < 2:
                redeals += 1
            else:
                dealer, redeals = (dealer + 1) % self.players, 0
        return dealer

    def make_deal(self, index: int) -> Deal:
        """The cards of deal ``index``, from the match seed (without playing it)."""
        if self.ruleset.game_end is GameEnd.TARGET:  # played to a target: no last deal
            count(index, "deal", low=0)
        else:
            deals = len(self.schedule)
            index_of(index, "deal", deals, ngettext("the match has {count} deal",
                                                    "the match has {count} deals",
                                                    deals).format(count=deals))
        return deal_cards(
            self.ruleset,
            players=self.players,
            dealer=self.dealer_for(index),
            hand_size=self.hand_size_for(index),
            rng=rng_for(self.ruleset.key, self.players, self.seed, "deal", index),
            deal_index=index,
        )

    # Progress -------------------------------------------------------------------------------

    @property
    def current(self) -> HandState | None:
        """The deal being played, if any."""
        if self._deals and not self._deals[-1].is_over:
            return self._deals[-1]
        return None

    def next_deal(self, deal: Deal | None = None) -> HandState:
        """Start the next deal (from the seed, or the given ``deal``) and return its state."""
        if self.current is not None:
            raise RulesetError(_("the current deal must be finished before the next one starts"))
        if self.is_over:
            raise RulesetError(_("the match is over"))
        index = len(self._deals)
        if deal is None:
            deal = self.make_deal(index)
        elif deal.players != self.players or deal.hand_size != self.hand_size_for(index):
            raise RulesetError(
                _("deal {value} of this match is {value2} cards to each of {players} players, not "
                  "{hand_size} to {players2}").format(
                    value=index + 1, value2=self.hand_size_for(index), players=self.players, hand_size=deal.hand_size, players2=deal.players))
        state = HandState(self.ruleset, deal)
        self._deals.append(state)
        return state

    @property
    def totals(self) -> list[int]:
        """Running totals after the finished deals, one per seat."""
        totals = [0] * self.players
        for state in self._deals:
            if state.points is not None:
                for seat, p in enumerate(state.points):
                    totals[seat] += p
        return totals

    def totals_after(self, index: int) -> list[int]:
        """Totals after deal ``index`` (0-based)."""
        totals = [0] * self.players
        for state in self._deals[: index + 1]:
            for seat, p in enumerate(state.points or ()):
                totals[seat] += p
        return totals

    @property
    def is_over(self) -> bool:
        """True when the match has ended by its rules."""
        finished = [d for d in self._deals if d.is_over]
        if len(finished) != len(self._deals):
            return False
        end = self.ruleset.match_end
        if end is MatchEnd.WIN_RULE:
            ended = five_hundred_end(self.ruleset, self._deals, self.players)
            return ended is not None or len(finished) >= self.ruleset.max_deals
        if end is MatchEnd.TARGET:
            if len(finished) >= self.ruleset.max_deals:
                return True
            return bool(finished) and max(self.totals) >= self.ruleset.target
        return len(finished) == len(self.schedule)

    @property
    def winners(self) -> list[int]:
        """The winning seats (ties share the win); empty until the match is over."""
        if not self.is_over:
            return []
        if self.ruleset.match_end is MatchEnd.WIN_RULE:
            end = five_hundred_end(self.ruleset, self._deals, self.players)
            if end is not None:
                return end[1]
        return winners_of(self.totals)

    @property
    def settlement(self) -> list[int] | None:
        """Net units won or paid per seat under the stakes, once over (``None`` if no stakes)."""
        if not self.is_over:
            return None
        return settle(self.ruleset, self.totals)

    def play(self, bots: Sequence[Bot]) -> None:
        """Play the rest of the match with one bot per seat."""
        if len(bots) != self.players:
            raise RulesetError(_("{players} bots are needed, one per seat, not {count}").format(
                                   players=self.players, count=len(bots)))
        if self.current is not None:
            play_deal(self.current, bots)
        while not self.is_over:
            play_deal(self.next_deal(), bots)

    def record(self) -> dict[str, Any]:
        """The match as a JSON-ready game record (see :mod:`trickcore.notation.records`)."""
        if not _RECORD_WRITERS:  # pragma: no cover - import trickcore registers the writer
            raise RuntimeError("no record writer: import trickcore.notation first")
        return _RECORD_WRITERS[0](self)


def five_hundred_end(
    ruleset: Ruleset, deals: Sequence[HandState], players: int
) -> tuple[int, list[int]] | None:
    """Where a Five Hundred game ended: ``(deal index, winning seats)``, or ``None`` if it goes on.

    pagat (``contract-only``): a side wins on reaching the target by making a contract; a side at
    minus the target or below loses, and the others' best total wins.  ``any``: reaching the
    target in any way wins, the contractors first if both sides get there together.  Walker
    Ultimate: exactly the target, by making a contract, wins; twice the target or minus the
    target loses.
    """
    totals = [0] * players
    target = ruleset.target
    rule = ruleset.win_rule
    for index, state in enumerate(deals):
        if not state.is_over or state.points is None:
            return None
        for seat, p in enumerate(state.points):
            totals[seat] += p
        side = state.contract_side if state.made else ()
        if rule is WinRule.WALKER_ULTIMATE:
            winners = [s for s in side if totals[s] == target]
            losers = {s for s in range(players) if totals[s] >= 2 * target or totals[s] <= -target}
        elif rule is WinRule.CONTRACT_ONLY:
            winners = [s for s in side if totals[s] >= target]
            losers = {s for s in range(players) if totals[s] <= -target}
        else:
            reached = [s for s in range(players) if totals[s] >= target]
            winners = [s for s in reached if s in side] or winners_of_subset(totals, reached)
            losers = {s for s in range(players) if totals[s] <= -target}
        if winners:
            return index, sorted(winners)
        if losers:
            rest = [s for s in range(players) if s not in losers]
            if not rest:  # every side lost at once (Walker): the closest to the target wins
                best = min(abs(totals[s] - target) for s in range(players))
                rest = [s for s in range(players) if abs(totals[s] - target) == best]
                return index, rest
            return index, winners_of_subset(totals, rest)
    return None


def winners_of_subset(totals: Sequence[int], seats: Sequence[int]) -> list[int]:
    """The seats among ``seats`` with the highest total (empty if ``seats`` is)."""
    if not seats:
        return []
    best = max(totals[s] for s in seats)
    return [s for s in seats if totals[s] == best]
