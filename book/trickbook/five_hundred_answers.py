"""The answers to the Five Hundred pages' exercises: the kinds of ``{answer}`` that read an
auction, a kitty or a form's rules (docs/EXERCISES.md, "Five Hundred").

:mod:`trickbook.answers` puts these kinds (:data:`FIVE_HUNDRED_ANSWERS`) in its ``KINDS``;
they use the helpers every kind shares (:mod:`trickbook.answer_args`: the arguments, the replay
of a deal) and the players' names.

A Five Hundred answer often depends on the rules and not on a deal: what a call is worth,
whether one call outranks another, what a contract scores made or set.  Those kinds take RULES:
a registry key (``five-hundred``, ``five-hundred-quebec``...) or one of the book's named forms
in :data:`FIVE_HUNDRED_FORMS` (the American game and Walker Ultimate are the four-hand game with
options, so they have no registry key).  The kinds that read a deal also accept a code made from
such a form, ``american-4-1`` (form, players, seed, deal), as well as any deal code.

>>> from trickbook.answers import answer
>>> answer("contract five-hundred-4-8"), answer("value five-hundred misere")
('8♠', '250')
>>> answer("may-call five-hundred-4-8 misere")
'no (misère may be called only over a seven)'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from fractions import Fraction
from math import comb

from trickcore import (
    BiddingKind,
    Card,
    HandState,
    HeuristicBot,
    Match,
    Phase,
    Ruleset,
    Suit,
    TrickcoreError,
    bot_action,
    get_variant,
    play_deal,
    with_options,
)
from trickcore.cards.packs import pack_cards
from trickcore.engine.auction import fixed_sides
from trickcore.engine.calls import Call, CallKind
from trickcore.engine.scoring import five_hundred_points
from trickcore.i18n import format_percent
from trickcore.notation.codes import read_deal_code

from trickbook.answer_args import (
    DEAL_SOURCES,
    AnswerArgs,
    AnswerError,
    Kind,
    cards_text,
    replay,
    seat_of,
)
from trickbook.i18n import N_, _, card_symbol, is_french, number
from trickbook.parts import PLAYER_NAMES
from trickbook.words import call_text

__all__ = ["FIVE_HUNDRED_ANSWERS", "FIVE_HUNDRED_FORMS", "FIVE_HUNDRED_KINDS", "call_label",
           "five_hundred_rules"]

#: The calls' names as the engine writes them (``Call.label``), for the catalogue.
CALL_LABELS = (N_("pass"), N_("misère"), N_("open misère"), N_("nullo"), N_("open nullo"),
               N_("hi lo"), N_("double nullo"))


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


def _form_deal(code: str) -> HandState | None:
    """The deal a named form's code names, as dealt (``None`` for any other code)."""
    form = _form_code(code)
    if form is None:
        return None
    ruleset, players, seed, index = form
    return HandState(ruleset, Match(ruleset, players, seed).make_deal(index))


DEAL_SOURCES.append(_form_deal)


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


def _contract_of(args: AnswerArgs, kind: str) -> tuple[HandState, Call, int]:
    args.count(1, f"{kind} CODE")
    state = _five_hundred_state(args.words[0], args.options.get("bids", []),
                                until=lambda s: s.phase is not Phase.BIDDING)
    if state.contract is None or state.contractor is None:
        raise AnswerError("everybody passes: there is no contract")
    return state, state.contract, state.contractor


def _contract(args: AnswerArgs) -> str:
    state, call, _ = _contract_of(args, "contract")
    return call_label(call, state.ruleset)


def _contractor(args: AnswerArgs) -> str:
    _, _, seat = _contract_of(args, "contractor")
    return PLAYER_NAMES[seat]


def _after_calls(args: AnswerArgs) -> HandState:
    """The deal just after the calls ``bids=`` (all of them, and nothing more)."""
    bids = args.options.get("bids", [])
    return _five_hundred_state(args.words[0], bids,
                               until=lambda s: s.phase is not Phase.BIDDING
                               or len(s.calls) >= len(bids))


def call_label(call: Call, ruleset: Ruleset) -> str:
    """A call as the pages write it: ``7♥``, ``misère``, and in American play ``inkle ♥``."""
    code = call.code(ruleset)
    if code.startswith("inkle-") and call.denomination is not None:
        return _("inkle {suit}").format(suit=call.denomination.symbol)
    if call.kind is CallKind.TRICKS:
        return call_text(call)
    return _(call.label)


