"""The book's words for rule values: bidding, packs, sides, Five Hundred calls and bots'
reasons, so that every table says a rule the same way (schedules, trumps, dealers, scoring and
stakes are said by :func:`trickcore.rules.describe.short_words`, beside their sentences)."""

from __future__ import annotations

import re

from trickcore.cards import Suit
from trickcore.cards.packs import Pack
from trickcore.engine.calls import Call, CallKind, Denomination
from trickcore.rules import (
    BiddingKind,
    GameEnd,
    JokerRule,
    Partnership,
    Ruleset,
    Schedule,
    WinRule,
)

from trickbook.i18n import N_, _
from trickbook.parts import (
    PLAYER_NAMES,
    _and,
    _count,
    _hand_sizes_text,
)

__all__ = [
    "call_text",
    "players_text",
]


def players_text(ruleset: Ruleset) -> str:
    """The player counts as a range where they are consecutive: ``"3–7"``, ``"2"``.

    >>> from trickcore.rules.registry import get_variant
    >>> players_text(get_variant("oh-hell")), players_text(get_variant("humbug"))
    ('3–7', '2')
    """
    counts = ruleset.players
    if len(counts) > 1 and list(counts) == list(range(counts[0], counts[-1] + 1)):
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(map(str, counts))


def _example_count(ruleset: Ruleset) -> int:
    return 4 if 4 in ruleset.players else ruleset.players[0]


def _sequence_summary(ruleset: Ruleset, players: int) -> str:
    sizes = ruleset.hand_sequence(players)
    if ruleset.game_end is GameEnd.TARGET:
        return _("{n} cards every deal, until someone reaches {target}").format(
            n=sizes[0], target=ruleset.target)
    if len(sizes) == 1:
        return _("{cards}, one deal").format(cards=_count(sizes[0], "card"))
    if ruleset.schedule is Schedule.DOWN_UP:
        text = _("{first} down to 1 and back to {last}").format(first=sizes[0], last=sizes[-1])
    elif ruleset.schedule is Schedule.UP:
        text = _("1 up to {last}").format(last=sizes[-1])
    else:
        text = _hand_sizes_text(sizes)
    return f"{text} ({_count(len(sizes), 'deal')})"


#: The kinds of bidding by their engine names, for the catalogue.
_BIDDING_NAMES = (N_("auction"),)


def _bidding_words(ruleset: Ruleset) -> str:
    if ruleset.bidding is BiddingKind.NONE:
        return _("no bidding")
    if ruleset.bidding is not BiddingKind.EXACT:
        return _("{kind}: bid for a contract").format(kind=_(ruleset.bidding.value))
    if ruleset.hook:
        return _("hooked: the bids may not add up to the tricks")
    if ruleset.announce_over_under:
        return _('free; "over", "under" or "even" announced')
    return _("free")


_DENOMINATION_SYMBOLS = {Denomination.SPADES: "♠", Denomination.CLUBS: "♣",
                         Denomination.DIAMONDS: "♦", Denomination.HEARTS: "♥",
                         Denomination.NO_TRUMPS: N_("NT")}
_CALL_WORDS = {
    CallKind.PASS: N_("pass"),
    CallKind.MISERE: N_("misère"),
    CallKind.OPEN_MISERE: N_("open misère"),
    CallKind.NULLO: N_("nullo"),
    CallKind.OPEN_NULLO: N_("open nullo"),
    CallKind.HI_LO: N_("hi-lo"),
    CallKind.DOUBLE_NULLO: N_("double nullo"),
}
_PACK_WORDS = {
    Pack.STANDARD_52: N_("the standard pack"),
    Pack.FIVE_HUNDRED_43: N_("A down to 4 in hearts and diamonds, A down to 5 in spades and clubs,"
    " and a joker"),
    Pack.FIVE_HUNDRED_45: N_("A down to 4 in every suit, and a joker"),
    Pack.FIVE_HUNDRED_ODD_FOURS: N_("A down to 4 in hearts and clubs, A down to 5 in diamonds and"
    " spades, and a joker; the one 4 of the trump colour is a trump"),
    Pack.FIVE_HUNDRED_33: N_("A down to 7 in every suit, and a joker"),
    Pack.FIVE_HUNDRED_53: N_("the 52 cards and a joker"),
    Pack.FIVE_HUNDRED_63: N_("the 52 cards, 11s and 12s in every suit, 13s in hearts and diamonds,"
    " and a joker"),
    Pack.FIVE_HUNDRED_65: N_("the 52 cards, 11s, 12s and 13s in every suit, and a joker"),
    Pack.QUEBEC_46: N_("A down to 4 in every suit, and two jokers"),
}
_PARTNERSHIP_WORDS = {
    Partnership.ALTERNATE: N_("two fixed sides in alternate seats (opposite, with four players)"),
    Partnership.THREE_PAIRS: N_("three sides of two, partners sitting opposite"),
    Partnership.NONE: N_("everyone alone; in each deal everyone else plays against the"
    " contractor"),
    Partnership.CALLED: N_("the contractor calls a partner by naming a card, or plays alone"),
}
_JOKER_RULE_NAMES = {JokerRule.PAGAT: N_("pagat"), JokerRule.WIKIPEDIA: N_("Wikipedia"),
                     JokerRule.NEW_ZEALAND: N_("New Zealand")}
