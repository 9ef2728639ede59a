"""HTML for the book's pages, generated from the rulesets so that text and engine agree.

Every table a page shows about a variant (its deal schedule, its scoring, the rules it sets, the
comparison of all variants) and every worked example (a seeded deal, bid and played by the
heuristic bots, with their reasons) is built here from the registry and the engine.  The page
only calls one function and displays the string with ``IPython.display.HTML``.

Cards are drawn by :mod:`trickcore.display`: each card shows its suit symbol and carries a name
for screen readers, so colour is never the only cue.

>>> from trickcore.variants import get_variant
>>> html = schedule_table(get_variant("oh-hell"))
>>> html.count("<tr>"), "19 deals" in html
(6, True)
>>> example = WorkedExample("oh-hell", players=4, seed=7, deal=5)
>>> example.state.hand_size, example.state.is_over
(5, True)
>>> 'aria-label="king of hearts"' in example.tricks_html()
True
"""

from __future__ import annotations

import dataclasses
import enum
import html
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from trickcore.auction import Call, CallKind, Denomination, calls_in_order
from trickcore.bots import HeuristicBot
from trickcore.cards import Card, Rank, Suit, parse_cards
from trickcore.decks import Pack, pack_cards
from trickcore.describe import rule_lines
from trickcore.display import card_html
from trickcore.match import Bot, Match, bot_action
from trickcore.rules import (
    AuctionRounds,
    BiddingKind,
    FirstDealer,
    GameEnd,
    JokerRule,
    MisereTiming,
    OpenMisere,
    Partnership,
    Ruleset,
    Schedule,
    Scoring,
    SixBids,
    Stakes,
    TrumpMethod,
    WinRule,
    option_docs,
    option_names,
)
from trickcore.scoring import exact_bid_points
from trickcore.state import HAND, TABLE, CardPlayed, Event, HandState, Phase, Trick
from trickcore.trumps import TrumpContext
from trickcore.variants import VARIANTS, get_variant

__all__ = [
    "FIVE_HUNDRED_OPTION_ORDER",
    "FIVE_HUNDRED_PACKS",
    "JOKER_DEMO_HANDS",
    "JOKER_DEMO_KITTY",
    "PACK_52",
    "PLAYER_NAMES",
    "TIMELINE",
    "FiveHundredExample",
    "WorkedExample",
    "avondale_table",
    "call_text",
    "cards_row",
    "comparison_table",
    "deal_layout_table",
    "explain_trick",
    "five_hundred_options_table",
    "forms_table",
    "game_length_table",
    "game_table",
    "joker_rules_html",
    "ladder_table",
    "options_table",
    "pack_table",
    "players_text",
    "points_comparison_table",
    "registry_table",
    "rules_list",
    "schedule_table",
    "scoring_table",
    "special_scores_table",
    "trump_order",
    "worked_example",
]

#: Dated events for the book's timeline (year, what happened), as dated by the sources in
#: RULES.md: The Sporting Magazine (1793), pagat's Five Hundred history, and Wikipedia's
#: summaries of the Oh Hell books.
TIMELINE: tuple[tuple[int, str], ...] = (
    (1793, "Humbug in The Sporting Magazine, London"),
    (1896, "Five Hundred rules in the 'Bijou' pack (USA)"),
    (1906, "the Avondale score table for Five Hundred"),
    (1930, "Oh! Well described by B. C. Westall"),
    (1939, "Phillips and Westall's book"),
    (2005, "Walker Ultimate 500, Townsville"),
    (2008, "Parlett's British Oh Hell"),
    (2011, "Arnold's Contract Whist"),
)

#: Names for the seats in worked examples: seat 0 is Ann, seat 1 Ben, and so on clockwise.
PLAYER_NAMES: tuple[str, ...] = ("Ann", "Ben", "Cleo", "Dev", "Eve", "Fay", "Gus", "Hal")

_SUIT_WORDS = {Suit.SPADES: "spades", Suit.HEARTS: "hearts", Suit.DIAMONDS: "diamonds",
               Suit.CLUBS: "clubs"}
# Suits in a row alternate colours (black, red, black, red) so that they are easy to tell apart.
_ROW_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def _e(text: object) -> str:
    return html.escape(str(text))


def _table(caption: str, head: Sequence[str], rows: Iterable[Sequence[str]], *,
           cls: str = "") -> str:
    """A table in a horizontally scrollable region that keyboard users can reach."""
    head_html = "".join(f'<th scope="col">{h}</th>' for h in head)
    body = []
    for row in rows:
        cells = [f'<th scope="row">{row[0]}</th>', *(f"<td>{c}</td>" for c in row[1:])]
        body.append("<tr>" + "".join(cells) + "</tr>")
    classes = f"tc-table {cls}".strip()
    return (
        f'<div class="tc-scroll" role="region" tabindex="0" aria-label="{_e(caption)}">'
        f'<table class="{classes}"><caption>{_e(caption)}</caption>'
        f"<thead><tr>{head_html}</tr></thead><tbody>{''.join(body)}</tbody></table></div>"
    )


def _sort_key(card: Card) -> tuple[int, int]:
    if card.suit is None:
        return (-1, 0)
    return (_ROW_ORDER.index(card.suit), -int(card.rank or 0))


def cards_row(cards: Iterable[Card], *, sort: bool = True,
              four_colour: bool | None = None) -> str:
    """Cards side by side (sorted by suit, alternating colours, high first, unless ``sort``).

    >>> from trickcore.cards import parse_cards
    >>> cards_row(parse_cards("2D AS")).count("tc-card ")
    2
    """
    items = sorted(cards, key=_sort_key) if sort else list(cards)
    if not items:
        return '<span class="tc-none">no cards</span>'
    inner = "".join(card_html(c, four_colour=four_colour) for c in items)
    return f'<span class="tc-hand">{inner}</span>'


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _hand_sizes_text(sizes: Sequence[int]) -> str:
    return ", ".join(map(str, sizes))


# Rules tables -----------------------------------------------------------------------------------


def _no_trump_deals(ruleset: Ruleset, players: int) -> list[int]:
    """1-based numbers of the deals in the schedule that are played without trumps."""
    available = ruleset.deck_size - ruleset.removed(players)
    largest = ruleset.max_hand_size(players)
    out = []
    for number, size in enumerate(ruleset.hand_sequence(players), start=1):
        never = ruleset.trump_method is TrumpMethod.NONE
        largest_nt = ruleset.largest_deals_no_trump and size == largest
        nothing_to_turn = (ruleset.trump_method in (TrumpMethod.TURN_NEXT,
                                                    TrumpMethod.TOP_OF_STOCK)
                           and size * players == available)
        if never or largest_nt or nothing_to_turn:
            out.append(number)
    return out


def schedule_table(ruleset: Ruleset) -> str:
    """The deal schedule for every player count: hand sizes, deals, cards left, no-trump deals.

    >>> from trickcore.variants import get_variant
    >>> "13th" in schedule_table(get_variant("oh-pshaw"))
    True
    """
    rows = []
    target = ruleset.game_end is GameEnd.TARGET
    for n in ruleset.players:
        sizes = ruleset.hand_sequence(n)
        removed = ruleset.removed(n)
        left = ruleset.deck_size - removed - n * max(sizes)
        if target:
            deals = f"until {ruleset.target} points"
            seq = f"{sizes[0]} every deal"
            tricks = f"{sizes[0]} a deal"
        else:
            deals = _count(len(sizes), "deal")
            seq = _hand_sizes_text(sizes)
            tricks = str(sum(sizes))
        no_trump = _no_trump_deals(ruleset, n)
        if not no_trump:
            nt = "none"
        elif len(no_trump) == len(sizes):
            nt = "every deal"
        else:
            nt = ", ".join(_ordinal(d) for d in no_trump)
        rows.append([str(n), _e(seq), _e(deals), _e(tricks), str(removed), str(left), _e(nt)])
    head = ["Players", "Cards each, deal by deal", "Deals", "Tricks", "Set aside",
            "Left over", "No-trump deals"]
    return _table(f"{ruleset.name}: the deal schedule", head, rows, cls="tc-schedule")


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def scoring_table(ruleset: Ruleset, hand_size: int = 3) -> str:
    """Points for every bid and result in a deal of ``hand_size`` cards (exact bids shaded).

    >>> from trickcore.variants import get_variant
    >>> table = scoring_table(get_variant("oh-hell"), hand_size=2)
    >>> table.count('class="tc-made"')
    3
    """
    if ruleset.bidding is BiddingKind.NONE:
        n_tricks = ruleset.max_hand_size(2)
        rows = []
        for mine in (13, 14, 17, 20, 26):
            other = n_tricks - mine
            rows.append([f"{mine} tricks to {other}", str(mine - other), str(other - mine),
                         str((mine - other) * ruleset.stake_rate)])
        head = ["Result", "Points for the winner", "Points for the loser", "Units paid"]
        return _table(f"{ruleset.name}: what a deal is worth", head, rows, cls="tc-scoring")
    head = ["Bid", *(f"took {t}" for t in range(hand_size + 1))]
    rows = []
    for bid in range(hand_size + 1):
        cells = [f"bid {bid}"]
        for took in range(hand_size + 1):
            points = exact_bid_points(ruleset, bid, took, hand_size)
            if took == bid:
                cells.append(f'<span class="tc-made">{points}</span>')
            else:
                cells.append(str(points))
        rows.append(cells)
    caption = (f"{ruleset.name}: points for one player in a {hand_size}-card deal"
               " (exact bids highlighted)")
    return _table(caption, head, rows, cls="tc-scoring")


def _field_docs() -> dict[str, str]:
    """The one-line meaning of each :class:`Ruleset` field (kept as data in the ruleset)."""
    return {name: doc.replace("``", "") for name, doc in option_docs().items()}


