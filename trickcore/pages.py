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

import ast
import dataclasses
import enum
import html
import inspect
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TypeVar

from trickcore import rules as _rules_module
from trickcore.bots import HeuristicBot
from trickcore.cards import JOKER, Card, Rank, Suit, parse_cards
from trickcore.describe import rule_lines
from trickcore.display import card_html
from trickcore.match import Bot, Match, bot_action
from trickcore.rules import (
    BiddingKind,
    FirstDealer,
    GameEnd,
    Ruleset,
    Schedule,
    Scoring,
    Stakes,
    TrumpMethod,
    option_names,
)
from trickcore.scoring import exact_bid_points
from trickcore.state import HandState, Trick
from trickcore.trumps import TrumpContext
from trickcore.variants import VARIANTS, get_variant

__all__ = [
    "FIVE_HUNDRED_PACKS",
    "PACK_52",
    "PLAYER_NAMES",
    "TIMELINE",
    "WorkedExample",
    "cards_row",
    "comparison_table",
    "explain_trick",
    "game_length_table",
    "options_table",
    "pack_table",
    "players_text",
    "points_comparison_table",
    "registry_table",
    "rules_list",
    "schedule_table",
    "scoring_table",
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
    """The one-line meaning of each :class:`Ruleset` field, read from its docstring in source."""
    try:
        source = inspect.getsource(_rules_module)
    except (OSError, TypeError):  # pragma: no cover - no source (frozen builds)
        return {}
    docs: dict[str, str] = {}
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ClassDef) and node.name == "Ruleset":
            body = node.body
            for first, second in itertools.pairwise(body):
                if (isinstance(first, ast.AnnAssign) and isinstance(first.target, ast.Name)
                        and isinstance(second, ast.Expr)
                        and isinstance(second.value, ast.Constant)
                        and isinstance(second.value.value, str)):
                    text = " ".join(second.value.value.split())
                    docs[first.target.id] = text.replace("``", "")
    return docs


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
_BIG_RANKS = (Rank.THIRTEEN, Rank.TWELVE, Rank.ELEVEN)


def _suit_cards(suit: Suit, lowest: Rank, extra: Sequence[Rank] = ()) -> list[Card]:
    ranks = [r for r in _STANDARD_RANKS if r >= lowest] + list(extra)
    return [Card.of(r, suit) for r in ranks]


def _standard(lowest: Rank) -> list[Card]:
    return [c for s in _ROW_ORDER for c in _suit_cards(s, lowest)]


#: The standard 52-card pack, one suit after another, highest card first.
PACK_52: tuple[Card, ...] = tuple(_standard(Rank.TWO))

#: The Five Hundred packs described in the book (RULES.md 3.1), as lists of cards.  These are
#: descriptions for the Foundations chapter; the Five Hundred engine defines its own decks.
FIVE_HUNDRED_PACKS: dict[str, list[Card]] = {
    "43-card pack (four players, Australian standard)": [
        *_suit_cards(Suit.SPADES, Rank.FIVE), *_suit_cards(Suit.HEARTS, Rank.FOUR),
        *_suit_cards(Suit.CLUBS, Rank.FIVE), *_suit_cards(Suit.DIAMONDS, Rank.FOUR), JOKER],
    "45-card pack (four players, American)": [*_standard(Rank.FOUR), JOKER],
    "33-card pack (three players)": [*_standard(Rank.SEVEN), JOKER],
    "53-card pack (five players)": [*_standard(Rank.TWO), JOKER],
    "63-card pack (six players)": [
        *_suit_cards(Suit.SPADES, Rank.TWO, (Rank.TWELVE, Rank.ELEVEN)),
        *_suit_cards(Suit.HEARTS, Rank.TWO, _BIG_RANKS),
        *_suit_cards(Suit.CLUBS, Rank.TWO, (Rank.TWELVE, Rank.ELEVEN)),
        *_suit_cards(Suit.DIAMONDS, Rank.TWO, _BIG_RANKS), JOKER],
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
