"""A ruleset in words, generated from its fields, so that text and engine cannot drift apart.

>>> from trickcore.rules.registry import get_variant
>>> print(describe(get_variant("oh-pshaw"), players=4).splitlines()[0])
Oh Pshaw (oh-pshaw), for 3, 4, 5, 6, 7 players. Source: Bicycle, 'Oh Pshaw'.

The same rules in French (``TRICKCORE_LANG=fr`` or :func:`trickcore.i18n.set_language`):

>>> from trickcore import i18n
>>> with i18n.language("fr"):
...     print(describe(get_variant("five-hundred")).splitlines()[0])
Cinq cents (five-hundred), à 4 joueurs. Source : pagat.com, « Five Hundred » (règles australiennes), d’après sa traduction française.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from trickcore.cards.packs import pack_cards
from trickcore.i18n import N_, _, pgettext
from trickcore.rules.enums import (
    AllPass,
    AuctionRounds,
    BiddingKind,
    CalledCard,
    FirstDealer,
    GameEnd,
    JokerRule,
    Partnership,
    Schedule,
    Stakes,
    TrumpMethod,
    WinRule,
    ZeroBid,
)
from trickcore.rules.ladder import Timing
from trickcore.rules.ruleset import Ruleset
from trickcore.rules.scoring import (
    avondale_value,
    scheme_rule,
    scoring_rule,
    scoring_sentence,
    scoring_summary,
    zero_bid_sentence,
)

__all__ = ["deal_extras", "describe", "rule_lines", "short_words"]

# Each choice of these options as the rules in words say it, and in a few words for a table of
# rules (:func:`short_words`): the sentence and the short form have one home.
_TRUMPS = {
    TrumpMethod.TURN_NEXT: (N_("The next card after the deal is turned up; its suit is trumps"
                               " and it is not played."),
                            N_("next card turned up (not played)")),
    TrumpMethod.TOP_OF_STOCK: (N_("The undealt cards form a stock and its top card is turned up"
                                  " for trumps."),
                               N_("top card of the stock turned up (not played)")),
    TrumpMethod.DEALERS_LAST: (N_("The dealer's own last card is turned up for trumps and stays"
                                  " in the dealer's hand."),
                               N_("dealer's last card turned up (kept and played)")),
    TrumpMethod.FIXED_ROTATION: (N_("Trumps follow the agreed order {rotation}, one per deal."),
                                 N_("an agreed rotation")),
    TrumpMethod.NONE: (N_("Every deal is played without trumps."), N_("never any trumps")),
}

_FIRST_DEALER = {
    FirstDealer.RANDOM: (N_("The first dealer is chosen at random."), N_("by chance")),
    FirstDealer.HIGH_CARD: (N_("Each player draws a card; the highest deals first (ties draw"
                               " again)."), N_("highest card drawn")),
    FirstDealer.LOW_CARD: (N_("Each player draws a card; the lowest deals first (ties draw"
                              " again)."), N_("lowest card drawn")),
    FirstDealer.FIRST_JACK: (N_("Cards are dealt face up round the table; the first player to"
                                " receive a jack deals first."), N_("first to be dealt a jack")),
}

_STAKES = {
    Stakes.NONE: ("", N_("none")),
    Stakes.HARD_SCORE: (N_("Settlement: the winner adds {bonus}, then every pair of players"
                           " settles the difference of their scores at {rate} a point."),
                        N_("hard score: winner +{bonus}, then pay differences")),
    Stakes.DIFFERENCES: (N_("Settlement: every pair of players settles the difference of their"
                            " scores at {rate} a point."),
                         N_("pay the differences in points")),
    Stakes.POOL: (N_("Settlement: everyone antes {ante} to a pool and the winner takes it."),
                  N_("a pool, winner takes all")),
    Stakes.TRICK_DIFFERENCE: (N_("Settlement: the winner collects {rate} for every trick of"
                                 " difference, at once: each deal is a game."),
                              N_("a stake per trick of difference")),
}

#: The schedules in a few words (the rules in words give the hand sizes themselves).
_SCHEDULES = {
    Schedule.FIXED: N_("the same size every deal"),
    Schedule.DOWN_UP: N_("down to 1 and back up"),
    Schedule.UP: N_("up from 1"),
    Schedule.UP_DOWN: N_("up from 1 and back down"),
    Schedule.DOWN: N_("down to 1"),
}


def short_words(ruleset: Ruleset, option: str) -> str:
    """An option's value in a few words, for a table of rules, in the reader's language: kept
    with the sentence that :func:`rule_lines` says it in (``schedule``, ``trump_method``,
    ``first_dealer``, ``stakes``; ``scoring`` from :mod:`trickcore.rules.scoring`).

    >>> from trickcore.rules.registry import get_variant
    >>> from trickcore.rules.options import with_options
    >>> oh_pshaw = get_variant("oh-pshaw")
    >>> short_words(oh_pshaw, "stakes"), short_words(oh_pshaw, "scoring")
    ('hard score: winner +10, then pay differences', 'exact bid: 10 + tricks; miss: 0')
    >>> short_words(with_options(oh_pshaw, {"hard_score_bonus": 20}), "stakes")
    'hard score: winner +20, then pay differences'
    >>> short_words(with_options(get_variant("five-hundred"), {"defender_trick_points": 5}),
    ...             "scoring")
    'contract value from the Avondale schedule; opponents 5 a trick'
    """
    r = ruleset
    if option == "scoring":
        return scoring_summary(scoring_rule(r), defenders=r.defender_trick_points)
    if option == "schedule":
        return _(_SCHEDULES[r.schedule])
    if option == "stakes" and r.stakes is Stakes.NONE:
        return pgettext("stakes", "none")  # "néant" in French, where other nones are "aucune"
    words: dict[str, Mapping[Any, tuple[str, str]]] = {
        "trump_method": _TRUMPS, "first_dealer": _FIRST_DEALER, "stakes": _STAKES}
    return _(words[option][getattr(r, option)][1]).format(bonus=r.hard_score_bonus)


def _title_line(r: Ruleset) -> str:
    """The first line: the name, the key, the player counts and the source."""
    counts = ", ".join(map(str, r.players))
    if r.source:
        return _("{name} ({key}), for {counts} players. Source: {source}.").format(
            name=r.title, key=r.key, counts=counts, source=_(r.source))
    return _("{name} ({key}), for {counts} players.").format(name=r.title, key=r.key,
                                                              counts=counts)


def rule_lines(ruleset: Ruleset, players: int | None = None) -> list[str]:
    """The rules as a list of sentences (one per rule), for the given player count if any,
    in the reader's language."""
    r = ruleset
    if r.family == "five-hundred":
        return _five_hundred_lines(r, players)
    lines = [_title_line(r)]
    if r.packs == 2:
        lines.append(_("Two packs are shuffled together ({cards} cards), so every card is there"
                       " twice; of two identical cards in one trick, the first played beats the"
                       " second.").format(cards=r.deck_size))
    if r.cards_removed:
        removed = ", ".join(_("{card} with {count} players").format(card=c, count=n)
                            for n, c in r.cards_removed)
        lines.append(_("Cards are set aside from the bottom of the pack before dealing:"
                       " {removed}.").format(removed=removed))
    if players is not None:
        sequence = r.hand_sequence(players)
        if r.game_end is GameEnd.TARGET:
            lines.append(_("With {players} players every deal has {size} cards each.").format(
                players=players, size=sequence[0]))
        else:
            sizes = ", ".join(map(str, sequence))
            lines.append(_("With {players} players there are {deals} deals of {sizes} cards"
                           " each.").format(players=players, deals=len(sequence), sizes=sizes))
    first = _(_FIRST_DEALER[r.first_dealer][0])
    if r.ace_low_in_draw and r.first_dealer in (FirstDealer.HIGH_CARD, FirstDealer.LOW_CARD):
        first += " " + _("In this draw the ace counts low.")
    lines.append(first + " " + _("The deal then passes to the left."))
    lines.append(_(_TRUMPS[r.trump_method][0]).format(rotation=" ".join(r.rotation_codes)))
    if r.trump_method in (TrumpMethod.TURN_NEXT, TrumpMethod.TOP_OF_STOCK) and \
            r.no_trump_when_no_card:
        lines.append(_("A deal that leaves no card to turn is played without trumps."))
    if r.largest_deals_no_trump:
        lines.append(_("The deals of the largest size are played without trumps."))
    if r.bidding is BiddingKind.EXACT:
        if r.simultaneous_bids:
            lines.append(_("Each player bids once the exact number of tricks they will take,"
                           " from 0 to the hand size; everyone shows their bid at the same time"
                           " on their fingers (a fist for none), so nobody sees another's"
                           " bid."))
            lines.append(_("Nobody bids last, so there is no hook: the bids may add up to the"
                           " number of tricks."))
        else:
            lines.append(_("Starting left of the dealer, each player bids once the exact number"
                           " of tricks they will take, from 0 to the hand size; the dealer bids"
                           " last."))
            if r.hook:
                lines.append(_("The hook: the dealer may not bid the number that would make"
                               " the bids add up to the number of tricks."))
            else:
                lines.append(_("The dealer is free: the bids may add up to the number of"
                               " tricks."))
        if r.announce_over_under:
            lines.append(_('After the last bid the scorer announces "over", "under" or "even"'
                           " as the bids total more than, fewer than or the number of"
                           " tricks."))
    else:
        lines.append(_("There is no bidding."))
    if r.players != (2,):
        lead = _("The player left of the dealer leads to the first trick.")
    else:
        lead = _("The non-dealer leads to the first trick.")
    lines.append(lead + " " + _("Players must follow suit if they can; otherwise they may play"
                                " any card. The highest trump wins the trick, or else the"
                                " highest card of the suit led; the winner leads next."))
    if r.revoke_penalty_tricks:
        revoke = _("A revoke (failing to follow suit when able) costs the offender {count}"
                   " tricks, handed to the opponent.").format(count=r.revoke_penalty_tricks)
        if not r.revokes_allowed:
            revoke += " " + _("The engine prevents revokes unless revokes_allowed is set.")
        lines.append(revoke)
    if r.may_view_last_trick:
        lines.append(_("A player may look back at the last trick, but no further."))
    scoring = scoring_sentence(scheme_rule(r.scoring, r.exact_bonus))
    lines.append(_("Scoring: {scoring}.").format(scoring=scoring))
    if r.zero_bid is not ZeroBid.SCHEME:
        lines.append(zero_bid_sentence(r.zero_bid))
    if r.game_end is GameEnd.TARGET:
        lines.append(_("The game ends after the deal in which someone reaches {target} points;"
                       " the highest total wins, and ties share the win.").format(
                           target=r.target))
    else:
        lines.append(_("The game ends after the last deal; the highest total wins, and ties"
                       " share the win."))
    if r.stakes is not Stakes.NONE:
        lines.append(_(_STAKES[r.stakes][0]).format(bonus=r.hard_score_bonus, rate=r.stake_rate,
                                                    ante=r.pool_ante))
    return lines


