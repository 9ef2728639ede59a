"""Reading game records: replay every bid and card through the engine, and check the rest.

:func:`replay_record` reads a record (``trickcore-record/1``, see ``docs/records.md``) and
raises :class:`~trickcore.errors.RecordError` at the first thing that is malformed or illegal,
naming the deal, the step and the rule.  The variant is looked up once, and its
:class:`~trickcore.rules.Ruleset` (with the record's options) is passed down.

>>> from trickcore.players.random import RandomBot
>>> from trickcore.notation.records import match_record
>>> from trickcore.rules.registry import get_variant
>>> match = Match(get_variant("humbug"), players=2, seed=9)
>>> match.play([RandomBot(seed=1), RandomBot(seed=2)])
>>> replay_record(match_record(match)).totals == match.totals
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from trickcore.arguments import typed
from trickcore.cards import Card
from trickcore.engine.dealing import deal_from_hands, turn_up_required
from trickcore.engine.events import Phase, phase_name
from trickcore.engine.match import Match
from trickcore.engine.state import HandState
from trickcore.errors import (
    CardCodeError,
    IllegalActionError,
    RecordError,
    RulesetError,
    TrickcoreError,
)
from trickcore.files import load_json
from trickcore.i18n import N_, _
from trickcore.notation.records import FORMAT
from trickcore.notation.values import MAX_RECORD_DEPTH, check_values
from trickcore.rules import get_variant, with_options

__all__ = ["MAX_RECORD_BYTES", "MAX_RECORD_DEPTH", "read_record", "replay_record"]

#: The largest record text read (a 200-deal match of Five Hundred takes about 0.5 MB).
MAX_RECORD_BYTES = 8_000_000


@typed
def read_record(text: str) -> Match:
    """Parse JSON text and replay it (see :func:`replay_record`).

    >>> from trickcore.players.heuristic import HeuristicBot
    >>> from trickcore.notation.records import write_record
    >>> match = Match(get_variant("humbug"), players=2, seed=4)
    >>> match.play([HeuristicBot(), HeuristicBot()])
    >>> read_record(write_record(match)).totals == match.totals
    True
    >>> read_record("not json")
    Traceback (most recent call last):
    ...
    trickcore.errors.RecordError: the record is not valid JSON: Expecting value: line 1 column 1 (char 0)
    """
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(_("the record is too large: {count:,} characters, the limit is "
                            "{max_record_bytes:,}").format(
                              count=len(text), max_record_bytes=MAX_RECORD_BYTES))
    data = load_json(text, what=_("the record"), max_bytes=MAX_RECORD_BYTES,
                     max_depth=MAX_RECORD_DEPTH, error=RecordError)
    if _depth(data) > MAX_RECORD_DEPTH:
        raise RecordError(_("the record nests deeper than {max_record_depth} levels").format(
                              max_record_depth=MAX_RECORD_DEPTH))
    return replay_record(data)


def _depth(data: Any) -> int:
    """How deeply ``data`` nests (without recursion: the JSON may be deep)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if level > MAX_RECORD_DEPTH:
            break
        if isinstance(item, dict):
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, level + 1) for v in item)
    return deepest


# Replay ---------------------------------------------------------------------------------------

_PLACES = {"deal": N_("deal {number}"), "bid": N_("bid {number}"), "trick": N_("trick {number}"),
           "card": N_("card {number}")}


def _place(step: str) -> str:
    """A step of a record (``trick 3, card 2``, kept in English on the error) for people."""
    return re.sub(r"\b(deal|bid|trick|card) (\d+)",
                  lambda m: _(_PLACES[m[1]]).format(number=m[2]), step)


def _need(
    obj: Any, key: str, kind: type | tuple[type, ...], where: str, deal: int | None = None
) -> Any:
    if not isinstance(obj, Mapping) or key not in obj:
        raise RecordError(_("{where}: the field {key!r} is missing").format(where=where, key=key), deal=deal, step=key)
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        names = (kind.__name__ if isinstance(kind, type)
                 else _(" or ").join(k.__name__ for k in kind))
        raise RecordError(_("{where}: {key!r} should be {names}, not {value!r}").format(
                              where=where, key=key, names=names, value=value), deal=deal,
                          step=key)
    return value


