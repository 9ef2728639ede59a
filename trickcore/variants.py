"""The registry of variants: each one a :class:`~trickcore.rules.Ruleset` value, no logic.

**The Oh Hell family** is a set of exact-bid whist games.  Every player is dealt the same number of
cards; after a trump suit is fixed, each bids once, starting left of the dealer, the exact number
of tricks they will take.  Players must follow suit if they can, the highest trump (else the
highest card of the suit led) wins the trick, and a bid made exactly earns a bonus.  The games
differ in the sequence of hand sizes, in how trumps are found, in whether the dealer is "hooked"
(may not make the bids add up to the number of tricks), and in scoring.  The rules below follow
the catalogue in the project's ``RULES.md``: Phillips & Westall (Oh! Well), Arnold (Contract
Whist), pagat.com (Oh Hell!), Bicycle (Oh Pshaw) and Parlett (British Oh Hell), as summarised by
Wikipedia where the book itself could not be read.

**Humbug** (*The Sporting Magazine*, London, 1793; pagat, after Ivan Derzhanski) is whist for two
with the whole pack dealt, so each player knows the other's cards.  The dealer's last card is
turned for trumps; there is no bidding, and the player with more tricks wins the difference.

>>> get_variant("Nomination Whist").key
'contract-whist'
>>> [v.key for v in VARIANTS.values()][:3]
['oh-well', 'contract-whist', 'up-and-down-the-river']
>>> get_variant("oh hel")
Traceback (most recent call last):
...
trickcore.errors.UnknownVariantError: unknown variant 'oh hel'; did you mean 'oh-hell'? The variants are: oh-well, contract-whist, up-and-down-the-river, oh-pshaw, british-oh-hell, oh-hell, humbug, five-hundred, five-hundred-2, five-hundred-3, five-hundred-5, five-hundred-6, five-hundred-quebec
"""

from __future__ import annotations

import dataclasses
import difflib
import re

from trickcore.decks import Pack
from trickcore.errors import UnknownVariantError
from trickcore.rules import (
    BiddingKind,
    FirstDealer,
    GameEnd,
    MisereTiming,
    OpenMisere,
    Partnership,
    Ruleset,
    Schedule,
    Scoring,
    Stakes,
    TrumpMethod,
    WinRule,
)

__all__ = ["VARIANTS", "get_variant", "variant_keys"]

OH_WELL = Ruleset(
    key="oh-well",
    name="Oh! Well",
    aliases=("oh-well!", "ohwell"),
    source="Phillips & Westall, 1939 (via Wikipedia)",
    players=(3, 4, 5, 6, 7),
    # Cards set aside from the bottom so that the pack divides evenly.
    cards_removed=((3, 1), (5, 2), (6, 4), (7, 3)),
    schedule=Schedule.FIXED,
    trump_method=TrumpMethod.DEALERS_LAST,
    scoring=Scoring.COMMON,
    game_end=GameEnd.TARGET,
    target=100,
    stakes=Stakes.DIFFERENCES,
)

CONTRACT_WHIST = Ruleset(
    key="contract-whist",
    name="Contract Whist",
    aliases=("nomination-whist", "7-1-7", "contract/nomination whist"),
    source="Arnold, 2011 (via Wikipedia)",
    players=(3, 4, 5, 6, 7),
    schedule=Schedule.DOWN_UP,
    hand_sizes=((3, 7), (4, 7), (5, 7), (6, 7), (7, 7)),
    trump_method=TrumpMethod.TOP_OF_STOCK,
    first_dealer=FirstDealer.FIRST_JACK,
    hook=True,
    scoring=Scoring.COMMON,
)

UP_AND_DOWN_THE_RIVER = Ruleset(
    key="up-and-down-the-river",
    name="Up and Down the River",
    aliases=("up-the-river", "river", "bust"),
    source="Wikipedia; youthmatters.org.au (start lowered for 6-8 players, RULES.md D5)",
    players=(4, 5, 6, 7, 8),
    schedule=Schedule.DOWN_UP,
    # 10-1-10 from one pack works for 4 or 5 players only; larger tables start lower.
    hand_sizes=((4, 10), (5, 10), (6, 8), (7, 7), (8, 6)),
    trump_method=TrumpMethod.TURN_NEXT,
    hook=True,
    scoring=Scoring.COMMON,
)

