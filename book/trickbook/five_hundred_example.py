"""A worked example of Five Hundred: one seeded deal, called, exchanged and played out
by the bots, with each call, discard and card explained."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from trickcore.cards import Card, Suit
from trickcore.display import COLOUR_ORDER, card_html, play_html
from trickcore.engine.calls import Call, CallKind
from trickcore.engine.events import HAND, TABLE, CardPlayed, Event, Phase, Trick
from trickcore.engine.match import Match
from trickcore.engine.state import HandState
from trickcore.engine.turns import Bot, bot_action
from trickcore.players.heuristic import HeuristicBot
from trickcore.rules import (
    Partnership,
    Ruleset,
)
from trickcore.rules.registry import get_variant

from trickbook.i18n import N_, _, ngettext, suit_word, title
from trickbook.parts import (
    PLAYER_NAMES,
    _and,
    _count,
    _e,
    _table,
    cards_row,
)
from trickbook.render import Markup, example, html, macro, paragraph, sentence
from trickbook.words import (
    _pretty_reason,
    _sides_words,
    call_text,
)

__all__ = [
    "FiveHundredExample",
]


#: Captions and reasons that the pages give (the American page's own bots explain their calls),
#: so that the catalogue has them: they are shown translated.
PAGE_TEXTS = (N_("The score for the nullo deal"), N_("The score for the double nullo deal"),
              N_("no joker and nothing above jack"))


@dataclasses.dataclass
class _Step:
    phase: Phase
    seat: int
    action: object
    reason: str
    event: Event


class FiveHundredExample:
    """One seeded deal of Five Hundred, called, exchanged and played out by bots, ready to show.

    ``rules`` is a registry key or a ruleset (for example the four-hand game with options);
    the cards are ``Match(ruleset, players, seed).make_deal(deal)``, so the same arguments give
    the same deal everywhere.  Every call, discard and card keeps the bot's reason.

    >>> example = FiveHundredExample("five-hundred", 4, seed=8)
    >>> str(example.state.contract), example.state.made, example.state.points
    ('8S', True, (20, 240, 20, 240))
    >>> "The score for this deal" in example.score_html()
    True
    """

    def __init__(self, rules: str | Ruleset, players: int, seed: int, *, deal: int = 0,
                 bots: Sequence[Bot] | None = None) -> None:
        self.ruleset = get_variant(rules) if isinstance(rules, str) else rules
        self.players = players
        self.seed = seed
        self.index = deal
        self.match = Match(self.ruleset, players, seed)
        self.state = HandState(self.ruleset, self.match.make_deal(deal))
        self.steps: list[_Step] = []
        chosen = list(bots) if bots is not None else [HeuristicBot()] * players
        while not self.state.is_over:
            seat = self.state.to_act
            assert seat is not None
            phase = self.state.phase
            forced = phase is Phase.PLAYING and len(self.state.legal_plays) == 1
            choice = bot_action(chosen[seat], self.state)
            event = self.state.apply(choice.action)
            reason = (_("forced: the only card that may be played") if forced
                      else _pretty_reason(choice.reason, self.ruleset))
            self.steps.append(_Step(phase, seat, choice.action, reason, event))

    # Helpers ----------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """The name shown for ``seat``."""
        return PLAYER_NAMES[seat]

    def _steps(self, phase: Phase) -> list[_Step]:
        return [s for s in self.steps if s.phase is phase]

    def _side_names(self, side: Sequence[int]) -> str:
        return _and([self.name(s) for s in side])

    def _contract_words(self) -> str:
        state = self.state
        call = state.contract
        assert call is not None
        assert state.contractor is not None
        who = self.name(state.contractor)
        side = [s for s in state.contract_side if s != state.contractor]
        value = call.value(self.ruleset)
        if call.kind is CallKind.TRICKS:
            trumps = (_("with {suit} as trumps").format(
                suit=f"{call.trump.symbol} {suit_word(call.trump)}")
                if call.trump is not None else _("with no trumps"))
            if self.ruleset.partnership is Partnership.CALLED:
                team = _("{player}, with the partner {player} is about to call,").format(
                    player=who)
                several = 2
            else:
                team = _and([who, *(self.name(s) for s in side)]) if side else who
                several = 1 + len(side)
            must = ngettext("{team} must take at least {n} of the {h} tricks, {trumps}.",
                            "{team} must take at least {n} of the {h} tricks, {trumps}.",
                            several).format(team=team, n=call.tricks, h=state.hand_size,
                                            trumps=trumps)
            return _("{player} wins the auction with {call}, worth {value}: {must}").format(
                player=who, call=call_text(call, self.ruleset), value=value, must=must)
        sitting = [self.name(s) for s in range(self.players) if s not in state.active]
        goal = {CallKind.HI_LO: _("{player} must take exactly five tricks").format(player=who),
                CallKind.DOUBLE_NULLO: _("{players} must both lose every trick").format(
                    players=_and([who, *(self.name(s) for s in side)]))}.get(
                        call.kind, _("{player} must lose every trick").format(player=who))
        text = _("{player} wins the auction with {call}, worth {value}: {goal}, at no"
                 " trumps.").format(player=who, call=call_text(call), value=value, goal=goal)
        if sitting:
            text += " " + ngettext("{players} sits out.", "{players} sit out.",
                                   len(sitting)).format(players=_and(sitting))
        if call.kind in (CallKind.OPEN_MISERE, CallKind.OPEN_NULLO):
            text += " " + _("After the first trick {player} plays with the hand face up.").format(
                player=who)
        return text

    # Parts ------------------------------------------------------------------------------------

    def deal_html(self) -> str:
        """Who deals, the sides, every hand, the table piles, dead hand and kitty."""
        deal = self.state.deal
        r = self.ruleset
        n = self.players
        eldest = self.name(deal.eldest)
        who = (_("{eldest}, the non-dealer, calls first.") if n == 2
               else _("{eldest}, on the dealer's left, calls first.")).format(eldest=eldest)
        intro = paragraph(sentence(
            _("{name}, {n} players, seed {seed}, deal {number}: {cards} each. {dealer} deals;"
              " {who} Sides: {sides}."), name=title(r), n=n, seed=self.seed,
            number=self.index + 1, cards=_count(deal.hand_size, "card"),
            dealer=self.name(deal.dealer), who=who, sides=_sides_words(r, n)))
        rows = []
        for seat in range(n):
            role = _(" (dealer)") if seat == deal.dealer else ""
            rows.append([_e(self.name(seat) + role), cards_row(deal.hand(seat))])
        if deal.dead:
            rows.append([_("Dead hand (never used)"), cards_row(deal.dead)])
        rows.append([_("Kitty (face down)"), cards_row(deal.kitty)])
        table = _table(_("The hands as dealt"), [_("Player"), _("Cards")], rows,
                       cls="tc-hands")
        piles = self.table_html() if deal.table else ""
        return example(intro, html(table), html(piles))

    def table_html(self) -> str:
        """Two-hand: each player's table piles as dealt (face-up card over face-down card)."""
        deal = self.state.deal
        rows = []
        for seat, seat_piles in enumerate(deal.table):
            rows.append([_e(_("{player}: face up").format(player=self.name(seat))),
                         *(card_html(up) for _down, up in seat_piles)])
            rows.append([_e(_("{player}: face down, underneath").format(player=self.name(seat))),
                         *(card_html(down) for down, _up in seat_piles)])
        count = len(deal.table[0]) if deal.table else 0
        head = [_("Table piles"), *(_("Pile {n}").format(n=i + 1) for i in range(count))]
        return _table(_("The table piles as dealt (the face-down cards are shown here, but"
                        " nobody sees them until they are turned up)"), head, rows,
                      cls="tc-hands")

    def auction_html(self) -> str:
        """The calls in order, with each bot's reason, and the contract."""
        rows = []
        for step in self._steps(Phase.BIDDING):
            assert isinstance(step.action, Call)
            rows.append([_e(self.name(step.seat)), _e(call_text(step.action, self.ruleset)),
                         _e(step.reason)])
        table = _table(_("The auction, call by call, with the bot's reasoning"),
                       [_("Player"), _("Call"), _("Why (the bot's reason)")], rows,
                       cls="tc-bids")
        state = self.state
        if state.contract is None:
            after = paragraph(_("Nobody made a contract, so nobody takes the kitty and the"
                                " cards are thrown in: the hand is played at no trumps for 10"
                                " points a trick.") if state.tricks else
                              _("Nobody made a contract, so nobody takes the kitty and the"
                                " cards are thrown in."))
        else:
            after = paragraph(self._contract_words())
        return example(html(table), after)

    def exchange_html(self) -> str:
        """The kitty and discards, the partner call (five-hand) and the joker's suit."""
        state = self.state
        if state.contract is None or state.contractor is None:
            return ""
        who = self.name(state.contractor)
        why = macro("parts.html", "em", _("Why:"))
        parts = [paragraph(sentence(_("{player} picks up the kitty, {cards}, without showing"
                                      " it."), player=who, cards=html(cards_row(state.kitty))))]
        for step in self._steps(Phase.DISCARD):
            assert isinstance(step.action, list | tuple)
            cards = [c for c in step.action if isinstance(c, Card)]
            if step.seat == state.contractor:
                doing = sentence(_("{player} discards {cards} face down"), player=who,
                                 cards=html(cards_row(cards)))
            else:
                doing = sentence(_("{player}, handed those cards as well, keeps what suits the"
                                   " contract and discards {cards}"),
                                 player=self.name(step.seat), cards=html(cards_row(cards)))
            parts.append(paragraph(sentence("{doing}. {why} {reason}.", doing=doing, why=why,
                                            reason=step.reason)))
        for step in self._steps(Phase.CALL):
            if step.action is None:
                parts.append(paragraph(sentence(
                    "{named} {why} {reason}.", why=why, reason=step.reason,
                    named=sentence(_("{player} names no card and plays alone."), player=who))))
            else:
                assert isinstance(step.action, Card)
                holder = state.partner
                found = (sentence(_("{holder} holds it and is {player}'s partner for this deal,"
                                    " though nobody knows that until {card} is played"),
                                  holder=self.name(holder), player=who,
                                  card=html(card_html(step.action)))
                         if holder is not None else
                         sentence(_("nobody holds it (it is in the discards), so nobody becomes"
                                    " partner")))
                named = sentence(_("{player} names {card} to call a partner: {found}."),
                                 player=who, card=html(card_html(step.action)), found=found)
                parts.append(paragraph(sentence("{named} {why} {reason}.", named=named, why=why,
                                                reason=step.reason)))
        for step in self._steps(Phase.JOKER):
            joker = (_("{player} names {suits} for the joker, so it is the highest {suit} for"
                       " this deal.").format(
                           player=who, suits=f"{step.action.symbol} {suit_word(step.action)}",
                           suit=suit_word(step.action, plural=False))
                     if isinstance(step.action, Suit) else
                     _("{player} names no suit for the joker, which stays a card of no suit.")
                     .format(player=who))
            parts.append(paragraph(sentence("{named} {why} {reason}.", named=joker, why=why,
                                            reason=step.reason)))
        rows = []
        for seat in state.active:
            rows.append([_e(self.name(seat)), cards_row(self._in_play_order(
                self._hand_at_play(seat)), sort=False)])
        caption = (_("The hands at the first lead (trumps first, best to worst)")
                   if state.trump is not None else
                   _("The hands at the first lead (each suit from its best card down)"))
        table = _table(caption, [_("Player"), _("Cards")], rows, cls="tc-hands")
        return example(*parts, html(table))

    def _in_play_order(self, cards: Iterable[Card]) -> list[Card]:
        """Cards as they rank in this deal: trumps (bowers and joker included) first."""
        ctx = self.state.context

        def key(card: Card) -> tuple[int, int]:
            suit = ctx.suit_of(card)
            if ctx.is_trump(card) or suit is None:
                return (0, -ctx.power[card.index] - (1000 if card.is_joker else 0))
            return (1 + COLOUR_ORDER.index(suit), -ctx.power[card.index])

        return sorted(cards, key=key)

    def _hand_at_play(self, seat: int) -> list[Card]:
        held = list(self.state.hand(seat))
        for step in self.steps:
            if step.phase is Phase.PLAYING and step.seat == seat:
                event = step.event
                if isinstance(event, CardPlayed) and event.source == HAND:
                    held.append(event.card)
        return held

    def _plays(self) -> list[list[_Step]]:
        tricks: list[list[_Step]] = []
        current: list[_Step] = []
        done = 0
        for step in self.steps:
            if step.phase is not Phase.PLAYING:
                continue
            current.append(step)
            finished = len(self.state.tricks) > done and len(current) == len(
                self.state.tricks[done].cards)
            if finished:
                tricks.append(current)
                current = []
                done += 1
        return tricks

    def _uncovered(self, step: _Step) -> Card | None:
        event = step.event
        if not isinstance(event, CardPlayed) or event.source != TABLE:
            return None
        for down, up in self.state.deal.table[step.seat]:
            if up == event.card:
                return down
        return None

    def _trick_reason(self, trick: Trick) -> str:
        jokers = [c for c in trick.cards if c.is_joker]
        if len(jokers) == 2 and trick.winner is not None:
            return _("the higher joker beats the lower one and every other card")
        return trick.reason

    def tricks_html(self, first: int = 0, count: int = 3) -> str:
        """Tricks ``first`` to ``first + count - 1`` (0-based) card by card, with reasons."""
        two_hand = bool(self.ruleset.table_piles)
        parts: list[Markup] = []
        for number, (trick, steps) in enumerate(zip(self.state.tricks, self._plays(),
                                                    strict=True)):
            if not first <= number < first + count:
                continue
            rows = []
            uncovered: list[Markup] = []
            for step in steps:
                event = step.event
                assert isinstance(event, CardPlayed)
                shown = card_html(event.card)
                if event.joker_suit is not None:
                    shown += _(" calling for {suit}").format(suit=suit_word(event.joker_suit))
                row = [_e(self.name(step.seat))]
                if two_hand:
                    row.append(_("table") if event.source == TABLE else _("hand"))
                rows.append([*row, shown, _e(step.reason)])
                down = self._uncovered(step)
                if down is not None:
                    uncovered.append(sentence(_("{player}'s {card}"), player=self.name(step.seat),
                                              card=html(card_html(down))))
            head = [_("Player"), *([_("From")] if two_hand else []), _("Card"),
                    _("Why (the bot's reason)")]
            caption = _("Trick {number}: {player} leads").format(
                number=number + 1, player=self.name(trick.leader))
            table = _table(caption, head, rows, cls="tc-trick")
            assert trick.winner is not None
            won = sentence(_("{player} wins the trick: {why}."), player=self.name(trick.winner),
                           why=self._trick_reason(trick))
            if uncovered:
                won += " " + sentence(_("Turned face up for the next trick: {cards}."),
                                      cards=Markup(", ").join(uncovered))
            parts += [html(table), paragraph(won, "tc-won")]
        return example(*parts)

    def rest_html(self, after: int = 3) -> str:
        """The tricks after the first ``after``, one line each."""
        rows = []
        for number, (trick, steps) in enumerate(zip(self.state.tricks, self._plays(),
                                                    strict=True)):
            if number < after:
                continue
            played = []
            for step in steps:
                event = step.event
                assert isinstance(event, CardPlayed)
                where = _(" (table)") if event.source == TABLE else ""
                called = (_(" calling for {suit}").format(suit=suit_word(event.joker_suit))
                          if event.joker_suit is not None else "")
                played.append(play_html(self.name(step.seat) + where, event.card, note=called))
            assert trick.winner is not None
            rows.append([str(number + 1), _e(self.name(trick.leader)), " ".join(played),
                         _e(self.name(trick.winner)), _e(self._trick_reason(trick))])
        if not rows:
            return ""
        head = [_("Trick"), _("Led by"), _("Cards in the order played"), _("Won by"), _("Why")]
        return _table(_("The remaining tricks"), head, rows, cls="tc-rest")

    def _score_sentence(self) -> str:
        state = self.state
        r = self.ruleset
        call = state.contract
        points = state.points
        assert points is not None
        if call is None or state.contractor is None:
            if state.tricks:
                return _("Everyone passed, so the hand was played at no trumps for 10 a trick.")
            return _("Everyone passed: nobody scores, and the deal passes on.")
        team = state.contract_side
        names = self._side_names(team)
        taken = sum(state.tricks_won[s] for s in team)
        value = call.value(r)
        shown = call_text(call, r)
        if call.loses_tricks or call.kind is CallKind.HI_LO:
            players = (names if call.kind is CallKind.DOUBLE_NULLO
                       else self.name(state.contractor))
            if call.kind is CallKind.HI_LO:
                took = state.tricks_won[state.contractor]
                text = (_("{players} took {tricks}: {call} is made, worth {value}.")
                        if state.made else
                        _("{players} took {tricks}: {call} is lost, costing {value}.")).format(
                            players=players, tricks=_count(took, "trick"), call=shown,
                            value=value)
                return text + " " + _("The defenders score nothing.")
            if state.made:
                text = _("{players} took no trick: {call} is made, worth {value}.").format(
                    players=players, call=shown, value=value)
            else:
                text = _("{players} took a trick, so {call} fails and costs {value}.").format(
                    players=players, call=shown, value=value)
                if len(state.tricks) < state.hand_size:
                    text += " " + _("The deal stops there.")
            return text + " " + _("The defenders score nothing.")
        bidder = self.name(state.contractor)
        text = (_("{bidder} bid {call} and took {tricks}: ") if len(team) == 1
                else _("{bidder} bid {call}, and {names} took {tricks}: ")).format(
                    bidder=bidder, call=shown, names=names, tricks=_count(taken, "trick"))
        share = points[state.contractor]
        if state.made:
            slam = taken == state.hand_size and value < r.slam_value
            if state.partner is not None:
                made = (_("the contract is made, and taking every trick is a slam, worth {slam}"
                          " instead of {value}, so each partner scores {share}.") if slam else
                        _("the contract is made, so each partner scores {share}."))
            elif len(team) > 1:
                made = (_("the contract is made, and taking every trick is a slam, worth {slam}"
                          " instead of {value}, so they score {share}.") if slam else
                        _("the contract is made, so they score {share}."))
            else:
                made = (_("the contract is made, and taking every trick is a slam, worth {slam}"
                          " instead of {value}, so {names} scores {share}.") if slam else
                        _("the contract is made, so {names} scores {share}."))
            text += made.format(slam=r.slam_value, value=value, share=share, names=names)
        elif r.failed_contract_to_opponents:
            text += _("the contract fails, so its value, {value}, goes to the other side;"
                      " nothing is subtracted.").format(value=value)
        else:
            lost = (_("the contract fails, so each partner loses {points}.")
                    if state.partner is not None else
                    _("the contract fails, so they lose {points}.") if len(team) > 1 else
                    _("the contract fails, so {names} loses {points}."))
            text += lost.format(names=names, points=-share)
        if state.partner is not None and r.called_partner_half:
            text += " " + _("With a called partner each of the two wins or loses half the"
                            " value.")
        defending = [side for side in state.sides if side != team]
        if defending:
            each = _("; ").join(
                _("{names} took {n}").format(names=self._side_names(side),
                                             n=sum(state.tricks_won[s] for s in side))
                for side in defending)
            text += " " + _("The defenders score {points} for each trick they take:"
                            " {each}.").format(points=r.defender_trick_points, each=each)
        return text

    def score_html(self, caption: str = N_("The score for this deal")) -> str:
        """Tricks and points for each side, and what they mean."""
        state = self.state
        assert state.points is not None
        team = state.contract_side
        rows = []
        for side in sorted(state.sides, key=lambda side: side != team):
            names = []
            for seat in side:
                note = ""
                if seat == state.contractor:
                    note = _(" (contractor)")
                elif seat not in state.active:
                    note = _(" (sat out)")
                elif seat == state.partner:
                    note = _(" (called partner)")
                names.append(self.name(seat) + note)
            role = (_("contractors") if len(side) > 1 else _("contractor")) if side == team else (
                _("defenders") if len(side) > 1 else _("defender"))
            if state.contract is None:
                role = _("no contract")
            tricks = sum(state.tricks_won[s] for s in side)
            each = {state.points[s] for s in side}
            pts = str(state.points[side[0]]) if len(each) == 1 else ", ".join(
                f"{self.name(s)} {state.points[s]}" for s in side)
            rows.append([_e(_and(names)), role, str(tricks), pts])
        head = [_("Side"), _("Role"), _("Tricks taken"), _("Points (each)")]
        table = _table(_(caption), head, rows, cls="tc-score")
        return example(html(table), paragraph(self._score_sentence()))

    def html(self, tricks: int = 3) -> str:
        """Everything: the deal, the auction, the exchange, the tricks and the score."""
        return "".join([self.deal_html(), self.auction_html(), self.exchange_html(),
                        self.tricks_html(0, tricks), self.rest_html(tricks), self.score_html()])