def replay_record(data: Any) -> Match:
    """Replay a record through the engine and return the match it describes.

    Everything the record states is checked: the dealer rotation and hand sizes against the
    schedule, the trump against the turn-up, each bid and card against the rules, each trick's
    winner, each deal's tricks, points and totals, and the result.

    >>> from trickcore.players.heuristic import HeuristicBot
    >>> from trickcore.notation.records import match_record
    >>> match = Match(get_variant("humbug"), players=2, seed=4)
    >>> match.play([HeuristicBot(), HeuristicBot()])
    >>> record = match_record(match)
    >>> replay_record(record).winners
    [0]
    >>> record["deals"][0]["points"] = [0, 0]
    >>> replay_record(record)
    Traceback (most recent call last):
    ...
    trickcore.errors.RecordError: deal 1, points: the record says [0, 0], the rules give [2, -2] [rule: scoring]
    """
    if not isinstance(data, Mapping):
        raise RecordError(_("a record is a JSON object"))
    check_values(data)
    fmt = data.get("format")
    if fmt != FORMAT:
        raise RecordError(_("unknown record format {fmt!r}; expected {format!r}").format(
                              fmt=fmt, format=FORMAT))
    variant = _need(data, "variant", str, "record")
    try:
        ruleset = get_variant(variant)
        options = data.get("options") or {}
        if not isinstance(options, Mapping):
            raise RecordError(_("record: 'options' should be an object"))
        ruleset = with_options(ruleset, options)
    except TrickcoreError as error:
        if isinstance(error, RecordError):
            raise
        raise RecordError(_("record: {error}").format(error=error)) from None
    players = _need(data, "players", int, "record")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError(_("record: 'seed' should be a whole number or null, not {seed!r}").format(
                              seed=seed))
    try:
        match = Match(ruleset, players, seed if seed is not None else 0)
    except RulesetError as error:
        raise RecordError(_("record: {error}").format(error=error)) from None
    match.seed = seed  # type: ignore[assignment]
    deals = _need(data, "deals", list, "record")
    for index, deal_data in enumerate(deals):
        _replay_deal(match, index, deal_data)
    result = data.get("result")
    if result is not None:
        where = "result"
        if not isinstance(result, Mapping):
            raise RecordError(_("result: should be an object or null, not {result!r}").format(
                                  result=result),
                              step="result")
        if not match.is_over:
            raise RecordError(_("result: the record has a result but the match is not over"),
                              step="result", illegal=True)
        for key, expected in (("totals", match.totals), ("winners", match.winners),
                              ("settlement", match.settlement)):
            if key not in result:
                raise RecordError(_("result: the field {key!r} is missing").format(key=key), step="result")
            if result[key] != expected:
                raise RecordError(
                    _("{where}: {key} should be {expected}, the record says {result}").format(
                        where=where, key=key, expected=expected, result=result[key]),
                    step="result", illegal=True,
                )
    elif deals and match.is_over:
        raise RecordError(_("result: the match is over but the record gives no result"),
                          step="result")
    if not match.is_over and len(deals) > len(match.deals):
        raise RecordError(_("the record has more deals than the match allows"), illegal=True)
    return match


