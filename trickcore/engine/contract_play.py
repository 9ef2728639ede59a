"""Play to a contract (Five Hundred): :class:`ContractPlay`, whist play and more.

Only the seats that play the contract play (a misère's partners sit out).  Two-hand, each player
also plays from face-up table cards, which turn up the card beneath once played, in a fixed order
of hand and table.  At no trumps the joker has no suit unless the contractor named one: it may
lead naming a suit, by the ruleset's ``joker_rule``.  A misère ends at the contractor's first
trick where the ruleset says so; an open misère's hand is shown after the first trick.

>>> from trickcore.notation.codes import state_from_code
>>> state = state_from_code("five-hundred-2-2-7")   # two-hand
>>> len(state.table(0)), len(state.covered_table_cards()), state.to_act_source
(5, 10, 'hand')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from trickcore.cards import (
    CARDS,
    JOKER2_INDEX,
    JOKER_INDEX,
    Card,
    Suit,
    TrumpContext,
    cards_of,
    one_of_each,
    suit_name,
)
from trickcore.engine.calls import OPEN_KINDS, CallKind
from trickcore.engine.events import HAND, TABLE, CardPlayed, Phase, Trick, TrickWon
from trickcore.engine.play import TrickPlay
from trickcore.errors import CardCodeError, IllegalPlayError
from trickcore.i18n import _
from trickcore.rules import JokerRule, TwoHandForm

if TYPE_CHECKING:
    from trickcore.engine.auction import Auction
    from trickcore.engine.state import HandState

__all__ = ["ContractPlay"]


class ContractPlay(TrickPlay):
    """Five Hundred's play to a contract.

    Beyond :class:`TrickPlay`: only the ``active`` seats of the auction play (a misère's
    partners sit out); two-hand, each seat also plays from its face-up ``table_up`` cards, which
    turn up the face-down card beneath (``under``) once played, in the order of ``order`` (``turn``
    is the position in it; ``by`` and ``sources`` record who played each card, from where);
    at no trumps a suitless joker may lead naming a suit (``led`` is the suit led, ``lead_name``
    the suit named; ``suits_led`` the suits led so far); ``shown_void`` holds, per seat, the suits
    it failed to follow; ``exposed`` the seats whose hands are open (open misère).  A misère ends
    at the contractor's first trick where the ruleset says so.
    """

    __slots__ = ("auction", "by", "exposed", "lead_name", "led_index", "order", "shown_void",
                 "sources", "suits_led", "table_up", "turn", "under")

    def __init__(self, state: HandState, context: TrumpContext, auction: Auction) -> None:
        super().__init__(state, context)
        n = state.players
        self.auction = auction
        self.table_up: list[int] = [0] * n
        self.under: list[dict[int, Card]] = [{} for _ in state.deal.table]
        for seat, piles in enumerate(state.deal.table):
            for down, up in piles:
                self.table_up[seat] |= up.bit
                self.under[seat][up.index] = down
        self.order: list[tuple[int, str]] | None = None
        self.turn = 0
        self.led_index = -1
        self.suits_led = 0
        self.lead_name: Suit | None = None
        self.sources: list[str] = []
        self.by: list[int] = []
        self.shown_void: list[int] = [0] * n
        self.exposed: list[int] = []

    def copy_for(self, state: HandState) -> ContractPlay:
        """This part as it stands, for a copy of its deal (with that copy's auction)."""
        auction = state._auction
        assert auction is not None
        new = ContractPlay(state, self.context, auction)  # not __new__ (compiled: __init__)
        self._copy_into(new, state)
        new.auction = auction
        new.table_up = list(self.table_up)
        new.under = [dict(d) for d in self.under]
        new.order = None if self.order is None else list(self.order)
        new.turn = self.turn
        new.led_index = self.led_index
        new.suits_led = self.suits_led
        new.lead_name = self.lead_name
        new.sources = list(self.sources)
        new.by = list(self.by)
        new.shown_void = list(self.shown_void)
        new.exposed = list(self.exposed)
        return new

    def start(self, leader: int) -> None:
        """The first trick: ``leader`` leads from hand."""
        self.order = self.trick_order(leader, HAND)
        self.turn = 0
        self.leader = self.state.to_act = leader
        contract, contractor = self.auction.contract, self.auction.contractor
        if (contract is not None and contract.kind is CallKind.OPEN_MISERE
                and contractor is not None and self.state.ruleset.open_misere_shown_at_start):
            self.exposed.append(contractor)

    def trick_order(self, leader: int, source: str) -> list[tuple[int, str]]:
        """Who plays, from where, in a trick led by ``leader`` from ``source``."""
        state = self.state
        n = state.players
        if not state.ruleset.table_piles:
            seats = [(leader + i) % n for i in range(n)]
            active = self.auction.active
            return [(s, HAND) for s in seats if s in active]
        other = 1 - leader
        if state.ruleset.two_hand_form is TwoHandForm.SEED:
            ring = [(0, HAND), (1, HAND), (0, TABLE), (1, TABLE)]
            start = ring.index((leader, source))
            return ring[start:] + ring[:start]
        first, second = (TABLE, HAND) if source == TABLE else (HAND, TABLE)
        return [(leader, first), (other, first), (leader, second), (other, second)]

    # Reading ------------------------------------------------------------------------------------

    def current(self) -> Trick:
        """The trick in progress, with who played each card, from where, and a named suit."""
        return Trick(self.leader, tuple([CARDS[i] for i in self.cards]), by=tuple(self.by),
                     sources=tuple(self.sources), joker_suit=self.lead_name)

    def led(self) -> int:
        """The suit index led (a named suit for a led joker; -1: none)."""
        if not self.cards:
            return -1
        return self.led_index if self.order is not None else self.suit_index[self.cards[0]]

    def source(self) -> str:
        """Where the seat to act plays from: its hand, or (two-hand) its face-up table cards."""
        if self.order is not None and self.state.phase is Phase.PLAYING:
            return self.order[self.turn][1]
        return HAND

    def held(self, seat: int, source: str) -> int:
        """The cards ``seat`` may play from ``source``."""
        return self.table_up[seat] if source == TABLE else self.state._hands[seat]

    def suitless_jokers(self) -> int:
        """The bits of the jokers that are suitless now (no trumps and not named)."""
        if self.context.trump is not None:
            return 0
        mask = 0
        for j in (JOKER_INDEX, JOKER2_INDEX):
            if self.suit_index[j] < 0:
                mask |= 1 << j
        return mask

    def legal_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now, from where it plays, as a mask."""
        if self.order is None:
            return super().legal_mask(seat)
        cards = self.held(seat, self.order[self.turn][1])
        jokers = self.suitless_jokers() & cards
        rule = self.state.ruleset.joker_rule
        if not self.cards:
            if jokers and rule is JokerRule.PAGAT and self.suits_led == 0b1111 and (
                len(self.tricks) + 1 < self.state.deal.hand_size
            ) and cards & ~jokers:
                return cards & ~jokers
            return cards
        led = self.led_index
        if led < 0:
            return cards
        follow = cards & self.follow[led]
        if follow:
            return follow
        contract = self.auction.contract
        if jokers and rule is JokerRule.PAGAT and contract is not None and contract.loses_tricks:
            return jokers  # pagat: void in misère, the joker must be played
        if (jokers and rule is JokerRule.WIKIPEDIA and self.shown_void[seat] & (1 << led)
                and cards & ~jokers):
            return cards & ~jokers  # no reneging: not after showing a void in this suit
        return cards

    def legal_plays(self) -> tuple[Card, ...]:
        """The cards the seat to act may play, in index order."""
        mask = self.legal_mask(self.state.to_act)  # type: ignore[arg-type]
        return tuple(cards_of(one_of_each(mask)))  # one of two identical cards (two packs)

    def legal_joker_leads(self) -> tuple[Suit, ...]:
        """The suits that may be named when leading a suitless joker now (empty: name none)."""
        if self.state.phase is not Phase.PLAYING or self.cards:
            return ()
        rule = self.state.ruleset.joker_rule
        if rule is JokerRule.WIKIPEDIA:
            return ()
        if rule is JokerRule.NEW_ZEALAND:
            return tuple(Suit)
        return tuple(s for s in Suit if not self.suits_led & (1 << s))

    def joker_names(self, card: Card) -> tuple[Suit, ...]:
        """The suits that may be named if ``card`` is led now (empty: it names no suit)."""
        if (self.state.phase is Phase.PLAYING and not self.cards and self.order is not None
                and self.suitless_jokers() & card.bit):
            return self.legal_joker_leads()
        return ()

    # Checking -----------------------------------------------------------------------------------

    def check_joker_name(self, card: Card, joker_suit: Suit | str | None) -> None:
        """Raise unless ``joker_suit`` is a suit that may be named with ``card`` (a suitless
        joker led may need one; no other card names a suit)."""
        seat = self.state.to_act
        naming = (not self.cards and self.order is not None
                  and bool(self.suitless_jokers() & card.bit))
        if not naming:
            super().check_joker_name(card, joker_suit)
            return
        allowed = self.legal_joker_leads()
        if joker_suit is None:
            if allowed:
                names = ", ".join(s.letter for s in allowed)
                raise IllegalPlayError(_("seat {seat} leads the joker and must name a suit: one "
                                         "of {names}").format(
                                           seat=seat, names=names), rule="joker-name", seat=seat)
            return
        try:
            if isinstance(joker_suit, str):
                suit = Suit.parse(joker_suit)
            elif isinstance(joker_suit, Suit):
                suit = joker_suit
            else:
                raise CardCodeError(f"{joker_suit!r}")
        except CardCodeError:
            raise IllegalPlayError(_("{joker_suit!r} is not a suit").format(joker_suit=joker_suit), rule="joker-name",
                                   seat=seat) from None
        if suit not in allowed:
            why = (_("seat {seat} may not name {suit} for the joker: that suit has already been"
                     " led") if allowed or self.state.ruleset.joker_rule is JokerRule.PAGAT else
                   _("seat {seat} may not name {suit} for the joker: no suit is named here"))
            raise IllegalPlayError(why.format(seat=seat, suit=suit_name(suit)), rule="joker-name",
                                   seat=seat)

    def refuse(self, seat: int, card: Card, held: int) -> None:
        """Raise the error for a held card that may not be played now."""
        if self.order is not None and not self.cards:
            raise IllegalPlayError(
                _("seat {seat} may not lead the joker now: all four suits have been led, and the "
                  "joker may then be led only to the last trick").format(
                    seat=seat),
                rule="joker-lead", seat=seat,
            )
        led = Suit(self.led())
        if not held & self.follow[led]:
            raise IllegalPlayError(
                _("seat {seat} may not play {card}: void in {suit} in misère, they must "
                  "play the joker").format(
                    seat=seat, card=card, suit=suit_name(led)),
                rule="joker-misere", seat=seat,
            )
        super().refuse(seat, card, held)

    # Playing ------------------------------------------------------------------------------------

    def play(self, card: Card | str, joker_suit: Suit | str | None = None) -> CardPlayed:
        """The seat to act plays ``card`` from where it plays (naming a suit with a led joker)."""
        card = self.check_play(card, joker_suit)
        state = self.state
        seat = state.to_act
        assert seat is not None
        assert self.order is not None
        source = self.order[self.turn][1]
        named: Suit | None = None
        if joker_suit is not None:
            named = Suit.parse(joker_suit) if isinstance(joker_suit, str) else Suit(joker_suit)
        revoke = not self.legal_mask(seat) & card.bit
        if source == TABLE:
            self.table_up[seat] &= ~card.bit
        else:
            state._hands[seat] &= ~card.bit
        if not self.cards:
            s = self.suit_index[card.index]
            self.led_index = int(named) if named is not None else s
            self.lead_name = named
            if self.led_index >= 0:
                self.suits_led |= 1 << self.led_index
        elif self.led_index >= 0 and self.suit_index[card.index] != self.led_index:
            self.shown_void[seat] |= 1 << self.led_index
        self.cards.append(card.index)
        self.sources.append(source)
        self.by.append(seat)
        event = CardPlayed(seat, card, revoke, source, named)
        state._log.append(event)
        if revoke:
            self.revokes.append(seat)
        self.turn += 1
        if self.turn == len(self.order):
            self.finish_trick()
        else:
            state.to_act = self.order[self.turn][0]
        return event

    def finish_trick(self) -> None:
        """Complete the trick: its winner (by position in the order of play) leads next, from
        where the winning card came; played table cards turn up the cards beneath."""
        state = self.state
        indices = self.cards
        context = self.context
        pos = context.winner_index(indices, self.led_index if self.led_index >= 0 else None)
        winner = self.by[pos]
        trick = Trick(self.leader, tuple([CARDS[i] for i in indices]), winner, context,
                      tuple(self.by), tuple(self.sources), self.lead_name)
        self._build_tricks()
        self._done.append(trick)
        self._built += 1
        self.tricks_won[winner] += 1
        state._log.append(TrickWon(trick))
        self.cards = []
        won_from = self.sources[pos]
        for seat, source, idx in zip(self.by, self.sources, indices, strict=True):
            if source == TABLE:
                down = self.under[seat].pop(idx, None)
                if down is not None:
                    self.table_up[seat] |= down.bit
        self.sources = []
        self.by = []
        self.lead_name = None
        self.led_index = -1
        self.order = self.trick_order(winner, won_from)
        self.turn = 0
        auction = self.auction
        contract, contractor = auction.contract, auction.contractor
        if (contract is not None and contract.kind in OPEN_KINDS
                and contractor is not None and contractor not in self.exposed):
            self.exposed.append(contractor)
        if self._misere_lost(winner):
            state._finish()
            return
        self.leader = state.to_act = winner
        if len(self._done) == state.deal.hand_size:
            state._finish()

    def _misere_lost(self, winner: int) -> bool:
        auction = self.auction
        contract = auction.contract
        return (contract is not None and contract.loses_tricks
                and self.state.ruleset.misere_ends_at_first_trick
                and winner in auction.side_of(auction.contractor)  # type: ignore[arg-type]
                and (winner == auction.contractor or contract.kind is CallKind.DOUBLE_NULLO))

    # Two-hand table piles -----------------------------------------------------------------------

    def covered(self) -> tuple[tuple[int, Card], ...]:
        """The face-up table cards that still cover a face-down card, as ``(seat, card)``."""
        return tuple((seat, CARDS[up]) for seat, piles in enumerate(self.under) for up in piles)

    def face_down(self, seat: int, up: Card) -> Card | None:
        """The face-down card under ``seat``'s face-up ``up`` (``None``: none, or turned up)."""
        return self.under[seat].get(up.index) if seat < len(self.under) else None

    def set_face_down(self, seat: int, up: Card, down: Card) -> None:
        """Put ``down`` under ``seat``'s face-up ``up`` (a world sampled for a guess)."""
        piles = self.under[seat]
        if up.index not in piles:
            raise ValueError(_("{up} does not cover a face-down card on seat {seat}'s table").format(
                                 up=up, seat=seat))
        piles[up.index] = down
