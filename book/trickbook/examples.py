"""Worked examples of the Oh Hell family and Humbug: one seeded deal, bid and played by
the heuristic bots, with each bot's reason."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from trickcore.cards import Card
from trickcore.display import card_html, trick_plays_html
from trickcore.engine.match import Match
from trickcore.engine.state import HandState
from trickcore.engine.trumps import NoTrump, Turn, deal_trumps
from trickcore.engine.turns import Bot, bot_action
from trickcore.players.heuristic import HeuristicBot
from trickcore.rules import (
    BiddingKind,
    GameEnd,
    Ruleset,
)
from trickcore.rules.registry import get_variant

from trickbook.i18n import N_, _, suit_word, title
from trickbook.parts import (
    PLAYER_NAMES,
    _count,
    _e,
    _table,
    cards_row,
)
from trickbook.render import Markup, example, html, paragraph, sentence

__all__ = [
    "WorkedExample",
    "worked_example",
]


#: What the scorer may announce after the bids (the engine's words, shown translated).
ANNOUNCEMENTS = (N_("over"), N_("under"), N_("even"))


#: Why a deal is played without trumps, in the engine's words (engine.trumps.NoTrump).
_NO_TRUMP_WORDS = {
    NoTrump.GAME: N_("This game has no trumps."),
    NoTrump.LARGEST_DEAL: N_("This is the largest deal of the schedule, which the rules play"
                             " without trumps."),
    NoTrump.ROTATION: N_("The trump rotation makes this deal one without trumps."),
    NoTrump.NO_CARD_LEFT: N_("No card is left over to turn up, so this deal is played without"
                             " trumps."),
}


@dataclasses.dataclass
class _Move:
    seat: int
    action: int | Card
    reason: str


class WorkedExample:
    """One seeded deal of a variant, bid and played to the end by bots, ready to show.

    ``deal`` is the deal's position in the match (0 is the first deal); the cards are those of
    ``Match(ruleset, players, seed).make_deal(deal)``, so the same arguments give the same
    example everywhere.  Every bid and play keeps the bot's reason.
    """

    def __init__(self, key: str | Ruleset, players: int, seed: int, *, deal: int = 0,
                 bots: Sequence[Bot] | None = None) -> None:
        # A variant's key, or a ruleset with house options (the deal's header says what they
        # do to its trumps).
        self.ruleset = key if isinstance(key, Ruleset) else get_variant(key)
        if self.ruleset.bidding is BiddingKind.AUCTION:
            # This header and these captions tell an exact-bid or no-bid deal (eldest bids first
            # and leads, a card turned for trumps): a deal with an auction and a kitty is told
            # by trickbook.FiveHundredExample instead.
            raise TypeError(f"{self.ruleset.name} has an auction: show it with"
                            " FiveHundredExample, not WorkedExample")
        self.players = players
        self.seed = seed
        self.index = deal
        self.match = Match(self.ruleset, players, seed)
        self.state = HandState(self.ruleset, self.match.make_deal(deal))
        self.moves: list[_Move] = []
        chosen = list(bots) if bots is not None else [HeuristicBot()] * players
        while not self.state.is_over:
            seat = self.state.to_act
            assert seat is not None
            choice = bot_action(chosen[seat], self.state)
            self.state.apply(choice.action)
            self.moves.append(_Move(seat, choice.action, choice.reason))

    # Helpers ----------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """The name shown for ``seat``."""
        return PLAYER_NAMES[seat]

    @property
    def bids(self) -> list[_Move]:
        """The bids in the order they were made."""
        return [m for m in self.moves if not isinstance(m.action, Card)]

    @property
    def plays(self) -> list[_Move]:
        """The card plays in order."""
        return [m for m in self.moves if isinstance(m.action, Card)]

    def _trump_sentence(self) -> Markup:
        """How this deal's trumps were fixed, as the engine says (engine.trumps)."""
        deal = self.state.deal
        dealer = self.name(deal.dealer)
        turn = deal.turn_up
        how = deal_trumps(self.ruleset, players=self.players, hand_size=deal.hand_size,
                          deal_index=self.index)
        if deal.trump is None:
            assert how.no_trump is not None, how  # the engine says why, or the deal has trumps
            return sentence(_(_NO_TRUMP_WORDS[how.no_trump]))
        trump = f"{deal.trump.symbol} {suit_word(deal.trump)}"
        if turn is None:
            return sentence(_("Trumps are {suit}."), suit=trump)
        if how.turn is Turn.DEALERS_LAST:
            return sentence(_("{dealer}'s last card, {card}, is turned face up, so {suit} are"
                              " trumps; the card stays in {dealer}'s hand."),
                            dealer=dealer, card=html(card_html(turn)), suit=trump)
        return sentence(_("The next card, {card}, is turned face up, so {suit} are trumps."
                          " Nobody plays that card."), card=html(card_html(turn)), suit=trump)

    # Parts ------------------------------------------------------------------------------------

    def deal_html(self) -> str:
        """Who deals, what fixes trumps, and every player's hand."""
        deal = self.state.deal
        n = self.players
        eldest = self.name(deal.eldest)
        number = self.index + 1
        total = len(self.match.schedule)
        where = (_("deal {number} of {total}").format(number=number, total=total)
                 if self.ruleset.game_end is GameEnd.FIXED_DEALS and total > 1
                 else _("deal {number}").format(number=number))
        removed = ""
        if deal.removed:
            removed = " " + _("First {cards} from the bottom of the pack went aside face down,"
                              " unseen.").format(cards=_count(len(deal.removed), "card"))
        first = (_("bids first and leads to the first trick.")
                 if self.ruleset.bidding is not BiddingKind.NONE
                 else _("leads to the first trick."))
        who = (_("{eldest}, the non-dealer, {first}") if n == 2
               else _("{eldest}, on the dealer's left, {first}")).format(eldest=eldest,
                                                                          first=first)
        intro = sentence(_("{name}, {n} players, seed {seed}, {where}: {cards} each."
                           " {dealer} deals; {who}"),
                         name=title(self.ruleset), n=n, seed=self.seed, where=where,
                         cards=_count(deal.hand_size, "card"), dealer=self.name(deal.dealer),
                         who=who)
        intro += sentence("{removed} {trumps}", removed=removed, trumps=self._trump_sentence())
        rows = []
        for seat in range(n):
            role = _(" (dealer)") if seat == deal.dealer else ""
            rows.append([_e(self.name(seat) + role), cards_row(deal.hand(seat))])
        table = _table(_("The hands as dealt"), [_("Player"), _("Cards")], rows,
                       cls="tc-hands")
        return example(paragraph(intro), html(table))

    def bids_html(self) -> str:
        """The bids in order, with each bot's reason, and what the total means."""
        if self.ruleset.bidding is BiddingKind.NONE:
            return example(paragraph(_("There is no bidding in this game.")))
        h = self.state.hand_size
        rows = []
        total = 0
        for move in self.bids:
            assert isinstance(move.action, int)
            total += move.action
            rows.append([_e(self.name(move.seat)), str(move.action), _e(move.reason)])
        table = _table(_("The bids, in order, with the bot's reasoning"),
                       [_("Player"), _("Bid"), _("Why (the bot's reason)")], rows,
                       cls="tc-bids")
        if total == h:
            verdict = _("In all, the bids add up to exactly the {h} tricks, so everyone could"
                        " succeed.")
        elif total > h:
            verdict = _("In all, the bids add up to {total}, more than the {h} tricks, so at"
                        " least one player must fail.")
        else:
            verdict = _("In all, the bids add up to {total}, fewer than the {h} tricks, so at"
                        " least one player must take more than they bid.")
        after = sentence(verdict, h=h, total=total)
        if self.state.announcement:
            after += " " + sentence(_('The scorer announces "{announcement}".'),
                                    announcement=_(self.state.announcement))
        if self.ruleset.hook:
            dealer_bid = self.state.bids[self.state.dealer] or 0
            forbidden = h - (total - dealer_bid)
            dealer = self.name(self.state.dealer)
            if 0 <= forbidden <= h:
                after += " " + sentence(_("The hook: {dealer}, bidding last, was not allowed to"
                                          " bid {forbidden}."), dealer=dealer, forbidden=forbidden)
            else:
                after += " " + sentence(_("The hook did not restrict {dealer} this time."),
                                        dealer=dealer)
        return example(html(table), paragraph(after))

    def _trick_moves(self) -> list[list[_Move]]:
        plays = self.plays
        n = self.players
        return [plays[i:i + n] for i in range(0, len(plays), n)]

    def tricks_html(self, first: int = 0, count: int = 3) -> str:
        """Tricks ``first`` to ``first + count - 1`` (0-based) card by card, with reasons."""
        parts: list[Markup] = []
        tricks = self.state.tricks
        for number, (trick, moves) in enumerate(zip(tricks, self._trick_moves(), strict=True)):
            if not first <= number < first + count:
                continue
            rows = [[_e(self.name(m.seat)), card_html(m.action) if isinstance(m.action, Card)
                     else "", _e(m.reason)] for m in moves]
            caption = _("Trick {number}: {player} leads").format(
                number=number + 1, player=self.name(trick.leader))
            table = _table(caption, [_("Player"), _("Card"), _("Why (the bot's reason)")], rows,
                           cls="tc-trick")
            assert trick.winner is not None
            won = sentence(_("{player} wins the trick: {why}."),
                           player=self.name(trick.winner), why=trick.reason)
            parts += [html(table), paragraph(won, "tc-won")]
        return example(*parts)

    def rest_html(self, after: int = 3) -> str:
        """The tricks after the first ``after``, one line each."""
        rows = []
        for number, trick in enumerate(self.state.tricks):
            if number < after:
                continue
            rows.append([str(number + 1), _e(self.name(trick.leader)),
                         trick_plays_html(trick, self.players, name=self.name),
                         _e(self.name(trick.winner if trick.winner is not None else 0)),
                         _e(trick.reason)])
        if not rows:
            return ""
        head = [_("Trick"), _("Led by"), _("Cards in the order played"), _("Won by"), _("Why")]
        return _table(_("The remaining tricks"), head, rows, cls="tc-rest")

    def score_html(self) -> str:
        """Bids, tricks taken and points for each player, and the settlement if any."""
        state = self.state
        assert state.points is not None
        rows = []
        has_bids = self.ruleset.bidding is not BiddingKind.NONE
        for seat in range(self.players):
            row = [_e(self.name(seat))]
            if has_bids:
                bid = state.bids[seat]
                row.append(str(bid))
                row.append(str(state.tricks_won[seat]))
                row.append(_("exact") if bid == state.tricks_won[seat] else _("missed"))
            else:
                row.append(str(state.tricks_won[seat]))
            row.append(str(state.points[seat]))
            rows.append(row)
        head = ([_("Player"), _("Bid"), _("Tricks taken"), _("Result"), _("Points")] if has_bids
                else [_("Player"), _("Tricks taken"), _("Points")])
        return _table(_("The score for this deal"), head, rows, cls="tc-score")

    def html(self, tricks: int = 3) -> str:
        """Everything: the deal, the bids, the first ``tricks`` tricks, the rest, the score."""
        return "".join([self.deal_html(), self.bids_html(), self.tricks_html(0, tricks),
                        self.rest_html(tricks), self.score_html()])


def worked_example(key: str, players: int, seed: int, *, deal: int = 0, tricks: int = 3) -> str:
    """A whole worked example as one HTML string (see :class:`WorkedExample`).

    >>> "The score for this deal" in worked_example("oh-pshaw", 4, seed=3, deal=3)
    True
    """
    return WorkedExample(key, players, seed, deal=deal).html(tricks)
