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
trickbook.answer_args.AnswerError: trick-winner oh-hell-4-2718-5 9: the deal has 6 tricks, not 9
"""

from __future__ import annotations

import re
from collections.abc import Callable

from trickcore import (
    BiddingKind,
    HandState,
    Phase,
    Trick,
    TrickcoreError,
    deal_points,
    get_variant,
    parse_deal_code,
)
from trickcore.engine.calls import Call
from trickcore.study.onecard import leader_win_by_beaters

from trickbook.answer_args import (
    AnswerArgs,
    AnswerError,
    Kind,
    Position,
    cards_text,
    replay,
    seat_of,
)
from trickbook.examples import WorkedExample
from trickbook.five_hundred_answers import FIVE_HUNDRED_ANSWERS, call_label
from trickbook.five_hundred_example import FiveHundredExample
from trickbook.i18n import _, card_symbol, is_french, percent, suit_word
from trickbook.parts import PLAYER_NAMES
from trickbook.render import html, macro, render, sentence

__all__ = [
    "DEAL_ANSWERS",
    "KINDS",
    "AnswerError",
    "Position",
    "answer",
    "cards_text",
    "deal_html",
    "replay",
]


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
    # Each family has its own header: who calls first and what the kitty is in an auction, who
    # bids and leads first and what fixes trumps otherwise.
    if get_variant(parsed.variant).bidding is BiddingKind.AUCTION:
        shown = FiveHundredExample(parsed.variant, parsed.players, parsed.seed,
                                   deal=parsed.deal - 1).deal_html()
    else:
        shown = WorkedExample(parsed.variant, parsed.players, parsed.seed,
                              deal=parsed.deal - 1).deal_html()
    label = sentence(_("Deal {code}"), code=macro("parts.html", "code", code))
    return render("exercise_deal.html", label=label, deal=html(shown))


# The kinds --------------------------------------------------------------------------------------


def _played(args: AnswerArgs, usage: str, counts: tuple[int, ...] = (2,)) -> tuple[HandState, Trick,
                                                                             int]:
    if len(args.words) not in counts:
        raise AnswerError(f"expected {usage}")
    state = args.state()
    number = args.number(1, "trick")
    if not 1 <= number <= len(state.tricks):
        raise AnswerError(f"the deal has {len(state.tricks)} tricks, not {number}")
    return state, state.tricks[number - 1], number


def _hand(args: AnswerArgs) -> str:
    args.count(2, "hand CODE PLAYER")
    state = replay(args.words[0], until=lambda s: True)
    return cards_text(state.deal.hand(seat_of(args.words[1], state.players)))


def _dealer(args: AnswerArgs) -> str:
    args.count(1, "dealer CODE")
    return PLAYER_NAMES[replay(args.words[0], until=lambda s: True).dealer]


def _trumps(args: AnswerArgs) -> str:
    args.count(1, "trumps CODE")
    state = replay(args.words[0], until=lambda s: True)
    if state.ruleset.deals_kitty:  # no card is turned: the auction's contract names trumps
        raise AnswerError(f"trumps: in {state.ruleset.name} the auction names trumps; ask"
                          " `contract CODE` instead")
    trump = state.deal.trump
    if trump is None:
        return _("no trumps")
    return _("{suit} ({symbol})").format(suit=suit_word(trump), symbol=trump.symbol)


def _turn_up(args: AnswerArgs) -> str:
    args.count(1, "turn-up CODE")
    card = replay(args.words[0], until=lambda s: True).deal.turn_up
    return _("none") if card is None else card_symbol(card)


def _bid_of(args: AnswerArgs) -> str:
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


def _bidding_state(args: AnswerArgs, player: str | None) -> HandState:
    probe = replay(args.words[0], until=lambda s: True)
    name = PLAYER_NAMES[probe.dealer] if player is None else \
        PLAYER_NAMES[seat_of(player, probe.players)]
    state = args.state(until=_before(name))
    if state.phase is not Phase.BIDDING:
        raise AnswerError(f"{name} has no bid to make at this point")
    return state


def _hook(args: AnswerArgs) -> str:
    args.count(1, "hook CODE")
    state = _bidding_state(args, None)
    if not state.ruleset.hook:
        raise AnswerError(f"{state.ruleset.name} has no hook")
    forbidden = state.hook_forbids
    return _("none") if forbidden is None else str(forbidden)


def _legal_bids(args: AnswerArgs) -> str:
    """The bids as numbers (Oh Hell), the calls as the pages write them (Five Hundred: ``7♠``,
    ``open misère``, in the reader's language).

    >>> answer("legal-bids oh-hell-4-2718-5 Ann")
    '1, 2, 3, 4, 5, 6'
    >>> answer("legal-bids five-hundred-4-3 Cleo")
    'pass, 6NT, 7♠, 7♣, ..., 10♦, open misère, 10♥, 10NT'
    """
    args.count(2, "legal-bids CODE PLAYER")
    state = _bidding_state(args, args.words[1])
    return ", ".join(call_label(b, state.ruleset) if isinstance(b, Call) else str(b)
                     for b in state.legal_bids)


def _announcement(args: AnswerArgs) -> str:
    args.count(1, "announcement CODE")
    state = args.state(until=lambda s: s.phase is not Phase.BIDDING)
    if not state.announcement:
        raise AnswerError(f"nothing is announced after the bidding in {state.ruleset.name}")
    return _(state.announcement)


def _at(args: AnswerArgs, usage: str) -> HandState:
    args.count(3, usage)
    where = Position(args.number(1, "trick"), args.number(2, "card"))
    state = args.state(until=where.reached)
    if not where.reached(state):
        raise AnswerError(f"the deal never reaches card {where.card} of trick {where.trick}")
    return state


def _player(args: AnswerArgs) -> str:
    state = _at(args, "player CODE TRICK CARD")
    return PLAYER_NAMES[state.to_act or 0]


def _legal(args: AnswerArgs) -> str:
    state = _at(args, "legal CODE TRICK CARD")
    return cards_text(state.legal_plays)


def _holding(args: AnswerArgs) -> str:
    state = _at(args, "holding CODE TRICK CARD")
    return cards_text(state.hand(state.to_act or 0))


def _trick(args: AnswerArgs) -> str:
    shown = args.number(2, "number of cards") if len(args.words) == 3 else None
    state, trick, _ = _played(args, "trick CODE TRICK [CARDS]", counts=(2, 3))
    pairs = list(zip(trick.seats(state.players), trick.cards, strict=True))
    if shown is not None:
        if not 1 <= shown < len(pairs):
            raise AnswerError(f"a trick of {len(pairs)} cards: show 1 to {len(pairs) - 1} of them")
        pairs = pairs[:shown]
    return ", ".join(f"{PLAYER_NAMES[seat]} {card_symbol(card)}" for seat, card in pairs)


def _hand_size(args: AnswerArgs) -> str:
    args.count(1, "hand-size CODE")
    return str(replay(args.words[0], until=lambda s: True).hand_size)


def _one_card_lead(args: AnswerArgs) -> str:
    args.count(2, "one-card-lead PLAYERS BEATERS")
    players, beaters = args.number(0, "players"), args.number(1, "beaters")
    if not 3 <= players <= 7 or beaters > 50:
        raise AnswerError("the one-card round is worked for 3 to 7 players and 0 to 50 beaters")
    chance = leader_win_by_beaters(players)[beaters]
    return percent(float(chance), 1) if is_french() else f"{float(chance):.1%}"


def _trick_winner(args: AnswerArgs) -> str:
    _, trick, _ = _played(args, "trick-winner CODE TRICK")
    return PLAYER_NAMES[trick.winner or 0]


def _trick_reason(args: AnswerArgs) -> str:
    _, trick, _ = _played(args, "trick-reason CODE TRICK")
    return trick.reason


def _trick_leader(args: AnswerArgs) -> str:
    _, trick, _ = _played(args, "trick-leader CODE TRICK")
    return PLAYER_NAMES[trick.leader]


def _trick_count(args: AnswerArgs) -> str:
    args.count(1, "trick-count CODE")
    return str(len(args.state().tricks))


def _joker_holder(args: AnswerArgs) -> str:
    args.count(1, "joker-holder CODE")
    deal = replay(args.words[0], until=lambda s: True).deal
    held = [PLAYER_NAMES[seat] for seat in range(deal.players)
            if any(card.is_joker for card in deal.hand(seat))]
    return ", ".join(held) if held else _("nobody")


def _tricks(args: AnswerArgs) -> str:
    args.count(2, "tricks CODE PLAYER")
    state = args.state()
    return str(state.tricks_won[seat_of(args.words[1], state.players)])


def _points(args: AnswerArgs) -> str:
    args.count(2, "points CODE PLAYER")
    state = args.state()
    points = state.points
    assert points is not None  # the deal is played to the end
    return str(points[seat_of(args.words[1], state.players)])


def _score(args: AnswerArgs) -> str:
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


#: The kinds that read any deal: its hands, bids, tricks and points.
DEAL_ANSWERS: dict[str, Kind] = {
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
    "trick-leader": ("who leads to a trick", _trick_leader),
    "trick-count": ("how many tricks are played before the deal ends", _trick_count),
    "trick-winner": ("who wins a trick", _trick_winner),
    "trick-reason": ("why the trick's winner wins it", _trick_reason),
    "tricks": ("how many tricks a player takes in the deal", _tricks),
    "joker-holder": ("who is dealt a joker (nobody when it lies in the kitty)", _joker_holder),
    "points": ("a player's points for the deal", _points),
    "score": ("the points for one player's bid and tricks under a variant's scoring", _score),
    "one-card-lead": ("the chance that eldest's card wins the one-card round, given how many"
                      " unseen cards beat it", _one_card_lead),
}

#: Every kind of answer, family by family: what it is, and what it is computed by.
KINDS: dict[str, Kind] = {**DEAL_ANSWERS, **FIVE_HUNDRED_ANSWERS}

_SPACES = re.compile(r"\s+")


def answer(text: str) -> str:
    """The answer that ``text`` (``KIND ARGUMENTS``, as written in the role) asks for.

    >>> answer("hook contract-whist-4-3-5 bids=0,0,1")
    '2'
    >>> answer("colour oh-hell-4-1")
    Traceback (most recent call last):
    ...
    trickbook.answer_args.AnswerError: colour oh-hell-4-1: unknown kind 'colour'; the kinds are hand, dealer, trumps, ...
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
        return KINDS[kind][1](AnswerArgs(rest))
    except AnswerError as error:
        message = str(error)
        if message.startswith(text):
            raise
        raise AnswerError(f"{text}: {message}") from None

