"""Notation: deal codes, and game records written, read, replayed and checked.

:mod:`~trickcore.notation.codes` (a short name for a seeded deal, such as ``oh-hell-4-2718``),
:mod:`~trickcore.notation.records` (a match as JSON) and :mod:`~trickcore.notation.replay`
(reading a record back through the engine, checking every step).

>>> from trickcore.players.heuristic import HeuristicBot
>>> match = match_from_code("humbug-2-4")
>>> match.play([HeuristicBot(), HeuristicBot()])
>>> read_record(write_record(match)).totals == match.totals
True
"""

from trickcore.notation.codes import (
    DealCode,
    deal_code,
    match_from_code,
    parse_deal_code,
    read_deal_code,
    state_from_code,
)
from trickcore.notation.records import FORMAT, card_code, match_record, write_record
from trickcore.notation.replay import read_record, replay_record
from trickcore.notation.result_codes import ClassResult, decode_result, encode_result

__all__ = [
    "FORMAT",
    "ClassResult",
    "DealCode",
    "card_code",
    "deal_code",
    "decode_result",
    "encode_result",
    "match_from_code",
    "match_record",
    "parse_deal_code",
    "read_deal_code",
    "read_record",
    "replay_record",
    "state_from_code",
    "write_record",
]