def _auction(args: AnswerArgs) -> str:
    args.count(1, "auction CODE")
    state = _five_hundred_state(args.words[0], args.options.get("bids", []),
                                until=lambda s: s.phase is not Phase.BIDDING)
    return ", ".join(f"{PLAYER_NAMES[seat]} {call_label(call, state.ruleset)}"
                     for seat, call in state.calls)


def _calls(args: AnswerArgs) -> str:
    if len(args.words) not in (1, 2):
        raise AnswerError("expected calls CODE [UP-TO] bids=...")
    state = _after_calls(args)
    if state.phase is not Phase.BIDDING:
        raise AnswerError("the auction is over after those calls")
    calls = [c for c in state.legal_bids if isinstance(c, Call)]
    if len(args.words) == 2:
        top = _call(args.words[1]).rank(state.ruleset)
        calls = [c for c in calls if c.rank(state.ruleset) <= top]
    return ", ".join(call_label(c, state.ruleset) for c in calls)


def _may_call(args: AnswerArgs) -> str:
    args.count(2, "may-call CODE CALL bids=...")
    state = _after_calls(args)
    if state.phase is not Phase.BIDDING:
        raise AnswerError("the auction is over after those calls")
    try:
        state.check_bid(_call(args.words[1]))
    except TrickcoreError as error:
        return _("no ({why})").format(why=str(error).split(": ", 1)[-1])
    return _("yes")


def _to_call(args: AnswerArgs) -> str:
    args.count(1, "to-call CODE")
    state = _after_calls(args)
    if state.phase is not Phase.BIDDING:
        raise AnswerError("the auction is over after those calls")
    return PLAYER_NAMES[state.to_act or 0]


def _side_tricks(args: AnswerArgs) -> str:
    args.count(2, "side-tricks CODE PLAYER")
    state = _five_hundred_state(args.words[0])
    seat = seat_of(args.words[1], state.players)
    side = next(side for side in state.sides if seat in side)
    return str(sum(state.tricks_won[s] for s in side))


def _kitty(args: AnswerArgs) -> str:
    args.count(1, "kitty CODE")
    return cards_text(sorted(_five_hundred_state(args.words[0], until=lambda s: True).kitty))


def _discards(args: AnswerArgs) -> str:
    args.count(1, "discards CODE")
    state = _five_hundred_state(args.words[0], args.options.get("bids", []),
                                until=lambda s: s.phase is Phase.PLAYING or s.is_over)
    if not state.discards:
        raise AnswerError("nobody discards in this deal")
    return cards_text(sorted(state.discards))


def _called_card(args: AnswerArgs) -> str:
    args.count(1, "called-card CODE")
    state = _five_hundred_state(args.words[0], until=lambda s: s.phase is Phase.PLAYING)
    card = state.called_card
    return _("none: the contractor plays alone") if card is None else card_symbol(card)


def _partner(args: AnswerArgs) -> str:
    args.count(1, "partner CODE")
    state = _five_hundred_state(args.words[0], until=lambda s: s.phase is Phase.PLAYING)
    return _("nobody") if state.partner is None else PLAYER_NAMES[state.partner]


def _value(args: AnswerArgs) -> str:
    args.count(2, "value RULES CALL")
    ruleset, call = five_hundred_rules(args.words[0]), _call(args.words[1])
    if call.is_pass:
        raise AnswerError("a pass has no value")
    return str(call.value(ruleset))


def _outranks(args: AnswerArgs) -> str:
    args.count(3, "outranks RULES CALL OTHER")
    ruleset = five_hundred_rules(args.words[0])
    call, other = _call(args.words[1]), _call(args.words[2])
    return _("yes") if call.rank(ruleset) > other.rank(ruleset) else _("no")


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


def _contract_points(args: AnswerArgs, kind: str) -> tuple[Ruleset, list[int], int, int]:
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


def _contract_score(args: AnswerArgs) -> str:
    _, points, contractor, _ = _contract_points(args, "contract-score")
    return str(points[contractor])


def _defence_score(args: AnswerArgs) -> str:
    _, points, _, defender = _contract_points(args, "defence-score")
    return str(points[defender])


def _pack(ruleset: Ruleset) -> list[Card]:
    return list(pack_cards(ruleset.deck))


def _table_size(ruleset: Ruleset) -> int:
    return ruleset.players[0] if len(ruleset.players) == 1 else 4


