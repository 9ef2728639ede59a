"""The one-card round of Oh Hell, solved exactly.

Each of ``n`` players (3 to 7) holds one card of a 52-card pack; a card is turned for trumps
(or none: no trumps).  Seat 0, eldest, bids first and leads; the dealer, seat ``n - 1``, bids
last and, with the *hook*, may not make the bids total 1.  With one card each there is nothing
to decide in the play, so the whole round is a bidding problem, and it can be worked exactly.

The model (it is pjt33's, see below):

- Every seat knows its own card, the turned card and the bids before its own.  The other hands
  are uniformly random given that.
- Nobody bluffs: every seat bids to maximise its own expected score for this deal, and every
  seat knows that the seats before it did the same.  So a bid is information: a seat that bid 1
  holds a card on which the rule for its position says "bid 1".  Seat ``i`` works out its chance
  of winning *conditioned on every earlier seat's card being consistent with its bid* under the
  earlier seats' (already computed) rules.  Bids after yours cannot change your chance: the
  cards are dealt and the play is forced.
- A hooked dealer whose best bid is forbidden bids the other one; that forced bid carries no
  information, and nobody bids after the dealer anyway.
- Scores: ``common`` is tricks + 10 for an exact bid, ``simple`` is 10 + tricks for an exact bid
  and nothing otherwise.  A seat bids 1 only when that is strictly better (ties bid 0).  Under
  ``common`` that is "bid 1 iff P(win) > 1/2"; under ``simple`` "iff P(win) > 10/21".

Everything is exact (:class:`fractions.Fraction`).  The counts use the Möbius inversion on set
partitions: the number of ways to give seats distinct cards, each from its own allowed set, is
``Σ over set partitions π of the seats of Π over blocks B of (-1)^(|B|-1) (|B|-1)! |∩_{j∈B} A_j|``,
summed by a subset recursion (3^k terms for k constrained seats).

The chance that the card led by eldest wins depends only on ``k``, how many unseen cards beat
it; for ``n`` players and 50 unseen cards it is ``(50-k)!/(50-k-(n-1))! / (50!/(50-(n-1))!)``:

>>> [f"{float(p):.2f}" for p in leader_win_by_beaters(4)[:4]]
['1.00', '0.94', '0.88', '0.83']
>>> f"{float(leader_win_by_beaters(4)[10]):.3f}"   # pjt33: n=4, k=10 gives 0.504
'0.504'

pjt33 (github.com/pjt33/oh_hell_analysis) published a table of this chance, the lowest trump to
bid 1 on for every bid sequence, and each seat's expected score.  The tests check all of them;
see :func:`analyse_one_card` for where the model here and pjt33's differ.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from trickcore.cards import Card, Rank, Suit, cards_of
from trickcore.errors import TrickcoreError
from trickcore.i18n import _
from trickcore.rules import Scoring
from trickcore.rules.scoring import scheme_rule

__all__ = [
    "PACK_MASK",
    "RANKS",
    "SCHEMES",
    "BidRule",
    "OneCardAnalysis",
    "analyse_one_card",
    "beaters",
    "format_analysis",
    "injective",
    "leader_win_by_beaters",
    "score",
]

SCHEMES = ("common", "simple")
#: The thirteen ranks of the 52-card pack, low to high; the pack as a card mask.
RANKS = (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT,
          Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
PACK_MASK = sum(1 << (s * 16 + r) for s in range(4) for r in RANKS)


def score(scheme: str, bid: int, tricks: int) -> int:
    """A one-card bid's score under a scheme.

    >>> score("common", 0, 1), score("common", 1, 1), score("simple", 0, 1), score("simple", 0, 0)
    (1, 11, 0, 10)
    """
    if scheme in SCHEMES:  # the numbers of the named scheme (trickcore.rules.scoring)
        return scheme_rule(Scoring(scheme)).points(bid=bid, tricks=tricks, hand_size=1)
    raise TrickcoreError(_("unknown scoring scheme {scheme!r}: expected one of {value}").format(
                             scheme=scheme, value=', '.join(SCHEMES)))


def _falling(n: int, k: int) -> int:
    return math.perm(n, k) if 0 <= k <= n else 0


def leader_win_by_beaters(players: int, unseen: int = 50) -> list[Fraction]:
    """Chance that eldest's card wins, by ``k`` = the number of unseen cards that beat it.

    ``unseen`` is the number of cards eldest cannot see (50 with a turned card, 51 without).

    >>> leader_win_by_beaters(3)[:3]
    [Fraction(1, 1), Fraction(24, 25), Fraction(1128, 1225)]
    """
    total = _falling(unseen, players - 1)
    return [Fraction(_falling(unseen - k, players - 1), total)
            for k in range(unseen - players + 2)]


def injective(sets: Sequence[int], heavy: int = 0, extra: int = 0) -> int:
    """Ways to give each seat a different card from its own set (sets are card masks).

    With ``extra``, the first seat's cards in the mask ``heavy`` count ``1 + extra`` times
    (a weighted count, for pjt33's model).

    >>> injective([0b011, 0b011, 0b111])
    2
    """
    k = len(sets)
    if k == 0:
        return 1
    full = (1 << k) - 1
    weight = [0] * (full + 1)
    inter = [0] * (full + 1)
    inter[0] = -1
    for subset in range(1, full + 1):
        low = subset & -subset
        j = low.bit_length() - 1
        inter[subset] = inter[subset ^ low] & sets[j]
        size = inter[subset].bit_count()
        if extra and subset & 1:
            size += extra * (inter[subset] & heavy).bit_count()
        b = subset.bit_count()
        weight[subset] = (-1) ** (b - 1) * math.factorial(b - 1) * size
    f = [0] * (full + 1)
    f[0] = 1
    for subset in range(1, full + 1):
        low = subset & -subset
        rest = subset ^ low
        total = 0
        sub = rest
        while True:
            block = sub | low
            w = weight[block]
            if w:
                total += w * f[subset ^ block]
            if sub == 0:
                break
            sub = (sub - 1) & rest
        f[subset] = total
    return f[full]


@dataclasses.dataclass(frozen=True)
class BidRule:
    """What one seat bids after one sequence of earlier bids.

    ``one``: the cards on which the seat bids 1 by choice (before the hook);
    ``win``: the chance of winning holding each card (conditioned on the earlier bids), for one
    representative card per kind (every trump; each rank of one side suit);
    ``forbidden``: the bid the hook forbids this seat (dealer only), if any;
    ``possible``: False when no deal produces these earlier bids under the rules.
    """

    seat: int
    previous: tuple[int, ...]
    possible: bool
    one: frozenset[Card]
    win: dict[Card, Fraction]
    forbidden: int | None

    def bid(self, card: Card) -> int:
        """The bid made holding ``card`` (the hook applied)."""
        want = 1 if card in self.one else 0
        if want == self.forbidden:
            return 1 - want
        return want

    def lowest_trump(self, trump: Suit | None) -> Card | None:
        """The lowest trump on which the seat bids 1 by choice (``None``: none)."""
        cards = [c for c in self.one if c.suit == trump]
        return min(cards, key=lambda c: c.index) if cards else None


@dataclasses.dataclass(frozen=True)
class OneCardAnalysis:
    """The one-card round for one player count, turned card, scheme and hook rule."""

    players: int
    turn_up: Card | None
    hook: bool
    scheme: str
    leader_by_beaters: list[Fraction]
    blind: list[dict[Card, Fraction]]
    """Per seat: the chance of winning holding each representative card, before any bid."""
    rules: dict[tuple[int, ...], BidRule]
    """Per sequence of earlier bids (its length is the seat): that seat's rule."""
    expected: list[Fraction]
    """Each seat's expected score under these rules."""
    made: list[Fraction]
    """Each seat's chance of making its bid."""

    @property
    def trump(self) -> Suit | None:
        """The trump suit (the turned card's suit), or ``None``."""
        return None if self.turn_up is None else self.turn_up.suit

    def rule(self, previous: Sequence[int]) -> BidRule:
        """The rule of seat ``len(previous)`` after ``previous`` bids."""
        key = tuple(previous)
        if key not in self.rules:
            raise TrickcoreError(_("no rule for bids {key} with {players} players").format(
                                     key=list(key), players=self.players))
        return self.rules[key]

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready summary (fractions as ``"p/q"`` strings beside floats)."""
        def frac(x: Fraction) -> dict[str, Any]:
            return {"exact": f"{x.numerator}/{x.denominator}", "value": round(float(x), 6)}

        trump = self.trump
        return {
            "players": self.players,
            "turn_up": None if self.turn_up is None else self.turn_up.code,
            "trump": None if trump is None else trump.letter,
            "hook": self.hook,
            "scheme": self.scheme,
            "leader_win_by_beaters": [{"beaters": k, **frac(p)}
                                      for k, p in enumerate(self.leader_by_beaters)],
            "blind_win": [{"seat": s, "cards": {c.code: frac(p) for c, p in seat.items()}}
                          for s, seat in enumerate(self.blind)],
            "bids": [
                {
                    "seat": r.seat,
                    "previous": list(r.previous),
                    "possible": r.possible,
                    "bid_one_with": [c.code for c in sorted(r.one, key=_card_order)
                                     if c in r.win],
                    "lowest_trump": (None if (low := r.lowest_trump(trump)) is None
                                     else low.code),
                    "forbidden": r.forbidden,
                    "win": {c.code: frac(p) for c, p in r.win.items()} if r.possible else {},
                }
                for r in self.rules.values()
            ],
            "expected_scores": [frac(x) for x in self.expected],
            "made": [frac(x) for x in self.made],
        }


def _cards(mask: int) -> list[Card]:
    return cards_of(mask)


def _card_order(card: Card) -> tuple[int, int]:
    return (card.index >> 4, -card.index)


def beaters(card: Card, trump: Suit | None) -> int:
    """Mask of the cards that beat ``card`` when it is led (the turned card is left in).

    >>> king = Card.of(Rank.KING, Suit.SPADES)
    >>> beaters(king, None).bit_count(), beaters(king, Suit.HEARTS).bit_count()
    (1, 14)
    """
    assert card.suit is not None
    assert card.rank is not None
    higher = sum(1 << (int(card.suit) * 16 + r) for r in RANKS if r > card.rank)
    if trump is not None and card.suit != trump:
        higher |= sum(1 << (int(trump) * 16 + r) for r in RANKS)
    return higher


@functools.cache
def analyse_one_card(players: int, turn_up: Card | str | None = "AS", *, hook: bool = True,
                     scheme: str = "common", pjt33: bool = False) -> OneCardAnalysis:
    """Work out the one-card round exactly (see the module docstring for the model).

    ``turn_up`` is the turned card (its suit is trumps), or ``None`` for no trumps and the
    whole pack dealt from.  Results are cached.

    >>> a = analyse_one_card(3)
    >>> [c.code for c in sorted(a.rule(()).one, key=lambda c: -c.index) if c.suit.letter == "H"]
    ['AH', 'KH', 'QH']
    >>> [f"{float(x):.2f}" for x in a.expected]
    ['7.03', '9.19', '4.46']
    >>> [f"{float(x):.2f}" for x in analyse_one_card(3, pjt33=True).expected]
    ['7.58', '9.30', '3.69']

    Three players: eldest bids 1 on any trump or a side queen or better (pjt33's "q").  With
    ``pjt33=True`` the module reproduces pjt33's published model: it ranks eldest's possible
    cards on one line (twelve trumps, then thirteen ranks of the suit led) and takes each of
    those 25 as equally likely, so a trump weighs as much as three side cards of one rank and
    eldest's bid of 0 reads as more likely to hide a trump than it is.  Counting real cards,
    eldest expects 7.03, not 7.58, and the dealer 4.46, not 3.69.  For five to seven players
    pjt33's program also drops a few deals from its averages, so some of his published figures
    differ in the second decimal: :mod:`trickcore.study.onecard_published` shows both.
    """
    if isinstance(turn_up, str):
        turn_up = Card.parse(turn_up)
    if turn_up is not None and turn_up.is_joker:
        raise TrickcoreError(_("the turned card must not be a joker"))
    if turn_up is not None and turn_up.rank not in RANKS:
        raise TrickcoreError(_("{turn_up} is not in the 52-card pack").format(turn_up=turn_up))
    if not 3 <= players <= 7:
        raise TrickcoreError(_("the one-card analysis is for 3 to 7 players, not {players}").format(
                                 players=players))
    if scheme not in SCHEMES:
        raise TrickcoreError(_("unknown scoring scheme {scheme!r}: expected one of {value}").format(
                                 scheme=scheme, value=', '.join(SCHEMES)))
    if pjt33 and turn_up is None:
        raise TrickcoreError(_("pjt33's model needs a turned card"))
    trump = None if turn_up is None else turn_up.suit
    universe = PACK_MASK & ~(0 if turn_up is None else turn_up.bit)
    unseen = universe.bit_count() - 1
    side = [s for s in Suit if s != trump]
    # one representative card per kind: every trump, and each rank of the first side suit
    reps: list[Card] = []
    if trump is not None:
        reps += [Card.of(r, trump) for r in reversed(RANKS) if universe >> (trump * 16 + r) & 1]
    reps += [Card.of(r, side[0]) for r in reversed(RANKS)]
    images: dict[Card, list[Card]] = {}
    for card in reps:
        if card.suit == trump:
            images[card] = [card]
        else:
            assert card.rank is not None
            images[card] = [Card.of(card.rank, s) for s in side]

    beats = {card: beaters(card, trump) & universe for card in reps}
    # pjt33's model: eldest's card is uniform over 25 kinds (12 trumps, 13 ranks of the suit
    # led), so each trump weighs as much as three side cards of one rank together
    heavy = 0 if trump is None else (sum(1 << (int(trump) * 16 + r) for r in RANKS)
                                     & universe)
    extra = 2 if pjt33 else 0

    def eldest_weight(card: Card) -> int:
        return 1 + extra if card.bit & heavy else 1

    suit_mask = [sum(1 << (s * 16 + r) for r in RANKS) & universe for s in range(4)]

    def counts(seat: int, card: Card, allowed: Sequence[int]) -> tuple[int, int]:
        """(deals consistent with the earlier seats' sets, those in which ``card`` wins),
        counting the other seats' cards."""
        others = universe & ~card.bit
        k = len(allowed)
        later = players - 1 - k
        sets = [a & others for a in allowed]
        n_all = injective(sets, heavy, extra) * _falling(others.bit_count() - k, later)
        assert card.suit is not None
        if trump is not None and card.suit == trump:
            ok = others & ~beats[card]
            win_sets = [a & ok for a in sets]
        else:
            # a side card (or any card at no trump) wins only in the suit led
            ok = others & ~beats[card]
            win_sets = [a & ok for a in sets]
            if seat > 0:
                lower = suit_mask[card.suit] & ~beats[card] & ~card.bit
                win_sets[0] &= lower
        n_win = injective(win_sets, heavy, extra) * _falling(ok.bit_count() - k, later)
        return n_all, n_win

    total_deals = (sum(eldest_weight(c) for c in _cards(universe))
                   * _falling(universe.bit_count() - 1, players - 1))
    rules: dict[tuple[int, ...], BidRule] = {}
    expected = [Fraction(0)] * players
    made = [Fraction(0)] * players
    # allowed[h] = the earlier seats' card sets for bid sequence h
    frontier: dict[tuple[int, ...], list[int]] = {(): []}
    for seat in range(players):
        nxt: dict[tuple[int, ...], list[int]] = {}
        for previous, allowed in frontier.items():
            forbidden = None
            if hook and seat == players - 1:
                f = 1 - sum(previous)
                forbidden = f if f in (0, 1) else None
            win: dict[Card, Fraction] = {}
            one: set[Card] = set()
            possible = False
            score_sum = Fraction(0)
            made_sum = 0
            for card in reps:
                n_all, n_win = counts(seat, card, allowed)
                if n_all == 0:
                    continue
                possible = True
                p = Fraction(n_win, n_all)
                win[card] = p
                gain1 = p * score(scheme, 1, 1) + (1 - p) * score(scheme, 1, 0)
                gain0 = p * score(scheme, 0, 1) + (1 - p) * score(scheme, 0, 0)
                want = 1 if gain1 > gain0 else 0
                if want:
                    one.update(images[card])
                bid = 1 - want if want == forbidden else want
                weight = len(images[card]) * (eldest_weight(card) if seat == 0 else 1)
                s1 = score(scheme, bid, 1)
                s0 = score(scheme, bid, 0)
                score_sum += weight * (n_win * s1 + (n_all - n_win) * s0)
                made_sum += weight * (n_win if bid == 1 else n_all - n_win)
            expected[seat] += score_sum / total_deals
            made[seat] += Fraction(made_sum, total_deals)
            rules[previous] = BidRule(seat, previous, possible, frozenset(one), win, forbidden)
            if seat < players - 1:
                one_mask = sum(c.bit for c in one)
                nxt[(*previous, 1)] = [*allowed, one_mask & universe]
                nxt[(*previous, 0)] = [*allowed, universe & ~one_mask]
        frontier = nxt
    blind = []
    for seat in range(players):
        row = {}
        for card in reps:
            n_all, n_win = counts(seat, card, [universe] * seat)
            row[card] = Fraction(n_win, n_all)
        blind.append(row)
    return OneCardAnalysis(players, turn_up, hook, scheme, leader_win_by_beaters(players, unseen),
                           blind, rules, expected, made)


def format_analysis(analysis: OneCardAnalysis) -> str:
    """The analysis as readable text tables.

    >>> print(format_analysis(analyse_one_card(3)).splitlines()[0])
    One-card Oh Hell, 3 players, trumps ♠ (A♠ turned), with the hook, common scoring
    """
    a = analysis
    trump = a.trump
    head = (f"One-card Oh Hell, {a.players} players, "
            + (f"trumps {trump.symbol} ({a.turn_up.symbol} turned)" if trump is not None
               and a.turn_up is not None else "no trumps")
            + (", with the hook" if a.hook else ", no hook") + f", {a.scheme} scoring")
    lines = [head, ""]
    lines.append("Chance that eldest's card wins, by k = unseen cards that beat it:")
    ks = a.leader_by_beaters
    lines.append("  k  " + " ".join(f"{k:>5}" for k in range(min(len(ks), 26))))
    lines.append("  p  " + " ".join(f"{float(p):5.3f}" for p in ks[:26]))
    lines.append("")
    reps = list(a.blind[0])
    lines.append("Chance of winning by seat (0 = eldest) before any bid, per card held:")
    lines.append("  card " + " ".join(f"{'seat ' + str(s):>7}" for s in range(a.players)))
    for card in reps:
        lines.append(f"  {card.symbol:>4} " + " ".join(f"{float(a.blind[s][card]):7.3f}"
                                                    for s in range(a.players)))
    lines.append("")
    lines.append("Bid 1 holding (by choice; lowest trump, and side cards if any), after the bids"
                 " before:")
    for previous, rule in a.rules.items():
        label = "(" + ", ".join(str(b) for b in previous) + ")"
        if not rule.possible:
            lines.append(f"  seat {rule.seat} after {label:<20} impossible")
            continue
        low = rule.lowest_trump(trump)
        side = sorted((c for c in rule.one if c.suit != trump and c in rule.win),
                      key=lambda c: -c.index)
        parts = []
        if low is not None:
            parts.append(f"{low.symbol} or a higher trump")
        if side:
            rank = min(side, key=lambda c: c.index).symbol[:-1]
            where = "side suit" if trump is not None else "suit"
            parts.append(f"a {rank} or higher of any {where}")
        what = "; ".join(parts) if parts else "never"
        hook = f"  (hook forbids {rule.forbidden})" if rule.forbidden is not None else ""
        lines.append(f"  seat {rule.seat} after {label:<20} {what}{hook}")
    lines.append("")
    lines.append("Expected score by seat (eldest first, dealer last) and chance of making the"
                 " bid:")
    lines.append("  " + " ".join(f"{float(x):7.3f}" for x in a.expected))
    lines.append("  " + " ".join(f"{float(x):7.3f}" for x in a.made))
    return "\n".join(lines)
