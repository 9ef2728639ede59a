"""The answers to the book's exercises, computed from a deal code when the book is built.

A page writes an answer as ``{answer}`KIND ARGUMENTS``` (the role is book/_ext/answers.py);
the role calls :func:`answer` with the text between the backquotes, and shows what it returns.
Because the engine computes every answer, an answer stays true when the engine changes.
docs/EXERCISES.md lists every kind with an example.

The deal is the one a deal code names (:func:`trickcore.state_from_code`).  Unless the
arguments say otherwise, every player is the book's heuristic bot, which bids and plays the deal
the same way every time; ``bids=`` and ``plays=`` give the first bids and card plays instead
(the bots make the rest).  Players are named as on every page (Ann, Ben, Cleo, Dev...); tricks
and positions in a trick count from 1.

>>> answer("hand oh-hell-4-2718-5 Ann")
'10♠ 6♠ K♥ Q♥ J♥ 2♥'
>>> answer("trick-winner oh-hell-4-2718-5 1"), answer("trick-reason oh-hell-4-2718-5 1")
('Ben', 'A♥ is the highest trump')
>>> answer("score oh-hell 5 2 2"), answer("score oh-hell 5 2 3")
('12', '3')
>>> answer("trick-winner oh-hell-4-2718-5 9")
Traceback (most recent call last):
...
trickbook.answers.AnswerError: trick-winner oh-hell-4-2718-5 9: the deal has 6 tricks, not 9
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from trickcore import (
    Bot,
    Card,
    HandState,
    HeuristicBot,
    Phase,
    Trick,
    TrickcoreError,
    bot_action,
    deal_points,
    get_variant,
    parse_deal_code,
    state_from_code,
)
from trickcore.display import colour_order
from trickcore.study.onecard import leader_win_by_beaters

from trickbook.examples import WorkedExample
from trickbook.i18n import _, card_symbol, is_french, percent, suit_word
from trickbook.parts import PLAYER_NAMES

__all__ = [
    "KINDS",
    "AnswerError",
    "Position",
    "answer",
    "cards_text",
    "deal_html",
    "replay",
]


class AnswerError(ValueError):
    """An ``{answer}`` that cannot be computed: an unknown kind, a bad deal code or argument."""


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as a reader sees them in the book's text: rank and suit symbol, in the order of
    the book's hand diagrams (the colours alternating, ♠ ♥ ♣ ♦, high first).

    >>> from trickcore import parse_cards
    >>> cards_text(parse_cards("2C TH AS 3S"))
    'A♠ 3♠ 10♥ 2♣'
    """
    return " ".join(card_symbol(card) for card in sorted(cards, key=colour_order))


def seat_of(name: str, players: int) -> int:
    """The seat of a player named as on the pages (Ann, Ben, ...; any letter case).

    >>> seat_of("cleo", 4)
    2
    >>> seat_of("Eve", 4)
    Traceback (most recent call last):
    ...
    trickbook.answers.AnswerError: no player 'Eve' at a table of 4: the players are Ann, Ben, Cleo, Dev
    """
    names = [n.lower() for n in PLAYER_NAMES[:players]]
    if name.lower() not in names:
        raise AnswerError(f"no player {name!r} at a table of {players}: the players are"
                          f" {', '.join(PLAYER_NAMES[:players])}")
    return names.index(name.lower())


def _bid(text: str) -> int | str:
    return int(text) if text.isdigit() else text


class Position:
    """A point in a deal: the stop condition for :func:`replay`, in the reader's terms."""

    def __init__(self, trick: int, card: int = 1) -> None:
        if trick < 1 or card < 1:
            raise AnswerError("tricks and cards in a trick count from 1")
        self.trick = trick
        self.card = card

    def reached(self, state: HandState) -> bool:
        """True when the ``card``-th card of trick ``trick`` is the next to be played."""
        return (state.phase is Phase.PLAYING and len(state.tricks) == self.trick - 1
                and len(state.current.cards) == self.card - 1)


