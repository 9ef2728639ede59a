"""Shuffling and dealing: one :class:`Deal` per distribution of cards, always from a seed.

All randomness comes from :func:`rng_for`, a :class:`random.Random` seeded with a string made of
the variant, the player count, the match seed and what is being drawn.  Python seeds a generator
from a string by hashing it with SHA-512 and its shuffle is the same on every platform, so a
variant, a player count and a seed give the same cards on every machine.

>>> from trickcore.rules.registry import get_variant
>>> deal = deal_cards(get_variant("oh-hell"), players=4, dealer=0, hand_size=3,
...                   rng=rng_for("oh-hell", 4, 7, "deal", 0))
>>> [len(deal.hand(s)) for s in range(4)], deal.turn_up is not None
([3, 3, 3, 3], True)
>>> deal.trump == deal.turn_up.suit
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from trickcore.arguments import count, instance, shown, typed
from trickcore.cards import (
    CARDS,
    Card,
    Hand,
    Rank,
    Suit,
    cards_of,
    held_copy,
    mask_of,
    pack_cards,
    pack_mask,
    parse_cards,
)
from trickcore.engine.shuffle import dealt_masks, shuffle_and_deal, shuffled_positions
from trickcore.engine.trumps import Turn, deal_trumps, turn_up_required
from trickcore.errors import CardCodeError, RulesetError
from trickcore.i18n import _
from trickcore.notebook import html_of
from trickcore.rules import FirstDealer, Ruleset, TrumpMethod

__all__ = [
    "Deal",
    "choose_first_dealer",
    "deal_cards",
    "deal_from_hands",
    "rng_for",
    "turn_up_required",
]

#: The 52-card pack in index order.
STANDARD_52: tuple[Card, ...] = tuple(CARDS[s * 16 + r] for s in range(4) for r in
                                      (*range(0, 9), 12, 13, 14, 15))
#: The bit of each card of :data:`STANDARD_52`, in the same order.
_STANDARD_BITS: list[int] = [1 << card.index for card in STANDARD_52]
#: The index of each card of :data:`STANDARD_52`, in the same order.
_STANDARD_INDICES: list[int] = [card.index for card in STANDARD_52]


@typed
def rng_for(variant: str, players: int, seed: int, *what: object) -> random.Random:
    """The generator for one purpose within a seeded match.

    >>> rng_for("oh-hell", 4, 7, "deal", 0).random() == rng_for("oh-hell", 4, 7, "deal", 0).random()
    True
    """
    parts = ":".join(str(w) for w in what)
    return random.Random(f"trickcore/{variant}/{players}/{seed}/{parts}")


@dataclasses.dataclass(frozen=True)
class Deal:
    """One distribution of cards: who dealt, what each seat holds, and what fixes trumps.

    ``hands`` are bitmasks (see :mod:`trickcore.cards`); use :meth:`hand` for cards.
    ``turn_up`` is the card turned for trumps (``None`` if none), ``trump`` the trump suit
    (``None`` at no trump), ``stock`` the undealt cards from the top, ``removed`` the cards set
    aside before the deal.

    >>> from trickcore.rules.registry import get_variant
    >>> deal = deal_from_hands(get_variant("oh-hell"), ["AS KH", "QS 3D", "5C 6C"], dealer=0,
    ...                        turn_up="9H")
    >>> deal.hand(1), deal.trump, deal.eldest
    ([Card('QS'), Card('3D')], <Suit.HEARTS: 1>, 1)
    """

    players: int
    dealer: int
    hand_size: int
    hands: tuple[int, ...]
    turn_up: Card | None
    trump: Suit | None
    stock: tuple[Card, ...] = ()
    removed: tuple[Card, ...] = ()
    kitty: tuple[Card, ...] = ()
    """Five Hundred: the kitty (widow), dealt face down."""
    table: tuple[tuple[tuple[Card, Card], ...], ...] = ()
    """Two-hand Five Hundred: per seat, its table piles as (face-down card, face-up card)."""
    dead: tuple[Card, ...] = ()
    """A dead hand, dealt face down and never used."""

    def hand(self, seat: int) -> Hand:
        """The cards dealt to ``seat``."""
        return Hand(cards_of(self.hands[seat]))

    def _repr_html_(self) -> str | None:
        return html_of(self)

    @property
    def eldest(self) -> int:
        """The seat left of the dealer, who bids and leads first."""
        return (self.dealer + 1) % self.players


def _trump_for(ruleset: Ruleset, deal_index: int, hand_size: int, players: int,
               turn_up: Card | None) -> Suit | None:
    how = deal_trumps(ruleset, players=players, hand_size=hand_size, deal_index=deal_index)
    if how.turn is Turn.NONE:
        return how.suit
    return None if turn_up is None else turn_up.suit


def deal_cards(
    ruleset: Ruleset,
    *,
    players: int,
    dealer: int,
    hand_size: int,
    rng: random.Random,
    deal_index: int = 0,
) -> Deal:
    """Shuffle the pack with ``rng`` and deal ``hand_size`` cards to each of ``players`` seats.

    Cards removed for the player count come off the bottom of the shuffled pack; the rest are
    dealt one at a time, starting with eldest.  The trump card follows ``ruleset.trump_method``.

    >>> from trickcore.rules.registry import get_variant
    >>> deal = deal_cards(get_variant("humbug"), players=2, dealer=1, hand_size=26,
    ...                   rng=rng_for("humbug", 2, 5, "deal", 0))
    >>> len(deal.hand(0)), deal.turn_up in deal.hand(1), deal.trump == deal.turn_up.suit
    (26, True, True)
    """
    instance(ruleset, "ruleset", Ruleset, "a Ruleset (get_variant('oh-hell'), say)")
    ruleset.check_players(players)
    count(hand_size, "hand_size")
    count(dealer, "dealer", low=None)
    plan = _plan(ruleset, players, hand_size)
    if not 0 <= dealer < players:
        raise RulesetError(_("dealer must be a seat from 0 to {value}, not {dealer}").format(
                               value=players - 1, dealer=shown(dealer)))
    if plan is None:
        return _deal_checked(ruleset, players, dealer, hand_size, rng, deal_index)
    # The usual case: one pack, the rules checked once for this ruleset, player count and hand
    # size (_plan); the same draws, the same deal as _deal_checked.
    _size, live, dealt, turn, trump_by_turn_up = plan
    order, hands, stock, removed = shuffle_and_deal(
        rng.random, STANDARD_52, _STANDARD_INDICES, _STANDARD_BITS, players, dealer, dealt, live)
    turn_up: Card | None = None
    if turn == _DEALERS_LAST:
        turn_up = STANDARD_52[order[dealt - 1]]
    elif turn == _TOP_OF_STOCK and stock:
        turn_up = stock[0]
    if trump_by_turn_up:
        trump = None if turn_up is None else turn_up.suit
    else:
        trump = _trump_for(ruleset, deal_index, hand_size, players, turn_up)
    return _new_deal(players, dealer, hand_size, tuple(hands), turn_up, trump, stock, removed)


#: How a planned deal turns its trump card: none, the dealer's last card, the top of the stock.
_NO_TURN, _DEALERS_LAST, _TOP_OF_STOCK = 0, 1, 2

#: The plans of :func:`_plan`, by ruleset identity: ``(ruleset, {(players, hand_size): plan})``.
_PLANS: dict[int, tuple[Ruleset, dict[tuple[int, int], tuple[int, int, int, int, bool]]]] = {}


def _plan(ruleset: Ruleset, players: int,
          hand_size: int) -> tuple[int, int, int, int, bool] | None:
    """What :func:`deal_cards` needs to deal one pack of 52 to ``players`` seats, computed and
    checked once per ruleset (rulesets are frozen), player count and hand size: the pack size,
    the live cards (less those removed), the cards dealt, how the trump card is turned, and
    whether the trump is the turn-up's suit.  ``None`` for everything else (Five Hundred, two
    packs, a deal that cannot be made), which :func:`_deal_checked` deals and checks as it goes.
    """
    entry = _PLANS.get(id(ruleset))
    if entry is not None and entry[0] is ruleset:
        plan = entry[1].get((players, hand_size))
        if plan is not None:
            return plan
    ruleset.check_players(players)
    if ruleset.deals_kitty or ruleset.packs != 1:
        return None
    size = len(STANDARD_52)
    live = size - ruleset.removed(players)
    dealt = players * hand_size
    if not 0 <= dealt <= live or hand_size < 0:
        return None
    how = deal_trumps(ruleset, players=players, hand_size=hand_size).turn
    turn = {Turn.NONE: _NO_TURN, Turn.DEALERS_LAST: _DEALERS_LAST,
            Turn.NEXT_CARD: _TOP_OF_STOCK}[how]
    plan = (size, live, dealt, turn, turn != _NO_TURN)
    if entry is None or entry[0] is not ruleset:
        if len(_PLANS) >= 64:  # rulesets made on the fly: keep a few
            _PLANS.clear()
        entry = _PLANS[id(ruleset)] = (ruleset, {})
    entry[1][players, hand_size] = plan
    return plan


def _deal_checked(ruleset: Ruleset, players: int, dealer: int, hand_size: int,
                  rng: random.Random, deal_index: int) -> Deal:
    """:func:`deal_cards` for any ruleset, checking as it deals."""
    if ruleset.deals_kitty:
        return _deal_five_hundred(ruleset, players, dealer, hand_size, rng)
    # Shuffle by sorting on one random number per card: as uniform as rng.shuffle, and faster.
    source = STANDARD_52 if ruleset.packs == 1 else pack_cards(ruleset.pack)
    size = len(source)
    order = shuffled_positions(rng.random, size)  # the shuffled pack, as positions
    removed_count = ruleset.removed(players)
    live = size - removed_count
    take = source.__getitem__
    removed = tuple(map(take, order[live:])) if removed_count else ()
    dealt = players * hand_size
    if dealt > live:
        raise RulesetError(_("{hand_size} cards to {players} players need {dealt}; {count} left").format(
                               hand_size=hand_size, players=players, dealt=dealt, count=live))
    bits = _STANDARD_BITS if source is STANDARD_52 else [1 << card.index for card in source]
    hands = dealt_masks(order, bits, players=players, dealer=dealer, dealt=dealt)
    stock = tuple(map(take, order[dealt:live]))
    turn_up: Card | None = None
    turn = deal_trumps(ruleset, players=players, hand_size=hand_size).turn
    if turn is Turn.DEALERS_LAST:
        turn_up = source[order[dealt - 1]]
    elif turn is Turn.NEXT_CARD and stock:
        turn_up = stock[0]
    trump = _trump_for(ruleset, deal_index, hand_size, players, turn_up)
    deal = _new_deal(players, dealer, hand_size, tuple(hands), turn_up, trump, stock, removed)
    return deal if ruleset.packs == 1 else _first_copies_first(deal)


def _new_deal(players: int, dealer: int, hand_size: int, hands: tuple[int, ...],
              turn_up: Card | None, trump: Suit | None, stock: tuple[Card, ...],
              removed: tuple[Card, ...]) -> Deal:
    """``Deal(players, dealer, hand_size, hands, turn_up, trump, stock, removed)``, built
    without the frozen dataclass's ``__init__`` (one ``object.__setattr__`` per field): the
    same fields and defaults, the same deal."""
    deal: Deal = object.__new__(Deal)
    deal.__dict__.update(players=players, dealer=dealer, hand_size=hand_size, hands=hands,
                         turn_up=turn_up, trump=trump, stock=stock, removed=removed,
                         kitty=(), table=(), dead=())
    return deal


def _first_copies_first(deal: Deal) -> Deal:
    """The same deal with identical cards (two packs) renamed so that the first copy of a card
    is the one met first: hands from seat 0, then the kitty, the dead hand, the table piles,
    the turn-up, the stock and the removed cards.  The cards are identical, so the game is the
    same; what changes is that a deal rebuilt from its card codes (:func:`deal_from_hands`,
    a record) is equal to the deal itself.
    """
    seen = 0

    def rename(card: Card) -> Card:
        nonlocal seen
        first = card.twin if card.copy else card
        if first is None:  # a joker: one copy only
            return card
        if seen & first.bit:
            twin = first.twin
            assert twin is not None
            return twin
        seen |= first.bit
        return first

    def renamed(cards: Sequence[Card]) -> tuple[Card, ...]:
        return tuple(rename(c) for c in cards)

    hands = tuple(mask_of(renamed(cards_of(mask))) for mask in deal.hands)
    kitty, dead = renamed(deal.kitty), renamed(deal.dead)
    table = tuple(tuple((rename(down), rename(up)) for down, up in piles) for piles in deal.table)
    turn_up = None if deal.turn_up is None else rename(deal.turn_up)
    return dataclasses.replace(deal, hands=hands, kitty=kitty, dead=dead, table=table,
                               turn_up=turn_up, stock=renamed(deal.stock),
                               removed=renamed(deal.removed))


def _deal_five_hundred(
    ruleset: Ruleset, players: int, dealer: int, hand_size: int, rng: random.Random
) -> Deal:
    """Hands one card at a time from eldest, then the dead hand, the table piles, the kitty.

    The packet order of a real deal (3-4-3 with kitty cards between) does not change what
    anyone gets from a well-shuffled pack, so the engine deals one card at a time.
    """
    source = pack_cards(ruleset.pack)
    pack = [source[i] for i in shuffled_positions(rng.random, len(source))]
    hands = [0] * players
    dealt = players * hand_size
    for i in range(dealt):
        hands[(dealer + 1 + i) % players] |= 1 << pack[i].index
    at = dealt
    dead: tuple[Card, ...] = ()
    if ruleset.dead_hand:
        dead = tuple(pack[at: at + hand_size])
        at += hand_size
    table: list[tuple[tuple[Card, Card], ...]] = []
    for _seat in range(players if ruleset.table_piles else 0):
        piles = []
        for _pile in range(ruleset.table_piles):
            piles.append((pack[at], pack[at + 1]))
            at += 2
        table.append(tuple(piles))
    kitty = tuple(pack[at:])
    deal = Deal(players, dealer, hand_size, tuple(hands), None, None, kitty=kitty,
                table=tuple(table), dead=dead)
    return deal if ruleset.packs == 1 else _first_copies_first(deal)


def deal_from_hands(
    ruleset: Ruleset,
    hands: Sequence[Sequence[Card | str] | str],
    *,
    dealer: int,
    turn_up: Card | str | None = None,
    deal_index: int = 0,
    kitty: Sequence[Card | str] | str = (),
    table: Sequence[Sequence[Sequence[Card | str]]] = (),
    dead: Sequence[Card | str] | str = (),
) -> Deal:
    """Build a deal from given hands (a teacher's prepared deal, or a record being replayed).

    The hands must be the same size and share no card.  ``turn_up`` must be a card nobody holds
    (or, where the dealer's last card fixes trumps, one of the dealer's cards).  Five Hundred
    deals also give the ``kitty``, two-hand ``table`` piles (per seat, ``[down, up]`` pairs) and
    any ``dead`` hand; together with the hands they must make up the whole pack.

    Each hand is a list of cards or codes, or one string of codes.

    >>> from trickcore.rules.registry import get_variant
    >>> d = deal_from_hands(get_variant("oh-hell"), ["AS 2D", "KS 3D", "QS 4D"], dealer=2,
    ...                     turn_up="2H")
    >>> d.trump, d.eldest, d.hand(1)
    (<Suit.HEARTS: 1>, 0, [Card('KS'), Card('3D')])
    >>> deal_from_hands(get_variant("oh-hell"), ["AS", "KS"], dealer=0)
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: Oh Hell! is for 3, 4, 5, 6, 7 players, not 2
    """
    instance(ruleset, "ruleset", Ruleset, "a Ruleset (get_variant('oh-hell'), say)")
    players = len(hands)
    ruleset.check_players(players)
    if not 0 <= dealer < players:
        raise RulesetError(_("dealer must be a seat from 0 to {value}, not {dealer}").format(
                               value=players - 1, dealer=dealer))
    parsed = [parse_cards(hand) for hand in hands]
    sizes = {len(h) for h in parsed}
    if len(sizes) != 1:
        raise RulesetError(_("every hand must have the same size, got {value}").format(
                               value=[len(h) for h in parsed]))
    hand_size = sizes.pop()
    masks = []
    in_pack = pack_mask(ruleset.pack)
    seen = 0

    def take(cards: list[Card], where: str) -> int:
        nonlocal seen
        mask = 0
        for i, card in enumerate(cards):
            if (card.bit & (seen | mask)) and card.twin is not None and (
                    card.twin.bit & in_pack & ~(seen | mask)):
                card = cards[i] = card.twin  # two packs: the second of two identical cards
            if not card.bit & in_pack:
                raise CardCodeError(_("{card} is not in the {value}-card pack of {name} ({where})").format(
                                        card=card, value=ruleset.deck.value, name=ruleset.name, where=where))
            if (card.bit & seen) or (card.bit & mask):
                raise RulesetError(_("{where} repeats a card already dealt: {card}").format(
                                       where=where, card=card))
            mask |= card.bit
        seen |= mask
        return mask

    for seat, hand in enumerate(parsed):
        masks.append(take(hand, f"seat {seat}'s hand"))
    kitty_cards = parse_cards(kitty)
    take(kitty_cards, "the kitty")
    dead_cards = parse_cards(dead)
    take(dead_cards, "the dead hand")
    piles: list[tuple[tuple[Card, Card], ...]] = []
    for seat, seat_piles in enumerate(table):
        row = []
        if isinstance(seat_piles, str) or not isinstance(seat_piles, Sequence):
            raise CardCodeError(_("seat {seat}'s table piles should be a list of [down, up] "
                                  "pairs, not {seat_piles!r}").format(
                                    seat=seat, seat_piles=seat_piles))
        for pile in seat_piles:
            pair = parse_cards(pile)
            if len(pair) != 2:
                raise RulesetError(_("seat {seat}'s table piles must be [down, up] pairs").format(
                                       seat=seat))
            take(pair, f"seat {seat}'s table")
            row.append((pair[0], pair[1]))
        piles.append(tuple(row))
    if ruleset.deals_kitty:
        if len(kitty_cards) != ruleset.kitty_size(players) or seen != in_pack:
            missing = " ".join(c.code for c in cards_of(in_pack & ~seen))
            raise RulesetError(
                f"the hands, kitty{', table' if ruleset.table_piles else ''}"
                f"{' and dead hand' if ruleset.dead_hand else ''} must hold the whole"
                f" {ruleset.deck.value}-card pack, with a kitty of"
                f" {ruleset.kitty_size(players)}" + (f"; missing: {missing}" if missing else "")
            )
        if len(piles) != (players if ruleset.table_piles else 0) or any(
            len(p) != ruleset.table_piles for p in piles
        ):
            raise RulesetError(_("each seat needs {table_piles} table piles").format(
                                   table_piles=ruleset.table_piles))
        return Deal(players, dealer, hand_size, tuple(masks), None, None,
                    kitty=tuple(kitty_cards), table=tuple(piles), dead=tuple(dead_cards))
    turn = Card.parse(turn_up) if turn_up is not None else None
    if turn is not None:
        if ruleset.packs == 2:  # the copy that is not in a hand
            turn = held_copy(turn, in_pack & ~seen)
        if ruleset.trump_method is TrumpMethod.DEALERS_LAST:
            if not turn.bit & masks[dealer]:
                raise RulesetError(_("the turn-up {turn} must be the dealer's own card here").format(
                                       turn=turn))
        elif turn.bit & seen:
            raise RulesetError(_("the turn-up {turn} is also in a hand").format(turn=turn))
    trump = _trump_for(ruleset, deal_index, hand_size, players, turn)
    return Deal(players, dealer, hand_size, tuple(masks), turn, trump)


@typed
def choose_first_dealer(ruleset: Ruleset, players: int, rng: random.Random) -> int:
    """Choose the first dealer by the ruleset's method, drawing cards from ``rng``.

    >>> from trickcore.rules.registry import get_variant
    >>> choose_first_dealer(get_variant("oh-hell"), 4, rng_for("oh-hell", 4, 1, "first-dealer"))
    2
    """
    method = ruleset.first_dealer
    if method is FirstDealer.RANDOM:
        return rng.randrange(players)
    pack = list(STANDARD_52)
    rng.shuffle(pack)
    if method is FirstDealer.FIRST_JACK:
        # Cards are dealt face up, one each from seat 0, until a jack appears.
        for i, card in enumerate(pack):
            if card.rank is Rank.JACK:
                return i % players
        raise AssertionError("a pack always holds a jack")  # pragma: no cover

    def value(card: Card) -> int:
        assert card.rank is not None
        if card.rank is Rank.ACE and ruleset.ace_low_in_draw:
            return -1
        return int(card.rank)

    candidates = list(range(players))
    while True:  # each candidate draws; ties draw again
        draws = {seat: value(pack.pop()) for seat in candidates}
        best = max(draws.values()) if method is FirstDealer.HIGH_CARD else min(draws.values())
        candidates = [seat for seat, v in draws.items() if v == best]
        if len(candidates) == 1:
            return candidates[0]
