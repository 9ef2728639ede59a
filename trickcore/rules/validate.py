"""Validation: a ruleset that cannot be played is refused when it is built, naming the rule.

>>> from trickcore.rules.registry import get_variant
>>> from trickcore.rules import with_options
>>> with_options(get_variant("oh-hell"), {"bidding": "none"})
Traceback (most recent call last):
...
trickcore.errors.RulesetError: Oh Hell!: the hook and over/under need bidding
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from trickcore.cards import Pack, Suit
from trickcore.errors import RulesetError
from trickcore.i18n import N_, _
from trickcore.rules.enums import (
    BiddingKind,
    GameEnd,
    OpenMisere,
    Partnership,
    Schedule,
    Scoring,
    Stakes,
    TrumpMethod,
)
from trickcore.rules.scoring import ScoringRule

if TYPE_CHECKING:
    from trickcore.rules.ruleset import Ruleset

__all__ = ["FAMILY_NAMES", "MAX_DEALS", "MAX_NUMBER", "TABLE_PILES", "TWO_PACK_SOURCES",
           "parse_rotation", "validate"]

#: Each family's name, as the messages write it.
FAMILY_NAMES = {"oh-hell": N_("Oh Hell"), "humbug": N_("Humbug"), "five-hundred": N_("Five Hundred")}

#: The most deals a match may be set to last (``fixed_deals``, ``max_deals``): a bound on the
#: cost of every input that names a deal count.
MAX_DEALS = 1000
#: The table piles of two-hand Five Hundred (pagat, Corino and Rigal): five to each player,
#: with the 43-card pack the only count that leaves a kitty and a playable deal.
TABLE_PILES = 5
#: The largest size of any other whole-number option (targets, values, bonuses, stakes).
MAX_NUMBER = 1_000_000

_ROTATION_ENTRIES = ("S", "H", "D", "C", "NT")
_TRICK_CALL = re.compile(r"(7|8|9|10)(S|C|D|H|NT)")

def validate(r: Ruleset) -> None:
    """Raise :class:`~trickcore.errors.RulesetError` naming the first rule that cannot be played
    (:class:`~trickcore.rules.Ruleset` calls it when a value is built).

    >>> import dataclasses
    >>> from trickcore.rules.registry import get_variant
    >>> dataclasses.replace(get_variant("humbug"), players=(3,))
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: Humbug: hand_sizes gives a value for 2 players, who cannot play
    """

    def fail(message: str) -> None:
        raise RulesetError(_("{name}: {message}").format(name=r.name, message=message))

    if not r.players or any(n < 2 for n in r.players):
        fail(_("player counts must be 2 or more, got {players}").format(players=r.players))
    five_hundred = r.family == "five-hundred"
    if five_hundred != (r.bidding is BiddingKind.AUCTION):
        fail(_("Five Hundred, and only Five Hundred, bids in an auction"))
    if five_hundred != (r.scoring is Scoring.AVONDALE):
        fail(_("Five Hundred, and only Five Hundred, scores by the Avondale table"))
    for field in dataclasses.fields(r):  # an option of one family, changed in another
        family = field.metadata.get("family", "")
        if family and family != r.family and getattr(r, field.name) != field.default:
            fail(_("the option {name} applies only to {family}").format(
                     name=field.name, family=_(FAMILY_NAMES[family])))
    if not five_hundred and r.deck is not Pack.STANDARD_52:
        fail(_("the Oh Hell family and Humbug use the 52-card pack"))
    if five_hundred and r.deck is Pack.STANDARD_52:
        fail(_("Five Hundred needs a pack with a joker"))
    if r.partnership is Partnership.THREE_PAIRS and r.players != (6,):
        fail(_("three sides of two need six players"))
    if r.partnership is Partnership.ALTERNATE and any(n % 2 for n in r.players):
        fail(_("two sides in alternate seats need an even number of players"))
    if r.partnership is Partnership.CALLED and any(n < 4 for n in r.players):
        fail(_("calling a partner needs at least four players"))
    if r.table_piles and r.players != (2,):
        fail(_("table piles are for two players"))
    if r.table_piles not in (0, TABLE_PILES):
        fail(_("table_piles is {piles} (two-hand Five Hundred's piles for each player) or 0, "
               "not {table_piles}").format(piles=TABLE_PILES, table_piles=r.table_piles))
    if five_hundred and r.schedule is not Schedule.FIXED:
        fail(_("the schedule is fixed (ten cards in every deal), not {value}").format(
                 value=r.schedule.value))
    if five_hundred and r.game_end is not GameEnd.TARGET:
        fail(_("the game ends by win_rule and target (game_end target), not after {value}").format(
                 value=r.game_end.value))
    if five_hundred and r.trump_method is not TrumpMethod.NONE:
        fail(_("trump_method is none (the contract names trumps; no card is turned), not "
               "{value}").format(value=r.trump_method.value))
    for label, pairs in (("cards_removed", r.cards_removed), ("hand_sizes", r.hand_sizes)):
        seen = [n for n, _ in pairs]
        if len(seen) != len(set(seen)):
            fail(_("{label} names a player count twice").format(label=label))
        for n, value in pairs:
            if n not in r.players:
                fail(_("{label} gives a value for {n} players, who cannot play").format(
                         label=label, n=n))
            if value < 0:
                fail(_("{label} for {n} players is negative").format(label=label, n=n))

    if r.fixed_deals < 1:
        fail(_("fixed_deals must be at least 1"))
    if r.target < 1 or r.max_deals < 1:
        fail(_("target and max_deals must be positive"))
    for name in ("fixed_deals", "max_deals"):
        if getattr(r, name) > MAX_DEALS:
            fail(_("{name} is at most {max_deals:,}, not {value:,}").format(
                     name=name, max_deals=MAX_DEALS, value=getattr(r, name)))
    for field in dataclasses.fields(r):
        value = getattr(r, field.name)
        if type(value) is int and abs(value) > MAX_NUMBER:
            fail(_("{name} is at most {max_number:,} in size, not {value:,}").format(
                     name=field.name, max_number=MAX_NUMBER, value=value))
    if r.high_joker not in ("coloured", "black", "black-and-white"):
        fail(_("high_joker must be coloured, black or black-and-white, not {high_joker!r}").format(
                 high_joker=r.high_joker))
    if r.exact_bonus < 0 or r.stake_rate < 0 or r.pool_ante < 0:
        fail(_("bonus, stake rate and ante cannot be negative"))
    if not isinstance(r.scoring, Scoring):
        _check_house_scoring(r, fail)
    if r.revoke_penalty_tricks < 0:
        fail(_("revoke_penalty_tricks cannot be negative"))
    if r.trump_method is TrumpMethod.FIXED_ROTATION:
        if not r.trump_rotation:
            fail(_("fixed-rotation trumps need an agreed trump_rotation, e.g. S H D C NT"))
    elif r.trump_rotation:
        fail(_("trump_rotation is only used with trump_method fixed-rotation"))
    if r.bidding is BiddingKind.NONE:
        if r.hook or r.announce_over_under:
            fail(_("the hook and over/under need bidding"))
        if r.scoring is not Scoring.TRICK_DIFFERENCE:
            fail(_("a game without bidding scores by trick difference"))
    elif r.scoring is Scoring.TRICK_DIFFERENCE:
        fail(_("trick-difference scoring is for games without bidding"))
    if r.scoring is Scoring.TRICK_DIFFERENCE and r.players != (2,):
        fail(_("trick-difference scoring is for two players"))
    if (r.stakes is Stakes.TRICK_DIFFERENCE) != (r.scoring is Scoring.TRICK_DIFFERENCE):
        fail(_("trick-difference stakes go with trick-difference scoring"))
    if r.revoke_penalty_tricks and r.players != (2,):
        fail(_("the revoke penalty transfers tricks to the one opponent: two players only"))
    _check_revokes(r)
    _check_packs(r)
    _check_misere_ranks(r)
    for n in r.players:
        _check_count(r, n)

def parse_rotation(r: Ruleset) -> tuple[Suit | None, ...]:
    """``trump_rotation`` as suits (None for no trumps), from suits or from the codes
    ``S H D C NT``; :class:`~trickcore.errors.RulesetError` naming the entries that are neither.

    >>> from trickcore.rules.registry import get_variant
    >>> from trickcore.rules import with_options
    >>> with_options(get_variant("oh-hell"), {"trump_method": "fixed-rotation",
    ...                                       "trump_rotation": "S X"})
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: Oh Hell!: trump_rotation entries must be S, H, D, C or NT, not ['X']
    """
    rotation: list[Suit | None] = []
    bad: list[object] = []
    for entry in r.trump_rotation:
        code = entry.strip().upper() if isinstance(entry, str) else None
        if entry is None or isinstance(entry, Suit):
            rotation.append(entry)
        elif code in _ROTATION_ENTRIES:
            rotation.append(None if code == "NT" else Suit.parse(code))
        else:
            bad.append(entry)
    if bad:
        raise RulesetError(_("{name}: {message}").format(name=r.name, message=_(
            "trump_rotation entries must be S, H, D, C or NT, not {bad}").format(bad=bad)))
    return tuple(rotation)


def _check_house_scoring(r: Ruleset, fail: Callable[[str], None]) -> None:
    """A house scoring (a :class:`~trickcore.rules.scoring.ScoringRule`) scores exact bids and
    states its own bonus.

    >>> from trickcore.rules.registry import get_variant
    >>> from trickcore.rules import with_options
    >>> with_options(get_variant("oh-hell"), {"scoring": "exact=10,off=-10", "exact_bonus": 5})
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: Oh Hell!: exact_bonus changes a named scheme's bonus; a house scoring states its own (exact=5)
    """
    if not isinstance(r.scoring, ScoringRule):
        fail(_("scoring must be a Scoring or a ScoringRule, not {value!r}").format(
                 value=type(r.scoring).__name__))
        return
    if r.scoring.basis != "bid" or r.bidding is not BiddingKind.EXACT:
        fail(_("a house scoring scores exact bids; trick difference and contracts go by their "
               "names"))
    if r.exact_bonus != 10:
        fail(_("exact_bonus changes a named scheme's bonus; a house scoring states its own "
               "(exact={bonus})").format(bonus=r.exact_bonus))


def _check_revokes(r: Ruleset) -> None:
    """Revokes only where a source gives their penalty: Humbug's tricks handed over.

    No Oh Hell or Five Hundred text we read gives a revoke penalty (docs/rules.md, open questions),
    so there the engine enforces following suit and refuses ``revokes_allowed``.

    >>> from trickcore.rules.registry import get_variant
    >>> from trickcore.rules import with_options
    >>> with_options(get_variant("five-hundred"), {"revokes_allowed": True})
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: Five Hundred: revokes_allowed: no source gives this game a revoke penalty (only Humbug's, tricks handed to the opponent), so following suit is enforced
    """
    trick_difference = r.scoring is Scoring.TRICK_DIFFERENCE
    if r.revokes_allowed and not trick_difference:
        raise RulesetError(_("{name}: revokes_allowed: no source gives this game a revoke penalty "
                             "(only Humbug's, tricks handed to the opponent), so following suit "
                             "is enforced").format(name=r.name))
    if r.revoke_penalty_tricks and not trick_difference:
        raise RulesetError(_("{name}: revoke_penalty_tricks is Humbug's penalty and applies only "
                             "with trick-difference scoring").format(
                               name=r.name))
    if r.revokes_allowed and not r.revoke_penalty_tricks:
        raise RulesetError(_("{name}: revokes_allowed needs the penalty: revoke_penalty_tricks "
                             "must be at least 1 (Humbug: 3)").format(
                               name=r.name))


#: The variants a source plays with two packs, and the deck they make that way (docs/rules.md D5:
#: Up and Down the River for 6-8 players; fact 58: six-hand Five Hundred without a special pack).
TWO_PACK_SOURCES = {"up-and-down-the-river": Pack.STANDARD_52, "five-hundred-6": Pack.FIVE_HUNDRED_63}


def _check_packs(r: Ruleset) -> None:
    """``packs`` is 1 or 2, and 2 only where a source plays the game with two packs;
    ``max_start`` is for the Oh Hell family.

    >>> from trickcore.rules.registry import get_variant
    >>> from trickcore.rules import with_options
    >>> with_options(get_variant("oh-hell"), {"packs": 2})
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: Oh Hell!: packs=2: no source plays this game with two packs (only Up and Down the River, for 6 to 8 players, and six-hand Five Hundred, from the 63-card pack)
    """
    def fail(message: str) -> None:
        raise RulesetError(_("{name}: {message}").format(name=r.name, message=message))

    if r.deck in (Pack.STANDARD_104, Pack.FIVE_HUNDRED_63_TWO_PACKS):
        fail(_("the {value} pack is made with packs=2, not chosen as a deck").format(
                 value=r.deck.value))
    if r.packs not in (1, 2):
        fail(_("packs must be 1 or 2, not {packs}").format(packs=r.packs))
    if r.packs == 2:
        deck = TWO_PACK_SOURCES.get(r.key)
        if deck is None:
            fail(_("packs=2: no source plays this game with two packs (only Up and Down the "
                   "River, for 6 to 8 players, and six-hand Five Hundred, from the 63-card pack)"))
        elif r.deck is not deck:
            fail(_("packs=2 makes only the {value}-card pack from two ordinary packs, not the "
                   "{value2}-card pack").format(
                     value=deck.value, value2=r.deck.value))
    if r.max_start < 0:
        fail(_("max_start cannot be negative"))
    if r.max_start and r.family != "oh-hell":
        fail(_("max_start applies only to the Oh Hell family"))


def _check_misere_ranks(r: Ruleset) -> None:
    """``misere_outbid_by`` and ``open_misere_outbid_by`` name a trick call from 7 to 10.

    >>> from trickcore.rules.registry import get_variant
    >>> from trickcore.rules import with_options
    >>> with_options(get_variant("five-hundred"), {"misere_outbid_by": "11NT"})
    Traceback (most recent call last):
    ...
    trickcore.errors.RulesetError: Five Hundred: misere_outbid_by must be a trick call from 7 to 10 tricks (7S ... 10NT), not '11NT'
    """
    def fail(message: str) -> None:
        raise RulesetError(_("{name}: {message}").format(name=r.name, message=message))

    for name in ("misere_outbid_by", "open_misere_outbid_by"):
        code = getattr(r, name)
        if code and not _TRICK_CALL.fullmatch(code):
            fail(_("{name} must be a trick call from 7 to 10 tricks (7S ... 10NT), not {code!r}").format(
                     name=name, code=code))
    if r.misere_outbid_by and r.misere_beats_eight_spades:
        fail(_("misere_outbid_by places misère; misere_beats_eight_spades would place it too"))
    if r.open_misere_outbid_by not in ("", "10NT") and r.open_misere is OpenMisere.AFTER_EIGHT:
        fail(_("open misère after an eight is outbid only by 10NT, not by {open_misere_outbid_by}").format(
                 open_misere_outbid_by=r.open_misere_outbid_by))
    if r.misere_outbid_by and r.misere_outbid_by == r.open_misere_outbid_by:
        fail(_("misère and open misère cannot hold the same place on the ladder"))


def _check_count(r: Ruleset, n: int) -> None:
    available = r.live_cards(n)
    size = r.max_hand_size(n)
    where = _("{game} with {players} players").format(game=r.title, players=n)
    if available < 1:
        raise RulesetError(_("{where}: cards_removed leaves no card of the {size}-card pack").format(
                               where=where, size=r.deck_size))
    if size < 1:
        raise RulesetError(_("{where}: the hand size must be at least 1").format(where=where))
    if r.family == "five-hundred":
        if size != 10:
            raise RulesetError(_("{where}: Five Hundred deals ten cards each, not {size}").format(
                                   where=where, size=size))
        kitty = r.kitty_size(n)
        if kitty < 1:
            raise RulesetError(
                f"{where}: {n} hands of {size}"
                + (f", {2 * r.table_piles} table cards each" if r.table_piles else "")
                + (" and a dead hand" if r.dead_hand else "")
                + f" need more than the {r.deck_size} cards of the {r.deck.value}-card"
                " pack, leaving no kitty"
            )
        return
    if n * size > available:
        why = (_("{where}: {size} cards each need {value} cards, but the pack holds only"
                 " {available}") if not r.removed(n) else
               _("{where}: {size} cards each need {value} cards, but only {available} remain"
                 " after {removed} are removed"))
        raise RulesetError(why.format(where=where, size=size, value=n * size,
                                      available=available, removed=r.removed(n)))
    turns = r.trump_method in (TrumpMethod.TURN_NEXT, TrumpMethod.TOP_OF_STOCK)
    if turns and not r.no_trump_when_no_card and n * size == available:
        raise RulesetError(
            _("{where}: the {size}-card deal leaves no card to turn for trumps; allow "
              "no_trump_when_no_card or deal fewer cards").format(
                where=where, size=size)
        )