def _value_text(value: object) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        if not value:
            return "none"
        if all(isinstance(p, tuple) and len(p) == 2 for p in value):
            return ", ".join(f"{a} players: {b}" for a, b in value)
        return ", ".join(map(str, value))
    return str(value)


def options_table(ruleset: Ruleset, *, only_changed: bool = True) -> str:
    """The rules a variant sets, as engine options: name, value, the engine's default, meaning.

    With ``only_changed`` (the default) only the options whose value differs from the
    engine's default (the common rules of the Oh Hell family) are listed.

    >>> from trickcore.variants import get_variant
    >>> "hook" in options_table(get_variant("contract-whist"))
    True
    """
    docs = _field_docs()
    defaults = {f.name: f.default for f in dataclasses.fields(Ruleset)}
    rows = []
    for name in option_names():
        value = getattr(ruleset, name)
        default = defaults.get(name, dataclasses.MISSING)
        changed = value != default
        if only_changed and not changed:
            continue
        shown_default = "" if default is dataclasses.MISSING else _value_text(default)
        rows.append([f"<code>{_e(name)}</code>", _e(_value_text(value)), _e(shown_default),
                     _e(docs.get(name, ""))])
    head = ["Option", f"{ruleset.name}", "Engine default", "What it means"]
    return _table(f"{ruleset.name}: the rules it sets, as engine options", head, rows,
                  cls="tc-options")


def rules_list(ruleset: Ruleset, players: int | None = None) -> str:
    """The engine's own statement of the rules (:func:`trickcore.describe.rule_lines`) as a list.

    >>> from trickcore.variants import get_variant
    >>> rules_list(get_variant("oh-pshaw"), 4).count("<li>") > 5
    True
    """
    items = "".join(f"<li>{_e(line)}</li>" for line in rule_lines(ruleset, players)[1:])
    return f'<ol class="tc-rules">{items}</ol>'


# Comparison of all variants ----------------------------------------------------------------------

_SCHEDULE_WORDS = {
    Schedule.FIXED: "the same size every deal",
    Schedule.DOWN_UP: "down to 1 and back up",
    Schedule.UP: "up from 1",
    Schedule.UP_DOWN: "up from 1 and back down",
    Schedule.DOWN: "down to 1",
}
_TRUMP_WORDS = {
    TrumpMethod.TURN_NEXT: "next card turned up (not played)",
    TrumpMethod.TOP_OF_STOCK: "top card of the stock turned up (not played)",
    TrumpMethod.DEALERS_LAST: "dealer's last card turned up (kept and played)",
    TrumpMethod.FIXED_ROTATION: "an agreed rotation",
    TrumpMethod.NONE: "never any trumps",
}
_DEALER_WORDS = {
    FirstDealer.RANDOM: "by chance",
    FirstDealer.HIGH_CARD: "highest card drawn",
    FirstDealer.LOW_CARD: "lowest card drawn",
    FirstDealer.FIRST_JACK: "first to be dealt a jack",
}
_SCORING_WORDS = {
    Scoring.SIMPLE: "exact bid: 10 + tricks; miss: 0",
    Scoring.COMMON: "1 a trick, +10 for an exact bid",
    Scoring.TEN_PLUS_ZERO_AVAILABLE: "exact: 10 + tricks (zero: 5 + hand size); miss: 0",
    Scoring.BONUS_ONLY: "exact bid: the bonus only; miss: 0",
    Scoring.TEN_PER_BID: "exact: 10 a trick bid; miss: 0",
    Scoring.SQUARES: "exact: 10 + bid²; miss: minus the square of the error",
    Scoring.TRICK_DIFFERENCE: "the difference in tricks",
}
_STAKES_WORDS = {
    Stakes.NONE: "none",
    Stakes.HARD_SCORE: "hard score: winner +10, then pay differences",
    Stakes.DIFFERENCES: "pay the differences in points",
    Stakes.POOL: "a pool, winner takes all",
    Stakes.TRICK_DIFFERENCE: "a stake per trick of difference",
}


def players_text(ruleset: Ruleset) -> str:
    """The player counts as a range where they are consecutive: ``"3–7"``, ``"2"``.

    >>> players_text(get_variant("oh-hell")), players_text(get_variant("humbug"))
    ('3–7', '2')
    """
    counts = ruleset.players
    if len(counts) > 1 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(map(str, counts))


def registry_table() -> str:
    """Every variant in the registry: name, players and the rule book it follows.

    >>> "Humbug" in registry_table()
    True
    """
    rows = [[_e(r.name), players_text(r), _e(r.source)] for r in VARIANTS.values()]
    return _table("The variants the engine knows", ["Variant", "Players", "Rules follow"], rows)


def _example_count(ruleset: Ruleset) -> int:
    return 4 if 4 in ruleset.players else ruleset.players[0]


def _sequence_summary(ruleset: Ruleset, players: int) -> str:
    sizes = ruleset.hand_sequence(players)
    if ruleset.game_end is GameEnd.TARGET:
        return f"{sizes[0]} cards every deal, until someone reaches {ruleset.target}"
    if len(sizes) == 1:
        return _count(sizes[0], "card") + ", one deal"
    if ruleset.schedule is Schedule.DOWN_UP:
        text = f"{sizes[0]} down to 1 and back to {sizes[-1]}"
    elif ruleset.schedule is Schedule.UP:
        text = f"1 up to {sizes[-1]}"
    else:
        text = _hand_sizes_text(sizes)
    return f"{text} ({_count(len(sizes), 'deal')})"


_E = TypeVar("_E", bound=enum.Enum)

# Words for rule values that belong to games without their own table above (Five Hundred).
_OTHER_WORDS = {
    "avondale": "contract value from the Avondale schedule; opponents 10 a trick",
}


def _words(table: Mapping[_E, str], value: _E) -> str:
    """The book's words for an enum value, or the value itself for one the book does not know."""
    if value in table:
        return table[value]
    text = str(value.value)
    return _OTHER_WORDS.get(text, text.replace("-", " "))


def _bidding_words(ruleset: Ruleset) -> str:
    if ruleset.bidding is BiddingKind.NONE:
        return "no bidding"
    if ruleset.bidding is not BiddingKind.EXACT:
        return f"{ruleset.bidding.value}: bid for a contract"
    if ruleset.hook:
        return "hooked: the bids may not add up to the tricks"
    if ruleset.announce_over_under:
        return 'free; "over", "under" or "even" announced'
    return "free"


def comparison_table(keys: Sequence[str] | None = None) -> str:
    """Variants side by side, one column each, built from the registry.

    Without ``keys``, every variant in the registry, one table per family.

    >>> table = comparison_table()
    >>> all(v.name in table for v in VARIANTS.values())
    True
    """
    if keys is None:
        families: dict[str, list[str]] = {}
        for key, ruleset in VARIANTS.items():
            families.setdefault(ruleset.family, []).append(key)
        return "".join(comparison_table(group) for group in families.values())
    chosen = [get_variant(k) for k in keys]
    family = chosen[0].family.replace("-", " ").title() if len(
        {r.family for r in chosen}) == 1 else ""
    caption = f"The {family} family side by side" if family else "The variants side by side"
    features: list[tuple[str, list[str]]] = [
        *([("Family", [r.family.replace("-", " ").title() for r in chosen])] if not family
          else []),
        ("Players", [players_text(r) for r in chosen]),
        ("Cards set aside", [", ".join(f"{c} with {n}" for n, c in r.cards_removed) or "none"
                             for r in chosen]),
        ("Hand sizes", [_words(_SCHEDULE_WORDS, r.schedule) for r in chosen]),
        ("Deals", [f"{_example_count(r)} players: "
                   f"{_sequence_summary(r, _example_count(r))}" for r in chosen]),
        ("First dealer", [_words(_DEALER_WORDS, r.first_dealer) for r in chosen]),
        ("Trumps", [_words(_TRUMP_WORDS, r.trump_method) for r in chosen]),
        ("Bidding", [_bidding_words(r) for r in chosen]),
        ("Scoring", [_words(_SCORING_WORDS, r.scoring).replace("10", str(r.exact_bonus))
                     for r in chosen]),
        ("Game ends", [f"at {r.target} points" if r.game_end is GameEnd.TARGET
                       else "after the last deal" for r in chosen]),
        ("Stakes", [_words(_STAKES_WORDS, r.stakes) for r in chosen]),
        ("Source", [r.source for r in chosen]),
    ]
    head = ["", *(_e(r.name) for r in chosen)]
    rows = [[_e(label), *(_e(v) for v in values)] for label, values in features]
    return _table(caption, head, rows, cls="tc-compare")


def points_comparison_table(keys: Sequence[str] | None = None, hand_size: int = 5) -> str:
    """A few results scored by every variant that has bidding, for a deal of ``hand_size``.

    >>> "Contract Whist" in points_comparison_table()
    True
    """
    chosen = [get_variant(k) for k in keys] if keys is not None else list(VARIANTS.values())
    chosen = [r for r in chosen if r.bidding is BiddingKind.EXACT]
    cases = [(2, 2), (2, 3), (2, 1), (0, 0), (0, 1), (hand_size, hand_size)]
    head = ["Result", *(_e(r.name) for r in chosen)]
    rows = []
    for bid, took in cases:
        label = f"bid {bid}, took {took}"
        rows.append([label, *(str(exact_bid_points(r, bid, took, hand_size)) for r in chosen)])
    caption = f"Points for one player in a {hand_size}-card deal, by variant"
    return _table(caption, head, rows, cls="tc-compare")


