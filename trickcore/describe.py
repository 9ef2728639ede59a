"""A ruleset in words, generated from its fields, so that text and engine cannot drift apart.

>>> from trickcore.variants import get_variant
>>> print(describe(get_variant("oh-pshaw"), players=4).splitlines()[0])
Oh Pshaw (oh-pshaw), for 3, 4, 5, 6, 7 players. Source: Bicycle, 'Oh Pshaw'.
"""

from __future__ import annotations

from trickcore.rules import (
    BiddingKind,
    FirstDealer,
    GameEnd,
    Ruleset,
    Scoring,
    Stakes,
    TrumpMethod,
    ZeroBid,
)

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
    counts = ", ".join(map(str, r.players))
    lines = [f"{r.name} ({r.key}), for {counts} players." + (f" Source: {r.source}."
                                                             if r.source else "")]
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
        lines.append("Starting left of the dealer, each player bids once the exact number of"
                     " tricks they will take, from 0 to the hand size; the dealer bids last.")
        if r.hook:
            lines.append("The hook: the dealer may not bid the number that would make the bids"
                         " add up to the number of tricks.")
        else:
            lines.append("The dealer is free: the bids may add up to the number of tricks.")
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