_WIN_WORDS = {
    WinRule.CONTRACT_ONLY: (N_("reach {t} by making a contract"), N_("lose at −{t}")),
    WinRule.ANY: (N_("reach {t} in any way"), N_("lose at −{t}")),
    WinRule.WALKER_ULTIMATE: (N_("reach exactly {t} by making a contract"),
                              N_("lose at {t2} or −{t}")),
}


def _joker_rule_name(rule: JokerRule) -> str:
    """The name of a joker rule (pagat's, Wikipedia's, the New Zealand one)."""
    return _(_JOKER_RULE_NAMES[rule])


def _win_words(ruleset: Ruleset) -> str:
    """How the game is won and lost, in a few words."""
    win, lose = _WIN_WORDS[ruleset.win_rule]
    if ruleset.failed_contract_to_opponents:  # scores never go down: nobody loses at -target
        lose = N_("scores never go down")
    return _("{win}; {lose}").format(
        win=_(win).format(t=ruleset.target),
        lose=_(lose).format(t=ruleset.target, t2=2 * ruleset.target))


def call_text(call: Call | str, ruleset: Ruleset | None = None) -> str:
    """A call as the book writes it: suit symbols, and inkles named where six-level calls are.

    >>> call_text("7H"), call_text("10NT"), call_text("open-misere"), call_text("pass")
    ('7♥', '10NT', 'open misère', 'pass')
    >>> from trickcore.rules import with_options
    >>> from trickcore.rules.registry import get_variant
    >>> call_text("6S", with_options(get_variant("five-hundred"), {"six_bids": "inkles"}))
    'inkle ♠'
    """
    parsed = Call.parse(call)
    if parsed.kind is not CallKind.TRICKS:
        return _(_CALL_WORDS[parsed.kind])
    assert parsed.denomination is not None
    symbol = _(_DENOMINATION_SYMBOLS[parsed.denomination])
    if ruleset is not None and ruleset.ladder.rung(str(parsed)).inkle:
        return _("inkle {suit}").format(suit=symbol)
    return f"{parsed.tricks}{symbol}"


def _pretty_reason(reason: str, ruleset: Ruleset | None = None) -> str:
    """A bot's reason with call codes written as the book writes calls (7H becomes 7♥).

    >>> _pretty_reason("about 7.0 tricks with H as trumps: call 7H")
    'about 7.0 tricks with ♥ as trumps: call 7♥'
    """
    def call(match: re.Match[str]) -> str:
        return call_text(match.group(0), ruleset)

    text = re.sub(r"\b(?:10|[6-9])(?:NT|S|C|D|H)\b", call, _(reason))
    text = re.sub(r"\bwith NT as trumps\b", "at no trumps", text)
    text = re.sub(r"\bwith ([SCDH]) as trumps\b",
                  lambda m: f"with {Suit.parse(m.group(1)).symbol} as trumps", text)
    return text.replace("misere", "misère")


_DENOMINATION_WORDS = {Denomination.SPADES: N_("spades"), Denomination.CLUBS: N_("clubs"),
                       Denomination.DIAMONDS: N_("diamonds"), Denomination.HEARTS: N_("hearts"),
                       Denomination.NO_TRUMPS: N_("no trumps")}


def _sides_words(ruleset: Ruleset, players: int) -> str:
    if players == 2:
        return _("{a} against {b}").format(a=PLAYER_NAMES[0], b=PLAYER_NAMES[1])
    if ruleset.partnership is Partnership.ALTERNATE:
        a = [PLAYER_NAMES[s] for s in range(0, players, 2)]
        b = [PLAYER_NAMES[s] for s in range(1, players, 2)]
        return _("{a} against {b}").format(a=_and(a), b=_and(b))
    if ruleset.partnership is Partnership.THREE_PAIRS:
        return _("; ").join(_and([PLAYER_NAMES[s], PLAYER_NAMES[s + 3]]) for s in range(3))
    return _(_PARTNERSHIP_WORDS[ruleset.partnership])