def replay(code: str, *, bids: Sequence[int | str] = (), plays: Sequence[str] = (),
           until: Callable[[HandState], bool] | None = None,
           bots: Sequence[Bot] | None = None) -> HandState:
    """The deal ``code`` after the given first ``bids`` and ``plays``, the bots making every
    other move, up to the point where ``until`` is true (or to the end of the deal).

    >>> state = replay("oh-hell-4-2718-5", bids=[0], until=Position(1).reached)
    >>> state.bids[1], len(state.tricks)
    (0, 0)
    """
    try:
        state = state_from_code(code)
    except TrickcoreError as error:
        raise AnswerError(str(error)) from None
    chosen = list(bots) if bots is not None else [HeuristicBot()] * state.players
    wanted_bids, wanted_plays = list(bids), [Card.parse(p) for p in plays]
    while not state.is_over and not (until is not None and until(state)):
        if state.phase is Phase.BIDDING and wanted_bids:
            action: object = wanted_bids.pop(0)
        elif state.phase is Phase.PLAYING and wanted_plays:
            action = wanted_plays.pop(0)
        else:
            seat = state.to_act
            assert seat is not None
            action = bot_action(chosen[seat], state).action
        try:
            state.apply(action)
        except TrickcoreError as error:
            raise AnswerError(f"in deal {code}: {error}") from None
    if wanted_bids or wanted_plays:
        raise AnswerError(f"in deal {code}: {len(wanted_bids) + len(wanted_plays)} of the given"
                          " bids and plays were not made before the point asked about")
    return state


def deal_html(code: str) -> str:
    """The hand diagram of the deal ``code`` (who deals, trumps, every hand), to show above an
    exercise: ``HTML(trickbook.answers.deal_html("oh-hell-4-2718-5"))`` in a cell whose input
    is hidden.

    >>> html = deal_html("oh-hell-4-2718-5")
    >>> "<code>oh-hell-4-2718-5</code>" in html, 'aria-label="king of hearts"' in html
    (True, True)
    """
    try:
        parsed = parse_deal_code(code)
    except TrickcoreError as error:
        raise AnswerError(str(error)) from None
    example = WorkedExample(parsed.variant, parsed.players, parsed.seed, deal=parsed.deal - 1)
    label = _("Deal {code}").format(code=f"<code>{code}</code>")
    return (f'<div class="tt-exercise-deal"><p class="tt-deal-code">{label}</p>'
            f"{example.deal_html()}</div>")


# The kinds --------------------------------------------------------------------------------------


class _Args:
    """The arguments of one answer: the positional words and the ``key=value`` options."""

    def __init__(self, words: list[str]) -> None:
        self.words = [w for w in words if "=" not in w]
        self.options: dict[str, list[str]] = {}
        for word in words:
            if "=" in word:
                key, _, value = word.partition("=")
                if key not in ("bids", "plays"):
                    raise AnswerError(f"unknown option {key!r}: the options are bids= and plays=")
                self.options[key] = [v for v in value.split(",") if v]

    def count(self, n: int, usage: str) -> None:
        if len(self.words) != n:
            raise AnswerError(f"expected {usage}")

    def number(self, index: int, what: str) -> int:
        word = self.words[index]
        if not word.isdigit():
            raise AnswerError(f"{what} {word!r} is not a whole number")
        return int(word)

    def state(self, until: Callable[[HandState], bool] | None = None) -> HandState:
        return replay(self.words[0], bids=[_bid(b) for b in self.options.get("bids", [])],
                      plays=self.options.get("plays", []), until=until)


def _played(args: _Args, usage: str, counts: tuple[int, ...] = (2,)) -> tuple[HandState, Trick,
                                                                             int]:
    if len(args.words) not in counts:
        raise AnswerError(f"expected {usage}")
    state = args.state()
    number = args.number(1, "trick")
    if not 1 <= number <= len(state.tricks):
        raise AnswerError(f"the deal has {len(state.tricks)} tricks, not {number}")
    return state, state.tricks[number - 1], number


def _hand(args: _Args) -> str:
    args.count(2, "hand CODE PLAYER")
    state = replay(args.words[0], until=lambda s: True)
    return cards_text(state.deal.hand(seat_of(args.words[1], state.players)))


def _dealer(args: _Args) -> str:
    args.count(1, "dealer CODE")
    return PLAYER_NAMES[replay(args.words[0], until=lambda s: True).dealer]