def _replay_deal(match: Match, index: int, data: Any) -> None:
    label = _("deal {number}").format(number=index + 1)
    if match.is_over:
        raise RecordError(_("{label}: the match was already over").format(label=label), deal=index, step="deal",
                          illegal=True)
    if match.current is not None:
        raise RecordError(_("{label}: the previous deal was not finished").format(label=label), deal=index,
                          step="deal", illegal=True)
    dealer = _need(data, "dealer", int, label, index)
    hand_size = _need(data, "hand_size", int, label, index)
    hands = _need(data, "hands", list, label, index)
    if index == 0:
        if not 0 <= dealer < match.players:
            raise RecordError(_("{label}: dealer {dealer} is not a seat").format(
                                  label=label, dealer=dealer), deal=index, step="dealer")
        match.first_dealer = dealer
    elif dealer != match.dealer_for(index):
        raise RecordError(
            _("{label}, dealer: seat {dealer} dealt, but the deal passes left to seat {value} "
              "[rule: dealer-rotation]").format(
                label=label, dealer=dealer, value=match.dealer_for(index)),
            deal=index, step="dealer", illegal=True,
        )
    expected_size = match.hand_size_for(index)
    if hand_size != expected_size:
        raise RecordError(
            _("{label}, hand size: {hand_size} cards, but the schedule deals {expected_size} "
              "[rule: schedule]").format(
                label=label, hand_size=hand_size, expected_size=expected_size),
            deal=index, step="hand_size", illegal=True,
        )
    if len(hands) != match.players or not all(isinstance(h, list) for h in hands):
        raise RecordError(_("{label}: 'hands' should hold {players} lists of cards").format(
                              label=label, players=match.players),
                          deal=index, step="hands")
    if any(len(h) != hand_size for h in hands):
        raise RecordError(_("{label}, hands: every hand should have {hand_size} cards [rule: "
                            "hand-size]").format(
                              label=label, hand_size=hand_size),
                          deal=index, step="hands", illegal=True)
    turn_up = data.get("turn_up")
    extra: dict[str, Any] = {}
    if match.ruleset.deals_kitty:
        if turn_up is not None:
            raise RecordError(_("{label}, turn_up: Five Hundred turns up no card for trumps, but "
                                "the record gives {turn_up} [rule: trump]").format(
                                  label=label, turn_up=turn_up), deal=index,
                              step="turn_up", illegal=True)
        for key in ("kitty", "table", "dead"):
            if key in data and data[key] is not None:
                if not isinstance(data[key], list):
                    raise RecordError(_("{label}: {key!r} should be a list").format(
                                          label=label, key=key), deal=index, step=key)
                extra[key] = data[key]
    try:
        deal = deal_from_hands(match.ruleset, hands, dealer=dealer, turn_up=turn_up,
                               deal_index=index, **extra)
    except CardCodeError as error:
        raise RecordError(_("{label}, hands: {error}").format(label=label, error=error), deal=index, step="hands") from None
    except RulesetError as error:
        raise RecordError(_("{label}, hands: {error} [rule: deal]").format(
                              label=label, error=error), deal=index, step="hands",
                          illegal=True) from None
    if deal.turn_up is None and turn_up_required(match.ruleset, players=match.players,
                                                 hand_size=hand_size):
        raise RecordError(
            _("{label}, turn_up: the rules turn up a card for trumps in this deal, but the record "
              "gives none [rule: trump]").format(label=label), deal=index, step="turn_up", illegal=True)
    trump = deal.trump.letter if deal.trump is not None else None
    if data.get("trump") != trump and not match.ruleset.deals_kitty:
        raise RecordError(
            _("{label}, trump: the record says {value}, but with turn-up {turn_up} the rules make "
              "it {value2} [rule: trump]").format(
                label=label, value=data.get('trump'), turn_up=turn_up, value2=trump or _('no trump')),
            deal=index, step="trump", illegal=True,
        )
    state = match.next_deal(deal)
    _replay_actions(match, index, state, data)


