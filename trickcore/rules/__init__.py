"""Rulesets: every variant is one frozen, validated value of :class:`Ruleset`.

A ruleset names each rule that differs between the games of a family: how many cards each
deal has, how trumps are chosen, whether the dealer is hooked, how a deal scores, when the game
ends and how it is settled.  One engine (:mod:`trickcore.engine.state`, :mod:`trickcore.engine.match`) plays
every ruleset; there is no class per game.  Change a rule with :func:`dataclasses.replace` or
:func:`with_options`; a combination that cannot be played is refused when it is built.

The package: :mod:`~trickcore.rules.enums` (the choices), :mod:`~trickcore.rules.ruleset` (the
:class:`Ruleset`), :mod:`~trickcore.rules.validate`, :mod:`~trickcore.rules.options` (changing
rules by name, and their meanings), the variants by family (:mod:`~trickcore.rules.oh_hell`,
:mod:`~trickcore.rules.humbug`, :mod:`~trickcore.rules.five_hundred`), the
:mod:`~trickcore.rules.registry` (:data:`VARIANTS`, :func:`get_variant`) and
:mod:`~trickcore.rules.describe` (the rules in words), and
:mod:`~trickcore.rules.scoring` (scoring as numbers: the named schemes and house scorings).  Only this package knows which family a
game belongs to: everything else asks the ruleset.

>>> from trickcore.rules.registry import get_variant
>>> pagat = get_variant("oh-hell")
>>> pagat.hand_sequence(4)
(10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
>>> no_hook = with_options(pagat, {"hook": False})
>>> no_hook.hook, pagat.hook
(False, True)
>>> with_options(pagat, {"hand_sizes": {"6": 10}})
Traceback (most recent call last):
...
trickcore.errors.RulesetError: Oh Hell! with 6 players: 10 cards each need 60 cards, but the pack holds only 52
"""

from trickcore.rules.enums import (
    AllPass,
    AuctionRounds,
    BiddingKind,
    CalledCard,
    FirstDealer,
    GameEnd,
    JokerRule,
    MatchEnd,
    MisereTiming,
    OpenMisere,
    Partnership,
    Schedule,
    Scoring,
    SixBids,
    Stakes,
    TrumpMethod,
    TwoHandForm,
    WinRule,
    ZeroBid,
)
from trickcore.rules.options import (
    FIVE_HUNDRED_OPTIONS,
    family_options,
    option_doc,
    option_docs,
    option_family,
    option_names,
    options_of,
    with_options,
)
from trickcore.rules.registry import VARIANTS, get_variant, variant_keys
from trickcore.rules.ruleset import Ruleset, option
from trickcore.rules.scoring import PRESETS, ScoringRule, parse_scoring, scoring_rule

__all__ = [
    "FIVE_HUNDRED_OPTIONS",
    "PRESETS",
    "VARIANTS",
    "AllPass",
    "AuctionRounds",
    "BiddingKind",
    "CalledCard",
    "FirstDealer",
    "GameEnd",
    "JokerRule",
    "MatchEnd",
    "MisereTiming",
    "OpenMisere",
    "Partnership",
    "Ruleset",
    "Schedule",
    "Scoring",
    "ScoringRule",
    "SixBids",
    "Stakes",
    "TrumpMethod",
    "TwoHandForm",
    "WinRule",
    "ZeroBid",
    "family_options",
    "get_variant",
    "option",
    "option_doc",
    "option_docs",
    "option_family",
    "option_names",
    "options_of",
    "parse_scoring",
    "scoring_rule",
    "variant_keys",
    "with_options",
]