def game_length_table(keys: Sequence[str] | None = None, counts: Sequence[int] = range(2, 9),
                      ) -> str:
    """Deals and tricks in a whole game, for each variant and number of players.

    >>> "19 deals, 109 tricks" in game_length_table(["oh-hell"])
    True
    """
    chosen = [get_variant(k) for k in keys] if keys is not None else list(VARIANTS.values())
    rows = []
    for r in chosen:
        cells = [_e(r.name)]
        for n in counts:
            if n not in r.players:
                cells.append("")
            elif r.game_end is GameEnd.TARGET:
                cells.append(f"to {r.target} points")
            else:
                sizes = r.hand_sequence(n)
                cells.append(f"{_count(len(sizes), 'deal')}, {sum(sizes)} tricks")
        rows.append(cells)
    head = ["Variant", *(f"{n} players" for n in counts)]
    return _table("Game length by number of players", head, rows, cls="tc-compare")


# Packs (Foundations) -----------------------------------------------------------------------------

_STANDARD_RANKS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT,
                   Rank.SEVEN, Rank.SIX, Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)


def _suit_cards(suit: Suit, lowest: Rank) -> list[Card]:
    ranks = [r for r in _STANDARD_RANKS if r >= lowest]
    return [Card.of(r, suit) for r in ranks]


def _standard(lowest: Rank) -> list[Card]:
    return [c for s in _ROW_ORDER for c in _suit_cards(s, lowest)]


#: The standard 52-card pack, one suit after another, highest card first.
PACK_52: tuple[Card, ...] = tuple(_standard(Rank.TWO))

#: The Five Hundred packs described in the Foundations chapter (RULES.md 3.1), card by card.
#: They are the engine's own packs (:func:`trickcore.decks.pack_cards`), so that the book and
#: the engine cannot disagree about what is in a pack.
FIVE_HUNDRED_PACKS: dict[str, list[Card]] = {
    "43-card pack (four players, Australian standard)": list(pack_cards(Pack.FIVE_HUNDRED_43)),
    "45-card pack (four players, American)": list(pack_cards(Pack.FIVE_HUNDRED_45)),
    "33-card pack (three players)": list(pack_cards(Pack.FIVE_HUNDRED_33)),
    "53-card pack (five players)": list(pack_cards(Pack.FIVE_HUNDRED_53)),
    "63-card pack (six players)": list(pack_cards(Pack.FIVE_HUNDRED_63)),
}


def pack_table(cards: Sequence[Card], caption: str) -> str:
    """A pack laid out one suit per row, with a count per row.

    >>> "52 cards" in pack_table(_standard(Rank.TWO), "The 52-card pack")
    True
    """
    rows = []
    for suit in _ROW_ORDER:
        in_suit = [c for c in cards if c.suit is suit]
        if in_suit:
            rows.append([f"{suit.symbol} {_SUIT_WORDS[suit]}", cards_row(in_suit),
                         str(len(in_suit))])
    jokers = [c for c in cards if c.is_joker]
    if jokers:
        rows.append(["joker", cards_row(jokers), str(len(jokers))])
    head = ["Suit", "Cards, highest first", "Count"]
    return _table(f"{caption}: {len(cards)} cards", head, rows, cls="tc-pack")


def trump_order(cards: Sequence[Card], trump: Suit | None, *, bowers: bool = True) -> str:
    """The cards that are trumps when ``trump`` is the trump suit, from the best down.

    Uses the engine's :class:`~trickcore.trumps.TrumpContext`, so the order shown is the order
    the engine plays by.

    >>> pack = FIVE_HUNDRED_PACKS["43-card pack (four players, Australian standard)"]
    >>> trump_order(pack, Suit.HEARTS).count("tc-card ")
    13
    """
    ctx = TrumpContext(trump, bowers=bowers)
    if trump is None:
        return ""
    trumps = [c for c in cards if ctx.is_trump(c)]
    trumps.sort(key=lambda c: ctx.power[c.index], reverse=True)
    return ('<div class="tc-row">' + cards_row(trumps, sort=False)
            + f' <span class="tc-note">{len(trumps)} trumps</span></div>')


def explain_trick(codes: str, trump: str | None = None, *, bowers: bool = False) -> str:
    """One trick, its cards in the order played, and which card wins and why.

    Uses the engine's :class:`~trickcore.trumps.TrumpContext`.

    >>> "A♠ is the highest spade" in explain_trick("5S AS 2D")
    True
    """
    cards = parse_cards(codes)
    suit = Suit.parse(trump) if trump else None
    ctx = TrumpContext(suit, bowers=bowers)
    winner = ctx.winner(cards)
    played = " ".join(
        f'<span class="tc-play">{_e(PLAYER_NAMES[i])} {card_html(c)}</span>'
        for i, c in enumerate(cards))
    trumps = f"{suit.symbol} {_SUIT_WORDS[suit]} are trumps" if suit else "no trumps"
    return (f'<div class="tc-example"><p>With {trumps}: {played}</p><p class="tc-won">'
            f"{_e(PLAYER_NAMES[winner])} wins: {_e(ctx.why(cards, winner))}.</p></div>")


# Worked examples ---------------------------------------------------------------------------------


@dataclasses.dataclass
class _Move:
    seat: int
    action: int | Card
    reason: str


class WorkedExample:
    """One seeded deal of a variant, bid and played to the end by bots, ready to show.

    ``deal`` is the deal's position in the match (0 is the first deal); the cards are those of
    ``Match(ruleset, players, seed).make_deal(deal)``, so the same arguments give the same
    example everywhere.  Every bid and play keeps the bot's reason.
    """

    def __init__(self, key: str, players: int, seed: int, *, deal: int = 0,
                 bots: Sequence[Bot] | None = None) -> None:
        self.ruleset = get_variant(key)
        self.players = players
        self.seed = seed
        self.index = deal
        self.match = Match(self.ruleset, players, seed)
        self.state = HandState(self.ruleset, self.match.make_deal(deal))
        self.moves: list[_Move] = []
        chosen = list(bots) if bots is not None else [HeuristicBot()] * players
        while not self.state.is_over:
            seat = self.state.to_act
            assert seat is not None
            choice = bot_action(chosen[seat], self.state)
            self.state.apply(choice.action)
            self.moves.append(_Move(seat, choice.action, choice.reason))

    # Helpers ----------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """The name shown for ``seat``."""
        return PLAYER_NAMES[seat]

    @property
    def bids(self) -> list[_Move]:
        """The bids in the order they were made."""
        return [m for m in self.moves if not isinstance(m.action, Card)]

    @property
    def plays(self) -> list[_Move]:
        """The card plays in order."""
        return [m for m in self.moves if isinstance(m.action, Card)]

    def _trump_sentence(self) -> str:
        deal = self.state.deal
        dealer = self.name(deal.dealer)
        turn = deal.turn_up
        if deal.trump is None:
            if self.ruleset.trump_method is TrumpMethod.NONE:
                return "This game has no trumps."
            return "No card is left over to turn up, so this deal is played without trumps."
        trump = f"{deal.trump.symbol} {_SUIT_WORDS[deal.trump]}"
        if turn is None:
            return f"Trumps are {trump}."
        if self.ruleset.trump_method is TrumpMethod.DEALERS_LAST:
            return (f"{dealer}'s last card, {card_html(turn)}, is turned face up, so {trump} are"
                    f" trumps; the card stays in {dealer}'s hand.")
        return (f"The next card, {card_html(turn)}, is turned face up, so {trump} are trumps."
                " Nobody plays that card.")

    # Parts ------------------------------------------------------------------------------------

    def deal_html(self) -> str:
        """Who deals, what fixes trumps, and every player's hand."""
        deal = self.state.deal
        n = self.players
        eldest = self.name(deal.eldest)
        number = self.index + 1
        total = len(self.match.schedule)
        where = (f"deal {number} of {total}" if self.ruleset.game_end is GameEnd.FIXED_DEALS
                 and total > 1 else f"deal {number}")
        removed = ""
        if deal.removed:
            removed = (f" First {_count(len(deal.removed), 'card')} from the bottom of the pack"
                       " went aside face down, unseen.")
        intro = (f"<p>{_e(self.ruleset.name)}, {n} players, seed {self.seed}, {where}:"
                 f" {_count(deal.hand_size, 'card')} each. {self.name(deal.dealer)} deals;"
                 f" {eldest}, " + ("the non-dealer, " if n == 2 else "on the dealer's left, ")
                 + ("bids first and leads to the first trick." if
                    self.ruleset.bidding is not BiddingKind.NONE else
                    "leads to the first trick.")
                 + f"{removed} {self._trump_sentence()}</p>")
        rows = []
        for seat in range(n):
            role = " (dealer)" if seat == deal.dealer else ""
            rows.append([_e(self.name(seat) + role), cards_row(deal.hand(seat))])
        table = _table("The hands as dealt", ["Player", "Cards"], rows, cls="tc-hands")
        return f'<div class="tc-example">{intro}{table}</div>'

    def bids_html(self) -> str:
        """The bids in order, with each bot's reason, and what the total means."""
        if self.ruleset.bidding is BiddingKind.NONE:
            return '<div class="tc-example"><p>There is no bidding in this game.</p></div>'
        h = self.state.hand_size
        rows = []
        total = 0
        for move in self.bids:
            assert isinstance(move.action, int)
            total += move.action
            rows.append([_e(self.name(move.seat)), str(move.action), _e(move.reason)])
        table = _table("The bids, in order, with the bot's reasoning",
                       ["Player", "Bid", "Why (the bot's reason)"], rows, cls="tc-bids")
        if total == h:
            verdict = f"the bids add up to exactly the {h} tricks, so everyone could succeed."
        elif total > h:
            verdict = (f"the bids add up to {total}, more than the {h} tricks, so at least one"
                       " player must fail.")
        else:
            verdict = (f"the bids add up to {total}, fewer than the {h} tricks, so at least one"
                       " player must take more than they bid.")
        after = f"<p>In all, {verdict}"
        if self.state.announcement:
            after += f' The scorer announces "{_e(self.state.announcement)}".'
        if self.ruleset.hook:
            dealer_bid = self.state.bids[self.state.dealer] or 0
            forbidden = h - (total - dealer_bid)
            dealer = self.name(self.state.dealer)
            if 0 <= forbidden <= h:
                after += (f" The hook: {dealer}, bidding last, was not allowed to bid"
                          f" {forbidden}.")
            else:
                after += f" The hook did not restrict {dealer} this time."
        after += "</p>"
        return f'<div class="tc-example">{table}{after}</div>'

    def _trick_moves(self) -> list[list[_Move]]:
        plays = self.plays
        n = self.players
        return [plays[i:i + n] for i in range(0, len(plays), n)]

    def tricks_html(self, first: int = 0, count: int = 3) -> str:
        """Tricks ``first`` to ``first + count - 1`` (0-based) card by card, with reasons."""
        parts = []
        tricks = self.state.tricks
        for number, (trick, moves) in enumerate(zip(tricks, self._trick_moves(), strict=True)):
            if not first <= number < first + count:
                continue
            rows = [[_e(self.name(m.seat)), card_html(m.action) if isinstance(m.action, Card)
                     else "", _e(m.reason)] for m in moves]
            caption = f"Trick {number + 1}: {self.name(trick.leader)} leads"
            table = _table(caption, ["Player", "Card", "Why (the bot's reason)"], rows,
                           cls="tc-trick")
            assert trick.winner is not None
            won = (f'<p class="tc-won">{_e(self.name(trick.winner))} wins the trick:'
                   f" {_e(trick.reason)}.</p>")
            parts.append(table + won)
        return '<div class="tc-example">' + "".join(parts) + "</div>"

    def rest_html(self, after: int = 3) -> str:
        """The tricks after the first ``after``, one line each."""
        rows = []
        for number, trick in enumerate(self.state.tricks):
            if number < after:
                continue
            rows.append([str(number + 1), _e(self.name(trick.leader)),
                         _trick_cards(trick, self.players, self.name),
                         _e(self.name(trick.winner if trick.winner is not None else 0)),
                         _e(trick.reason)])
        if not rows:
            return ""
        head = ["Trick", "Led by", "Cards in the order played", "Won by", "Why"]
        return _table("The remaining tricks", head, rows, cls="tc-rest")

    def score_html(self) -> str:
        """Bids, tricks taken and points for each player, and the settlement if any."""
        state = self.state
        assert state.points is not None
        rows = []
        has_bids = self.ruleset.bidding is not BiddingKind.NONE
        for seat in range(self.players):
            row = [_e(self.name(seat))]
            if has_bids:
                bid = state.bids[seat]
                row.append(str(bid))
                row.append(str(state.tricks_won[seat]))
                row.append("exact" if bid == state.tricks_won[seat] else "missed")
            else:
                row.append(str(state.tricks_won[seat]))
            row.append(str(state.points[seat]))
            rows.append(row)
        head = (["Player", "Bid", "Tricks taken", "Result", "Points"] if has_bids
                else ["Player", "Tricks taken", "Points"])
        return _table("The score for this deal", head, rows, cls="tc-score")

    def html(self, tricks: int = 3) -> str:
        """Everything: the deal, the bids, the first ``tricks`` tricks, the rest, the score."""
        return "".join([self.deal_html(), self.bids_html(), self.tricks_html(0, tricks),
                        self.rest_html(tricks), self.score_html()])


