"""trickcore: one engine for the Oh Hell family, Humbug and Five Hundred.

Find a variant, deal from a seed, bid and play, and keep a record:

>>> import trickcore as tc
>>> rules = tc.get_variant("oh-hell")
>>> match = tc.Match(rules, players=4, seed=7)
>>> state = match.next_deal()
>>> state.hand_size, len(state.hand(0)), state.phase.value
(10, 10, 'bidding')
>>> match.play([tc.HeuristicBot()] * 4)
>>> match.is_over, len(match.record()["deals"])
(True, 19)
"""

from trickcore import display as display  # registers the notebook renderers
from trickcore._version import __version__ as __version__
from trickcore.build import BuildInfo, build_info
from trickcore.cards import (
    JOKER,
    Card,
    Rank,
    Suit,
    TrumpContext,
    cards_of,
    format_cards,
    mask_of,
    parse_cards,
)
from trickcore.engine.calls import Call
from trickcore.engine.dealing import Deal, choose_first_dealer, deal_cards, deal_from_hands, rng_for
from trickcore.engine.events import Phase, Trick
from trickcore.engine.match import Match
from trickcore.engine.scoring import deal_points, settle
from trickcore.engine.state import HandState
from trickcore.engine.turns import Bot, Choice, bot_action, play_deal
from trickcore.errors import (
    CardCodeError,
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    RecordError,
    RulesetError,
    TrickcoreError,
    UnknownOptionError,
    UnknownVariantError,
)
from trickcore.i18n import get_language, set_language
from trickcore.notation.codes import (
    DealCode,
    deal_code,
    match_from_code,
    parse_deal_code,
    state_from_code,
)
from trickcore.notation.records import match_record, write_record
from trickcore.notation.replay import read_record, replay_record
from trickcore.players import HeuristicBot, MonteCarloBot, RandomBot
from trickcore.players.strength import STRENGTHS, StrengthBot
from trickcore.rules import (
    VARIANTS,
    BiddingKind,
    FirstDealer,
    GameEnd,
    Ruleset,
    Schedule,
    Scoring,
    Stakes,
    TrumpMethod,
    ZeroBid,
    get_variant,
    option_names,
    variant_keys,
    with_options,
)
from trickcore.study.accepted_deals import Estimate, estimate, generate
from trickcore.study.experiment import BotSummary, Results, SeatResult, play_deals
from trickcore.study.stats import MeanEstimate, mean_from_sums, proportion

#: The solver's and the study runner's names, imported when first asked for (``import
#: trickcore`` stays light: the solver is large, and the runner brings the book's studies).
_LAZY = {**{name: "trickcore.solver" for name in (
             "PerfectBot", "Position", "Result", "opening_position", "position_from_deal",
             "position_from_state", "solve", "solve_fewest", "solve_humbug_deal")},
         "run_study": "trickcore.study.runner", "StudyRun": "trickcore.study.runner",
         "Study": "trickcore.study.chunked", "deal_study": "trickcore.study.custom",
         "match_study": "trickcore.study.custom", "play_matches": "trickcore.study.games",
         "MatchesResult": "trickcore.study.games", "Standing": "trickcore.study.games"}


def __getattr__(name: str) -> object:
    """The solver's and the study runner's names (:data:`_LAZY`), imported when first used."""
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'trickcore' has no attribute {name!r}")

__all__ = [
    "JOKER",
    "STRENGTHS",
    "VARIANTS",
    "BiddingKind",
    "Bot",
    "BotSummary",
    "BuildInfo",
    "Call",
    "Card",
    "CardCodeError",
    "Choice",
    "Deal",
    "DealCode",
    "Estimate",
    "FirstDealer",
    "GameEnd",
    "HandState",
    "HeuristicBot",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalPlayError",
    "Match",
    "MatchesResult",
    "MeanEstimate",
    "MonteCarloBot",
    "PerfectBot",
    "Phase",
    "Position",
    "RandomBot",
    "Rank",
    "RecordError",
    "Result",
    "Results",
    "Ruleset",
    "RulesetError",
    "Schedule",
    "Scoring",
    "SeatResult",
    "Stakes",
    "Standing",
    "StrengthBot",
    "Study",
    "StudyRun",
    "Suit",
    "Trick",
    "TrickcoreError",
    "TrumpContext",
    "TrumpMethod",
    "UnknownOptionError",
    "UnknownVariantError",
    "ZeroBid",
    "bot_action",
    "build_info",
    "cards_of",
    "choose_first_dealer",
    "deal_cards",
    "deal_code",
    "deal_from_hands",
    "deal_points",
    "deal_study",
    "estimate",
    "format_cards",
    "generate",
    "get_language",
    "get_variant",
    "mask_of",
    "match_from_code",
    "match_record",
    "match_study",
    "mean_from_sums",
    "opening_position",
    "option_names",
    "parse_cards",
    "parse_deal_code",
    "play_deal",
    "play_deals",
    "play_matches",
    "position_from_deal",
    "position_from_state",
    "proportion",
    "read_record",
    "replay_record",
    "rng_for",
    "run_study",
    "set_language",
    "settle",
    "solve",
    "solve_fewest",
    "solve_humbug_deal",
    "state_from_code",
    "variant_keys",
    "with_options",
    "write_record",
]