def _replay_contract(state: HandState, index: int, data: Any) -> None:
    """Five Hundred: check the contract, then replay discards, the partner call, the joker."""
    label = _("deal {number}").format(number=index + 1)
    r = state.ruleset
    expected = None
    if state.contract is not None:
        expected = {"seat": state.contractor, "bid": state.contract.code(r)}
    if "contract" in data and data["contract"] != expected and state.phase is not Phase.BIDDING:
        raise RecordError(_("{label}, contract: the record says {data}, the auction makes it "
                            "{expected} [rule: auction]").format(
                              label=label, data=data['contract'], expected=expected), deal=index, step="contract",
                          illegal=True)
    steps: list[tuple[str, Phase]] = [("discards", Phase.DISCARD),
                                      ("partner_discards", Phase.DISCARD),
                                      ("called_card", Phase.CALL), ("joker_suit", Phase.JOKER)]
    for key, phase in steps:
        value = data.get(key)
        if state.phase is phase and (key not in data or (value == [] and phase is Phase.DISCARD)):
            break  # the deal was stopped before this step
        if state.phase is not phase:
            if value not in (None, []):
                raise RecordError(_("{label}, {key}: the record gives {value}, but the rules have "
                                    "no such step here [rule: phase]").format(
                                      label=label, key=key, value=value), deal=index, step=key,
                                  illegal=True)
            continue
        if key in ("discards", "partner_discards") and not isinstance(value, list):
            raise RecordError(_("{label}: {key!r} should be a list of cards").format(
                                  label=label, key=key), deal=index,
                              step=key)
        try:
            state.apply(value)
        except IllegalActionError as error:
            malformed = error.rule in ("card-code", "suit")
            raise RecordError(_("{label}, {key}: {error} [rule: {rule}]").format(
                                  label=label, key=key, error=error, rule=error.rule), deal=index,
                              step=key, illegal=not malformed) from None
    if "partner" in data and data["partner"] != state.partner:
        raise RecordError(_("{label}, partner: the record says seat {data}, but the called card "
                            "makes it {partner} [rule: called-partner]").format(
                              label=label, data=data['partner'], partner=state.partner),
                          deal=index, step="partner", illegal=True)


def _illegal(label: str, step: str, error: IllegalActionError, index: int) -> RecordError:
    return RecordError(_("{label}, {step}: {error} [rule: {rule}]").format(
                           label=label, step=_place(step), error=error, rule=error.rule), deal=index, step=step,
                       illegal=True)


