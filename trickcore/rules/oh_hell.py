"""The Oh Hell family: exact-bid whist games, each one :class:`~trickcore.rules.Ruleset` value.

**The Oh Hell family** is a set of exact-bid whist games.  Every player is dealt the same number of
cards; after a trump suit is fixed, each bids once, starting left of the dealer, the exact number
of tricks they will take.  Players must follow suit if they can, the highest trump (else the
highest card of the suit led) wins the trick, and a bid made exactly earns a bonus.  The games
differ in the sequence of hand sizes, in how trumps are found, in whether the dealer is "hooked"
(may not make the bids add up to the number of tricks), and in scoring.  The rulesets below follow
the catalogue in the project's ``docs/rules.md``: Phillips & Westall (Oh! Well), Arnold (Contract
Whist), pagat.com (Oh Hell!), Bicycle (Oh Pshaw) and Parlett (British Oh Hell), as summarised by
Wikipedia where the book itself could not be read.

>>> OH_HELL.hook, OH_PSHAW.announce_over_under
(True, True)
"""

from __future__ import annotations

from trickcore.i18n import N_
from trickcore.rules.enums import FirstDealer, GameEnd, Schedule, Scoring, Stakes, TrumpMethod
from trickcore.rules.ruleset import Ruleset

__all__ = ["BRITISH_OH_HELL", "CONTRACT_WHIST", "OH_HELL", "OH_PSHAW", "OH_WELL",
           "UP_AND_DOWN_THE_RIVER"]

OH_WELL = Ruleset(
    key="oh-well",
    name=N_("Oh! Well"),
    aliases=("oh-well!", "ohwell"),
    source=N_("Phillips & Westall, 1939 (via Wikipedia)"),
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
    name=N_("Contract Whist"),
    aliases=("nomination-whist", "7-1-7", "contract/nomination whist"),
    source=N_("Arnold, 2011 (via Wikipedia)"),
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
    name=N_("Up and Down the River"),
    aliases=("up-the-river", "river", "bust"),
    source=N_("Wikipedia; youthmatters.org.au (start lowered for 6-8 players, docs/rules.md D5)"),
    players=(4, 5, 6, 7, 8),
    schedule=Schedule.DOWN_UP,
    # 10-1-10 from one pack works for 4 or 5 players only; larger tables start as high as the
    # pack allows (8, 7, 6), or at 10 with two packs (packs=2, docs/rules.md D5).
    max_start=10,
    trump_method=TrumpMethod.TURN_NEXT,
    hook=True,
    scoring=Scoring.COMMON,
)

OH_PSHAW = Ruleset(
    key="oh-pshaw",
    name=N_("Oh Pshaw"),
    aliases=("oh-pshaw!", "ohpshaw"),
    source=N_("Bicycle, 'Oh Pshaw'"),
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
    name=N_("British Oh Hell"),
    aliases=("parlett-oh-hell", "oh-hell-british"),
    source=N_("Parlett, 2008 (via Wikipedia)"),
    players=(3, 4, 5, 6, 7),
    schedule=Schedule.UP,
    trump_method=TrumpMethod.TURN_NEXT,
    no_trump_when_no_card=True,
    scoring=Scoring.BONUS_ONLY,
)

OH_HELL = Ruleset(
    key="oh-hell",
    name=N_("Oh Hell!"),
    aliases=("oh-hell!", "ohhell", "pagat-oh-hell", "blob", "oh-shit"),
    source=N_("pagat.com, 'Oh Hell!' (John McLeod)"),
    players=(3, 4, 5, 6, 7),
    schedule=Schedule.DOWN_UP,
    hand_sizes=((3, 10), (4, 10), (5, 10), (6, 8), (7, 7)),
    trump_method=TrumpMethod.TURN_NEXT,
    first_dealer=FirstDealer.HIGH_CARD,
    hook=True,
    scoring=Scoring.COMMON,
)
