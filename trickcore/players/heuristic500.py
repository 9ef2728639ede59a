"""The heuristic Five Hundred player: "count your tricks", with a reason for every choice.

The bidding follows the published rule of thumb of the open-source TricksterBots Five Hundred
bot (``TricksterBots/Bots/FiveHundred/FiveHundredBot.cs`` of github.com/TricksterCards/TricksterBots):

* a suit is a candidate for trumps only with four or more trumps (the joker and both bowers
  count as trumps of that suit);
* a trump counts as a trick when the higher trumps still out are no more than the trumps held
  below it; side cards count the same way, but only within two ranks of the top of the suit;
* each void in a side suit is worth up to two ruffs and each singleton one, paid for with
  trumps that were not already counted;
* a trick is taken off for each trump short of five;
* partner is worth two tricks (one at three players, with no partner) and the kitty one, scaled
  down by ``min(4 / own tricks, 1)`` for a strong hand;
* no trumps only with the joker and a stopper (ace, or guarded king) in every suit; nothing at
  nine or more without the joker; misère only without the joker and with low cards everywhere.

Play is simple and explained: win as cheaply as possible while the side still needs tricks,
play low when partner is already winning, and in misère get rid of high cards while losing.
"""

from __future__ import annotations

from trickcore.cards import (
    JOKER_INDEX,
    Card,
    Rank,
    Suit,
    TrumpContext,
    cards_of,
    pack_mask,
    trump_context,
)
from trickcore.engine.calls import Call, CallKind, Denomination
from trickcore.engine.events import Phase
from trickcore.engine.state import HandState
from trickcore.engine.turns import Choice
from trickcore.i18n import _, format_decimal
from trickcore.rules import Partnership

__all__ = ["FiveHundredHeuristic"]

_JOKERS = (1 << JOKER_INDEX) | (1 << (JOKER_INDEX + 1))


def _top_winners(ctx: TrumpContext, held: int, suit_mask: int, *, side: bool) -> int:
    """Cards in ``held`` (within one suit) that should win: higher cards out <= lower held."""
    order = sorted(cards_of(suit_mask), key=lambda c: ctx.power[c.index], reverse=True)
    wins = 0
    mine = [c for c in order if c.bit & held]
    for card in mine:
        higher_out = sum(1 for c in order if ctx.power[c.index] > ctx.power[card.index]
                         and not c.bit & held)
        lower_held = sum(1 for c in mine if ctx.power[c.index] < ctx.power[card.index])
        if side and order.index(card) > 2:
            break  # side suits: only cards within two ranks of the top
        if higher_out <= lower_held:
            wins += 1
    return wins