def describe(ruleset: Ruleset, players: int | None = None) -> str:
    """The rules as a paragraph per rule, in the reader's language."""
    return "\n".join(rule_lines(ruleset, players))


_PARTNERS = {
    Partnership.THREE_PAIRS: N_("Six players form three sides of two, each with the player"
                                " opposite (three seats away)."),
    Partnership.NONE: N_("Everyone scores alone; for each hand the others ally against the"
                         " contractor."),
}

_CALLABLE = {
    CalledCard.NOT_JOKER_OR_BOWER: N_("any card but the joker and the two bowers"),
    CalledCard.NOT_JOKER: N_("any card but the joker (a bower may be named)"),
    CalledCard.NO_TRUMP: N_("any card but the joker and the trumps (bowers included)"),
}

_JOKER = {
    JokerRule.PAGAT: N_("At no trumps and misère the contractor may name the joker's suit"
                        " before the first lead; otherwise it has no suit, beats everything,"
                        " may be played only when void in the suit led (and must be, in"
                        " misère), and may be led only to call for a suit not yet led (never"
                        " after all four have been led, except to the last trick)."),
    JokerRule.WIKIPEDIA: N_("At no trumps and misère the joker is the only trump: it has no"
                            " suit and may be played only when the player cannot follow suit,"
                            " and never to a suit in which the player has already shown a void"
                            " (no reneging)."),
    JokerRule.NEW_ZEALAND: N_("At no trumps the joker is never compulsory; it may be led"
                              " calling for any suit, and may not be played to a trick while"
                              " holding the suit led."),
}

