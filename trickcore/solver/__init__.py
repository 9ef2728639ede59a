"""An exact perfect-information ("double-dummy") solver for trick-taking positions.

Every hand is open.  One *side* (one seat, or a partnership) tries to take as many of the
remaining tricks as it can; every other seat plays against it, as one coalition.  That is exact
for two players (Humbug) and for two partnerships (bridge-shaped deals, four-hand Five Hundred);
for Oh Hell it answers "how many tricks can this seat be sure of if everyone else plays to stop
it", which is the right question for a seat that needs tricks, but not a model of n selfish
players.

>>> from trickcore.cards import Suit, mask_of, parse_cards
>>> hands = [mask_of(parse_cards(h)) for h in ("AS KS", "QS 2H", "3S 4H")]
>>> result = solve(Position(hands, trump=Suit.HEARTS, leader=0))
>>> result.tricks, [c.code for c in result.best_cards]
(1, ['AS', 'KS'])

Seat 0 makes one trick: the second spade is ruffed by seat 1 and overruffed by seat 2, who
are one coalition.

How it works.  Cards are renumbered inside the solver so that each suit (the *effective* suit:
Five Hundred's left bower and joker belong to trumps) is a block of 32 bits, ordered by power.
When a trick ends its cards are squeezed out of their blocks, so a hand is always written in
*relative* ranks: positions that differ only in which small cards have gone are one position.
The search is a zero-window alpha-beta ("can the side take at least *t* tricks?"), started at
the count of a quick greedy play-out and stepped one trick at a time to the exact value
(MTD(f)), with

- a transposition table at the start of every trick, holding a lower and an upper bound on the
  side's tricks and the best lead found (it is a cache: past ten million positions it is
  emptied and refilled).  Two hands key it by the leader and the relative-rank hands; the
  general search keys it by the cards the answer rested on (partition search, as in DDS): the
  search notes the cards whose rank decided a trick (a card that beat another of its suit) or
  a sure-trick count, and an entry holds for every position with the same leader and suit
  lengths in which, suit by suit, the cards from the lowest such card up lie in the same hands
  (the smaller cards may lie anywhere);
- equivalent-card pruning: cards adjacent in a hand (no card still in play between them; the
  cards already played are gaps) are one move;
- sure-trick bounds at the start of every trick: the leader's winners from the top of each
  suit, cashable before an opponent can ruff, or a partner's, reached by a lead to the
  partner's winners; the run of top trumps one seat holds; and with two hands, every trump not
  matched by a higher trump of the other hand (a trump loses only to a higher trump in the same
  trick, and each trump beats at most one);
- move ordering: the table's move first.  Leads are scored: cash a winner; else lead to a
  partner's winner, or through the left-hand opponent's top card; leads an opponent ruffs
  come last; low cards first.  With two hands, low leads of suits the follower is short in
  come first and leads the follower ruffs last.  Second and third hand play a card that beats
  everything still to come in the suit, else low; the last hand wins as cheaply as it can
  unless a friend is winning; void, a hand ruffs as low as wins against an opponent and
  discards low from its long suits.

Two hands (Humbug) get their own search, one flat call per trick with the hands passed as
arguments; any other number of seats goes card by card.  Where the build has a C compiler
(``pip install .``), both searches also exist in C, step for step the same (the same trick
starts, the same table, so the same answers and counts) and many times faster:
:mod:`~trickcore.solver.native` chooses them, and ``TRICKCORE_NATIVE=0`` turns them off.
The same C (one core, ``solver/core/``) also runs as WebAssembly in the browser edition and in
JupyterLite (:mod:`~trickcore.solver.wasm`): ``native.backend()`` says which one runs.

What is covered: any number of seats from 2 to 10 with equal hands, a trump suit or no trump,
any partition of the seats into sides, and any :class:`~trickcore.cards.ranking.TrumpContext` whose
cards all belong to a suit: Five Hundred's bowers, the joker as the best trump, the odd fours
(pass the context), and at no trump a joker whose suit has been named (``joker_suit``).  Not covered: a suitless joker at no trump
(its holder names the suit it calls for when leading it, and some rules restrict when it may be
played), two-hand Five Hundred's table piles, revokes and claims.  Misère is covered by solving
for the defenders (the contractor wants none of the tricks).

The package: :mod:`~trickcore.solver.positions` (positions, their checks and JSON),
:mod:`~trickcore.solver.numbering` (the solver's numbering and the transposition table),
:mod:`~trickcore.solver.search` (card by card, any number of seats),
:mod:`~trickcore.solver.twohand` (two hands, flat), :mod:`~trickcore.solver.native` (the
same two searches in C, where built), :mod:`~trickcore.solver.wasm` (the C as WebAssembly, under
Pyodide), :mod:`~trickcore.solver.result`
(:func:`solve` and its :class:`Result`), :mod:`~trickcore.solver.fewest` (:func:`solve_fewest`:
the fewest tricks a seat can hold itself to, for Oh Hell's bids and misère) and :mod:`~trickcore.solver.minimax` (a plain minimax
for checking).
"""

# _Compiled and _Search (the search's own parts) are here for the tests of its two forms.
from trickcore.solver.bot import PerfectBot, position_from_state
from trickcore.solver.fewest import solve_fewest
from trickcore.solver.memory import Memory
from trickcore.solver.minimax import brute_force
from trickcore.solver.numbering import _Compiled as _Compiled
from trickcore.solver.positions import (
    Position,
    PositionError,
    opening_position,
    position_from_deal,
)
from trickcore.solver.result import Result, solve, solve_humbug_deal
from trickcore.solver.search import _Search as _Search

__all__ = [
    "Memory",
    "PerfectBot",
    "Position",
    "PositionError",
    "Result",
    "brute_force",
    "opening_position",
    "position_from_deal",
    "position_from_state",
    "solve",
    "solve_fewest",
    "solve_humbug_deal",
]