def _replay_actions(match: Match, index: int, state: HandState, data: Any) -> None:
    label = _("deal {number}").format(number=index + 1)
    bids = data.get("bids", [])
    if not isinstance(bids, list):
        raise RecordError(_("{label}: 'bids' should be a list").format(label=label), deal=index, step="bids")
    for i, entry in enumerate(bids):
        step = f"bid {i + 1}"
        seat = _need(entry, "seat", int, f"{label}, {_place(step)}", index)
        value = _need(entry, "bid", str if state.auction else int, f"{label}, {_place(step)}", index)
        if seat != state.to_act:
            raise RecordError(
                _("{label}, {step}: seat {seat} bid, but it was seat {to_act}'s turn [rule: "
                  "bidding-order]").format(
                    label=label, step=_place(step), seat=seat, to_act=state.to_act),
                deal=index, step=step, illegal=True,
            )
        try:
            state.bid(value)
        except IllegalActionError as error:
            malformed = error.rule == "call-code"
            raise RecordError(_("{label}, {step} (seat {seat}): {error} [rule: {rule}]").format(
                                  label=label, step=_place(step), seat=seat, error=error, rule=error.rule),
                              deal=index, step=step, illegal=not malformed) from None
    if state.auction:
        _replay_contract(state, index, data)
    announcement = data.get("announcement")
    if announcement != state.announcement and (state.tricks or data.get("tricks")):
        raise RecordError(
            _("{label}, announcement: the record says {announcement!r}, the bids make it "
              "{announcement2!r} [rule: over-under]").format(
                label=label, announcement=announcement, announcement2=state.announcement),
            deal=index, step="announcement", illegal=True,
        )
    tricks = data.get("tricks", [])
    if not isinstance(tricks, list):
        raise RecordError(_("{label}: 'tricks' should be a list").format(label=label), deal=index, step="tricks")
    for t, trick in enumerate(tricks):
        step = f"trick {t + 1}"
        leader = _need(trick, "leader", int, f"{label}, {_place(step)}", index)
        cards = _need(trick, "cards", list, f"{label}, {_place(step)}", index)
        if leader != state.to_act:
            raise RecordError(
                _("{label}, {step}: seat {leader} led, but seat {to_act} was to lead [rule: lead]").format(
                    label=label, step=_place(step), leader=leader, to_act=state.to_act),
                deal=index, step=step, illegal=True,
            )
        named = trick.get("joker_suit") if isinstance(trick, Mapping) else None
        for c, code in enumerate(cards):
            try:
                card = Card.parse(code)
            except CardCodeError as error:
                raise RecordError(_("{label}, {step}: {error}").format(
                                      label=label, step=_place(step), error=error), deal=index, step=step) from None
            if state.phase is not Phase.PLAYING:
                raise RecordError(_("{label}, {step}: a card is played, but the deal is in the "
                                    "{value} phase [rule: phase]").format(
                                      label=label, step=_place(step), value=phase_name(state.phase)),
                                  deal=index, step=step, illegal=True)
            try:
                state.play(card, named if c == 0 else None)
            except IllegalActionError as error:
                raise _illegal(label, f"{step}, card {c + 1}", error, index) from None
        if state.tricks and len(state.tricks) == t + 1:
            done = state.tricks[-1]
            for key, engine in (("by", list(done.by)), ("from", list(done.sources))):
                if key in trick and trick[key] != engine:
                    raise RecordError(
                        (_("{label}, {step}: the record says the cards came by {trick}, the rules give"
                           " {engine} [rule: order-of-play]") if key == "by" else
                         _("{label}, {step}: the record says the cards came from {trick}, the"
                           " rules give {engine} [rule: order-of-play]")).format(
                            label=label, step=_place(step), trick=trick[key], engine=engine),
                        deal=index, step=step, illegal=True)
        completed = len(state.tricks) == t + 1
        if completed:
            won = state.tricks[-1].winner
            if trick.get("winner") != won:
                raise RecordError(
                    _("{label}, {step}: the record says seat {value} won, but seat {won} did "
                      "({reason}) [rule: trick-winner]").format(
                        label=label, step=_place(step), value=trick.get('winner'), won=won, reason=state.tricks[-1].reason),
                    deal=index, step=step, illegal=True,
                )
    if state.auction and state.phase is not Phase.BIDDING:
        trump = state.trump.letter if state.trump is not None else None
        if data.get("trump") != trump:
            raise RecordError(_("{label}, trump: the record says {value}, the contract makes it "
                                "{trump} [rule: trump]").format(
                                  label=label, value=data.get('trump'), trump=trump), deal=index,
                              step="trump", illegal=True)
        if state.is_over and "made" in data and data["made"] != state.made:
            raise RecordError(_("{label}, made: the record says {data}, the tricks make it {made} "
                                "[rule: scoring]").format(
                                  label=label, data=data['made'], made=state.made), deal=index, step="made",
                              illegal=True)
    if state.auction and "sides" in data and data["sides"] != [list(x) for x in state.sides]:
        raise RecordError(_("{label}, sides: the record says {data}, the rules give {value} "
                            "[rule: sides]").format(
                              label=label, data=data['sides'], value=[list(x) for x in state.sides]), deal=index,
                          step="sides", illegal=True)
    if data.get("revokes", []) != state.revokes:
        raise RecordError(
            _("{label}, revokes: the record says {value}, the plays give {revokes} [rule: revoke]").format(
                label=label, value=data.get('revokes', []), revokes=state.revokes), deal=index, step="revokes", illegal=True)
    for key, actual in (("tricks_won", state.tricks_won), ("points", state.points),
                        ("totals", match.totals if state.is_over else None)):
        # A finished deal must state its scores; an unfinished one may leave them out.
        if (key in data or state.is_over) and data.get(key) != (
            list(actual) if actual is not None else None
        ):
            raise RecordError(
                _("{label}, {key}: the record says {value}, the rules give {value2} [rule: "
                  "scoring]").format(
                    label=label, key=key, value=data.get(key, _('nothing')),
                    value2=list(actual) if actual is not None else _('nothing yet')),
                deal=index, step=key, illegal=True,
            )