def _joker_in_kitty(args: AnswerArgs) -> str:
    args.count(1, "joker-in-kitty RULES")
    ruleset = five_hundred_rules(args.words[0])
    pack = _pack(ruleset)
    kitty = ruleset.kitty_size(_table_size(ruleset))
    jokers = sum(card.is_joker for card in pack)
    chance = 1 - Fraction(comb(len(pack) - jokers, kitty), comb(len(pack), kitty))
    about = percent_text(float(chance))
    return _("{fraction}, about {percent}").format(
        fraction=f"{chance.numerator}/{chance.denominator}", percent=about)


def percent_text(fraction: float) -> str:
    """A whole percentage, as the reader writes it (``12%``, ``12 %``)."""
    return format_percent(fraction, 0) if is_french() else f"{fraction:.0%}"


def _held(args: AnswerArgs) -> tuple[Ruleset, Suit, int]:
    """The rules, the contract's trump suit and the trumps a player was dealt (CODE PLAYER)."""
    state, call, _ = _contract_of(AnswerArgs(args.words[:1]), "trumps-held")
    if call.trump is None:
        raise AnswerError(f"the contract is {call_label(call, state.ruleset)}: no trumps")
    dealt = _five_hundred_state(args.words[0], until=lambda s: True)
    hand = dealt.hand(seat_of(args.words[1], state.players))
    context = state.ruleset.trump_context(call.trump)
    return state.ruleset, call.trump, sum(context.is_trump(card) for card in hand)


def _trumps_held(args: AnswerArgs) -> str:
    args.count(2, "trumps-held CODE PLAYER")
    return str(_held(args)[2])


def _kitty_trumps(args: AnswerArgs) -> str:
    if len(args.words) == 2:
        ruleset, suit, held = _held(args)
    else:
        args.count(3, "kitty-trumps RULES SUIT HELD or kitty-trumps CODE PLAYER")
        ruleset = five_hundred_rules(args.words[0])
        suit = _suit(args.words[1])
        held = args.number(2, "trumps held")
    trumps = _trumps_in_pack(ruleset, suit)
    players = _table_size(ruleset)
    unseen = len(_pack(ruleset)) - ruleset.max_hand_size(players)
    if held > trumps:
        raise AnswerError(f"there are only {trumps} trumps")
    expected = Fraction(ruleset.kitty_size(players) * (trumps - held), unseen)
    return number(float(expected), 2) if is_french() else f"{float(expected):.2f}"


def _trump_count(args: AnswerArgs) -> str:
    args.count(2, "trump-count RULES SUIT")
    return str(_trumps_in_pack(five_hundred_rules(args.words[0]), _suit(args.words[1])))


def _suit(word: str) -> Suit:
    """The suit a word names (an answer error if none)."""
    try:
        return Suit.parse(word)
    except TrickcoreError as error:
        raise AnswerError(str(error)) from None


def _trumps_in_pack(ruleset: Ruleset, suit: Suit) -> int:
    """How many cards of the pack are trumps when ``suit`` is named."""
    context = ruleset.trump_context(suit)
    return sum(context.is_trump(card) for card in _pack(ruleset))


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


def _total(args: AnswerArgs) -> str:
    args.count(2, "total CODE PLAYER")
    match, index = _match_of(args.words[0])
    return str(match.totals_after(index)[seat_of(args.words[1], match.players)])


def _game_winner(args: AnswerArgs) -> str:
    args.count(1, "game-winner CODE")
    match, index = _match_of(args.words[0])
    if not match.is_over or len(match.deals) != index + 1:
        raise AnswerError(f"the game does not end on deal {index + 1}")
    names = [PLAYER_NAMES[s] for s in match.winners]
    return _(" and ").join(names)


#: The Five Hundred kinds: what each is, and what it is computed by (:mod:`trickbook.answers`
#: puts them in its ``KINDS``).
FIVE_HUNDRED_ANSWERS: dict[str, Kind] = {
    "contract": ("Five Hundred: the contract the auction ends in", _contract),
    "contractor": ("Five Hundred: who wins the auction", _contractor),
    "auction": ("Five Hundred: every call of the auction, in order, with who makes it",
                _auction),
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
#: The names of the Five Hundred kinds: tests/book/test_exercises_five_hundred.py checks them.
FIVE_HUNDRED_KINDS = frozenset(FIVE_HUNDRED_ANSWERS)