def _trick_cards(trick: Trick, players: int, name: Callable[[int], str]) -> str:
    parts = []
    for seat, card in zip(trick.seats(players), trick.cards, strict=True):
        parts.append(f'<span class="tc-play">{_e(name(seat))} {card_html(card)}</span>')
    return " ".join(parts)


def worked_example(key: str, players: int, seed: int, *, deal: int = 0, tricks: int = 3) -> str:
    """A whole worked example as one HTML string (see :class:`WorkedExample`).

    >>> "The score for this deal" in worked_example("oh-pshaw", 4, seed=3, deal=3)
    True
    """
    return WorkedExample(key, players, seed, deal=deal).html(tricks)


# Five Hundred ------------------------------------------------------------------------------------

_DENOMINATION_SYMBOLS = {Denomination.SPADES: "♠", Denomination.CLUBS: "♣",
                         Denomination.DIAMONDS: "♦", Denomination.HEARTS: "♥",
                         Denomination.NO_TRUMPS: "NT"}
_CALL_WORDS = {
    CallKind.PASS: "pass",
    CallKind.MISERE: "misère",
    CallKind.OPEN_MISERE: "open misère",
    CallKind.NULLO: "nullo",
    CallKind.OPEN_NULLO: "open nullo",
    CallKind.HI_LO: "hi-lo",
    CallKind.DOUBLE_NULLO: "double nullo",
}
_PACK_WORDS = {
    Pack.STANDARD_52: "the standard pack",
    Pack.FIVE_HUNDRED_43: "A down to 4 in hearts and diamonds, A down to 5 in spades and clubs,"
    " and a joker",
    Pack.FIVE_HUNDRED_45: "A down to 4 in every suit, and a joker",
    Pack.FIVE_HUNDRED_ODD_FOURS: "as the 43-card pack, but without the 4♠ and 4♦",
    Pack.FIVE_HUNDRED_33: "A down to 7 in every suit, and a joker",
    Pack.FIVE_HUNDRED_53: "the 52 cards and a joker",
    Pack.FIVE_HUNDRED_63: "the 52 cards, 11s and 12s in every suit, 13s in hearts and diamonds,"
    " and a joker",
    Pack.FIVE_HUNDRED_65: "the 52 cards, 11s, 12s and 13s in every suit, and a joker",
    Pack.QUEBEC_46: "A down to 4 in every suit, and two jokers",
}
_PARTNERSHIP_WORDS = {
    Partnership.ALTERNATE: "two fixed sides, partners sitting opposite",
    Partnership.THREE_PAIRS: "three sides of two, partners sitting opposite",
    Partnership.NONE: "everyone alone; the others ally against the contractor for the deal",
    Partnership.CALLED: "the contractor calls a partner by naming a card, or plays alone",
}
_JOKER_RULE_NAMES = {JokerRule.PAGAT: "pagat", JokerRule.WIKIPEDIA: "Wikipedia",
                     JokerRule.NEW_ZEALAND: "New Zealand"}
_WIN_WORDS = {
    WinRule.CONTRACT_ONLY: "reach {t} by making a contract; lose at −{t}",
    WinRule.ANY: "reach {t} in any way; lose at −{t}",
    WinRule.WALKER_ULTIMATE: "reach exactly {t} by making a contract; lose at {t2} or −{t}",
}

#: The Five Hundred options in the order the book lists them (every one of
#: ``trickcore.rules.FIVE_HUNDRED_OPTIONS``, plus the pack, the players and the target).
FIVE_HUNDRED_OPTION_ORDER: tuple[str, ...] = (
    "players", "deck", "table_piles", "two_hand_form", "dead_hand", "partnership",
    "auction_rounds", "six_bids", "misere_timing", "misere_beats_eight_spades", "open_misere",
    "split_colours", "newcastle_rebid", "all_pass", "contractor_leads", "joker_rule",
    "high_joker", "called_card", "call_own_card_alone", "called_partner_half", "misere_value",
    "open_misere_value", "slam_value", "defender_trick_points", "misere_ends_at_first_trick",
    "target", "win_rule", "failed_contract_to_opponents",
)


def _win_words(ruleset: Ruleset) -> str:
    """How the game is won and lost, in a few words."""
    text = _WIN_WORDS[ruleset.win_rule].format(t=ruleset.target, t2=2 * ruleset.target)
    if ruleset.failed_contract_to_opponents:  # scores never go down: nobody loses at -target
        text = text.split(";")[0] + "; scores never go down"
    return text


def call_text(call: Call | str, ruleset: Ruleset | None = None) -> str:
    """A call as the book writes it: suit symbols, and inkles named where six-level calls are.

    >>> call_text("7H"), call_text("10NT"), call_text("open-misere"), call_text("pass")
    ('7♥', '10NT', 'open misère', 'pass')
    >>> from trickcore.rules import with_options
    >>> call_text("6S", with_options(get_variant("five-hundred"), {"six_bids": "inkles"}))
    'inkle ♠'
    """
    parsed = Call.parse(call)
    if parsed.kind is not CallKind.TRICKS:
        return _CALL_WORDS[parsed.kind]
    assert parsed.denomination is not None
    symbol = _DENOMINATION_SYMBOLS[parsed.denomination]
    if ruleset is not None and parsed.tricks == 6 and ruleset.six_bids is SixBids.INKLES:
        return f"inkle {symbol}"
    return f"{parsed.tricks}{symbol}"


def _pretty_reason(reason: str, ruleset: Ruleset | None = None) -> str:
    """A bot's reason with call codes written as the book writes calls (7H becomes 7♥).

    >>> _pretty_reason("about 7.0 tricks with H as trumps: call 7H")
    'about 7.0 tricks with ♥ as trumps: call 7♥'
    """
    def call(match: re.Match[str]) -> str:
        return call_text(match.group(0), ruleset)

    text = re.sub(r"\b(?:10|[6-9])(?:NT|S|C|D|H)\b", call, reason)
    text = re.sub(r"\bwith NT as trumps\b", "at no trumps", text)
    text = re.sub(r"\bwith ([SCDH]) as trumps\b",
                  lambda m: f"with {Suit.parse(m.group(1)).symbol} as trumps", text)
    return text.replace("misere", "misère")


def _six_is_contract(ruleset: Ruleset) -> bool:
    return ruleset.six_bids is SixBids.CONTRACTS and not ruleset.split_colours


