"""The joker at no trumps: what a player may play in prepared positions under each of the
three joker rules, as the engine answers."""

from __future__ import annotations

from collections.abc import Sequence

from trickcore.cards import Card, Suit, parse_cards
from trickcore.engine.calls import Call
from trickcore.engine.state import HandState
from trickcore.rules import (
    JokerRule,
)
from trickcore.rules.registry import get_variant

from trickbook.i18n import N_, _, or_words, suit_word
from trickbook.parts import (
    _table,
    cards_row,
)
from trickbook.render import example, html, macro, paragraph, sentence
from trickbook.words import (
    _joker_rule_name,
)

__all__ = [
    "JOKER_DEMO_HANDS",
    "JOKER_DEMO_KITTY",
    "joker_rules_html",
]


#: A prepared four-hand deal for showing the joker rules (dealer Dev, so Ann calls first).  Ann
#: holds the joker and no spades; Ben will be the contractor and does not hold the joker, so the
#: joker has no suit under every rule.  The kitty is K♥ Q♦ 7♣.
JOKER_DEMO_HANDS: tuple[str, ...] = (
    "JK AH 9H AD KD 6D 5D 4D 6C 5C",
    "AS KS QS JS TS 4H AC KC QC JC",
    "9S 8S 7S 5H 6H 7H 8H 7D 8D TC",
    "6S 5S TH JH QH 9D TD JD 9C 8C",
)
JOKER_DEMO_KITTY = "KH QD 7C"


def _joker_demo_state(rule: JokerRule, calls: Sequence[str], discards: str,
                      plays: Sequence[str]) -> HandState:
    from trickcore.engine.dealing import deal_from_hands
    from trickcore.rules import with_options

    ruleset = with_options(get_variant("five-hundred"), {"joker_rule": rule.value})
    deal = deal_from_hands(ruleset, list(JOKER_DEMO_HANDS), dealer=3, kitty=JOKER_DEMO_KITTY)
    state = HandState(ruleset, deal)
    for call in calls:
        state.apply(Call.parse(call))
    state.apply(parse_cards(discards))
    for card in plays:
        state.apply(Card.parse(card))
    return state


def joker_rules_html(situation: int) -> str:
    """What Ann may play in one prepared situation, under each of the three joker rules.

    The situations (0 to 4) are played out by the engine from :data:`JOKER_DEMO_HANDS`, and the
    legal cards are the engine's own answer under pagat's, Wikipedia's and the New Zealand rule.

    >>> html = joker_rules_html(1)
    >>> html.count("<tr>"), "Wikipedia" in html
    (4, True)
    """
    nt = (["pass", "7NT", "pass", "pass"], "QD 7C 4H")
    misere = (["7D", "misere", "pass", "pass", "pass"], "AS KS QS")
    situations: list[tuple[str, tuple[list[str], str], list[str]]] = [
        (N_("Ben (7NT) leads A♠ and Ann has no spades"), nt, ["AS", "7S", "5S"]),
        (N_("Ann has already shown she has no spades (she threw a diamond on the first trick),"
            " and Ben leads another spade"), nt, ["AS", "7S", "5S", "4D", "KS", "8S", "6S"]),
        (N_("Hearts are led and Ann still holds hearts"), nt,
         ["AS", "7S", "5S", "4D", "KS", "8S", "6S", "5D", "KH", "5H", "QH"]),
        (N_("Ann won the third trick with the A♥ and leads; spades and hearts have been led"), nt,
         ["AS", "7S", "5S", "4D", "KS", "8S", "6S", "5D", "KH", "5H", "QH", "AH"]),
        (N_("Ben plays misère (Dev sits out); he leads the 10♠ and Ann has no spades"), misere,
         ["TS", "7S"]),
    ]
    caption, (calls, discards), plays = situations[situation]
    rows = []
    hand_shown = ""
    for rule in JokerRule:
        state = _joker_demo_state(rule, calls, discards, plays)
        assert state.to_act == 0
        legal = list(state.legal_plays)
        held = list(state.hand(0))
        hand_shown = cards_row(held)
        if len(legal) == len(held):
            text = _("any card")
        elif any(c.is_joker for c in legal):
            text = cards_row(legal)
        else:
            text = cards_row(legal) + _(" (not the joker)")
        if len(legal) == 1 and legal[0].is_joker:
            text = cards_row(legal) + _(" (she must play the joker)")
        if not state.current.cards:
            names = state.joker_names(Card.parse("JK"))
            if len(names) == len(Suit):
                text += _(". Leading the joker, she may call for any suit")
            elif names:
                text += _(". Leading the joker, she must call for {suits}").format(
                    suits=or_words([f"{s.symbol} {suit_word(s)}" for s in names]))
            else:
                text += _(". Leading the joker, she calls for no suit")
        rows.append([_joker_rule_name(rule), text])
    position = _("Position {n}.").format(n=situation + 1)
    intro = paragraph(macro("parts.html", "strong", position) + " " + sentence(
        _("{situation}. Ann holds {cards}."), situation=_(caption), cards=html(hand_shown)))
    table = _table(_("What Ann may play under each rule"), [_("Rule"), _("Ann may play")],
                   rows, cls="tc-options")
    return example(intro, html(table))