_ALL_PASS = {
    AllPass.THROW_IN: N_("If everyone passes, the cards are thrown in and the deal passes on."),
    AllPass.REDEAL: N_("If everyone passes, the same dealer deals again (at most twice)."),
    AllPass.NO_TRUMP_TRICKS: N_("If everyone passes, the hand is played at no trumps without"
                                " the kitty, eldest leading, for 10 points a trick."),
    AllPass.DEALER_MUST_BID: N_("The dealer may not pass when everyone else has."),
}

_WIN = {
    WinRule.CONTRACT_ONLY: N_("A side wins by reaching {target} through making a contract"
                              " (defenders' points never take a side out); at -{target} or"
                              " below a side loses."),
    WinRule.ANY: N_("A side wins by reaching {target} in any way (the contractors first if both"
                    " get there together); at -{target} or below a side loses."),
    WinRule.WALKER_ULTIMATE: N_("Walker Ultimate: a side wins by reaching exactly {target}"
                                " through a contract; {double} or more, or -{target} or less,"
                                " loses."),
}


#: The same rules where every player keeps their own score (two-, three- and five-hand).
_WIN_ALONE = {
    WinRule.CONTRACT_ONLY: N_("A player wins by reaching {target} through a contract made on"
                              " their side (defenders' points never take a player out); a player"
                              " at -{target} or below loses, which ends the game, and the best"
                              " total among the others wins."),
    WinRule.ANY: N_("A player wins by reaching {target} in any way (the contractor's side first if"
                    " others get there in the same deal); a player at -{target} or below loses,"
                    " which ends the game, and the best total among the others wins."),
    WinRule.WALKER_ULTIMATE: N_("Walker Ultimate: a player wins by reaching exactly {target}"
                                " through a contract made on their side; {double} or more, or"
                                " -{target} or less, loses."),
}


