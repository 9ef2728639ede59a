"""A ruleset in words, generated from its fields, so that text and engine cannot drift apart.

>>> from trickcore.rules.registry import get_variant
>>> print(describe(get_variant("oh-pshaw"), players=4).splitlines()[0])
Oh Pshaw (oh-pshaw), for 3, 4, 5, 6, 7 players. Source: Bicycle, 'Oh Pshaw'.
"""

from __future__ import annotations

from trickcore.rules.enums import (
    AllPass,
    AuctionRounds,
    BiddingKind,
    CalledCard,
    FirstDealer,
    GameEnd,
    JokerRule,
    MisereTiming,
    OpenMisere,
    Partnership,
    Scoring,
    SixBids,
    Stakes,
    TrumpMethod,
    WinRule,
    ZeroBid,
)
from trickcore.rules.ruleset import Ruleset

__all__ = ["describe", "rule_lines"]

_TRUMPS = {
    TrumpMethod.TURN_NEXT: "the next card after the deal is turned up; its suit is trumps"
    " and it is not played",
    TrumpMethod.TOP_OF_STOCK: "the undealt cards form a stock and its top card is turned up for"
    " trumps",
    TrumpMethod.DEALERS_LAST: "the dealer's own last card is turned up for trumps and stays in"
    " the dealer's hand",
    TrumpMethod.FIXED_ROTATION: "trumps follow the agreed order {rotation}, one per deal",
    TrumpMethod.NONE: "every deal is played without trumps",
}

_FIRST_DEALER = {
    FirstDealer.RANDOM: "The first dealer is chosen at random.",
    FirstDealer.HIGH_CARD: "Each player draws a card; the highest deals first (ties draw again).",
    FirstDealer.LOW_CARD: "Each player draws a card; the lowest deals first (ties draw again).",
    FirstDealer.FIRST_JACK: "Cards are dealt face up round the table; the first player to"
    " receive a jack deals first.",
}

_SCORING = {
    Scoring.SIMPLE: "an exact bid scores {bonus} plus the tricks taken; a missed bid scores 0",
    Scoring.COMMON: "every trick taken scores 1, and an exact bid adds {bonus}",
    Scoring.TEN_PLUS_ZERO_AVAILABLE: "an exact bid scores {bonus} plus the tricks taken, a made"
    " zero scores 5 plus the tricks in the deal; a missed bid scores 0",
    Scoring.BONUS_ONLY: "an exact bid scores {bonus}; the tricks themselves score nothing",
    Scoring.TEN_PER_BID: "an exact bid scores 10 for each trick bid; a missed bid scores 0",
    Scoring.SQUARES: "an exact bid b scores {bonus} + b²; a miss by d tricks loses d²",
    Scoring.TRICK_DIFFERENCE: "the player with more tricks wins the difference",
}

_ZERO = {ZeroBid.FIVE: "5", ZeroBid.TEN: "10", ZeroBid.FIVE_PLUS_HAND: "5 plus the tricks in"
         " the deal"}


