"""A worked example of Five Hundred: one seeded deal, called, exchanged and played out
by the bots, with each call, discard and card explained."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence

from trickcore.cards import Card, Suit
from trickcore.display import COLOUR_ORDER, SUIT_WORDS, card_html, play_html
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

from trickbook.parts import (
    PLAYER_NAMES,
    _and,
    _count,
    _e,
    _table,
    cards_row,
)
from trickbook.words import (
    _pretty_reason,
    _sides_words,
    call_text,
)

__all__ = [
    "FiveHundredExample",
]


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
            reason = ("forced: the only card that may be played" if forced
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
            trumps = (f"{call.trump.symbol} {SUIT_WORDS[call.trump]} as trumps"
                      if call.trump is not None else "no trumps")
            if self.ruleset.partnership is Partnership.CALLED:
                team = f"{who}, with the partner {who} is about to call,"
            else:
                team = _and([who, *(self.name(s) for s in side)]) if side else who
            return (f"{who} wins the auction with {call_text(call, self.ruleset)}, worth {value}:"
                    f" {team} must take at least {call.tricks} of the {state.hand_size} tricks,"
                    f" with {trumps}.")
        sitting = [self.name(s) for s in range(self.players) if s not in state.active]
        goal = {CallKind.HI_LO: f"{who} must take exactly five tricks",
                CallKind.DOUBLE_NULLO: f"{_and([who, *(self.name(s) for s in side)])} must"
                " both lose every trick"}.get(call.kind, f"{who} must lose every trick")
        text = (f"{who} wins the auction with {call_text(call)}, worth {value}: {goal},"
                " at no trumps.")
        if sitting:
            text += f" {_and(sitting)} {'sits' if len(sitting) == 1 else 'sit'} out."
        if call.kind in (CallKind.OPEN_MISERE, CallKind.OPEN_NULLO):
            text += f" After the first trick {who} plays with the hand face up."
        return text

    # Parts ------------------------------------------------------------------------------------

    def deal_html(self) -> str:
        """Who deals, the sides, every hand, the table piles, dead hand and kitty."""
        deal = self.state.deal
        r = self.ruleset
        n = self.players
        eldest = self.name(deal.eldest)
        intro = (f"<p>{_e(r.name)}, {n} players, seed {self.seed}, deal {self.index + 1}:"
                 f" {_count(deal.hand_size, 'card')} each. {self.name(deal.dealer)} deals;"
                 f" {eldest}, " + ("the non-dealer" if n == 2 else "on the dealer's left")
                 + f", calls first. Sides: {_e(_sides_words(r, n))}.</p>")
        rows = []
        for seat in range(n):
            role = " (dealer)" if seat == deal.dealer else ""
            rows.append([_e(self.name(seat) + role), cards_row(deal.hand(seat))])
        if deal.dead:
            rows.append(["Dead hand (never used)", cards_row(deal.dead)])
        rows.append(["Kitty (face down)", cards_row(deal.kitty)])
        table = _table("The hands as dealt", ["Player", "Cards"], rows, cls="tc-hands")
        piles = self.table_html() if deal.table else ""
        return f'<div class="tc-example">{intro}{table}{piles}</div>'

    def table_html(self) -> str:
        """Two-hand: each player's table piles as dealt (face-up card over face-down card)."""
        deal = self.state.deal
        rows = []
        for seat, seat_piles in enumerate(deal.table):
            rows.append([_e(f"{self.name(seat)}: face up"),
                         *(card_html(up) for _down, up in seat_piles)])
            rows.append([_e(f"{self.name(seat)}: face down, underneath"),
                         *(card_html(down) for down, _up in seat_piles)])
        count = len(deal.table[0]) if deal.table else 0
        head = ["Table piles", *(f"Pile {i + 1}" for i in range(count))]
        return _table("The table piles as dealt (the face-down cards are shown here, but"
                      " nobody sees them until they are turned up)", head, rows,
                      cls="tc-hands")

    def auction_html(self) -> str:
        """The calls in order, with each bot's reason, and the contract."""
        rows = []
        for step in self._steps(Phase.BIDDING):
            assert isinstance(step.action, Call)
            rows.append([_e(self.name(step.seat)), _e(call_text(step.action, self.ruleset)),
                         _e(step.reason)])
        table = _table("The auction, call by call, with the bot's reasoning",
                       ["Player", "Call", "Why (the bot's reason)"], rows, cls="tc-bids")
        state = self.state
        if state.contract is None:
            after = ("<p>Nobody made a contract, so nobody takes the kitty and the cards are"
                     " thrown in" + (": the hand is played at no trumps for 10 points a trick."
                                     if state.tricks else ".") + "</p>")
        else:
            after = f"<p>{_e(self._contract_words())}</p>"
        return f'<div class="tc-example">{table}{after}</div>'

    def exchange_html(self) -> str:
        """The kitty and discards, the partner call (five-hand) and the joker's suit."""
        state = self.state
        if state.contract is None or state.contractor is None:
            return ""
        who = self.name(state.contractor)
        parts = [f"<p>{who} picks up the kitty, {cards_row(state.kitty)}, without showing it.</p>"]
        for step in self._steps(Phase.DISCARD):
            assert isinstance(step.action, list | tuple)
            cards = [c for c in step.action if isinstance(c, Card)]
            if step.seat == state.contractor:
                doing = f"{who} discards {cards_row(cards)} face down"
            else:
                doing = (f"{self.name(step.seat)}, handed those cards as well, keeps what"
                         f" suits the contract and discards {cards_row(cards)}")
            parts.append(f"<p>{doing}. <em>Why:</em> {_e(step.reason)}.</p>")
        for step in self._steps(Phase.CALL):
            if step.action is None:
                parts.append(f"<p>{who} names no card and plays alone. <em>Why:</em>"
                             f" {_e(step.reason)}.</p>")
            else:
                assert isinstance(step.action, Card)
                holder = state.partner
                found = (f"{self.name(holder)} holds it and is {who}'s partner for this deal,"
                         f" though nobody knows that until {card_html(step.action)} is played"
                         if holder is not None else
                         "nobody holds it (it is in the discards), so nobody becomes partner")
                parts.append(f"<p>{who} names {card_html(step.action)} to call a partner:"
                             f" {found}. <em>Why:</em> {_e(step.reason)}.</p>")
        for step in self._steps(Phase.JOKER):
            named = (f"names {step.action.symbol} {SUIT_WORDS[step.action]} for the joker, so it"
                     f" is the highest {SUIT_WORDS[step.action].rstrip('s')} for this deal"
                     if isinstance(step.action, Suit) else
                     "names no suit for the joker, which stays a card of no suit")
            parts.append(f"<p>{who} {named}. <em>Why:</em> {_e(step.reason)}.</p>")
        rows = []
        for seat in state.active:
            rows.append([_e(self.name(seat)), cards_row(self._in_play_order(
                self._hand_at_play(seat)), sort=False)])
        order = ("trumps first, best to worst" if state.trump is not None
                 else "each suit from its best card down")
        table = _table(f"The hands at the first lead ({order})", ["Player", "Cards"], rows,
                       cls="tc-hands")
        return f'<div class="tc-example">{"".join(parts)}{table}</div>'

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
            return "the higher joker beats the lower one and every other card"
        return trick.reason

    def tricks_html(self, first: int = 0, count: int = 3) -> str:
        """Tricks ``first`` to ``first + count - 1`` (0-based) card by card, with reasons."""
        two_hand = bool(self.ruleset.table_piles)
        parts = []
        for number, (trick, steps) in enumerate(zip(self.state.tricks, self._plays(),
                                                    strict=True)):
            if not first <= number < first + count:
                continue
            rows = []
            uncovered = []
            for step in steps:
                event = step.event
                assert isinstance(event, CardPlayed)
                shown = card_html(event.card)
                if event.joker_suit is not None:
                    shown += f" calling for {SUIT_WORDS[event.joker_suit]}"
                row = [_e(self.name(step.seat))]
                if two_hand:
                    row.append("table" if event.source == TABLE else "hand")
                rows.append([*row, shown, _e(step.reason)])
                down = self._uncovered(step)
                if down is not None:
                    uncovered.append(f"{self.name(step.seat)}'s {card_html(down)}")
            head = ["Player", *(["From"] if two_hand else []), "Card", "Why (the bot's reason)"]
            caption = f"Trick {number + 1}: {self.name(trick.leader)} leads"
            table = _table(caption, head, rows, cls="tc-trick")
            assert trick.winner is not None
            won = (f'<p class="tc-won">{_e(self.name(trick.winner))} wins the trick:'
                   f" {_e(self._trick_reason(trick))}.")
            if uncovered:
                won += " Turned face up for the next trick: " + ", ".join(uncovered) + "."
            parts.append(table + won + "</p>")
        return '<div class="tc-example">' + "".join(parts) + "</div>"

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
                where = " (table)" if event.source == TABLE else ""
                called = (f" calling for {SUIT_WORDS[event.joker_suit]}"
                          if event.joker_suit is not None else "")
                played.append(play_html(self.name(step.seat) + where, event.card, note=called))
            assert trick.winner is not None
            rows.append([str(number + 1), _e(self.name(trick.leader)), " ".join(played),
                         _e(self.name(trick.winner)), _e(self._trick_reason(trick))])
        if not rows:
            return ""
        head = ["Trick", "Led by", "Cards in the order played", "Won by", "Why"]
        return _table("The remaining tricks", head, rows, cls="tc-rest")

    def _score_sentence(self) -> str:
        state = self.state
        r = self.ruleset
        call = state.contract
        points = state.points
        assert points is not None
        if call is None or state.contractor is None:
            if state.tricks:
                return "Everyone passed, so the hand was played at no trumps for 10 a trick."
            return "Everyone passed: nobody scores, and the deal passes on."
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
                text = (f"{players} took {_count(took, 'trick')}: {shown} is"
                        f" {'made' if state.made else 'lost'}, ")
                text += f"{'worth' if state.made else 'costing'} {value}."
                return text + " The defenders score nothing."
            if state.made:
                text = f"{players} took no trick: {shown} is made,"
                text += f" worth {value}. The defenders score nothing."
            else:
                text = f"{players} took a trick, so {shown} fails and costs {value}."
                if len(state.tricks) < state.hand_size:
                    text += " The deal stops there."
                text += " The defenders score nothing."
            return text
        bidder = self.name(state.contractor)
        text = (f"{bidder} bid {shown} and took {_count(taken, 'trick')}: " if len(team) == 1
                else f"{bidder} bid {shown}, and {names} took {_count(taken, 'trick')}: ")
        share = points[state.contractor]
        if state.made:
            text += "the contract is made"
            if taken == state.hand_size and value < r.slam_value:
                text += (f", and taking every trick is a slam, worth {r.slam_value} instead"
                         f" of {value}")
            who = ("each partner scores" if state.partner is not None
                   else "they score" if len(team) > 1 else f"{names} scores")
            text += f", so {who} {share}."
        elif r.failed_contract_to_opponents:
            text += (f"the contract fails, so its value, {value}, goes to the other side;"
                     " nothing is subtracted.")
        else:
            who = ("each partner loses" if state.partner is not None
                   else "they lose" if len(team) > 1 else f"{names} loses")
            text += f"the contract fails, so {who} {-share}."
        if state.partner is not None and r.called_partner_half:
            text += " With a called partner each of the two wins or loses half the value."
        defending = [side for side in state.sides if side != team]
        if defending:
            each = "; ".join(
                f"{self._side_names(side)} took {sum(state.tricks_won[s] for s in side)}"
                for side in defending)
            text += (f" The defenders score {r.defender_trick_points} for each trick they take:"
                     f" {each}.")
        return text

    def score_html(self, caption: str = "The score for this deal") -> str:
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
                    note = " (contractor)"
                elif seat not in state.active:
                    note = " (sat out)"
                elif seat == state.partner:
                    note = " (called partner)"
                names.append(self.name(seat) + note)
            role = ("contractors" if len(side) > 1 else "contractor") if side == team else (
                "defenders" if len(side) > 1 else "defender")
            if state.contract is None:
                role = "no contract"
            tricks = sum(state.tricks_won[s] for s in side)
            each = {state.points[s] for s in side}
            pts = str(state.points[side[0]]) if len(each) == 1 else ", ".join(
                f"{self.name(s)} {state.points[s]}" for s in side)
            rows.append([_e(_and(names)), role, str(tricks), pts])
        head = ["Side", "Role", "Tricks taken", "Points (each)"]
        table = _table(caption, head, rows, cls="tc-score")
        return (f'<div class="tc-example">{table}<p>{self._score_sentence()}</p></div>')

    def html(self, tricks: int = 3) -> str:
        """Everything: the deal, the auction, the exchange, the tricks and the score."""
        return "".join([self.deal_html(), self.auction_html(), self.exchange_html(),
                        self.tricks_html(0, tricks), self.rest_html(tricks), self.score_html()])
