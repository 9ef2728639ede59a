"""The exchange after the auction (Five Hundred): the kitty, a partner called, the joker named.

The part of a :class:`~trickcore.engine.state.HandState` between the contract and the first lead.  The
contractor takes the kitty and discards as many cards (in double nullo the partner then takes the
discards and discards as many); five-hand, the contractor names a card to call its holder as
partner; at no trumps or misère the contractor may name the joker's suit.  Each step happens
only where the ruleset and the contract call for it; then play begins.

>>> from trickcore.notation.codes import state_from_code
>>> state = state_from_code("five-hundred-4-99")
>>> for call in ("7H", "pass", "pass", "pass"):
...     _ = state.bid(call)
>>> state.discard_count, len(state.legal_actions)
(3, 13)
>>> state.discard(state.legal_actions[:3]).cards
(Card('7S'), Card('8S'), Card('KS'))
>>> state.phase.value, state.to_act
('playing', 3)

The discards may also be chosen one card at a time (``apply(card)``): each choice is a
:class:`~trickcore.engine.events.DiscardChosen`, and the last one makes the discard.

>>> state = state_from_code("five-hundred-4-99")
>>> for call in ("7H", "pass", "pass", "pass"):
...     _ = state.bid(call)
>>> state.apply(state.legal_actions[0]), state.discard_count, len(state.legal_actions)
(DiscardChosen(seat=3, card=Card('7S')), 2, 12)
>>> state.apply("8S"), state.apply("KS").cards
(DiscardChosen(seat=3, card=Card('8S')), (Card('7S'), Card('8S'), Card('KS')))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from trickcore.cards import (
    JOKER_INDEX,
    Card,
    Rank,
    Suit,
    cards_of,
    held_copies,
    held_copy,
    mask_of,
    one_of_each,
    pack_cards,
    pack_mask,
    parse_cards,
)
from trickcore.engine.calls import ALONE_KINDS, CallKind
from trickcore.engine.events import DiscardChosen, Discarded, JokerNamed, PartnerCalled, Phase
from trickcore.errors import CardCodeError, IllegalActionError
from trickcore.i18n import N_, _
from trickcore.rules import CalledCard, JokerRule, Partnership

if TYPE_CHECKING:
    from trickcore.engine.auction import Auction
    from trickcore.engine.state import HandState

__all__ = ["Exchange"]


class Exchange:
    """The kitty and what the contractor does with it.

    ``kitty`` is the kitty as dealt; ``discards`` the contractor's discards and
    ``partner_discards`` the partner's (double nullo); ``chosen`` the cards the seat to act has
    chosen so far when discarding one card at a time (still in hand until the last);
    ``called_card`` and ``partner`` the five-hand partner call; ``joker_suit`` the suit named
    for the joker.
    """

    __slots__ = ("auction", "called_card", "chosen", "discards", "joker_named", "joker_suit",
                 "kitty", "partner", "partner_called", "partner_discards", "state")

    def __init__(self, state: HandState, auction: Auction) -> None:
        self.state = state
        self.auction = auction
        self.kitty: tuple[Card, ...] = state.deal.kitty
        self.discards: tuple[Card, ...] = ()
        self.partner_discards: tuple[Card, ...] = ()
        self.chosen: tuple[Card, ...] = ()
        self.called_card: Card | None = None
        self.partner: int | None = None
        self.partner_called = False
        self.joker_suit: Suit | None = None
        self.joker_named = False

    def copy_for(self, state: HandState) -> Exchange:
        """This part as it stands, for a copy of its deal (with that copy's auction)."""
        auction = state._auction
        assert auction is not None
        new = Exchange.__new__(Exchange)
        new.state = state
        new.auction = auction
        new.kitty = self.kitty
        new.discards = self.discards
        new.partner_discards = self.partner_discards
        new.chosen = self.chosen
        new.called_card = self.called_card
        new.partner = self.partner
        new.partner_called = self.partner_called
        new.joker_suit = self.joker_suit
        new.joker_named = self.joker_named
        return new

    # Discards -------------------------------------------------------------------------------

    def begin(self, contractor: int) -> None:
        """The contract is set: the contractor takes the kitty into hand, and must discard."""
        state = self.state
        state._hands[contractor] |= mask_of(self.kitty)
        state._enter(Phase.DISCARD)
        state.to_act = contractor

    @property
    def remaining(self) -> int:
        """How many cards the seat to act has still to choose."""
        return len(self.kitty) - len(self.chosen)

    def check_discard(self, cards: Iterable[Card | str]) -> list[Card]:
        """The whole discard, checked: the cards chosen one at a time so far and ``cards``,
        which complete it (the phase is checked by the state)."""
        state = self.state
        seat = state.to_act
        assert seat is not None
        need = self.remaining
        if isinstance(cards, Card) or not isinstance(cards, str | Iterable):
            raise IllegalActionError(
                _("seat {seat} must discard {need} cards at once (a list of cards), not {cards!r}").format(
                    seat=seat, need=need, cards=cards), rule="discard-count", seat=seat)
        try:
            # with two packs "2S 2S" names both copies
            chosen = held_copies([*self.chosen, *parse_cards(cards)], state._hands[seat])
        except CardCodeError as error:
            raise IllegalActionError(str(error), rule="card-code", seat=seat) from None
        mask = mask_of(chosen)
        need = len(self.kitty)
        if len(chosen) != need or mask.bit_count() != need:
            already = (_(" (with the {count} chosen)").format(count=len(self.chosen))
                       if self.chosen else "")
            raise IllegalActionError(
                _("seat {seat} must discard exactly {need} different cards{already}, not {count}").format(
                    seat=seat, need=need, already=already, count=len(chosen)), rule="discard-count", seat=seat,
            )
        held = state._hands[seat]
        if mask & ~held:
            bad = " ".join(c.code for c in cards_of(mask & ~held))
            raise IllegalActionError(_("seat {seat} may not discard {bad}: they do not hold it").format(
                                         seat=seat, bad=bad),
                                     rule="not-held", seat=seat)
        return chosen

    def check_choice(self, card: Card | str) -> Card:
        """One card to discard, checked: held, and not chosen already."""
        seat = self.state.to_act
        try:
            chosen = Card.parse(card)
        except CardCodeError as error:
            raise IllegalActionError(str(error), rule="card-code", seat=seat) from None
        hand = self.state._hands[seat]  # type: ignore[index]
        free = held_copy(chosen, hand & ~mask_of(self.chosen))  # a copy not chosen yet
        chosen = free if free.bit & hand & ~mask_of(self.chosen) else held_copy(chosen, hand)
        if chosen in self.chosen:
            raise IllegalActionError(_("seat {seat} has already chosen {chosen} to discard").format(
                                         seat=seat, chosen=chosen),
                                     rule="discard-count", seat=seat)
        if not self.state._hands[seat] & chosen.bit:  # type: ignore[index]
            raise IllegalActionError(_("seat {seat} may not discard {chosen}: they do not hold it").format(
                                         seat=seat, chosen=chosen), rule="not-held", seat=seat)
        return chosen

    def choose(self, card: Card | str) -> DiscardChosen | Discarded:
        """The seat to act chooses one card to discard (checked); the last one discards them
        all (see :meth:`discard`)."""
        chosen = self.check_choice(card)
        if self.remaining == 1:
            return self.discard([chosen])
        seat = self.state.to_act
        assert seat is not None
        self.chosen = (*self.chosen, chosen)
        event = DiscardChosen(seat, chosen)
        self.state._log.append(event)
        return event

    def choices(self) -> tuple[Card, ...]:
        """The cards the seat to act may still choose to discard, in index order."""
        seat = self.state.to_act
        assert seat is not None
        return tuple(cards_of(one_of_each(self.state._hands[seat] & ~mask_of(self.chosen))))

    def discard(self, cards: Iterable[Card | str]) -> Discarded:
        """The seat to act discards ``cards`` (checked); in double nullo the contractor's
        discards go to the partner, who discards in turn."""
        chosen = self.check_discard(cards)
        state = self.state
        seat = state.to_act
        assert seat is not None
        auction = self.auction
        assert auction.contract is not None
        self.chosen = ()
        state._hands[seat] &= ~mask_of(chosen)
        event = Discarded(seat, tuple(chosen))
        state._log.append(event)
        if seat == auction.contractor and auction.contract.kind is CallKind.DOUBLE_NULLO:
            self.discards = tuple(chosen)
            partner = next(s for s in auction.side_of(seat) if s != seat)
            state._hands[partner] |= mask_of(chosen)
            state.to_act = partner
            return event
        if seat == auction.contractor:
            self.discards = tuple(chosen)
        else:
            self.partner_discards = tuple(chosen)
        self.next_step()
        return event

    def next_step(self) -> None:
        """Go on after the exchange: to the partner call, the joker, or the first lead."""
        state = self.state
        auction = self.auction
        contract = auction.contract
        c = auction.contractor
        assert contract is not None
        assert c is not None
        r = state.ruleset
        if (r.partnership is Partnership.CALLED and contract.kind not in ALONE_KINDS
                and not self.partner_called):
            state._enter(Phase.CALL)
            state.to_act = c
            return
        # Two-hand: the joker may lie face up on the contractor's table as well.
        joker = (state._hands[c] | state.table_up[c]) & (1 << JOKER_INDEX)
        # Hi-lo is played like no trumps with the joker the only trump: it is never named.
        if (contract.trump is None and joker and r.joker_rule is JokerRule.PAGAT
                and contract.kind is not CallKind.HI_LO and not self.joker_named):
            state._enter(Phase.JOKER)
            state.to_act = c
            return
        lead = c if r.contractor_leads else state.deal.eldest
        while lead not in auction.active:
            lead = (lead + 1) % state.players
        state._start_play(lead)

    # The partner call (five-hand) -----------------------------------------------------------

    def partner_problem(self, card: Card, explain: bool = True) -> tuple[str, str] | None:
        """Why the contractor may not name ``card``, as ``(rule, message)``, or ``None``
        (``explain=False``: the message is left empty)."""
        state = self.state
        c = self.auction.contractor
        assert c is not None
        r = state.ruleset
        rule = r.called_card
        is_trump = not card.is_joker and state.context.is_trump(card)
        if card.is_joker:
            why = N_("the joker may not be named")
        elif rule is CalledCard.NOT_JOKER_OR_BOWER and is_trump and card.rank is Rank.JACK:
            why = N_("{card} is a bower, which may not be named")
        elif rule is CalledCard.NO_TRUMP and is_trump:
            why = N_("{card} is a trump, which may not be named")
        elif ((card in self.discards or bool(state._hands[c] & card.bit))
              and not r.call_own_card_alone):
            why = N_("{card} is the contractor's own card")
        elif not card.bit & pack_mask(r.pack):
            why = N_("{card} is not in the pack")
        else:
            return None
        return "called-card", _(why).format(card=card) if explain else ""

    def legal_partner_calls(self) -> tuple[Card | None, ...]:
        """The cards the contractor may name (``None`` first: play alone)."""
        out: list[Card | None] = [None]
        out += [c for c in pack_cards(self.state.ruleset.pack) if self.partner_problem(c, False) is None]
        return tuple(out)

    def check_partner_call(self, card: Card | str | None) -> Card | None:
        """The card named, checked (the phase is checked by the state)."""
        if card is None:
            return None
        seat = self.state.to_act
        try:
            named = Card.parse(card)
        except CardCodeError as error:
            raise IllegalActionError(str(error), rule="card-code", seat=seat) from None
        problem = self.partner_problem(named)
        if problem is not None:
            raise IllegalActionError(_("seat {seat} may not name {named}: {problem}").format(
                                         seat=seat, named=named, problem=problem[1]),
                                     rule=problem[0], seat=seat)
        return named

    def call_partner(self, card: Card | str | None) -> PartnerCalled:
        """The contractor names ``card`` (checked); its holder is the partner."""
        named = self.check_partner_call(card)
        state = self.state
        seat = state.to_act
        assert seat is not None
        self.called_card = named
        holder = None
        if named is not None:
            holder = next((s for s in range(state.players) if state._hands[s] & named.bit), None)
        if holder is not None and holder != seat:
            self.partner = holder
            self.auction.join(seat, holder)
        event = PartnerCalled(seat, named)
        state._log.append(event)
        self.partner_called = True
        self.next_step()
        return event

    @property
    def partner_revealed(self) -> bool:
        """True once the called card has been played (or when there is no called partner)."""
        card = self.called_card
        if self.partner is None or card is None:
            return True
        state = self.state
        return any(card in trick.cards for trick in state.tricks) or card in state.current.cards

    def known_team(self, seat: int) -> tuple[int, ...]:
        """The partners ``seat`` knows it has now (the called card's holder knows at once)."""
        team = self.auction.team_of(seat)
        if self.partner is None or self.called_card is None or self.partner_revealed:
            return team
        if seat == self.partner:
            return team
        return (seat,)

    # The joker's suit -----------------------------------------------------------------------

    def check_joker_name(self, suit: Suit | str | None) -> Suit | None:
        """The suit named, checked (the phase is checked by the state)."""
        if suit is None:
            return None
        try:
            if isinstance(suit, Suit):
                return suit
            if isinstance(suit, str):
                return Suit.parse(suit)
            raise CardCodeError(f"{suit!r}")
        except CardCodeError:
            raise IllegalActionError(_("{suit!r} is not a suit: expected S, H, D or C").format(
                                         suit=suit),
                                     rule="suit", seat=self.state.to_act) from None

    def name_joker(self, suit: Suit | str | None) -> JokerNamed:
        """The contractor names the joker's suit (``None``: no suit); play begins."""
        named = self.check_joker_name(suit)
        state = self.state
        seat = state.to_act
        assert seat is not None
        self.joker_suit = named
        if named is not None:
            state._set_context(state.ruleset.trump_context(None, joker_suit=named))
        event = JokerNamed(seat, named)
        state._log.append(event)
        self.joker_named = True
        self.next_step()
        return event