def rule_lines(ruleset: Ruleset, players: int | None = None) -> list[str]:
    """The rules as a list of sentences (one per rule), for the given player count if any."""
    r = ruleset
    if r.family == "five-hundred":
        return _five_hundred_lines(r, players)
    counts = ", ".join(map(str, r.players))
    lines = [f"{r.name} ({r.key}), for {counts} players." + (f" Source: {r.source}."
                                                             if r.source else "")]
    if r.packs == 2:
        lines.append(f"Two packs are shuffled together ({r.deck_size} cards), so every card is"
                     " there twice; of two identical cards in one trick, the first played beats"
                     " the second.")
    if r.cards_removed:
        removed = ", ".join(f"{c} with {n} players" for n, c in r.cards_removed)
        lines.append(f"Cards are set aside from the bottom of the pack before dealing: {removed}.")
    if players is not None:
        sequence = r.hand_sequence(players)
        if r.game_end is GameEnd.TARGET:
            lines.append(f"With {players} players every deal has {sequence[0]} cards each.")
        else:
            sizes = ", ".join(map(str, sequence))
            lines.append(f"With {players} players there are {len(sequence)} deals of {sizes}"
                         " cards each.")
    lines.append(_FIRST_DEALER[r.first_dealer] + " The deal then passes to the left.")
    trumps = _TRUMPS[r.trump_method].format(rotation=" ".join(r.trump_rotation))
    lines.append(trumps[0].upper() + trumps[1:] + ".")
    if r.trump_method in (TrumpMethod.TURN_NEXT, TrumpMethod.TOP_OF_STOCK) and \
            r.no_trump_when_no_card:
        lines.append("A deal that leaves no card to turn is played without trumps.")
    if r.largest_deals_no_trump:
        lines.append("The deals of the largest size are played without trumps.")
    if r.bidding is BiddingKind.EXACT:
        if r.simultaneous_bids:
            lines.append("Each player bids once the exact number of tricks they will take,"
                         " from 0 to the hand size; everyone shows their bid at the same time"
                         " on their fingers (a fist for none), so nobody sees another's bid.")
            lines.append("Nobody bids last, so there is no hook: the bids may add up to the"
                         " number of tricks.")
        else:
            lines.append("Starting left of the dealer, each player bids once the exact number"
                         " of tricks they will take, from 0 to the hand size; the dealer bids"
                         " last.")
            if r.hook:
                lines.append("The hook: the dealer may not bid the number that would make the"
                             " bids add up to the number of tricks.")
            else:
                lines.append("The dealer is free: the bids may add up to the number of"
                             " tricks.")
        if r.announce_over_under:
            lines.append('After the last bid the scorer announces "over", "under" or "even"'
                         " as the bids total more than, fewer than or the number of tricks.")
    else:
        lines.append("There is no bidding.")
    lead = "The player left of the dealer" if r.players != (2,) else "The non-dealer"
    lines.append(f"{lead} leads to the first trick. Players must follow suit if they can;"
                 " otherwise they may play any card. The highest trump wins the trick, or"
                 " else the highest card of the suit led; the winner leads next.")
    if r.revoke_penalty_tricks:
        lines.append(f"A revoke (failing to follow suit when able) costs the offender"
                     f" {r.revoke_penalty_tricks} tricks, handed to the opponent."
                     + ("" if r.revokes_allowed else " The engine prevents revokes unless"
                        " revokes_allowed is set."))
    if r.may_view_last_trick:
        lines.append("A player may look back at the last trick, but no further.")
    scoring = _SCORING[r.scoring].format(bonus=r.exact_bonus)
    lines.append("Scoring: " + scoring + ".")
    if r.zero_bid is not ZeroBid.SCHEME:
        lines.append(f"A made bid of zero scores {_ZERO[r.zero_bid]}.")
    if r.game_end is GameEnd.TARGET:
        lines.append(f"The game ends after the deal in which someone reaches {r.target}"
                     " points; the highest total wins, and ties share the win.")
    else:
        lines.append("The game ends after the last deal; the highest total wins, and ties"
                     " share the win.")
    stakes = {
        Stakes.HARD_SCORE: f"Settlement: the winner adds {r.hard_score_bonus}, then every"
        f" pair of players settles the difference of their scores at {r.stake_rate} a point.",
        Stakes.DIFFERENCES: f"Settlement: every pair of players settles the difference of their"
        f" scores at {r.stake_rate} a point.",
        Stakes.POOL: f"Settlement: everyone antes {r.pool_ante} to a pool and the winner takes"
        " it.",
        Stakes.TRICK_DIFFERENCE: f"Settlement: the winner collects {r.stake_rate} for every trick"
        " of difference, at once: each deal is a game.",
    }
    if r.stakes in stakes:
        lines.append(stakes[r.stakes])
    return lines


def describe(ruleset: Ruleset, players: int | None = None) -> str:
    """The rules as a paragraph per rule."""
    return "\n".join(rule_lines(ruleset, players))


_PARTNERS = {
    Partnership.THREE_PAIRS: "Six players form three sides of two, each with the player"
    " opposite (three seats away).",
    Partnership.NONE: "Everyone scores alone; for each hand the others ally against the"
    " contractor.",
}