class FiveHundredHeuristic:
    """Bids, exchanges and plays Five Hundred by counting tricks."""

    def __call__(self, state: HandState) -> Choice:
        phase = state.phase
        if phase is Phase.BIDDING:
            return self.choose_call(state)
        if phase is Phase.DISCARD:
            return self.choose_discards(state)
        if phase is Phase.CALL:
            return self.choose_partner(state)
        if phase is Phase.JOKER:
            return self.choose_joker_suit(state)
        return self.choose_play(state)

    # Bidding --------------------------------------------------------------------------------

    def estimate(self, state: HandState, seat: int, denomination: Denomination) -> float:
        """Tricks this hand should take with ``denomination`` as trumps, partner included."""
        pack = pack_mask(state.ruleset.pack)
        hand = state.hands[seat]
        ctx = trump_context(denomination.suit, bowers=denomination.suit is not None)
        tricks = 0.0
        spare = 0
        if ctx.trump is not None:
            trump_mask = ctx.suit_masks[ctx.trump] & pack
            trumps = (hand & trump_mask).bit_count()
            if trumps < 4:
                return 0.0
            top = _top_winners(ctx, hand, trump_mask, side=False)
            tricks += top
            spare = trumps - top
            tricks -= max(0, 5 - trumps)
        for suit in Suit:
            if suit == ctx.trump:
                continue
            mask = ctx.suit_masks[suit] & pack
            held = hand & mask
            length = held.bit_count()
            if ctx.trump is not None and length <= 1 and spare:
                ruffs = min(spare, 2 - length)
                spare -= ruffs
                tricks += ruffs
            tricks += _top_winners(ctx, held, mask, side=True)
        if ctx.trump is None and hand & _JOKERS:
            tricks += 1
        partnered = len(state.team_of(seat)) > 1 or state.ruleset.partnership is Partnership.CALLED
        extras = (2.0 if partnered else 1.0) + len(state.kitty) // 3
        own = max(tricks, 1.0)
        return tricks + extras * min(4.0 / own, 1.0)

    def _stoppers(self, state: HandState, seat: int) -> bool:
        hand = state.hands[seat]
        for suit in Suit:
            ace = Card.of(Rank.ACE, suit).bit
            king = Card.of(Rank.KING, suit).bit
            suit_cards = hand & (0xFFFF << (16 * suit))
            if not (hand & ace or (hand & king and suit_cards.bit_count() >= 2)):
                return False
        return True

    def _misere_hand(self, state: HandState, seat: int, gaps_allowed: int) -> bool:
        hand = state.hands[seat]
        if hand & _JOKERS:
            return False
        pack = pack_mask(state.ruleset.pack)
        for suit in Suit:
            mask = (0xFFFF << (16 * suit)) & pack
            held = sorted(cards_of(hand & mask), key=lambda c: c.index)
            for i, card in enumerate(held):
                below_out = (mask & ((1 << card.index) - 1) & ~hand).bit_count()
                if below_out - i > gaps_allowed:
                    return False
        return True

    def choose_call(self, state: HandState) -> Choice:
        """The cheapest legal call the hand supports, or pass."""
        seat = state.to_act
        assert seat is not None
        legal = state.legal_bids
        legal_set = set(legal)
        has_joker = bool(state.hands[seat] & _JOKERS)
        partner_high = (state.high is not None and state.high[0] != seat
                        and state.high[0] in state.team_of(seat))
        best: tuple[float, Denomination] | None = None
        for denomination in Denomination:
            if denomination is Denomination.NO_TRUMPS and not (
                has_joker and self._stoppers(state, seat)
            ):
                continue
            est = self.estimate(state, seat, denomination)
            if best is None or est > best[0]:
                best = (est, denomination)
        if best is not None:
            est, denomination = best
            level = min(10, int(est))
            if not has_joker:
                level = min(level, 8)
            # Only a call the ladder counts as a contract (a six may only signal: inkles, or
            # split colours that need a seven).
            ladder = state.ruleset.ladder
            for call in legal:
                if (call.kind is CallKind.TRICKS and call.denomination is denomination
                        and call.tricks <= level and ladder.rung(str(call)).contract
                        and not partner_high):
                    name = (_("no trumps") if denomination is Denomination.NO_TRUMPS
                            else _("{suit} as trumps").format(suit=denomination.symbol))
                    # The estimate counts a partner's tricks only where there is one.
                    partnered = (len(state.team_of(seat)) > 1
                                 or state.ruleset.partnership is Partnership.CALLED)
                    reason = (_("about {est} tricks with {name} (partner and kitty included):"
                                " call {label}") if partnered
                              else _("about {est} tricks with {name} (kitty included): call"
                                     " {label}"))
                    return Choice(call, reason.format(
                        est=format_decimal(est, 1), name=name, label=call.label))
        for kind, gaps in ((CallKind.OPEN_MISERE, 0), (CallKind.OPEN_NULLO, 0),
                           (CallKind.MISERE, 3), (CallKind.NULLO, 3)):
            call = Call(kind)
            if call in legal_set and not partner_high and self._misere_hand(state, seat, gaps):
                return Choice(call, _("no joker and low cards in every suit: call {label}").format(
                                        label=call.label))
        pass_call = Call(CallKind.PASS)
        if pass_call not in legal_set:  # the dealer must bid
            return Choice(legal[0], _("the dealer must bid: {label}, the cheapest call").format(
                                        label=legal[0].label))
        if partner_high:
            return Choice(pass_call, _("partner holds the bid: pass"))
        return Choice(pass_call, _("not enough tricks for a higher call: pass"))

    # The exchange -----------------------------------------------------------------------------

    def choose_discards(self, state: HandState) -> Choice:
        """Keep trumps; discard from the shortest side suits, lowest first (misère: highest)."""
        seat = state.to_act
        assert seat is not None
        ctx = state.context
        need = state.discard_count
        cards = cards_of(state.hands[seat])
        contract = state.contract
        if contract is not None and contract.loses_tricks:
            order = sorted(cards, key=lambda c: -ctx.power[c.index] - (50 if c.is_joker else 0))
            return Choice(order[:need], _("misère: throw away the highest cards"))

        def suit_length(card: Card) -> int:
            s = ctx.suit_index[card.index]
            return (state.hands[seat] & ctx.suit_masks[s]).bit_count() if s >= 0 else 99

        side = [c for c in cards if not ctx.is_trump(c) and not c.is_joker
                and c.rank is not Rank.ACE]
        side.sort(key=lambda c: (suit_length(c), ctx.power[c.index]))
        rest = [c for c in cards if c not in side]
        rest.sort(key=lambda c: ctx.power[c.index])
        chosen = (side + rest)[:need]
        return Choice(chosen, _("keep trumps and aces; short side suits go first, lowest cards "
                                "first"))

    def choose_partner(self, state: HandState) -> Choice:
        """Name the best card not held that the rules allow (none: play alone)."""
        legal = [c for c in state.legal_partner_calls if c is not None]
        if not legal:
            return Choice(None, _("no card may be named: play alone"))
        ctx = state.context
        card = max(legal, key=lambda c: (ctx.is_trump(c), ctx.power[c.index]))
        return Choice(card, _("call the holder of {symbol}, the best card I may name").format(
                                symbol=card.symbol))

    def choose_joker_suit(self, state: HandState) -> Choice:
        """Name the suit in which the hand is longest, so the joker heads a long suit."""
        seat = state.to_act
        assert seat is not None
        hand = state.hands[seat]
        suit = max(Suit, key=lambda s: (hand & (0xFFFF << (16 * s))).bit_count())
        return Choice(suit, _("name {symbol}, my longest suit, for the joker").format(
                                symbol=suit.symbol))

    # Play -------------------------------------------------------------------------------------

    def choose_play(self, state: HandState) -> Choice:
        """Play for the side: win cheaply, let partner's winner stand, lose in misère."""
        seat = state.to_act
        assert seat is not None
        legal = list(state.legal_plays)
        ctx = state.context
        current = state.current
        power = ctx.power

        def strength(card: Card) -> int:
            return power[card.index] + (100 if ctx.is_trump(card) or card.is_joker else 0)

        contract = state.contract
        # Misère, open misère and the nullo calls: the contractor's side must lose every trick.
        misere = contract is not None and contract.loses_tricks
        on_contract_side = seat in state.contract_side
        if not current.cards:
            card = min(legal, key=strength) if misere else max(legal, key=strength)
            names = state.joker_names(card)
            if names:
                hand = state.hands[seat]
                suit = max(names, key=lambda s: (hand & (0xFFFF << (16 * s))).bit_count())
                return Choice((card, suit), _("lead the joker and call for {symbol}").format(
                                                symbol=suit.symbol))
            if misere and on_contract_side:
                return Choice(card, _("misère: lead low, {symbol}").format(symbol=card.symbol))
            if misere:
                return Choice(card, _("defending misère: lead low, {symbol}, so that the "
                                      "contractor's cards stand higher").format(
                                        symbol=card.symbol))
            return Choice(card, _("lead my strongest card, {symbol}").format(symbol=card.symbol))
        indices = [c.index for c in current.cards]
        led = None if current.joker_suit is None else int(current.joker_suit)
        winning_pos = ctx.winner_index(indices, led)
        winning_seat = current.by[winning_pos] if current.by else None
        own_winning = winning_seat == seat  # two-hand: my hand card already leads the trick
        partner_winning = own_winning or (
            winning_seat is not None and winning_seat in state.known_team(seat))

        def wins(card: Card) -> bool:
            return ctx.winner_index([*indices, card.index], led) == len(indices)

        winners = [c for c in legal if wins(c)]
        losers = [c for c in legal if not wins(c)]
        if misere and on_contract_side:
            if losers:
                card = max(losers, key=strength)
                return Choice(card, _("misère: shed {symbol}, the highest card that loses").format(
                                        symbol=card.symbol))
            # Every card wins the trick as it stands.  While a foe is still to play, the lowest
            # is the card a later one is likeliest to beat.  With no foe left to play (last to
            # the trick, or only the side's own cards to come, which cannot take it off the
            # side), the trick is lost whatever the card, so it takes the highest, the most
            # dangerous one, with it.
            if any(s not in state.contract_side for s in state.seats_to_play[1:]):
                card = min(legal, key=strength)
                return Choice(card, _("misère: every card wins so far; play low, {symbol}, so "
                                      "that a later card may beat it").format(
                                        symbol=card.symbol))
            card = max(legal, key=strength)
            return Choice(card, _("misère: every card wins here; shed {symbol}, the highest").format(
                                    symbol=card.symbol))
        if misere:
            card = min(legal, key=strength)
            return Choice(card, _("defending misère: play low, {symbol}, to leave the contractor "
                                  "on top").format(
                                    symbol=card.symbol))
        if partner_winning:
            card = min(legal, key=strength)
            who = (_("my other card is winning the trick: play low, {symbol}") if own_winning
                   else _("partner is winning the trick: play low, {symbol}"))
            return Choice(card, who.format(symbol=card.symbol))
        if winners:
            card = min(winners, key=strength)
            return Choice(card, _("{symbol} is the cheapest card that wins the trick so far").format(
                                    symbol=card.symbol))
        card = min(legal, key=strength)
        return Choice(card, _("nothing wins this trick: throw the lowest, {symbol}").format(
                                symbol=card.symbol))

