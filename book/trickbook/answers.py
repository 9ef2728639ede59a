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
from trickcore.display import SUIT_WORDS, colour_order
from trickcore.study.onecard import leader_win_by_beaters

from trickbook.examples import WorkedExample
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
    return " ".join(card.symbol for card in sorted(cards, key=colour_order))


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
    return (f'<div class="tt-exercise-deal"><p class="tt-deal-code">Deal <code>{code}</code></p>'
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
    trump = replay(args.words[0], until=lambda s: True).deal.trump
    return "no trumps" if trump is None else f"{SUIT_WORDS[trump]} ({trump.symbol})"


def _turn_up(args: _Args) -> str:
    args.count(1, "turn-up CODE")
    card = replay(args.words[0], until=lambda s: True).deal.turn_up
    return "none" if card is None else card.symbol


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
    return "none" if forbidden is None else str(forbidden)


def _legal_bids(args: _Args) -> str:
    args.count(2, "legal-bids CODE PLAYER")
    state = _bidding_state(args, args.words[1])
    return ", ".join(str(b) for b in state.legal_bids)


def _announcement(args: _Args) -> str:
    args.count(1, "announcement CODE")
    state = args.state(until=lambda s: s.phase is not Phase.BIDDING)
    if not state.announcement:
        raise AnswerError(f"nothing is announced after the bidding in {state.ruleset.name}")
    return state.announcement


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
    return ", ".join(f"{PLAYER_NAMES[seat]} {card.symbol}" for seat, card in pairs)


def _hand_size(args: _Args) -> str:
    args.count(1, "hand-size CODE")
    return str(replay(args.words[0], until=lambda s: True).hand_size)


def _one_card_lead(args: _Args) -> str:
    args.count(2, "one-card-lead PLAYERS BEATERS")
    players, beaters = args.number(0, "players"), args.number(1, "beaters")
    if not 3 <= players <= 7 or beaters > 50:
        raise AnswerError("the one-card round is worked for 3 to 7 players and 0 to 50 beaters")
    chance = leader_win_by_beaters(players)[beaters]
    return f"{float(chance):.1%}"


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


# Five Hundred kinds (added by the helper "fh-exercises") -----------------------------------------
#
# A Five Hundred answer often depends on the rules and not on a deal: what a call is worth,
# whether one call outranks another, what a contract scores made or set.  Those kinds take RULES:
# a registry key (``five-hundred``, ``five-hundred-quebec``...) or one of the book's named forms
# in :data:`FIVE_HUNDRED_FORMS` (the American game and Walker Ultimate are the four-hand game with
# options, so they have no registry key).  The kinds that read a deal also accept a code made from
# such a form, ``american-4-1`` (form, players, seed, deal), as well as any deal code.

# The imports of this part stay with it, so that the part above is left as it is.
import dataclasses  # noqa: E402
from fractions import Fraction  # noqa: E402
from math import comb  # noqa: E402

from trickcore import (  # noqa: E402
    BiddingKind,
    Match,
    Ruleset,
    Suit,
    play_deal,
    with_options,
)
from trickcore.cards.packs import pack_cards  # noqa: E402
from trickcore.engine.auction import fixed_sides  # noqa: E402
from trickcore.engine.calls import Call  # noqa: E402
from trickcore.engine.scoring import five_hundred_points  # noqa: E402
from trickcore.notation.codes import read_deal_code  # noqa: E402


def _five_hundred_forms() -> dict[str, Ruleset]:
    four_hand = get_variant("five-hundred")
    american = dataclasses.replace(
        with_options(four_hand, {"deck": "45", "auction_rounds": "single",
                                 "six_bids": "inkles", "all_pass": "redeal"}),
        name="American Five Hundred")
    return {
        "american": american,
        "american-split": dataclasses.replace(
            with_options(american, {"split_colours": True}),
            name="American Five Hundred with split colours"),
        "walker-ultimate": dataclasses.replace(
            with_options(four_hand, {"win_rule": "walker-ultimate"}), name="Walker Ultimate 500"),
        "quebec-misere": dataclasses.replace(
            with_options(get_variant("five-hundred-quebec"),
                         {"misere_timing": "any-time", "open_misere": "any-time"}),
            name="Québec Five Hundred with the misère calls"),
    }


#: The book's forms of Five Hundred that are options on a registered variant, by the name the
#: answers use: the pages build their rules from here, so a page and its answers agree.
FIVE_HUNDRED_FORMS: dict[str, Ruleset] = _five_hundred_forms()


def five_hundred_rules(name: str) -> Ruleset:
    """A form of Five Hundred by name: one of :data:`FIVE_HUNDRED_FORMS` or a registry key.

    >>> five_hundred_rules("american").name, five_hundred_rules("five-hundred-3").name
    ('American Five Hundred', 'Three-hand Five Hundred')
    """
    if name in FIVE_HUNDRED_FORMS:
        return FIVE_HUNDRED_FORMS[name]
    try:
        ruleset = get_variant(name)
    except TrickcoreError as error:
        raise AnswerError(str(error)) from None
    if ruleset.bidding is not BiddingKind.AUCTION:
        raise AnswerError(f"{ruleset.name} is not a form of Five Hundred")
    return ruleset


def _form_code(code: str) -> tuple[Ruleset, int, int, int] | None:
    """``(rules, players, seed, deal index)`` for a code made from a named form, else ``None``."""
    for name, ruleset in FIVE_HUNDRED_FORMS.items():
        rest = code.lower().removeprefix(name + "-")
        if rest == code.lower():
            continue
        parts = rest.split("-")
        if 2 <= len(parts) <= 3 and all(p.isdigit() for p in parts):
            numbers = [int(p) for p in parts] + [1]
            return ruleset, numbers[0], numbers[1], numbers[2] - 1
    return None


def _five_hundred_state(code: str, bids: Sequence[str] = (),
                        until: Callable[[HandState], bool] | None = None) -> HandState:
    """The deal ``code`` (a deal code or a named form's code) after the given first ``bids``
    (the bots make every other move), up to ``until`` or the end."""
    form = _form_code(code)
    if form is None:
        state = replay(code, bids=list(bids), until=until)
    else:
        ruleset, players, seed, index = form
        try:
            deal = Match(ruleset, players, seed).make_deal(index)
        except TrickcoreError as error:
            raise AnswerError(str(error)) from None
        state = HandState(ruleset, deal)
        wanted = list(bids)
        while not state.is_over and not (until is not None and until(state)):
            seat = state.to_act
            assert seat is not None
            action = wanted.pop(0) if state.phase is Phase.BIDDING and wanted else \
                bot_action(HeuristicBot(), state).action
            try:
                state.apply(action)
            except TrickcoreError as error:
                raise AnswerError(f"in deal {code}: {error}") from None
        if wanted:
            raise AnswerError(f"in deal {code}: {len(wanted)} of the given bids were not made")
    if state.ruleset.bidding is not BiddingKind.AUCTION:
        raise AnswerError(f"{state.ruleset.name} has no auction")
    return state


def _call(text: str) -> Call:
    try:
        return Call.parse(text)
    except TrickcoreError as error:
        raise AnswerError(str(error)) from None


def _contract_of(args: _Args, kind: str) -> tuple[HandState, Call, int]:
    args.count(1, f"{kind} CODE")
    state = _five_hundred_state(args.words[0], args.options.get("bids", []),
                                until=lambda s: s.phase is not Phase.BIDDING)
    if state.contract is None or state.contractor is None:
        raise AnswerError("everybody passes: there is no contract")
    return state, state.contract, state.contractor


def _contract(args: _Args) -> str:
    state, call, _ = _contract_of(args, "contract")
    return _call_label(call, state.ruleset)


def _contractor(args: _Args) -> str:
    _, _, seat = _contract_of(args, "contractor")
    return PLAYER_NAMES[seat]


def _after_calls(args: _Args) -> HandState:
    """The deal just after the calls ``bids=`` (all of them, and nothing more)."""
    bids = args.options.get("bids", [])
    return _five_hundred_state(args.words[0], bids,
                               until=lambda s: s.phase is not Phase.BIDDING
                               or len(s.calls) >= len(bids))


def _call_label(call: Call, ruleset: Ruleset) -> str:
    """A call as the pages write it: ``7♥``, ``misère``, and in American play ``inkle ♥``."""
    code = call.code(ruleset)
    if code.startswith("inkle-") and call.denomination is not None:
        return f"inkle {call.denomination.symbol}"
    return call.label


def _calls(args: _Args) -> str:
    if len(args.words) not in (1, 2):
        raise AnswerError("expected calls CODE [UP-TO] bids=...")
    state = _after_calls(args)
    if state.phase is not Phase.BIDDING:
        raise AnswerError("the auction is over after those calls")
    calls = [c for c in state.legal_bids if isinstance(c, Call)]
    if len(args.words) == 2:
        top = _call(args.words[1]).rank(state.ruleset)
        calls = [c for c in calls if c.rank(state.ruleset) <= top]
    return ", ".join(_call_label(c, state.ruleset) for c in calls)


def _may_call(args: _Args) -> str:
    args.count(2, "may-call CODE CALL bids=...")
    state = _after_calls(args)
    if state.phase is not Phase.BIDDING:
        raise AnswerError("the auction is over after those calls")
    try:
        state.check_bid(_call(args.words[1]))
    except TrickcoreError as error:
        return "no (" + str(error).split(": ", 1)[-1] + ")"
    return "yes"


def _to_call(args: _Args) -> str:
    args.count(1, "to-call CODE")
    state = _after_calls(args)
    if state.phase is not Phase.BIDDING:
        raise AnswerError("the auction is over after those calls")
    return PLAYER_NAMES[state.to_act or 0]


def _side_tricks(args: _Args) -> str:
    args.count(2, "side-tricks CODE PLAYER")
    state = _five_hundred_state(args.words[0])
    seat = seat_of(args.words[1], state.players)
    side = next(side for side in state.sides if seat in side)
    return str(sum(state.tricks_won[s] for s in side))


def _kitty(args: _Args) -> str:
    args.count(1, "kitty CODE")
    return cards_text(sorted(_five_hundred_state(args.words[0], until=lambda s: True).kitty))


def _discards(args: _Args) -> str:
    args.count(1, "discards CODE")
    state = _five_hundred_state(args.words[0], args.options.get("bids", []),
                                until=lambda s: s.phase is Phase.PLAYING or s.is_over)
    if not state.discards:
        raise AnswerError("nobody discards in this deal")
    return cards_text(sorted(state.discards))


def _called_card(args: _Args) -> str:
    args.count(1, "called-card CODE")
    state = _five_hundred_state(args.words[0], until=lambda s: s.phase is Phase.PLAYING)
    card = state.called_card
    return "none: the contractor plays alone" if card is None else card.symbol


def _partner(args: _Args) -> str:
    args.count(1, "partner CODE")
    state = _five_hundred_state(args.words[0], until=lambda s: s.phase is Phase.PLAYING)
    return "nobody" if state.partner is None else PLAYER_NAMES[state.partner]


def _value(args: _Args) -> str:
    args.count(2, "value RULES CALL")
    ruleset, call = five_hundred_rules(args.words[0]), _call(args.words[1])
    if call.is_pass:
        raise AnswerError("a pass has no value")
    return str(call.value(ruleset))


def _outranks(args: _Args) -> str:
    args.count(3, "outranks RULES CALL OTHER")
    ruleset = five_hundred_rules(args.words[0])
    call, other = _call(args.words[1]), _call(args.words[2])
    return "yes" if call.rank(ruleset) > other.rank(ruleset) else "no"


class _Played:
    """A deal reduced to what the scorer reads: ``call`` by seat 0 (alone, or with its fixed
    partners), the contractor's side taking ``taken`` of the ten tricks, seat 1 the rest."""

    def __init__(self, ruleset: Ruleset, call: Call, taken: int) -> None:
        self.ruleset = ruleset
        self.players = ruleset.players[0] if len(ruleset.players) == 1 else 4
        self.hand_size = ruleset.max_hand_size(self.players)
        self.contract: Call | None = call
        self.contractor: int | None = 0
        self.partner: int | None = None
        self.sides = fixed_sides(ruleset, self.players)
        self.contract_side = next(side for side in self.sides if 0 in side)
        defender = next(s for s in range(self.players) if s not in self.contract_side)
        self.tricks_won = [0] * self.players
        self.tricks_won[0], self.tricks_won[defender] = taken, self.hand_size - taken
        self.tricks = [None] * self.hand_size
        self.bids: list[int | None] = [None] * self.players
        self.revokes = [0] * self.players


def _contract_points(args: _Args, kind: str) -> tuple[Ruleset, list[int], int, int]:
    args.count(3, f"{kind} RULES CALL TRICKS")
    ruleset, call = five_hundred_rules(args.words[0]), _call(args.words[1])
    taken = args.number(2, "tricks")
    if call.is_pass:
        raise AnswerError("a pass is not a contract")
    played = _Played(ruleset, call, taken)
    if taken > played.hand_size:
        raise AnswerError(f"a side takes at most {played.hand_size} tricks, not {taken}")
    points, _ = five_hundred_points(played)  # type: ignore[arg-type]
    defender = next(s for s in range(played.players) if s not in played.contract_side)
    return ruleset, points, 0, defender


def _contract_score(args: _Args) -> str:
    _, points, contractor, _ = _contract_points(args, "contract-score")
    return str(points[contractor])


def _defence_score(args: _Args) -> str:
    _, points, _, defender = _contract_points(args, "defence-score")
    return str(points[defender])


def _pack(ruleset: Ruleset) -> list[Card]:
    return list(pack_cards(ruleset.deck))


def _table_size(ruleset: Ruleset) -> int:
    return ruleset.players[0] if len(ruleset.players) == 1 else 4


def _joker_in_kitty(args: _Args) -> str:
    args.count(1, "joker-in-kitty RULES")
    ruleset = five_hundred_rules(args.words[0])
    pack = _pack(ruleset)
    kitty = ruleset.kitty_size(_table_size(ruleset))
    jokers = sum(card.is_joker for card in pack)
    chance = 1 - Fraction(comb(len(pack) - jokers, kitty), comb(len(pack), kitty))
    return f"{chance.numerator}/{chance.denominator}, about {float(chance):.0%}"


def _held(args: _Args) -> tuple[Ruleset, Suit, int]:
    """The rules, the contract's trump suit and the trumps a player was dealt (CODE PLAYER)."""
    state, call, _ = _contract_of(_Args(args.words[:1]), "trumps-held")
    if call.trump is None:
        raise AnswerError(f"the contract is {_call_label(call, state.ruleset)}: no trumps")
    dealt = _five_hundred_state(args.words[0], until=lambda s: True)
    hand = dealt.hand(seat_of(args.words[1], state.players))
    context = state.ruleset.trump_context(call.trump)
    return state.ruleset, call.trump, sum(context.is_trump(card) for card in hand)


def _trumps_held(args: _Args) -> str:
    args.count(2, "trumps-held CODE PLAYER")
    return str(_held(args)[2])


def _kitty_trumps(args: _Args) -> str:
    if len(args.words) == 2:
        ruleset, suit, held = _held(args)
    else:
        args.count(3, "kitty-trumps RULES SUIT HELD or kitty-trumps CODE PLAYER")
        ruleset = five_hundred_rules(args.words[0])
        try:
            suit = Suit.parse(args.words[1])
        except TrickcoreError as error:
            raise AnswerError(str(error)) from None
        held = args.number(2, "trumps held")
    pack = _pack(ruleset)
    context = ruleset.trump_context(suit)
    trumps = sum(context.is_trump(card) for card in pack)
    players = _table_size(ruleset)
    unseen = len(pack) - ruleset.max_hand_size(players)
    if held > trumps:
        raise AnswerError(f"there are only {trumps} trumps")
    expected = Fraction(ruleset.kitty_size(players) * (trumps - held), unseen)
    return f"{float(expected):.2f}"


def _trump_count(args: _Args) -> str:
    args.count(2, "trump-count RULES SUIT")
    ruleset = five_hundred_rules(args.words[0])
    try:
        suit = Suit.parse(args.words[1])
    except TrickcoreError as error:
        raise AnswerError(str(error)) from None
    context = ruleset.trump_context(suit)
    return str(sum(context.is_trump(card) for card in _pack(ruleset)))


def _match_of(code: str) -> tuple[Match, int]:
    """The match a (form) code names, played by the bots up to and including its deal."""
    form = _form_code(code)
    if form is None:
        try:
            parsed, ruleset = read_deal_code(code)
        except TrickcoreError as error:
            raise AnswerError(str(error)) from None
        form = ruleset, parsed.players, parsed.seed, parsed.deal - 1
    ruleset, players, seed, index = form
    match = Match(ruleset, players, seed)
    bots = [HeuristicBot()] * players
    while len(match.deals) <= index:
        if match.is_over:
            raise AnswerError(f"the game {code} is over after {len(match.deals)} deals")
        play_deal(match.next_deal(), bots)
    return match, index


def _total(args: _Args) -> str:
    args.count(2, "total CODE PLAYER")
    match, index = _match_of(args.words[0])
    return str(match.totals_after(index)[seat_of(args.words[1], match.players)])


def _game_winner(args: _Args) -> str:
    args.count(1, "game-winner CODE")
    match, index = _match_of(args.words[0])
    if not match.is_over or len(match.deals) != index + 1:
        raise AnswerError(f"the game does not end on deal {index + 1}")
    names = [PLAYER_NAMES[s] for s in match.winners]
    return " and ".join(names)


_FIVE_HUNDRED: dict[str, tuple[str, Callable[[_Args], str]]] = {
    "contract": ("Five Hundred: the contract the auction ends in", _contract),
    "contractor": ("Five Hundred: who wins the auction", _contractor),
    "calls": ("Five Hundred: the calls the next player may make after the given bids=", _calls),
    "may-call": ("Five Hundred: whether the next player may make a call after the given bids=,"
                 " and if not, why", _may_call),
    "to-call": ("Five Hundred: who calls next after the given bids=", _to_call),
    "side-tricks": ("Five Hundred: the tricks a player's side takes in the deal", _side_tricks),
    "kitty": ("Five Hundred: the kitty as dealt", _kitty),
    "discards": ("Five Hundred: the contractor's discards", _discards),
    "called-card": ("five-hand Five Hundred: the card the contractor names", _called_card),
    "partner": ("five-hand Five Hundred: who holds the called card", _partner),
    "value": ("Five Hundred: what a call is worth under a form's rules", _value),
    "outranks": ("Five Hundred: whether a call outranks another on a form's ladder", _outranks),
    "contract-score": ("Five Hundred: the contractor's points for a contract and the tricks"
                       " their side takes", _contract_score),
    "defence-score": ("Five Hundred: the defenders' points for a contract and the tricks the"
                      " contractor's side takes", _defence_score),
    "trump-count": ("Five Hundred: how many trumps a suit has in a form's pack", _trump_count),
    "trumps-held": ("Five Hundred: how many trumps (in the contract's suit) a player is dealt",
                    _trumps_held),
    "kitty-trumps": ("Five Hundred: the trumps a contractor holding some expects in the kitty",
                     _kitty_trumps),
    "joker-in-kitty": ("Five Hundred: the chance that a joker is in the kitty", _joker_in_kitty),
    "total": ("a player's running total after the deal named, the bots playing the game",
              _total),
    "game-winner": ("who wins the game on the deal named, the bots playing it", _game_winner),
}
KINDS.update(_FIVE_HUNDRED)
#: The Five Hundred kinds: tests/test_exercises_five_hundred.py checks them.
FIVE_HUNDRED_KINDS = frozenset(_FIVE_HUNDRED)