def _call_allowed(ruleset: Ruleset, call: Call) -> bool:
    kind = call.kind
    if kind in (CallKind.NULLO, CallKind.OPEN_NULLO, CallKind.HI_LO, CallKind.DOUBLE_NULLO):
        return ruleset.split_colours
    if kind is CallKind.MISERE:
        return not ruleset.split_colours and ruleset.misere_timing is not MisereTiming.NOT_ALLOWED
    if kind is CallKind.OPEN_MISERE:
        return not ruleset.split_colours and ruleset.open_misere is not OpenMisere.NOT_ALLOWED
    return True


def _call_note(ruleset: Ruleset, call: Call) -> str:
    kind = call.kind
    if kind is CallKind.TRICKS and call.tricks == 6 and not _six_is_contract(ruleset):
        if ruleset.six_bids is SixBids.INKLES:
            return "an inkle: a signal to partner, never a contract; first two players only"
        return "may open the bidding, but a seven is needed for a contract"
    if kind is CallKind.MISERE:
        return ("lose every trick, partner sits out; only over a seven"
                if ruleset.misere_timing is MisereTiming.AFTER_SEVEN else
                "lose every trick, partner sits out; at any time")
    if kind is CallKind.OPEN_MISERE:
        return ("as misère, hand shown after the first trick; at any time, even first"
                if ruleset.open_misere is OpenMisere.ANY_TIME else
                "as misère, hand shown after the first trick; only after an eight")
    level = {CallKind.NULLO: 7, CallKind.OPEN_NULLO: 8, CallKind.HI_LO: 9,
             CallKind.DOUBLE_NULLO: 10}.get(kind)
    if level is not None:
        what = {CallKind.NULLO: "lose every trick, partner sits out",
                CallKind.OPEN_NULLO: "nullo with the hand shown after the first trick",
                CallKind.HI_LO: "take exactly five tricks, partner sits out",
                CallKind.DOUBLE_NULLO: "both partners must lose every trick"}[kind]
        return f"{what}; between the black and the red {level}s"
    return ""


def ladder_table(ruleset: Ruleset) -> str:
    """Every call of the auction, lowest first, with its value, one row per number of tricks.

    Built from the engine's ladder (:func:`trickcore.auction.calls_in_order`) and the
    ruleset's options, so the order shown is the order the engine enforces.  The special calls
    sit in the row of the calls they beat, and a second table says when they may be made.

    >>> html = ladder_table(get_variant("five-hundred"))
    >>> "27 contracts" in html, html.index("7NT") < html.index("misère") < html.index("8♠")
    (True, True)
    """
    calls = [c for c in calls_in_order(ruleset) if _call_allowed(ruleset, c)]
    rows: dict[int, list[str]] = {}
    notes = []
    contracts = 0
    for step, call in enumerate(calls, start=1):
        is_contract = not (call.kind is CallKind.TRICKS and call.tricks == 6
                           and not _six_is_contract(ruleset))
        contracts += is_contract
        value = f" <small>({call.value(ruleset)})</small>" if is_contract else ""
        text = _e(call_text(call, ruleset))
        if call.kind is not CallKind.TRICKS:
            text = f"<strong>{text}</strong>"
        rows.setdefault(call.rank(ruleset) // 10, []).append(
            f'<span class="tc-play">{step}. {text}{value}</span>')
        note = _call_note(ruleset, call)
        if note and (call.kind is not CallKind.TRICKS or call.denomination is Denomination.SPADES):
            shown = call_text(call, ruleset)
            if call.kind is CallKind.TRICKS:
                shown = "six-level calls"
            notes.append([_e(shown), str(call.value(ruleset)) if is_contract else "—",
                          _e(note)])
    words = {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}
    body = [[f"{words[level].capitalize()} tricks", " ".join(items)]
            for level, items in sorted(rows.items())]
    caption = (f"{ruleset.name}: the calls in order, lowest first, with their values"
               f" ({contracts} contracts)")
    table = _table(caption, ["Level", "Calls, from the lowest up"], body, cls="tc-ladder")
    if notes:
        table += _table(f"{ruleset.name}: the special calls", ["Call", "Value", "When and how"],
                        notes, cls="tc-options")
    return table


def avondale_table(ruleset: Ruleset | None = None) -> str:
    """The Avondale schedule: the value of every trick contract, computed by the engine.

    >>> html = avondale_table()
    >>> "<td>40</td>" in html, "<td>520</td>" in html
    (True, True)
    """
    rules = ruleset if ruleset is not None else get_variant("five-hundred")
    head = ["Tricks bid", *(_DENOMINATION_WORDS[d] if d is Denomination.NO_TRUMPS
                            else f"{_DENOMINATION_SYMBOLS[d]} {_DENOMINATION_WORDS[d]}"
                            for d in Denomination)]
    rows = []
    for tricks in range(6, 11):
        cells = [f"{tricks} tricks"]
        for d in Denomination:
            call = Call(CallKind.TRICKS, tricks, d)
            value = call.value(rules)
            cells.append(str(value) if tricks > 6 or _six_is_contract(rules)
                         else f"({value})")
        rows.append(cells)
    caption = "The Avondale schedule: what each contract is worth"
    if not _six_is_contract(rules):
        caption += " (six-level calls are not contracts in this game)"
    return _table(caption, head, rows, cls="tc-scoring")


_DENOMINATION_WORDS = {Denomination.SPADES: "spades", Denomination.CLUBS: "clubs",
                       Denomination.DIAMONDS: "diamonds", Denomination.HEARTS: "hearts",
                       Denomination.NO_TRUMPS: "no trumps"}


def special_scores_table(ruleset: Ruleset) -> str:
    """The rest of the scoring: special contracts, the slam, the defenders, the game.

    >>> html = special_scores_table(get_variant("five-hundred"))
    >>> "misère" in html and "250" in html and "10 for each trick" in html
    True
    """
    r = ruleset
    fail = ("its value goes to the other side; nothing is subtracted"
            if r.failed_contract_to_opponents else "the contractors lose its value")
    rows = [["a trick contract made", "its Avondale value (no more for extra tricks)",
             f"{r.defender_trick_points} for each trick they took"],
            ["a trick contract failed", _e(fail),
             f"{r.defender_trick_points} for each trick they took"]]
    if r.slam_value:
        rows.append(["all the tricks (a slam)",
                     f"{r.slam_value} instead of the contract's value, when it is worth less",
                     "nothing (they took no trick)"])
    for call in calls_in_order(r):
        if call.kind is not CallKind.TRICKS and _call_allowed(r, call):
            value = call.value(r)
            rows.append([_e(call_text(call)), f"+{value} if made, −{value} if not"
                         if not r.failed_contract_to_opponents else
                         f"+{value} if made; if not, {value} to the other side",
                         "nothing"])
    head = ["Contract or result", "The contractors score", "The defenders score"]
    return _table(f"{r.name}: special contracts and other scores", head, rows,
                  cls="tc-options")


def _sides_words(ruleset: Ruleset, players: int) -> str:
    if players == 2:
        return f"{PLAYER_NAMES[0]} against {PLAYER_NAMES[1]}"
    if ruleset.partnership is Partnership.ALTERNATE:
        a = [PLAYER_NAMES[s] for s in range(0, players, 2)]
        b = [PLAYER_NAMES[s] for s in range(1, players, 2)]
        return f"{_and(a)} against {_and(b)}"
    if ruleset.partnership is Partnership.THREE_PAIRS:
        return "; ".join(_and([PLAYER_NAMES[s], PLAYER_NAMES[s + 3]]) for s in range(3))
    return _PARTNERSHIP_WORDS[ruleset.partnership]