OH_PSHAW = Ruleset(
    key="oh-pshaw",
    name="Oh Pshaw",
    aliases=("oh-pshaw!", "ohpshaw"),
    source="Bicycle, 'Oh Pshaw'",
    players=(3, 4, 5, 6, 7),
    schedule=Schedule.UP,
    # Bicycle advises stopping at 15 with three players (17 is the theoretical limit).
    hand_sizes=((3, 15),),
    trump_method=TrumpMethod.TURN_NEXT,
    no_trump_when_no_card=True,
    announce_over_under=True,
    scoring=Scoring.SIMPLE,
    stakes=Stakes.HARD_SCORE,
)

BRITISH_OH_HELL = Ruleset(
    key="british-oh-hell",
    name="British Oh Hell",
    aliases=("parlett-oh-hell", "oh-hell-british"),
    source="Parlett, 2008 (via Wikipedia)",
    players=(3, 4, 5, 6, 7),
    schedule=Schedule.UP,
    trump_method=TrumpMethod.TURN_NEXT,
    no_trump_when_no_card=True,
    scoring=Scoring.BONUS_ONLY,
)

OH_HELL = Ruleset(
    key="oh-hell",
    name="Oh Hell!",
    aliases=("oh-hell!", "ohhell", "pagat-oh-hell", "blob", "oh-shit"),
    source="pagat.com, 'Oh Hell!' (John McLeod)",
    players=(3, 4, 5, 6, 7),
    schedule=Schedule.DOWN_UP,
    hand_sizes=((3, 10), (4, 10), (5, 10), (6, 8), (7, 7)),
    trump_method=TrumpMethod.TURN_NEXT,
    first_dealer=FirstDealer.HIGH_CARD,
    hook=True,
    scoring=Scoring.COMMON,
)

HUMBUG = Ruleset(
    key="humbug",
    name="Humbug",
    family="humbug",
    aliases=("humbug-whist", "two-hand-whist-1793"),
    source="The Sporting Magazine, London, 1793; pagat.com 'Humbug'",
    players=(2,),
    schedule=Schedule.FIXED,
    hand_sizes=((2, 26),),
    fixed_deals=1,
    trump_method=TrumpMethod.DEALERS_LAST,
    first_dealer=FirstDealer.LOW_CARD,
    ace_low_in_draw=True,
    bidding=BiddingKind.NONE,
    scoring=Scoring.TRICK_DIFFERENCE,
    stakes=Stakes.TRICK_DIFFERENCE,
    revoke_penalty_tricks=3,
    may_view_last_trick=True,
    open_hands=True,
)

FIVE_HUNDRED = Ruleset(
    key="five-hundred",
    name="Five Hundred",
    family="five-hundred",
    aliases=("500", "five-hundred-4", "australian-500", "500-4"),
    source="pagat.com, 'Five Hundred' (Australian rules), via its French translation",
    players=(4,),
    deck=Pack.FIVE_HUNDRED_43,
    schedule=Schedule.FIXED,
    hand_sizes=((4, 10),),
    trump_method=TrumpMethod.NONE,
    bidding=BiddingKind.AUCTION,
    scoring=Scoring.AVONDALE,
    game_end=GameEnd.TARGET,
    target=500,
    partnership=Partnership.ALTERNATE,
)

FIVE_HUNDRED_2 = dataclasses.replace(
    FIVE_HUNDRED,
    key="five-hundred-2",
    name="Two-hand Five Hundred",
    aliases=("500-2", "two-hand-500"),
    source="pagat.com, 'Five Hundred', two-hand rules of Megan Corino and Barry Rigal",
    players=(2,),
    hand_sizes=((2, 10),),
    # Each player also has five table piles: one card face down under one face up.
    table_piles=5,
    partnership=Partnership.NONE,
    misere_timing=MisereTiming.ANY_TIME,
    open_misere=OpenMisere.NOT_ALLOWED,
)

