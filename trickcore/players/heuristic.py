"""The heuristic bot: it counts likely tricks, plays to make its bid exactly, and explains itself.

A bot is any callable that takes a :class:`~trickcore.engine.state.HandState` (whose ``to_act`` is the
bot's seat) and returns a bid, a card or a :class:`~trickcore.engine.turns.Choice` with a reason.

The heuristic bidder follows the published rule of thumb of the open-source TricksterBots Oh
Hell bot (``OhHellBot.SuggestBid`` in ``TricksterBots/Bots/OhHell/OhHellBot.cs`` of
github.com/TricksterCards/TricksterBots): count a trump as a
trick when it has enough lower trumps to outlast the missing higher ones (three-quarters or a
quarter of a trick when one or two short), a side ace as a trick (half in a long suit), a
guarded side king as half a trick, and spare trumps as ruffs in short side suits; then bid the
estimate, rounded down, but never fewer than the trumps that are sure winners, stepping away
from a bid the hook forbids.  Its play follows the same source: while short of its bid it tries
to win as cheaply as it can; once it has its tricks it ducks with the highest card that still
loses.

>>> from trickcore.rules.registry import get_variant
>>> from trickcore.engine.dealing import deal_from_hands
>>> from trickcore.engine.state import HandState
>>> rules = get_variant("oh-hell")
>>> deal = deal_from_hands(rules, [["AH", "KH", "AS", "2C"], ["3H", "4S", "5S", "6S"],
...                                ["7D", "8D", "9D", "TD"]], dealer=2, turn_up="2H")
>>> HeuristicBot()(HandState(rules, deal))
Choice(3, 'about 3.0 tricks: 2 trumps that should win, 1 side ace: bid 3')
"""

from __future__ import annotations

from trickcore.cards import Card, Rank, cards_of, pack_mask
from trickcore.engine.events import Phase
from trickcore.engine.state import HandState
from trickcore.engine.turns import Choice
from trickcore.i18n import _, format_decimal, get_language, ngettext
from trickcore.players.heuristic500 import FiveHundredHeuristic

__all__ = ["HeuristicBot"]


class HeuristicBot:
    """Bids by counting likely tricks and plays to make its bid exactly, with reasons.

    It plays every variant: Five Hundred goes to its own "count your tricks" player.

    >>> from trickcore.notation.codes import state_from_code
    >>> HeuristicBot()(state_from_code("oh-hell-4-2718"))
    Choice(5, 'about 5.5 tricks: 3 trumps that should win, 1 guarded king, 2 ruffs: bid 5')
    """

    def __init__(self) -> None:
        self.five_hundred = FiveHundredHeuristic()

    def __call__(self, state: HandState) -> Choice:
        if state.auction:
            return self.five_hundred(state)
        if state.phase is Phase.BIDDING:
            return self.choose_bid(state)
        return self.choose_play(state)

    # Bidding --------------------------------------------------------------------------------

    def estimate(self, state: HandState, seat: int) -> tuple[float, int, list[str]]:
        """Expected tricks, sure trump winners, and the reasons, for ``seat``'s hand."""
        ctx = state.context
        hand = state.hands[seat]
        h = state.hand_size
        masks = ctx.suit_masks
        trump = ctx.trump
        notes: list[str] = []
        estimate = 0.0
        sure = 0
        spare_trumps = 0
        if trump is not None:
            trumps = hand & masks[trump]
            held = sorted(cards_of(trumps), key=lambda c: ctx.power[c.index], reverse=True)
            # Missing higher trumps are the "gaps" a trump must outlast.
            # (with two packs the second copies of higher trumps are gaps too)
            unseen = masks[trump] & ~hand & pack_mask(state.ruleset.pack)
            if state.deal.turn_up is not None:
                unseen &= ~state.deal.turn_up.bit
            counted = 0.0
            for i, card in enumerate(held):
                gaps = (unseen & _higher_than(ctx.power, card, masks[trump])).bit_count()
                below = len(held) - i - 1
                if gaps == 0:
                    value = 1.0
                    sure += 1
                elif below >= gaps:
                    value = 1.0
                elif below == gaps - 1:
                    value = 0.75
                elif below == gaps - 2:
                    value = 0.25
                else:
                    value = 0.0
                    spare_trumps += 1
                counted += value
            if counted:
                estimate += counted
                notes.append(f"{counted:g} from {len(held)} trump{'s' if len(held) > 1 else ''}")
        for suit_index in range(4):
            if trump is not None and suit_index == int(trump):
                continue
            cards = hand & masks[suit_index]
            length = cards.bit_count()
            if length == 0 or (length == 1 and not cards & _ace(suit_index)):
                if spare_trumps:
                    ruffs = min(spare_trumps, 2 if length == 0 else 1)
                    spare_trumps -= ruffs
                    estimate += ruffs
                    notes.append(f"{ruffs} ruff{'s' if ruffs > 1 else ''}")
                continue
            if cards & _ace(suit_index):
                value = 0.5 if length > h / 2 else 1.0
                estimate += value
                notes.append("side ace" if value == 1 else "half for a long-suit ace")
            elif cards & _king(suit_index) and length >= 2:
                value = 0.25 if length > h / 2 else 0.5
                estimate += value
                notes.append("guarded king")
        return estimate, sure, notes

    def wanted_bid(self, state: HandState, seat: int) -> int:
        """The bid before the hook: the estimate rounded down, at least the sure trumps, at
        most the hand size."""
        estimate, sure, _ = self.estimate(state, seat)
        return min(max(sure, int(estimate)), state.hand_size)

    def choose_bid(self, state: HandState) -> Choice:
        """The bid: the trick estimate rounded down, at least the sure trumps, hook-safe."""
        seat = state.to_act
        assert seat is not None
        estimate, sure, notes = self.estimate(state, seat)
        bid = self.wanted_bid(state, seat)
        legal = state.legal_bids
        about = format_decimal(estimate, 1)
        if trump_words := _summarise(notes):
            why = _("about {estimate} tricks: {words}").format(estimate=about, words=trump_words)
        else:
            why = _("about {estimate} tricks: no likely winners").format(estimate=about)
        wanted = None
        if bid not in legal:
            # Step toward the sure-trick minimum first (TricksterBots PR #60), else upward.
            wanted = bid
            down = bid - 1 if bid - 1 >= sure and bid - 1 in legal else None
            bid = down if down is not None else min(legal, key=lambda b: (abs(b - bid), -b))
            why += _("; the hook forbids {bid}").format(bid=wanted)
        return Choice(bid, _("{why}: bid {bid}").format(why=why, bid=bid), wanted=wanted,
                      forbidden=None if wanted is None else "hook")

    # Play -----------------------------------------------------------------------------------

    def choose_play(self, state: HandState) -> Choice:
        """Win cheaply while short of the bid; duck once it is made; else shed high cards."""
        seat = state.to_act
        assert seat is not None
        legal = list(state.legal_plays)
        ctx = state.context
        bid = state.bids[seat]
        need = None if bid is None else bid - state.tricks_won[seat]
        wants = need is None or need > 0
        current = state.current.cards
        power = ctx.power

        def strength(card: Card) -> int:
            trumpish = ctx.is_trump(card)
            return power[card.index] + (100 if trumpish else 0)

        if not current:
            if wants:
                card = max(legal, key=strength)
                return Choice(card, _why_lead(card, need, high=True))
            card = min(legal, key=strength)
            return Choice(card, _why_lead(card, need, high=False))
        winners = [c for c in legal if _beats(state, c)]
        last = len(current) == state.players - 1
        if wants:
            if winners:
                card = min(winners, key=strength)
                return Choice(card, _("{need}: {card} is the cheapest card that wins the"
                                      " trick so far").format(need=_short(need),
                                                              card=card.symbol))
            card = min(legal, key=strength)
            return Choice(card, _("{need}, but nothing wins this trick: throw the lowest,"
                                  " {card}").format(need=_short(need), card=card.symbol))
        losers = [c for c in legal if c not in winners]
        if losers:
            card = max(losers, key=strength)
            return Choice(card, _("bid made: duck with {card}, the highest card that loses").format(
                card=card.symbol))
        card = max(legal, key=strength) if last else min(legal, key=strength)
        return Choice(card, _("bid made, but every card wins here: play {card}").format(
            card=card.symbol))