def _partners_line(r: Ruleset, players: int) -> str:
    """Who plays with whom, in words that match the engine's sides for ``players``.

    >>> from trickcore.rules.registry import get_variant
    >>> _partners_line(get_variant("five-hundred-6"), 6)
    'Two sides of three in alternate seats: each player sits between two opponents.'
    """
    if r.partnership is Partnership.CALLED:
        own = (_("Naming a card the contractor holds or discarded means playing alone.")
               if r.call_own_card_alone else
               _("The contractor may not name a card they hold or discarded."))
        return _("After taking the kitty the contractor plays alone or names {callable}; the"
                 " holder of the named card is the partner for that hand.").format(
                     callable=_(_CALLABLE[r.called_card])) + " " + own
    if players == 2:
        return _("The two players play against each other.")
    if r.partnership is not Partnership.ALTERNATE:
        return _(_PARTNERS[r.partnership])
    if players == 4:
        return _("Two sides of two: partners sit opposite each other.")
    if players == 6:
        return _("Two sides of three in alternate seats: each player sits between two"
                 " opponents.")
    return _("Two sides of {size} in alternate seats: each player sits between two"
             " opponents.").format(size=players // 2)


def _misere_lines(r: Ruleset) -> list[str]:
    """What the rules say of misère and open misère (without split colours), from the ladder:
    each one's value, where it ranks and when it may be called."""
    lines = []
    misere, open_misere = r.ladder.rung("misere"), r.ladder.rung("open-misere")
    assert misere.place is not None
    assert open_misere.place is not None
    if misere.allowed:
        lines.append(_("Misère ({value}: lose every trick, playing alone) ranks {where} and may"
                       " be called {when}.").format(value=misere.value,
                                                    where=misere.place.words(),
                                                    when=misere.timing.words))
    if not misere.allowed and not open_misere.allowed:
        lines.append(_("Misère is not played unless the table allows it (the options"
                       " misere_timing and open_misere); then misère ({value}) ranks {where}"
                       " and open misère ({open_value}) {open_where}.").format(
                           value=misere.value, where=misere.place.short_words(),
                           open_value=open_misere.value,
                           open_where=open_misere.place.short_words()))
    if open_misere.allowed:
        # Open misère may be the first call of all, which the rules say in so many words.
        when = (_("at any time, even first") if open_misere.timing is Timing.ANY_TIME
                else open_misere.timing.words)
        when = _("{when}; it ranks {where}").format(when=when, where=open_misere.place.words())
        shown = (_("from the first lead") if r.open_misere_shown_at_start else
                 _("after the first trick"))
        lines.append(_("Open misère ({value}, played with the hand face up {shown}) may be"
                       " called {when}.").format(value=open_misere.value, shown=shown,
                                                 when=when))
    return lines


def _split_colours_lines(r: Ruleset) -> list[str]:
    """The split-colours calls, each with its value and where it ranks, from the ladder."""
    calls = []
    for rung in r.ladder.special:
        assert rung.place is not None
        calls.append(_("{call} ({value}: {what}) ranks {where}").format(
            call=rung.label, value=rung.value, what=rung.meaning, where=rung.place.words()))
    return [_("Split colours: {calls}.").format(calls=_("; ").join(calls)),
            _("Double nullo is played by the caller and one fixed partner, who takes the"
              " caller's discards and discards as many; both must lose every trick. Where a"
              " player has no single fixed partner it may not be called.")]


def _jokers(r: Ruleset) -> int:
    """How many jokers the ruleset's pack has (two in Québec)."""
    return sum(card.is_joker for card in pack_cards(r.deck))


def deal_extras(r: Ruleset) -> list[str]:
    """What a Five Hundred deal gives out besides the hands and the kitty, in words: two-hand's
    table piles, the dead hand.  The rules text and the book's tables both say it from here.

    >>> from trickcore.rules.registry import get_variant
    >>> deal_extras(get_variant("five-hundred-2"))
    ['5 table piles each (a face-down card under a face-up one)']
    >>> deal_extras(get_variant("five-hundred"))
    []
    """
    extra = []
    if r.table_piles:
        extra.append(_("{count} table piles each (a face-down card under a face-up one)").format(
            count=r.table_piles))
    if r.dead_hand:
        extra.append(_("a dead hand that is never used"))
    return extra


def _five_hundred_lines(r: Ruleset, players: int | None) -> list[str]:
    n = players if players is not None else r.players[0]
    h = r.max_hand_size(n)
    lines = [_title_line(r)]
    extra = deal_extras(r)
    if r.packs == 2:
        lines.append(_("No special pack: the {cards} cards are the 52 and a joker, with the 2s,"
                       " 3s and red 4s of a second pack; of two identical cards in one trick,"
                       " the first played beats the second.").format(cards=r.deck.value))
    if extra:
        lines.append(_("The {cards}-card pack: each of {players} players gets {hand} cards,"
                       " {extra}, and {kitty} go face down to the kitty.").format(
                           cards=r.deck.value, players=n, hand=h,
                           extra=_(" and ").join(extra), kitty=r.kitty_size(n)))
    else:
        lines.append(_("The {cards}-card pack: each of {players} players gets {hand} cards, and"
                       " {kitty} go face down to the kitty.").format(
                           cards=r.deck.value, players=n, hand=h, kitty=r.kitty_size(n)))
    lines.append(_partners_line(r, n))
    if _jokers(r) == 2:
        lines.append(_("With a trump suit the two jokers are the highest trumps, the higher joker"
                       " first (it beats the lower one everywhere), then the jack of trumps (right"
                       " bower) and the other jack of the same colour (left bower), which counts"
                       " as a trump for every purpose."))
    else:
        lines.append(_("With a trump suit the joker is the highest trump, then the jack of"
                       " trumps (right bower) and the other jack of the same colour (left"
                       " bower), which counts as a trump for every purpose."))
    rounds = (_("Bidding goes round until all but one have passed; a pass is final.")
              if r.auction_rounds is AuctionRounds.UNTIL_PASSED else
              _("Each player has one chance to bid or pass."))
    lines.append(_("Starting left of the dealer, players bid a number of tricks (6 to 10) and a"
                   " trump suit or no trumps; each bid must outrank the last (♠ < ♣ < ♦ < ♥ <"
                   " NT at the same number).") + " " + rounds)
    if r.ladder.rung("6S").inkle:
        lines.append(_("A six-level bid is only an inkle, a signal: only the first two players"
                       " may inkle, and a contract needs seven or more."))
    if r.split_colours:
        lines += _split_colours_lines(r)
    else:
        lines += _misere_lines(r)
    lines.append(_(_ALL_PASS[r.all_pass]))
    leads = (_("The contractor takes the kitty and discards {count} cards; the contractor"
               " leads.") if r.contractor_leads else
             _("The contractor takes the kitty and discards {count} cards; eldest leads."))
    lines.append(leads.format(count=r.kitty_size(n)))
    joker = _(_JOKER[r.joker_rule])
    if r.joker_rule is JokerRule.PAGAT and _jokers(r) == 2:
        joker += " " + _("With two jokers only the higher one may be named; the lower one always"
                         " plays without a suit.")
    lines.append(joker)
    if r.slam_value:
        value = _("A contract made scores its Avondale value (6♠ = {low} up to 10NT = {high}; no"
                  " bonus for overtricks, but all ten tricks score at least {slam})").format(
                      low=_LOWEST, high=_HIGHEST, slam=r.slam_value)
    else:
        value = _("A contract made scores its Avondale value (6♠ = {low} up to 10NT = {high}; no"
                  " bonus for overtricks)").format(low=_LOWEST, high=_HIGHEST)
    if r.failed_contract_to_opponents:
        value += _("; a failed contract gives its value to the other side, nothing is"
                   " subtracted.")
    else:
        value += _("; a failed contract loses its value.")
    if r.partnership is Partnership.CALLED:
        if r.called_partner_half:
            value += " " + _("With a called partner, each of the two partners wins or loses half"
                             " of that value ({half} for 8♠); alone, the contractor wins or"
                             " loses all of it.").format(half=_EIGHT_SPADES // 2)
        else:
            value += " " + _("With a called partner, each of the two partners wins or loses the"
                             " whole value, as the contractor does alone.")
    lines.append(value + " " + _("The defenders score {points} for each trick they take.").format(
        points=r.defender_trick_points))
    lines.append(_win_line(r))
    return lines


#: 8♠ on the Avondale schedule (40 for 6♠, 100 more a trick): the example of a partner's share.
#: tests/rules/test_describe_five_hundred.py checks it against the engine's score of a played deal.
_EIGHT_SPADES = avondale_value(8, 0)
_LOWEST, _HIGHEST = avondale_value(6, 0), avondale_value(10, 4)  # 6♠ and 10NT


def _win_line(r: Ruleset) -> str:
    """How the game is won and lost, in the words of the engine's ``five_hundred_end``."""
    alone = r.partnership in (Partnership.NONE, Partnership.CALLED)
    if r.failed_contract_to_opponents and r.win_rule is WinRule.ANY:
        # Nothing is ever subtracted, so no score can fall to -target: reaching it is the end.
        return _("A side wins by reaching {target} in any way (the contractors first if both get"
                 " there together). Scores never go down, so nobody can lose by falling behind:"
                 " the game ends only when a side reaches {target}.").format(target=r.target)
    if alone:
        return _(_WIN_ALONE[r.win_rule]).format(target=r.target, double=2 * r.target)
    return _(_WIN[r.win_rule]).format(target=r.target, double=2 * r.target)