def _trumps(args: _Args) -> str:
    args.count(1, "trumps CODE")
    state = replay(args.words[0], until=lambda s: True)
    if state.ruleset.deals_kitty:  # no card is turned: the auction's contract names trumps
        raise AnswerError(f"trumps: in {state.ruleset.name} the auction names trumps; ask"
                          " `contract CODE` instead")
    trump = state.deal.trump
    if trump is None:
        return _("no trumps")
    return _("{suit} ({symbol})").format(suit=suit_word(trump), symbol=trump.symbol)


def _turn_up(args: _Args) -> str:
    args.count(1, "turn-up CODE")
    card = replay(args.words[0], until=lambda s: True).deal.turn_up
    return _("none") if card is None else card_symbol(card)


def _bid_of(args: _Args) -> str:
    args.count(2, "bid CODE PLAYER")
    state = args.state()
    bid = state.bids[seat_of(args.words[1], state.players)]
    if bid is None:
        raise AnswerError(f"{args.words[1]} makes no bid in this deal")
    return str(bid)


def _before(name: str) -> Callable[[HandState], bool]:
    def reached(state: HandState) -> bool:
        return state.phase is not Phase.BIDDING or PLAYER_NAMES[state.to_act or 0] == name
    return reached


def _bidding_state(args: _Args, player: str | None) -> HandState:
    probe = replay(args.words[0], until=lambda s: True)
    name = PLAYER_NAMES[probe.dealer] if player is None else \
        PLAYER_NAMES[seat_of(player, probe.players)]
    state = args.state(until=_before(name))
    if state.phase is not Phase.BIDDING:
        raise AnswerError(f"{name} has no bid to make at this point")
    return state


def _hook(args: _Args) -> str:
    args.count(1, "hook CODE")
    state = _bidding_state(args, None)
    if not state.ruleset.hook:
        raise AnswerError(f"{state.ruleset.name} has no hook")
    forbidden = state.hook_forbids
    return _("none") if forbidden is None else str(forbidden)


def _legal_bids(args: _Args) -> str:
    args.count(2, "legal-bids CODE PLAYER")
    state = _bidding_state(args, args.words[1])
    return ", ".join(str(b) for b in state.legal_bids)


def _announcement(args: _Args) -> str:
    args.count(1, "announcement CODE")
    state = args.state(until=lambda s: s.phase is not Phase.BIDDING)
    if not state.announcement:
        raise AnswerError(f"nothing is announced after the bidding in {state.ruleset.name}")
    return _(state.announcement)


def _at(args: _Args, usage: str) -> HandState:
    args.count(3, usage)
    where = Position(args.number(1, "trick"), args.number(2, "card"))
    state = args.state(until=where.reached)
    if not where.reached(state):
        raise AnswerError(f"the deal never reaches card {where.card} of trick {where.trick}")
    return state


def _player(args: _Args) -> str:
    state = _at(args, "player CODE TRICK CARD")
    return PLAYER_NAMES[state.to_act or 0]


def _legal(args: _Args) -> str:
    state = _at(args, "legal CODE TRICK CARD")
    return cards_text(state.legal_plays)


def _holding(args: _Args) -> str:
    state = _at(args, "holding CODE TRICK CARD")
    return cards_text(state.hand(state.to_act or 0))


def _trick(args: _Args) -> str:
    shown = args.number(2, "number of cards") if len(args.words) == 3 else None
    state, trick, _ = _played(args, "trick CODE TRICK [CARDS]", counts=(2, 3))
    pairs = list(zip(trick.seats(state.players), trick.cards, strict=True))
    if shown is not None:
        if not 1 <= shown < len(pairs):
            raise AnswerError(f"a trick of {len(pairs)} cards: show 1 to {len(pairs) - 1} of them")
        pairs = pairs[:shown]
    return ", ".join(f"{PLAYER_NAMES[seat]} {card_symbol(card)}" for seat, card in pairs)


def _hand_size(args: _Args) -> str:
    args.count(1, "hand-size CODE")
    return str(replay(args.words[0], until=lambda s: True).hand_size)


def _one_card_lead(args: _Args) -> str:
    args.count(2, "one-card-lead PLAYERS BEATERS")
    players, beaters = args.number(0, "players"), args.number(1, "beaters")
    if not 3 <= players <= 7 or beaters > 50:
        raise AnswerError("the one-card round is worked for 3 to 7 players and 0 to 50 beaters")
    chance = leader_win_by_beaters(players)[beaters]
    return percent(float(chance), 1) if is_french() else f"{float(chance):.1%}"