FIVE_HUNDRED_3 = dataclasses.replace(
    FIVE_HUNDRED,
    key="five-hundred-3",
    name="Three-hand Five Hundred",
    aliases=("500-3", "three-hand-500"),
    source="pagat.com, 'Five Hundred', three-hand rules",
    players=(3,),
    deck=Pack.FIVE_HUNDRED_33,
    hand_sizes=((3, 10),),
    # The highest bidder plays alone; the other two ally for the hand.
    partnership=Partnership.NONE,
)

FIVE_HUNDRED_5 = dataclasses.replace(
    FIVE_HUNDRED,
    key="five-hundred-5",
    name="Five-hand Five Hundred",
    aliases=("500-5", "five-hand-500"),
    source="pagat.com, 'Five Hundred', five-hand rules",
    players=(5,),
    deck=Pack.FIVE_HUNDRED_53,
    hand_sizes=((5, 10),),
    # After the kitty the contractor names a card; its holder is the partner for the hand.
    partnership=Partnership.CALLED,
)

FIVE_HUNDRED_6 = dataclasses.replace(
    FIVE_HUNDRED,
    key="five-hundred-6",
    name="Six-hand Five Hundred",
    aliases=("500-6", "six-hand-500"),
    source="pagat.com, 'Five Hundred', six-hand rules (the 63-card pack)",
    players=(6,),
    deck=Pack.FIVE_HUNDRED_63,
    hand_sizes=((6, 10),),
    partnership=Partnership.ALTERNATE,
)

FIVE_HUNDRED_QUEBEC = dataclasses.replace(
    FIVE_HUNDRED,
    key="five-hundred-quebec",
    name="Québec Five Hundred",
    aliases=("500-quebec", "quebec-500", "cinq-cents"),
    source="French Wikipedia draft on 500 (seed 003), the Québec section",
    deck=Pack.QUEBEC_46,
    target=1000,
    win_rule=WinRule.ANY,
    failed_contract_to_opponents=True,
    # The Québec misère values cannot be placed on the ladder (RULES.md D22): not offered.
    misere_timing=MisereTiming.NOT_ALLOWED,
    open_misere=OpenMisere.NOT_ALLOWED,
    high_joker="coloured",
)

#: Every variant by key, in the order the book presents them.
VARIANTS: dict[str, Ruleset] = {
    r.key: r
    for r in (OH_WELL, CONTRACT_WHIST, UP_AND_DOWN_THE_RIVER, OH_PSHAW, BRITISH_OH_HELL, OH_HELL,
              HUMBUG, FIVE_HUNDRED, FIVE_HUNDRED_2, FIVE_HUNDRED_3, FIVE_HUNDRED_5,
              FIVE_HUNDRED_6, FIVE_HUNDRED_QUEBEC)
}


def _normal(name: str) -> str:
    return re.sub(r"[\s_]+", "-", name.strip().lower())


_ALIASES: dict[str, str] = {}
for _ruleset in VARIANTS.values():
    for _name in (_ruleset.key, _ruleset.name, *_ruleset.aliases):
        _ALIASES[_normal(_name)] = _ruleset.key


def variant_keys() -> tuple[str, ...]:
    """The registry keys, in book order.

    >>> keys = variant_keys()
    >>> len(keys), keys[:3]
    (13, ('oh-well', 'contract-whist', 'up-and-down-the-river'))
    """
    return tuple(VARIANTS)


def get_variant(name: str) -> Ruleset:
    """Find a variant by key, name or alias (case, spaces and underscores do not matter).

    >>> get_variant("OH_HELL").name
    'Oh Hell!'
    """
    if not isinstance(name, str):
        raise UnknownVariantError(
            f"a variant is named by text, not {name!r}. The variants are: {', '.join(VARIANTS)}"
        )
    key = _ALIASES.get(_normal(name))
    if key is None:
        close = difflib.get_close_matches(_normal(name), list(VARIANTS), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else "."
        raise UnknownVariantError(
            f"unknown variant {name!r}{hint} The variants are: {', '.join(VARIANTS)}"
        )
    return VARIANTS[key]