def _ace(suit_index: int) -> int:
    return 1 << (suit_index * 16 + Rank.ACE)


def _king(suit_index: int) -> int:
    return 1 << (suit_index * 16 + Rank.KING)


def _higher_than(power: tuple[int, ...], card: Card, mask: int) -> int:
    out = 0
    for c in cards_of(mask):
        if power[c.index] > power[card.index]:
            out |= c.bit
    return out


def _beats(state: HandState, card: Card) -> bool:
    """Would ``card`` win the current trick if the trick ended now?"""
    indices = [c.index for c in state.current.cards] + [card.index]
    return state.context.winner_index(indices) == len(indices) - 1


def _short(need: int | None) -> str:
    if need is None:
        return _("playing to win tricks")
    return ngettext("{count} more trick needed", "{count} more tricks needed", need).format(
        count=need)


def _why_lead(card: Card, need: int | None, *, high: bool) -> str:
    if high:
        return _("{need}: lead the strongest card, {card}").format(need=_short(need),
                                                                   card=card.symbol)
    return _("bid made: lead the weakest card, {card}, to lose the trick").format(
        card=card.symbol)


def _summarise(notes: list[str]) -> str:
    words = []
    trump_notes = [n for n in notes if "trump" in n]
    if trump_notes:
        count = trump_notes[0].split(" from ")[0]
        words.append(ngettext("{count} trump that should win", "{count} trumps that should win",
                              1 if count == "1" else 2).format(count=_number(count)))
    aces = sum(1 for n in notes if n == "side ace")
    if aces:
        words.append(ngettext("{count} side ace", "{count} side aces", aces).format(count=aces))
    half = sum(1 for n in notes if n.startswith("half"))
    if half:
        words.append(ngettext("{count} ace in long suits", "{count} aces in long suits",
                              half).format(count=half))
    kings = sum(1 for n in notes if n == "guarded king")
    if kings:
        words.append(ngettext("{count} guarded king", "{count} guarded kings", kings).format(
            count=kings))
    ruffs = sum(int(n.split()[0]) for n in notes if "ruff" in n)
    if ruffs:
        words.append(ngettext("{count} ruff", "{count} ruffs", ruffs).format(count=ruffs))
    return ", ".join(words)


def _number(text: str) -> str:
    """A count such as ``2.75`` (``:g``, written in the notes) in the reader's way."""
    return text.replace(".", ",") if get_language() == "fr" else text