def _trick_winner(args: _Args) -> str:
    _, trick, _ = _played(args, "trick-winner CODE TRICK")
    return PLAYER_NAMES[trick.winner or 0]


def _trick_reason(args: _Args) -> str:
    _, trick, _ = _played(args, "trick-reason CODE TRICK")
    return trick.reason


def _tricks(args: _Args) -> str:
    args.count(2, "tricks CODE PLAYER")
    state = args.state()
    return str(state.tricks_won[seat_of(args.words[1], state.players)])


def _points(args: _Args) -> str:
    args.count(2, "points CODE PLAYER")
    state = args.state()
    points = state.points
    assert points is not None  # the deal is played to the end
    return str(points[seat_of(args.words[1], state.players)])


def _score(args: _Args) -> str:
    args.count(4, "score VARIANT HAND-SIZE BID TRICKS")
    try:
        ruleset = get_variant(args.words[0])
    except TrickcoreError as error:
        raise AnswerError(str(error)) from None
    hand, bid, took = (args.number(i, w) for i, w in ((1, "hand size"), (2, "bid"),
                                                       (3, "tricks")))
    if bid > hand or took > hand:
        raise AnswerError(f"a bid or a number of tricks is at most the hand size, {hand}")
    return str(deal_points(ruleset, bids=[bid], tricks=[took], hand_size=hand)[0])


#: Every kind of answer: what it is, and what it is computed by.
KINDS: dict[str, tuple[str, Callable[[_Args], str]]] = {
    "hand": ("a player's cards as dealt, in the order the hand diagrams show them", _hand),
    "dealer": ("who deals", _dealer),
    "trumps": ("the trump suit of the deal", _trumps),
    "turn-up": ("the card turned face up to fix trumps", _turn_up),
    "bid": ("what a player bids", _bid_of),
    "hook": ("the bid the hook forbids the dealer", _hook),
    "legal-bids": ("the bids a player may make in turn", _legal_bids),
    "announcement": ("what the scorer announces after the bidding (over or under)",
                     _announcement),
    "hand-size": ("how many cards each player holds", _hand_size),
    "player": ("who plays a given card of a trick", _player),
    "holding": ("the cards that player holds at that moment", _holding),
    "legal": ("the cards that player may play", _legal),
    "trick": ("who played what to a trick, in order (or only its first cards)", _trick),
    "trick-winner": ("who wins a trick", _trick_winner),
    "trick-reason": ("why the trick's winner wins it", _trick_reason),
    "tricks": ("how many tricks a player takes in the deal", _tricks),
    "points": ("a player's points for the deal", _points),
    "score": ("the points for one player's bid and tricks under a variant's scoring", _score),
    "one-card-lead": ("the chance that eldest's card wins the one-card round, given how many"
                      " unseen cards beat it", _one_card_lead),
}

_SPACES = re.compile(r"\s+")


def answer(text: str) -> str:
    """The answer that ``text`` (``KIND ARGUMENTS``, as written in the role) asks for.

    >>> answer("hook contract-whist-4-3-5 bids=0,0,1")
    '2'
    >>> answer("colour oh-hell-4-1")
    Traceback (most recent call last):
    ...
    trickbook.answers.AnswerError: colour oh-hell-4-1: unknown kind 'colour'; the kinds are hand, dealer, trumps, ...
    """
    words = _SPACES.split(text.strip())
    if not words or not words[0]:
        raise AnswerError("an empty answer: expected KIND ARGUMENTS")
    kind, rest = words[0], words[1:]
    if kind not in KINDS:
        raise AnswerError(f"{text}: unknown kind {kind!r}; the kinds are {', '.join(KINDS)}")
    try:
        if not rest:
            raise AnswerError("no arguments")
        return KINDS[kind][1](_Args(rest))
    except AnswerError as error:
        message = str(error)
        if message.startswith(text):
            raise
        raise AnswerError(f"{text}: {message}") from None


# Five Hundred's kinds (added by the helper "fh-exercises") are in
# book/trickbook/five_hundred_answers.py, which adds them to KINDS when it is imported: here,
# last, once everything above exists.
import trickbook.five_hundred_answers  # noqa: E402, F401