def _and(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def deal_layout_table(ruleset: Ruleset, players: int | None = None) -> str:
    """Where the cards go: the pack, hands, table piles, dead hand and kitty, and the sides.

    >>> html = deal_layout_table(get_variant("five-hundred-2"))
    >>> "5 piles" in html and "43 cards" in html
    True
    """
    r = ruleset
    n = players if players is not None else r.players[0]
    h = r.max_hand_size(n)
    kitty = r.kitty_size(n)
    rows = [["Players", f"{n}: {_e(_sides_words(r, n))}"],
            ["The pack", f"{r.deck_size} cards: {_e(_PACK_WORDS[r.deck])}"],
            ["Each player's hand", f"{h} cards"]]
    parts = [f"{n} hands of {h}"]
    if r.table_piles:
        rows.append(["Each player's table", f"{r.table_piles} piles of two cards, one face"
                     " down under one face up"])
        parts.append(f"{n} × {2 * r.table_piles} table cards")
    if r.dead_hand:
        rows.append(["Dead hand", f"{h} cards dealt face down and never used"])
        parts.append(f"a dead hand of {h}")
    rows.append(["The kitty", f"{kitty} cards face down; the contractor takes them and then"
                 f" discards {kitty}"])
    parts.append(f"a kitty of {kitty}")
    rows.append(["Check", _e(" + ".join(parts) + f" = {r.deck_size} cards")])
    rows.append(["First to call", "the non-dealer" if n == 2 else "the player on the dealer's left"])
    rows.append(["First to lead", "the contractor" if r.contractor_leads
                 else "the player on the dealer's left"])
    rows.append(["Game", _e(_win_words(r))])
    return _table(f"{r.name}: the deal, with {n} players", ["", "Rule"], rows,
                  cls="tc-options")


def forms_table(rulesets: Sequence[Ruleset] | None = None) -> str:
    """The forms of Five Hundred side by side, one column each, from the rulesets.

    Without ``rulesets``, every Five Hundred variant in the registry.

    >>> html = forms_table()
    >>> "Two-hand Five Hundred" in html and "Québec Five Hundred" in html
    True
    """
    chosen = (list(rulesets) if rulesets is not None
              else [r for r in VARIANTS.values() if r.family == "five-hundred"])

    def misere(r: Ruleset) -> str:
        if r.split_colours:
            return "nullo 150, open nullo 250, hi-lo 350, double nullo 450"
        parts = []
        if r.misere_timing is not MisereTiming.NOT_ALLOWED:
            when = "over a seven" if r.misere_timing is MisereTiming.AFTER_SEVEN else "any time"
            parts.append(f"misère {r.misere_value} ({when})")
        if r.open_misere is not OpenMisere.NOT_ALLOWED:
            when = "any time" if r.open_misere is OpenMisere.ANY_TIME else "after an eight"
            parts.append(f"open misère {r.open_misere_value} ({when})")
        return "; ".join(parts) or "none"

    features: list[tuple[str, list[str]]] = [
        ("Players", [players_text(r) for r in chosen]),
        ("Pack", [f"{r.deck_size} cards" for r in chosen]),
        ("Each player", [f"{r.max_hand_size(r.players[0])} in hand"
                         + (f" + {r.table_piles} table piles" if r.table_piles else "")
                         for r in chosen]),
        ("Kitty", [str(r.kitty_size(r.players[0])) for r in chosen]),
        ("Sides", ["one against one" if r.players == (2,) else
                   _PARTNERSHIP_WORDS[r.partnership] for r in chosen]),
        ("Auction", ["one call each" if r.auction_rounds is AuctionRounds.SINGLE
                     else "until all but one have passed" for r in chosen]),
        ("Six-level calls", ["contracts" if _six_is_contract(r) else
                             "inkles" if r.six_bids is SixBids.INKLES else "not contracts"
                             for r in chosen]),
        ("Losing contracts", [misere(r) for r in chosen]),
        ("Joker at no trumps", [_JOKER_RULE_NAMES[r.joker_rule] + "'s rule" for r in chosen]),
        ("Failed contract", ["value to the other side" if r.failed_contract_to_opponents
                             else "value subtracted" for r in chosen]),
        ("Game", [_win_words(r) for r in chosen]),
        ("Source", [r.source for r in chosen]),
    ]
    head = ["", *(_e(r.name) for r in chosen)]
    rows = [[_e(label), *(_e(v) for v in values)] for label, values in features]
    return _table("The forms of Five Hundred side by side", head, rows, cls="tc-compare")


def five_hundred_options_table(ruleset: Ruleset, *, base: Ruleset | None = None,
                               only_changed: bool = False) -> str:
    """The Five Hundred options: this game's value, four-hand pagat's, and what each means.

    ``base`` is the game to compare with (the four-hand game by default); with
    ``only_changed`` only the options that differ from it are listed.

    >>> html = five_hundred_options_table(get_variant("five-hundred-2"), only_changed=True)
    >>> "table_piles" in html, "joker_rule" in html
    (True, False)
    """
    reference = base if base is not None else get_variant("five-hundred")
    docs = _field_docs()
    rows = []
    for name in FIVE_HUNDRED_OPTION_ORDER:
        value = getattr(ruleset, name)
        other = getattr(reference, name)
        if only_changed and value == other:
            continue
        mine = _e(_value_text(value))
        if value != other:
            mine = f"<strong>{mine}</strong>"
        rows.append([f"<code>{_e(name)}</code>", mine, _e(_value_text(other)),
                     _e(docs.get(name, ""))])
    caption = (f"{ruleset.name}: the options that differ from {reference.name}"
               if only_changed else f"{ruleset.name}: every Five Hundred option")
    if ruleset == reference:
        rows = [[row[0], row[1], row[3]] for row in rows]
        return _table(caption, ["Option", "Value", "What it means"], rows, cls="tc-options")
    head = ["Option", _e(ruleset.name), _e(reference.name), "What it means"]
    return _table(caption, head, rows, cls="tc-options")


@dataclasses.dataclass
class _Step:
    phase: Phase
    seat: int
    action: object
    reason: str
    event: Event


class FiveHundredExample:
    """One seeded deal of Five Hundred, called, exchanged and played out by bots, ready to show.

    ``rules`` is a registry key or a ruleset (for example the four-hand game with options);
    the cards are ``Match(ruleset, players, seed).make_deal(deal)``, so the same arguments give
    the same deal everywhere.  Every call, discard and card keeps the bot's reason.

    >>> example = FiveHundredExample("five-hundred", 4, seed=8)
    >>> str(example.state.contract), example.state.made, example.state.points
    ('8S', True, (20, 240, 20, 240))
    >>> "The score for this deal" in example.score_html()
    True
    """

    def __init__(self, rules: str | Ruleset, players: int, seed: int, *, deal: int = 0,
                 bots: Sequence[Bot] | None = None) -> None:
        self.ruleset = get_variant(rules) if isinstance(rules, str) else rules
        self.players = players
        self.seed = seed
        self.index = deal
        self.match = Match(self.ruleset, players, seed)
        self.state = HandState(self.ruleset, self.match.make_deal(deal))
        self.steps: list[_Step] = []
        chosen = list(bots) if bots is not None else [HeuristicBot()] * players
        while not self.state.is_over:
            seat = self.state.to_act
            assert seat is not None
            phase = self.state.phase
            forced = phase is Phase.PLAYING and len(self.state.legal_plays) == 1
            choice = bot_action(chosen[seat], self.state)
            event = self.state.apply(choice.action)
            reason = ("forced: the only card that may be played" if forced
                      else _pretty_reason(choice.reason, self.ruleset))
            self.steps.append(_Step(phase, seat, choice.action, reason, event))

    # Helpers ----------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """The name shown for ``seat``."""
        return PLAYER_NAMES[seat]

    def _steps(self, phase: Phase) -> list[_Step]:
        return [s for s in self.steps if s.phase is phase]

    def _side_names(self, side: Sequence[int]) -> str:
        return _and([self.name(s) for s in side])

    def _contract_words(self) -> str:
        state = self.state
        call = state.contract
        assert call is not None
        assert state.contractor is not None
        who = self.name(state.contractor)
        side = [s for s in state.contract_side if s != state.contractor]
        value = call.value(self.ruleset)
        if call.kind is CallKind.TRICKS:
            trumps = (f"{call.trump.symbol} {_SUIT_WORDS[call.trump]} as trumps"
                      if call.trump is not None else "no trumps")
            if self.ruleset.partnership is Partnership.CALLED:
                team = f"{who}, with the partner {who} is about to call,"
            else:
                team = _and([who, *(self.name(s) for s in side)]) if side else who
            return (f"{who} wins the auction with {call_text(call, self.ruleset)}, worth {value}:"
                    f" {team} must take at least {call.tricks} of the {state.hand_size} tricks,"
                    f" with {trumps}.")
        sitting = [self.name(s) for s in range(self.players) if s not in state.active]
        goal = {CallKind.HI_LO: f"{who} must take exactly five tricks",
                CallKind.DOUBLE_NULLO: f"{_and([who, *(self.name(s) for s in side)])} must"
                " both lose every trick"}.get(call.kind, f"{who} must lose every trick")
        text = (f"{who} wins the auction with {call_text(call)}, worth {value}: {goal},"
                " at no trumps.")
        if sitting:
            text += f" {_and(sitting)} {'sits' if len(sitting) == 1 else 'sit'} out."
        if call.kind in (CallKind.OPEN_MISERE, CallKind.OPEN_NULLO):
            text += f" After the first trick {who} plays with the hand face up."
        return text

    # Parts ------------------------------------------------------------------------------------

    def deal_html(self) -> str:
        """Who deals, the sides, every hand, the table piles, dead hand and kitty."""
        deal = self.state.deal
        r = self.ruleset
        n = self.players
        eldest = self.name(deal.eldest)
        intro = (f"<p>{_e(r.name)}, {n} players, seed {self.seed}, deal {self.index + 1}:"
                 f" {_count(deal.hand_size, 'card')} each. {self.name(deal.dealer)} deals;"
                 f" {eldest}, " + ("the non-dealer" if n == 2 else "on the dealer's left")
                 + f", calls first. Sides: {_e(_sides_words(r, n))}.</p>")
        rows = []
        for seat in range(n):
            role = " (dealer)" if seat == deal.dealer else ""
            rows.append([_e(self.name(seat) + role), cards_row(deal.hand(seat))])
        if deal.dead:
            rows.append(["Dead hand (never used)", cards_row(deal.dead)])
        rows.append(["Kitty (face down)", cards_row(deal.kitty)])
        table = _table("The hands as dealt", ["Player", "Cards"], rows, cls="tc-hands")
        piles = self.table_html() if deal.table else ""
        return f'<div class="tc-example">{intro}{table}{piles}</div>'

    def table_html(self) -> str:
        """Two-hand: each player's table piles as dealt (face-up card over face-down card)."""
        deal = self.state.deal
        rows = []
        for seat, seat_piles in enumerate(deal.table):
            rows.append([_e(f"{self.name(seat)}: face up"),
                         *(card_html(up) for _down, up in seat_piles)])
            rows.append([_e(f"{self.name(seat)}: face down, underneath"),
                         *(card_html(down) for down, _up in seat_piles)])
        count = len(deal.table[0]) if deal.table else 0
        head = ["Table piles", *(f"Pile {i + 1}" for i in range(count))]
        return _table("The table piles as dealt (the face-down cards are shown here, but"
                      " nobody sees them until they are turned up)", head, rows,
                      cls="tc-hands")

    def auction_html(self) -> str:
        """The calls in order, with each bot's reason, and the contract."""
        rows = []
        for step in self._steps(Phase.BIDDING):
            assert isinstance(step.action, Call)
            rows.append([_e(self.name(step.seat)), _e(call_text(step.action, self.ruleset)),
                         _e(step.reason)])
        table = _table("The auction, call by call, with the bot's reasoning",
                       ["Player", "Call", "Why (the bot's reason)"], rows, cls="tc-bids")
        state = self.state
        if state.contract is None:
            after = ("<p>Nobody made a contract, so nobody takes the kitty and the cards are"
                     " thrown in" + (": the hand is played at no trumps for 10 points a trick."
                                     if state.tricks else ".") + "</p>")
        else:
            after = f"<p>{_e(self._contract_words())}</p>"
        return f'<div class="tc-example">{table}{after}</div>'

    def exchange_html(self) -> str:
        """The kitty and discards, the partner call (five-hand) and the joker's suit."""
        state = self.state
        if state.contract is None or state.contractor is None:
            return ""
        who = self.name(state.contractor)
        parts = [f"<p>{who} picks up the kitty, {cards_row(state.kitty)}, without showing it.</p>"]
        for step in self._steps(Phase.DISCARD):
            assert isinstance(step.action, list | tuple)
            cards = [c for c in step.action if isinstance(c, Card)]
            if step.seat == state.contractor:
                doing = f"{who} discards {cards_row(cards)} face down"
            else:
                doing = (f"{self.name(step.seat)}, handed those cards as well, keeps what"
                         f" suits the contract and discards {cards_row(cards)}")
            parts.append(f"<p>{doing}. <em>Why:</em> {_e(step.reason)}.</p>")
        for step in self._steps(Phase.CALL):
            if step.action is None:
                parts.append(f"<p>{who} names no card and plays alone. <em>Why:</em>"
                             f" {_e(step.reason)}.</p>")
            else:
                assert isinstance(step.action, Card)
                holder = state.partner
                found = (f"{self.name(holder)} holds it and is {who}'s partner for this deal,"
                         f" though nobody knows that until {card_html(step.action)} is played"
                         if holder is not None else
                         "nobody holds it (it is in the discards), so nobody becomes partner")
                parts.append(f"<p>{who} names {card_html(step.action)} to call a partner:"
                             f" {found}. <em>Why:</em> {_e(step.reason)}.</p>")
        for step in self._steps(Phase.JOKER):
            named = (f"names {step.action.symbol} {_SUIT_WORDS[step.action]} for the joker, so it"
                     f" is the highest {_SUIT_WORDS[step.action].rstrip('s')} for this deal"
                     if isinstance(step.action, Suit) else
                     "names no suit for the joker, which stays a card of no suit")
            parts.append(f"<p>{who} {named}. <em>Why:</em> {_e(step.reason)}.</p>")
        rows = []
        for seat in state.active:
            rows.append([_e(self.name(seat)), cards_row(self._in_play_order(
                self._hand_at_play(seat)), sort=False)])
        order = ("trumps first, best to worst" if state.trump is not None
                 else "each suit from its best card down")
        table = _table(f"The hands at the first lead ({order})", ["Player", "Cards"], rows,
                       cls="tc-hands")
        return f'<div class="tc-example">{"".join(parts)}{table}</div>'

    def _in_play_order(self, cards: Iterable[Card]) -> list[Card]:
        """Cards as they rank in this deal: trumps (bowers and joker included) first."""
        ctx = self.state.context

        def key(card: Card) -> tuple[int, int]:
            suit = ctx.suit_of(card)
            if ctx.is_trump(card) or suit is None:
                return (0, -ctx.power[card.index] - (1000 if card.is_joker else 0))
            return (1 + _ROW_ORDER.index(suit), -ctx.power[card.index])

        return sorted(cards, key=key)

    def _hand_at_play(self, seat: int) -> list[Card]:
        held = list(self.state.hand(seat))
        for step in self.steps:
            if step.phase is Phase.PLAYING and step.seat == seat:
                event = step.event
                if isinstance(event, CardPlayed) and event.source == HAND:
                    held.append(event.card)
        return held

    def _plays(self) -> list[list[_Step]]:
        tricks: list[list[_Step]] = []
        current: list[_Step] = []
        done = 0
        for step in self.steps:
            if step.phase is not Phase.PLAYING:
                continue
            current.append(step)
            finished = len(self.state.tricks) > done and len(current) == len(
                self.state.tricks[done].cards)
            if finished:
                tricks.append(current)
                current = []
                done += 1
        return tricks

    def _uncovered(self, step: _Step) -> Card | None:
        event = step.event
        if not isinstance(event, CardPlayed) or event.source != TABLE:
            return None
        for down, up in self.state.deal.table[step.seat]:
            if up == event.card:
                return down
        return None

    def _trick_reason(self, trick: Trick) -> str:
        jokers = [c for c in trick.cards if c.is_joker]
        if len(jokers) == 2 and trick.winner is not None:
            return "the higher joker beats the lower one and every other card"
        return trick.reason

    def tricks_html(self, first: int = 0, count: int = 3) -> str:
        """Tricks ``first`` to ``first + count - 1`` (0-based) card by card, with reasons."""
        two_hand = bool(self.ruleset.table_piles)
        parts = []
        for number, (trick, steps) in enumerate(zip(self.state.tricks, self._plays(),
                                                    strict=True)):
            if not first <= number < first + count:
                continue
            rows = []
            uncovered = []
            for step in steps:
                event = step.event
                assert isinstance(event, CardPlayed)
                shown = card_html(event.card)
                if event.joker_suit is not None:
                    shown += f" calling for {_SUIT_WORDS[event.joker_suit]}"
                row = [_e(self.name(step.seat))]
                if two_hand:
                    row.append("table" if event.source == TABLE else "hand")
                rows.append([*row, shown, _e(step.reason)])
                down = self._uncovered(step)
                if down is not None:
                    uncovered.append(f"{self.name(step.seat)}'s {card_html(down)}")
            head = ["Player", *(["From"] if two_hand else []), "Card", "Why (the bot's reason)"]
            caption = f"Trick {number + 1}: {self.name(trick.leader)} leads"
            table = _table(caption, head, rows, cls="tc-trick")
            assert trick.winner is not None
            won = (f'<p class="tc-won">{_e(self.name(trick.winner))} wins the trick:'
                   f" {_e(self._trick_reason(trick))}.")
            if uncovered:
                won += " Turned face up for the next trick: " + ", ".join(uncovered) + "."
            parts.append(table + won + "</p>")
        return '<div class="tc-example">' + "".join(parts) + "</div>"

    def rest_html(self, after: int = 3) -> str:
        """The tricks after the first ``after``, one line each."""
        rows = []
        for number, (trick, steps) in enumerate(zip(self.state.tricks, self._plays(),
                                                    strict=True)):
            if number < after:
                continue
            played = []
            for step in steps:
                event = step.event
                assert isinstance(event, CardPlayed)
                where = " (table)" if event.source == TABLE else ""
                called = (f" calling for {_SUIT_WORDS[event.joker_suit]}"
                          if event.joker_suit is not None else "")
                played.append(f'<span class="tc-play">{_e(self.name(step.seat))}{where}'
                              f" {card_html(event.card)}{called}</span>")
            assert trick.winner is not None
            rows.append([str(number + 1), _e(self.name(trick.leader)), " ".join(played),
                         _e(self.name(trick.winner)), _e(self._trick_reason(trick))])
        if not rows:
            return ""
        head = ["Trick", "Led by", "Cards in the order played", "Won by", "Why"]
        return _table("The remaining tricks", head, rows, cls="tc-rest")

    def _score_sentence(self) -> str:
        state = self.state
        r = self.ruleset
        call = state.contract
        points = state.points
        assert points is not None
        if call is None or state.contractor is None:
            if state.tricks:
                return "Everyone passed, so the hand was played at no trumps for 10 a trick."
            return "Everyone passed: nobody scores, and the deal passes on."
        team = state.contract_side
        names = self._side_names(team)
        taken = sum(state.tricks_won[s] for s in team)
        value = call.value(r)
        shown = call_text(call, r)
        if call.loses_tricks or call.kind is CallKind.HI_LO:
            players = (names if call.kind is CallKind.DOUBLE_NULLO
                       else self.name(state.contractor))
            if call.kind is CallKind.HI_LO:
                took = state.tricks_won[state.contractor]
                text = (f"{players} took {_count(took, 'trick')}: {shown} is"
                        f" {'made' if state.made else 'lost'}, ")
                text += f"{'worth' if state.made else 'costing'} {value}."
                return text + " The defenders score nothing."
            if state.made:
                text = f"{players} took no trick: {shown} is made,"
                text += f" worth {value}. The defenders score nothing."
            else:
                text = f"{players} took a trick, so {shown} fails and costs {value}."
                if len(state.tricks) < state.hand_size:
                    text += " The deal stops there."
                text += " The defenders score nothing."
            return text
        bidder = self.name(state.contractor)
        text = (f"{bidder} bid {shown} and took {_count(taken, 'trick')}: " if len(team) == 1
                else f"{bidder} bid {shown}, and {names} took {_count(taken, 'trick')}: ")
        share = points[state.contractor]
        if state.made:
            text += "the contract is made"
            if taken == state.hand_size and value < r.slam_value:
                text += (f", and taking every trick is a slam, worth {r.slam_value} instead"
                         f" of {value}")
            who = ("each partner scores" if state.partner is not None
                   else "they score" if len(team) > 1 else f"{names} scores")
            text += f", so {who} {share}."
        elif r.failed_contract_to_opponents:
            text += (f"the contract fails, so its value, {value}, goes to the other side;"
                     " nothing is subtracted.")
        else:
            who = ("each partner loses" if state.partner is not None
                   else "they lose" if len(team) > 1 else f"{names} loses")
            text += f"the contract fails, so {who} {-share}."
        if state.partner is not None and r.called_partner_half:
            text += " With a called partner each of the two wins or loses half the value."
        defending = [side for side in state.sides if side != team]
        if defending:
            each = "; ".join(
                f"{self._side_names(side)} took {sum(state.tricks_won[s] for s in side)}"
                for side in defending)
            text += (f" The defenders score {r.defender_trick_points} for each trick they take:"
                     f" {each}.")
        return text

    def score_html(self, caption: str = "The score for this deal") -> str:
        """Tricks and points for each side, and what they mean."""
        state = self.state
        assert state.points is not None
        team = state.contract_side
        rows = []
        for side in sorted(state.sides, key=lambda side: side != team):
            names = []
            for seat in side:
                note = ""
                if seat == state.contractor:
                    note = " (contractor)"
                elif seat not in state.active:
                    note = " (sat out)"
                elif seat == state.partner:
                    note = " (called partner)"
                names.append(self.name(seat) + note)
            role = ("contractors" if len(side) > 1 else "contractor") if side == team else (
                "defenders" if len(side) > 1 else "defender")
            if state.contract is None:
                role = "no contract"
            tricks = sum(state.tricks_won[s] for s in side)
            each = {state.points[s] for s in side}
            pts = str(state.points[side[0]]) if len(each) == 1 else ", ".join(
                f"{self.name(s)} {state.points[s]}" for s in side)
            rows.append([_e(_and(names)), role, str(tricks), pts])
        head = ["Side", "Role", "Tricks taken", "Points (each)"]
        table = _table(caption, head, rows, cls="tc-score")
        return (f'<div class="tc-example">{table}<p>{self._score_sentence()}</p></div>')

    def html(self, tricks: int = 3) -> str:
        """Everything: the deal, the auction, the exchange, the tricks and the score."""
        return "".join([self.deal_html(), self.auction_html(), self.exchange_html(),
                        self.tricks_html(0, tricks), self.rest_html(tricks), self.score_html()])


def _match_sides(ruleset: Ruleset, players: int) -> list[tuple[int, ...]]:
    if ruleset.partnership is Partnership.ALTERNATE:
        return [tuple(range(0, players, 2)), tuple(range(1, players, 2))]
    if ruleset.partnership is Partnership.THREE_PAIRS:
        return [(0, 3), (1, 4), (2, 5)]
    return [(s,) for s in range(players)]


def game_table(rules: str | Ruleset, players: int, seed: int) -> str:
    """A whole game played by the bots from ``seed``: each deal's contract and the totals.

    >>> html = game_table("five-hundred", 4, seed=1)
    >>> "Ann and Cleo" in html and "win" in html
    True
    """
    ruleset = get_variant(rules) if isinstance(rules, str) else rules
    match = Match(ruleset, players, seed)
    match.play([HeuristicBot()] * players)
    sides = _match_sides(ruleset, players)
    rows = []
    totals = [0] * players
    for number, state in enumerate(match.deals):
        assert state.points is not None
        for seat, p in enumerate(state.points):
            totals[seat] += p
        if state.contract is None or state.contractor is None:
            contract, result = "all passed", ""
        else:
            contract = f"{call_text(state.contract, ruleset)} by {PLAYER_NAMES[state.contractor]}"
            if state.partner is not None:
                contract += f" with {PLAYER_NAMES[state.partner]}"
            taken = sum(state.tricks_won[s] for s in state.contract_side)
            if state.contract.loses_tricks:
                result = "made" if state.made else "failed"
            else:
                result = f"{'made' if state.made else 'failed'} ({taken} tricks)"
        rows.append([str(number + 1), PLAYER_NAMES[state.dealer], _e(contract), result,
                     *(str(totals[side[0]]) for side in sides)])
    head = ["Deal", "Dealer", "Contract", "Result",
            *(_e(_and([PLAYER_NAMES[s] for s in side])) for side in sides)]
    table = _table(f"{ruleset.name}: a whole game by the bots, seed {seed} (running totals)",
                   head, rows, cls="tc-rest")
    return f"{table}<p>{_e(_game_end_words(ruleset, match, sides))}</p>"


def _game_end_words(ruleset: Ruleset, match: Match, sides: Sequence[tuple[int, ...]]) -> str:
    """Who won the game and why, in the terms of the ruleset's win rule."""
    totals = match.totals
    target = ruleset.target
    rule = ruleset.win_rule

    def side_names(side: Sequence[int]) -> str:
        return _and([PLAYER_NAMES[s] for s in side])

    last = match.deals[-1]
    deal = len(match.deals)
    winners = match.winners
    losers = [side for side in sides if totals[side[0]] <= -target
              or (rule is WinRule.WALKER_ULTIMATE and totals[side[0]] >= 2 * target)]
    lost = "; ".join(
        f"{side_names(side)} {'reach' if len(side) > 1 else 'reaches'} {totals[side[0]]},"
        f" which loses" for side in losers)
    if not winners:
        return (f"In deal {deal} {lost}. Every side has lost at once, so nobody wins: the"
                " rules say nothing about this case, and the engine names no winner.")
    names = side_names(winners)
    verb = "win" if len(winners) > 1 else "wins"
    score = totals[winners[0]]
    by_contract = bool(last.made) and all(s in last.contract_side for s in winners)
    reached = (score == target if rule is WinRule.WALKER_ULTIMATE else score >= target)
    if by_contract and reached:
        exactly = "exactly " if rule is WinRule.WALKER_ULTIMATE else ""
        return (f"{names} {verb} by making their contract in deal {deal}, which takes them to"
                f" {exactly}{score}.")
    if losers:
        return f"In deal {deal} {lost}, so {names} {verb}."
    if rule is WinRule.ANY and score >= target:
        return f"{names} {verb} by reaching {score} in deal {deal}."
    return f"The game stops after {deal} deals, the most the engine plays; {names} {verb}."


# The joker at no trumps: the three rules side by side -------------------------------------------

#: A prepared four-hand deal for showing the joker rules (dealer Dev, so Ann calls first).  Ann
#: holds the joker and no spades; Ben will be the contractor and does not hold the joker, so the
#: joker has no suit under every rule.  The kitty is K♥ Q♦ 7♣.
JOKER_DEMO_HANDS: tuple[str, ...] = (
    "JK AH 9H AD KD 6D 5D 4D 6C 5C",
    "AS KS QS JS TS 4H AC KC QC JC",
    "9S 8S 7S 5H 6H 7H 8H 7D 8D TC",
    "6S 5S TH JH QH 9D TD JD 9C 8C",
)
JOKER_DEMO_KITTY = "KH QD 7C"


def _joker_demo_state(rule: JokerRule, calls: Sequence[str], discards: str,
                      plays: Sequence[str]) -> HandState:
    from trickcore.dealing import deal_from_hands
    from trickcore.rules import with_options

    ruleset = with_options(get_variant("five-hundred"), {"joker_rule": rule.value})
    deal = deal_from_hands(ruleset, list(JOKER_DEMO_HANDS), dealer=3, kitty=JOKER_DEMO_KITTY)
    state = HandState(ruleset, deal)
    for call in calls:
        state.apply(Call.parse(call))
    state.apply(parse_cards(discards))
    for card in plays:
        state.apply(Card.parse(card))
    return state


def joker_rules_html(situation: int) -> str:
    """What Ann may play in one prepared situation, under each of the three joker rules.

    The situations (0 to 4) are played out by the engine from :data:`JOKER_DEMO_HANDS`, and the
    legal cards are the engine's own answer under pagat's, Wikipedia's and the New Zealand rule.

    >>> html = joker_rules_html(1)
    >>> html.count("<tr>"), "Wikipedia" in html
    (4, True)
    """
    nt = (["pass", "7NT", "pass", "pass"], "QD 7C 4H")
    misere = (["7D", "misere", "pass", "pass", "pass"], "AS KS QS")
    situations: list[tuple[str, tuple[list[str], str], list[str]]] = [
        ("Ben (7NT) leads A♠ and Ann has no spades", nt, ["AS", "7S", "5S"]),
        ("Ann has already shown she has no spades (she threw a diamond on the first trick), and"
         " Ben leads another spade", nt, ["AS", "7S", "5S", "4D", "KS", "8S", "6S"]),
        ("Hearts are led and Ann still holds hearts", nt,
         ["AS", "7S", "5S", "4D", "KS", "8S", "6S", "5D", "KH", "5H", "QH"]),
        ("Ann won the third trick with the A♥ and leads; spades and hearts have been led", nt,
         ["AS", "7S", "5S", "4D", "KS", "8S", "6S", "5D", "KH", "5H", "QH", "AH"]),
        ("Ben plays misère (Dev sits out); he leads the 10♠ and Ann has no spades", misere,
         ["TS", "7S"]),
    ]
    caption, (calls, discards), plays = situations[situation]
    rows = []
    hand_shown = ""
    for rule in JokerRule:
        state = _joker_demo_state(rule, calls, discards, plays)
        assert state.to_act == 0
        legal = list(state.legal_plays)
        held = list(state.hand(0))
        hand_shown = cards_row(held)
        if len(legal) == len(held):
            text = "any card"
        elif any(c.is_joker for c in legal):
            text = cards_row(legal)
        else:
            text = cards_row(legal) + " (not the joker)"
        if len(legal) == 1 and legal[0].is_joker:
            text = cards_row(legal) + " (she must play the joker)"
        if not state.current.cards:
            names = state.joker_names(Card.parse("JK"))
            if len(names) == len(Suit):
                text += ". Leading the joker, she may call for any suit"
            elif names:
                text += (". Leading the joker, she must call for "
                         + " or ".join(f"{s.symbol} {_SUIT_WORDS[s]}" for s in names))
            else:
                text += ". Leading the joker, she calls for no suit"
        rows.append([_JOKER_RULE_NAMES[rule], text])
    intro = f"<p><strong>Position {situation + 1}.</strong> {_e(caption)}. Ann holds {hand_shown}.</p>"
    table = _table("What Ann may play under each rule", ["Rule", "Ann may play"], rows,
                   cls="tc-options")
    return f'<div class="tc-example">{intro}{table}</div>'