_CALLABLE = {
    CalledCard.NOT_JOKER_OR_BOWER: "any card but the joker and the two bowers",
    CalledCard.NOT_JOKER: "any card but the joker (a bower may be named)",
    CalledCard.NO_TRUMP: "any card but the joker and the trumps (bowers included)",
}

_JOKER = {
    JokerRule.PAGAT: "At no trumps and misère the contractor may name the joker's suit before"
    " the first lead; otherwise it has no suit, beats everything, may be played only when void"
    " in the suit led (and must be, in misère), and may be led only to call for a suit not yet"
    " led (never after all four have been led, except to the last trick).",
    JokerRule.WIKIPEDIA: "At no trumps and misère the joker is the only trump: it has no suit"
    " and may be played only when the player cannot follow suit, and never to a suit in which"
    " the player has already shown a void (no reneging).",
    JokerRule.NEW_ZEALAND: "At no trumps the joker is never compulsory; it may be led calling"
    " for any suit, and may not be played to a trick while holding the suit led.",
}


def _partners_line(r: Ruleset, players: int) -> str:
    """Who plays with whom, in words that match the engine's sides for ``players``.

    >>> from trickcore.rules.registry import get_variant
    >>> _partners_line(get_variant("five-hundred-6"), 6)
    'Two sides of three in alternate seats: each player sits between two opponents.'
    """
    if r.partnership is Partnership.CALLED:
        own = (" Naming a card the contractor holds or discarded means playing alone."
               if r.call_own_card_alone else
               " The contractor may not name a card they hold or discarded.")
        return ("After taking the kitty the contractor plays alone or names"
                f" {_CALLABLE[r.called_card]}; the holder of the named card is the partner for"
                " that hand." + own)
    if r.partnership is not Partnership.ALTERNATE:
        return _PARTNERS[r.partnership]
    if players == 2:
        return "The two players play against each other."
    if players == 4:
        return "Two sides of two: partners sit opposite each other."
    size = {3: "three", 4: "four", 5: "five"}.get(players // 2, str(players // 2))
    return (f"Two sides of {size} in alternate seats: each player sits between two"
            " opponents.")


def _five_hundred_lines(r: Ruleset, players: int | None) -> list[str]:
    n = players if players is not None else r.players[0]
    h = r.max_hand_size(n)
    counts = ", ".join(map(str, r.players))
    lines = [f"{r.name} ({r.key}), for {counts} players." + (f" Source: {r.source}."
                                                             if r.source else "")]
    extra = []
    if r.table_piles:
        extra.append(f"{r.table_piles} table piles each (a face-down card under a face-up one)")
    if r.dead_hand:
        extra.append("a dead hand that is never used")
    if r.packs == 2:
        lines.append(f"No special pack: the {r.deck.value} cards are the 52 and a joker, with the"
                     " 2s, 3s and red 4s of a second pack; of two identical cards in one trick,"
                     " the first played beats the second.")
    lines.append(f"The {r.deck.value}-card pack: each of {n} players gets {h} cards"
                 + (", " + " and ".join(extra) if extra else "")
                 + f", and {r.kitty_size(n)} go face down to the kitty.")
    lines.append(_partners_line(r, n))
    lines.append("With a trump suit the joker is the highest trump, then the jack of trumps"
                 " (right bower) and the other jack of the same colour (left bower), which"
                 " counts as a trump for every purpose.")
    rounds = ("Bidding goes round until all but one have passed; a pass is final."
              if r.auction_rounds is AuctionRounds.UNTIL_PASSED else
              "Each player has one chance to bid or pass.")
    lines.append("Starting left of the dealer, players bid a number of tricks (6 to 10) and a"
                 " trump suit or no trumps; each bid must outrank the last (♠ < ♣ < ♦ < ♥ < NT"
                 " at the same number). " + rounds)
    if r.six_bids is SixBids.INKLES:
        lines.append("A six-level bid is only an inkle, a signal: only the first two players"
                     " may inkle, and a contract needs seven or more.")
    if r.split_colours:
        lines.append("Split colours: nullo (150), open nullo (250), hi-lo (350) and double nullo"
                     " (450) each rank between the black and the red bids of their level."
                     " Double nullo is played by the caller and one fixed partner, who takes"
                     " the caller's discards and discards as many; both must lose every trick."
                     " Where a player has no single fixed partner it may not be called.")
    else:
        if r.misere_timing is not MisereTiming.NOT_ALLOWED:
            when = ("only over a seven" if r.misere_timing is MisereTiming.AFTER_SEVEN
                    else "at any time")
            where = "above 8♠" if r.misere_beats_eight_spades else "between 7NT and 8♠"
            if r.misere_outbid_by:
                where = (f"just below {r.misere_outbid_by} (only {r.misere_outbid_by} or a higher"
                         " call outbids it)")
            lines.append(f"Misère ({r.misere_value}: lose every trick, playing alone) ranks"
                         f" {where} and may be called {when}.")
        off = (r.misere_timing is MisereTiming.NOT_ALLOWED
               and r.open_misere is OpenMisere.NOT_ALLOWED)
        if off and r.misere_outbid_by and r.open_misere_outbid_by:
            lines.append("Misère is not played unless the table allows it (the options"
                         f" misere_timing and open_misere); then misère ({r.misere_value})"
                         f" ranks just below {r.misere_outbid_by} and open misère"
                         f" ({r.open_misere_value}) just below {r.open_misere_outbid_by}.")
        if r.open_misere is not OpenMisere.NOT_ALLOWED:
            when = ("at any time, even first; it ranks between 10♦ and 10♥"
                    if r.open_misere is OpenMisere.ANY_TIME else
                    "only after an eight has been bid, and only 10NT beats it")
            if r.open_misere_outbid_by:
                when = ("at any time, even first" if r.open_misere is OpenMisere.ANY_TIME else
                        "only after an eight has been bid")
                when += (f"; it ranks just below {r.open_misere_outbid_by} (only"
                         f" {r.open_misere_outbid_by} or a higher call outbids it)")
            shown = ("from the first lead" if r.open_misere_shown_at_start else
                     "after the first trick")
            lines.append(f"Open misère ({r.open_misere_value}, played with the hand face up"
                         f" {shown}) may be called {when}.")
    lines.append({
        AllPass.THROW_IN: "If everyone passes, the cards are thrown in and the deal passes on.",
        AllPass.REDEAL: "If everyone passes, the same dealer deals again (at most twice).",
        AllPass.NO_TRUMP_TRICKS: "If everyone passes, the hand is played at no trumps without"
        " the kitty, eldest leading, for 10 points a trick.",
        AllPass.DEALER_MUST_BID: "The dealer may not pass when everyone else has.",
    }[r.all_pass])
    lines.append(f"The contractor takes the kitty and discards {r.kitty_size(n)} cards;"
                 + (" the contractor leads." if r.contractor_leads else " eldest leads."))
    lines.append(_JOKER[r.joker_rule])
    value = ("A contract made scores its Avondale value (6♠ = 40 up to 10NT = 520; no bonus"
             " for overtricks")
    value += (f", but all ten tricks score at least {r.slam_value})" if r.slam_value else ")")
    if r.failed_contract_to_opponents:
        value += "; a failed contract gives its value to the other side, nothing is subtracted."
    else:
        value += "; a failed contract loses its value."
    lines.append(value + f" The defenders score {r.defender_trick_points} for each trick they"
                 " take.")
    win = {
        WinRule.CONTRACT_ONLY: f"A side wins by reaching {r.target} through making a contract"
        f" (defenders' points never take a side out); at -{r.target} or below a side loses.",
        WinRule.ANY: f"A side wins by reaching {r.target} in any way (the contractors first if"
        f" both get there together); at -{r.target} or below a side loses.",
        WinRule.WALKER_ULTIMATE: f"Walker Ultimate: a side wins by reaching exactly {r.target}"
        f" through a contract; {2 * r.target} or more, or -{r.target} or less, loses.",
    }[r.win_rule]
    lines.append(win)
    return lines
