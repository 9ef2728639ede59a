"""HTML of the deal and hand demos: hands, tricks, the table, the log, the score and the schedule.

Drawn from the engine's state: no widgets here and no rules decided here.

Cards, rows of cards, face-down backs, tricks and tables are drawn by :mod:`trickcore.display`,
so every card shows its suit symbol and carries a name for screen readers; face-down cards are
drawn as backs with a spoken count.  Every function returns a string that can be shown in an
``ipywidgets.HTML`` or saved in a static page.

>>> from trickcore.widgets.demo_model import DealSetup
>>> html = deal_html(DealSetup("five-hundred", 4, 5).state, four_colour=False, reveal_kitty=False)
>>> "face-down" in html, "10 of hearts" in html   # 10♥ is in the kitty, face down
(True, False)
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from trickcore import display
from trickcore.cards import Card, Suit
from trickcore.display import (
    backs_html,
    card_css,
    card_html,
    card_name,
    cards_each,
    cards_html,
    piles_html,
    seat_label,
    seats_label,
)
from trickcore.engine.calls import Call, CallKind
from trickcore.engine.events import TABLE, Phase
from trickcore.engine.state import HandState
from trickcore.i18n import N_
from trickcore.rules import BiddingKind
from trickcore.widgets.demo_model import HandSession, Move, ScheduleRow, open_hands
from trickcore.widgets.table_felt import felt_html
from trickcore.widgets.ui_words import call_label, suit_one, suit_words, ui

__all__ = [
    "STYLE",
    "action_text",
    "backs_html",
    "call_label",
    "deal_html",
    "log_html",
    "made_html",
    "schedule_html",
    "score_html",
    "seat_name",
    "suit_colour",
    "table_html",
    "trick_html",
    "trump_html",
]

#: Card and table styles for the demos (the same look as :mod:`trickcore.display`).
STYLE = (
    f"<style>{card_css(label_width='15em', backs=True)}"
    ".tc-demo table{border-collapse:collapse;margin:.3em 0}"
    ".tc-demo th,.tc-demo td{border:1px solid #bbb;padding:.15em .5em;text-align:center}"
    ".tc-demo .tc-now{background:#fff3c4;font-weight:bold}.tc-demo .tc-note{color:#333;"
    "font-size:.95em}.tc-demo .tc-made{color:#006b2e}.tc-demo .tc-miss{color:#a00000}"
    ".tc-demo ol.tc-sched{display:flex;flex-wrap:wrap;gap:.3em;list-style:none;padding:0;"
    "margin:.3em 0}.tc-demo ol.tc-sched li{border:1px solid #bbb;padding:.1em .4em}"
    # Words wrap between words, never inside one (no "annonc/e" at a phone's width): the
    # tables size their columns to their longest word, in a smaller type on the score sheet.
    ".tc-demo p,.tc-demo th,.tc-demo td{overflow-wrap:break-word;word-break:normal;"
    "hyphens:manual}"
    ".tc-demo .tc-sheet table{width:100%;table-layout:auto;font-size:.85em}"
    ".tc-demo .tc-sheet th,.tc-demo .tc-sheet td{padding:.15em .25em}"
    # The deal's score table fits a phone's width (its five columns, Points last, in French).
    ".tc-demo .tc-score table{font-size:.9em;max-width:100%}"
    ".tc-demo .tc-score th,.tc-demo .tc-score td{padding:.15em .3em}"
    "</style>"
)

_ = ui.gettext
ngettext = ui.ngettext


def _e(text: object) -> str:
    return html.escape(str(text))


def _wrap(inner: str) -> str:
    return f'{STYLE}<div class="tc-demo">{inner}</div>'


def suit_colour(card: Card, four_colour: bool) -> str:
    """The text colour :mod:`trickcore.display` gives ``card`` (for card buttons)."""
    return display.suit_colour(card, four_colour)


def seat_name(state: HandState, seat: int, reader: int | None = None) -> str:
    """The seat's name (``Cleo``, or ``You`` for the reader), with "(dealer)", "(contractor)"
    or "(called partner)" as they apply: ``You (dealer)``."""
    notes = []
    if seat == state.dealer:
        notes.append(_("dealer"))
    if state.contractor == seat:
        notes.append(_("contractor"))
    elif state.partner == seat:
        notes.append(_("called partner"))
    return seat_label(seat, reader) + (f" ({', '.join(notes)})" if notes else "")


def call_words(call: int | Call) -> str:
    """A bid or call in words, for screen readers: ``7 hearts``, ``7 no trumps``."""
    if isinstance(call, int):
        return ngettext("{count} trick", "{count} tricks", call).format(count=call)
    if call.kind is CallKind.TRICKS:
        assert call.denomination is not None
        suit = call.denomination.suit
        if suit is None:
            return _("{tricks} no trumps").format(tricks=call.tricks)
        return _("{tricks} {suit}").format(tricks=call.tricks, suit=suit_words(suit))
    return call_label(call).lower()


def trump_html(state: HandState, *, four_colour: bool, reader: int | None = None) -> str:
    """What fixes trumps this deal: the turn-up, the contract, or none."""
    if state.auction:
        if state.contract is None or state.contractor is None:
            if state.phase is Phase.BIDDING:
                return "<p>" + _("Trumps: not yet known; the contract will name them.") + "</p>"
            return "<p>" + _("No contract: everyone passed.") + "</p>"
        text = _("Contract: <b>{call}</b> by {seat}").format(
            call=_e(call_label(state.contract)),
            seat=seat_label(state.contractor, reader, capital=False))
        trump = state.contract.trump
        text += (_("; trumps {suit}").format(suit=suit_words(trump)) if trump is not None
                 else _("; no trumps"))
        if state.joker_suit is not None:
            text += _("; the joker is named a {suit}").format(suit=suit_one(state.joker_suit))
        return f"<p>{text}.</p>"
    trump = state.trump
    words = (_("Trumps: {symbol} {suit}").format(symbol=trump.symbol, suit=suit_words(trump))
             if trump is not None else _("No trumps"))
    turn = state.deal.turn_up
    if turn is not None:
        words += _(" (turned up: {card})").format(card=card_html(turn, four_colour=four_colour))
    return f"<p>{words}.</p>"


def _header(state: HandState, reader: int | None = None) -> str:
    """The deal's first line: the game, the players, the cards each and the dealer.

    >>> import trickcore as tc
    >>> _header(tc.state_from_code("oh-hell-4-2718-10"))
    '<p><b>Oh Hell!</b>, 4 players, 1 card each; dealer: Ben.</p>'
    """
    return "<p>" + ngettext(
        "<b>{game}</b>, {count} player, {cards}; dealer: {dealer}.",
        "<b>{game}</b>, {count} players, {cards}; dealer: {dealer}.", state.players).format(
        game=_e(state.ruleset.title), count=state.players, cards=cards_each(state.hand_size),
        dealer=seat_label(state.dealer, reader, capital=False)) + "</p>"


def _piles_html(state: HandState, seat: int, *, four_colour: bool,
                reader: int | None = None) -> str:
    """Two-hand Five Hundred: ``seat``'s table piles, face-up cards over face-down ones."""
    up = set(state.table(seat))
    piles: list[tuple[Card | None, bool]] = []
    for down, top in state.deal.table[seat]:
        if top in up:
            piles.append((top, True))
        elif down in up:
            piles.append((down, False))
        else:
            piles.append((None, False))
    label = (_("your table piles") if seat == reader
             else _("table piles of {seat}").format(seat=seat_label(seat)))
    return piles_html(piles, label=label, four_colour=four_colour)


def _kitty_html(state: HandState, *, reveal: bool, four_colour: bool) -> str:
    if not state.kitty:
        return ""
    if reveal:
        return cards_html(state.kitty, label=_("kitty (shown to the teacher)"),
                          four_colour=four_colour)
    return backs_html(len(state.kitty), label=_("kitty, face down"))


def deal_html(state: HandState, *, four_colour: bool, reveal_kitty: bool) -> str:
    """A fresh deal with every hand shown: trumps, hands, kitty, table piles, cards set aside."""
    rows = [_header(state), trump_html(state, four_colour=four_colour)]
    for seat in range(state.players):
        rows.append(cards_html(state.hand(seat), label=seat_name(state, seat),
                               four_colour=four_colour))
        if state.ruleset.table_piles:
            rows.append(_piles_html(state, seat, four_colour=four_colour))
    rows.append(_kitty_html(state, reveal=reveal_kitty, four_colour=four_colour))
    if state.deal.removed:
        rows.append(cards_html(state.deal.removed, label=_("set aside before the deal"),
                               four_colour=four_colour))
    if state.deal.dead:
        rows.append(backs_html(len(state.deal.dead), label=_("dead hand, never used")))
    stock = len(state.deal.stock)
    if stock:
        rows.append('<p class="tc-note">' + ngettext(
            "{count} card is not dealt (the stock).", "{count} cards are not dealt (the stock).",
            stock).format(count=stock) + "</p>")
    return _wrap("".join(rows))


def schedule_html(rows: Sequence[ScheduleRow], current: int, *, repeats: str = "") -> str:
    """The match's deals (cards each, dealer), with deal number ``current`` marked: a list
    that wraps to the width of the screen, one item a deal.

    >>> html = schedule_html([ScheduleRow(1, 1, 0), ScheduleRow(2, 2, 1)], 2)
    >>> "Deal 1: 1 card, Ann deals" in html, '<li class="tc-now" aria-current="true">' in html
    (True, True)
    """
    items = []
    for row in rows:
        mark = ' class="tc-now" aria-current="true"' if row.number == current else ""
        cards = ngettext("{count} card", "{count} cards", row.hand_size).format(
            count=row.hand_size)
        items.append(f"<li{mark}>" + _("Deal {number}: {cards}, {dealer} deals").format(
            number=row.number, cards=cards, dealer=seat_label(row.dealer)) + "</li>")
    listing = ("<p>" + _("The deals of the match (deal {current} is this one):").format(
        current=current) + "</p>"
               f'<ol class="tc-sched">{"".join(items)}</ol>')
    note = f'<p class="tc-note">{_e(repeats)}</p>' if repeats else ""
    return _wrap(listing + note)


def _hand_visible(session: HandSession, seat: int, show_all: bool) -> bool:
    state = session.state
    return (show_all or seat == session.seat or open_hands(state) or seat in state.exposed
            or state.is_over)


def table_html(session: HandSession, *, four_colour: bool, show_all: bool,
               speed: str = "normal", review: int | None = None) -> str:
    """The table for the hand demos: trumps, the felt (:func:`~trickcore.widgets.table_felt.
    felt_html`: each seat's bid, tricks and cards, the others' face down unless the game shows
    them, and the trick), the kitty and the table piles.  The reader's own cards are not drawn
    here: they are the buttons of the hand (:mod:`trickcore.widgets.hand_controls`)."""
    state = session.state
    reader = session.seat
    rows = [_header(state, reader), trump_html(state, four_colour=four_colour, reader=reader)]
    rows.append(felt_html(session, four_colour=four_colour, show_all=show_all, speed=speed,
                          review=review))
    if state.ruleset.table_piles:
        for seat in range(state.players):
            rows.append(_piles_html(state, seat, four_colour=four_colour, reader=reader))
    if state.kitty:
        taker = state.contractor
        if taker is None:
            rows.append(_kitty_html(state, reveal=show_all, four_colour=four_colour))
        elif taker == reader or show_all:
            rows.append(cards_html(state.kitty, four_colour=four_colour, label=_(
                "kitty, taken by {seat}").format(seat=seat_label(taker, reader, capital=False))))
        else:
            rows.append(backs_html(len(state.kitty), label=_(
                "kitty, taken by {seat}").format(seat=seat_label(taker, reader, capital=False))))
    if state.called_card is not None:
        holder = (seat_label(state.partner, reader, capital=False) if state.partner is not None
                  else _("nobody else"))
        rows.append("<p>" + _("Partner called: {card} (held by {holder}).").format(
            card=card_html(state.called_card, four_colour=four_colour), holder=holder) + "</p>")
    if state.phase is Phase.PLAYING and state.ruleset.table_piles and state.to_act is not None:
        table = state.to_act_source == TABLE
        if state.to_act == reader:
            said = _("You play from the table now.") if table else _("You play from the hand now.")
        else:
            said = (_("{seat} plays from the table now.") if table
                    else _("{seat} plays from the hand now.")).format(seat=seat_label(state.to_act))
        rows.append(f"<p>{said}</p>")
    return _wrap("".join(rows))


def trick_html(state: HandState, *, four_colour: bool, reader: int | None = None) -> str:
    """The trick on the table, and the last trick with who won it and why."""
    rows = []
    current = state.current
    if state.phase is Phase.PLAYING:
        if current.cards:
            line = display.trick_line_html(current, state.players, four_colour=four_colour,
                                           reader=reader)
            rows.append("<p>" + _("<b>On the table</b> (trick {number}): {cards}").format(
                number=len(state.tricks) + 1, cards=line) + "</p>")
        elif state.to_act is not None:
            number = len(state.tricks) + 1
            said = (_("<b>On the table</b>: nothing yet; you lead trick {number}.")
                    if state.to_act == reader else
                    _("<b>On the table</b>: nothing yet; {seat} leads trick {number}."))
            rows.append("<p>" + said.format(seat=seat_label(state.to_act, reader, capital=False),
                                            number=number) + "</p>")
    if state.tricks:
        last = state.tricks[-1]
        line = display.trick_line_html(last, state.players, four_colour=four_colour,
                                       reader=reader)
        winner = (seat_label(last.winner, reader, capital=False) if last.winner is not None
                  else _("nobody"))
        rows.append("<p>" + _("<b>Last trick</b> (trick {number}, led by {leader}): {cards}<br>"
                              "Won by <b>{winner}</b>: {reason}.").format(
            number=len(state.tricks), leader=seat_label(last.leader, reader, capital=False),
            cards=line, winner=winner, reason=_e(last.reason)) + "</p>")
    return _wrap("".join(rows))


def made_html(state: HandState, seat: int) -> str:
    """``made ✓`` or ``missed ✗`` for ``seat``'s bid (empty when it made none)."""
    bid = state.bids[seat]
    if bid is None:
        return ""
    if state.bid_made(seat):
        return '<span class="tc-made">' + _("made ✓") + "</span>"
    return '<span class="tc-miss">' + _("missed ✗") + "</span>"


def score_html(state: HandState, reader: int | None = None) -> str:
    """Tricks won against the bids so far, and the points once the deal is scored."""
    head = [_("Seat")]
    exact = not state.auction and state.ruleset.bidding is not BiddingKind.NONE
    if exact:
        head.append(_("Bid"))
    head.append(_("Tricks won"))
    done = state.points is not None
    if exact and done:
        head.append(_("Made?"))
    if done:
        head.append(_("Points"))
    # Partners score as a side: the side's points once, on its first seat's row.
    first_of = {seat: side[0] for side in state.sides for seat in side}
    body = []
    for seat in range(state.players):
        cells = [_e(seat_name(state, seat, reader))]
        if exact:
            bid = state.bids[seat]
            cells.append("–" if bid is None else str(bid))
        cells.append(str(state.tricks_won[seat]))
        if exact and done:
            cells.append(made_html(state, seat))
        if done and state.points is not None:
            first = first_of.get(seat, seat)
            cells.append(f"{state.points[seat]:+d}" if first == seat
                         else _("with {seat}").format(seat=seat_label(first, reader,
                                                                        capital=False)))
        body.append(cells)
    lines = []
    if state.auction and state.contract is not None and state.contractor is not None:
        side = state.contract_side
        won = sum(state.tricks_won[s] for s in side)
        names = seats_label(side, reader)
        if reader in side:  # the reader comes first: "you and Ben" inside the sentence
            you = seat_label(reader, reader)
            names = seat_label(reader, reader, capital=False) + names[len(you):]
        lines.append("<p>" + ngettext("Contract {call}: {seats} took {count} trick.",
                                      "Contract {call}: {seats} took {count} tricks.", won).format(
            call=_e(call_label(state.contract)), seats=names, count=won))
        if state.made is not None:
            lines[-1] += _(" Made ✓") if state.made else _(" Lost ✗")
        lines[-1] += "</p>"
    if state.revokes:
        lines.append("<p>" + _("Revokes by {seats}.").format(
            seats=seats_label(sorted(set(state.revokes)), reader)) + "</p>")
    if done:
        lines.append("<p>" + _("Points by the rules of {game} are in the last column.").format(
            game=_e(state.ruleset.title)) + "</p>")
    table = display.table_html(_("Tricks and score"), head, body, escape=False, bare=True,
                               row_headers=False)
    return _wrap(f'<div class="tc-score">{table}</div>' + "".join(lines))


def action_text(move: Move, *, show: bool, four_colour: bool = False,
                advice: bool = False) -> str:
    """What a move did, in HTML (a bot's discards stay hidden unless ``show``).

    With ``advice`` it is said as advice instead: "play 2♠" rather than "played 2♠".
    """
    action = move.action

    def verb(past: str, now: str) -> str:
        return _(now) if advice else _(past)

    def card(value: Card | str) -> str:
        return card_html(Card.parse(value), four_colour=four_colour)

    if move.phase is Phase.BIDDING:
        if isinstance(action, Call):
            said = verb(N_("called {call}"), N_("call {call}"))
        else:
            said = verb(N_("bid {call}"), N_("bid {call}"))
        return said.format(call=_e(call_label(action)))
    if move.phase is Phase.DISCARD:
        cards = list(action)
        if show:
            return verb(N_("discarded {cards}"), N_("discard {cards}")).format(
                cards=" ".join(card(c) for c in cards))
        return ngettext("discarded {count} card face down", "discarded {count} cards face down",
                        len(cards)).format(count=len(cards))
    if move.phase is Phase.CALL:
        if action is None:
            return verb(N_("plays alone (no partner called)"), N_("play alone (call no partner)"))
        return verb(N_("called the partner card {card}"),
                    N_("call the partner card {card}")).format(card=card(action))
    if move.phase is Phase.JOKER:
        if action is None:
            return verb(N_("named no suit for the joker"), N_("name no suit for the joker"))
        return verb(N_("named the joker a {suit}"), N_("name the joker a {suit}")).format(
            suit=suit_one(_suit(action)))
    if isinstance(action, tuple):
        return verb(N_("led {card}, naming {suit}"), N_("lead {card}, naming {suit}")).format(
            card=card(action[0]), suit=suit_words(_suit(action[1])))
    return verb(N_("played {card}"), N_("play {card}")).format(card=card(action))


def _suit(value: Suit | str) -> Suit:
    return Suit.parse(value) if isinstance(value, str) else Suit(value)


def log_html(session: HandSession, *, four_colour: bool, show_all: bool, limit: int = 12) -> str:
    """The latest moves, newest last, each with the bot's reason."""
    moves = session.moves[-limit:]
    if not moves:
        return ""
    items = []
    for move in moves:
        show = show_all or move.by_reader or move.phase is not Phase.DISCARD
        did = action_text(move, show=show, four_colour=four_colour)
        text = (_("You {action}") if move.by_reader else _("{seat} {action}")).format(
            seat=seat_label(move.seat), action=did)
        if move.reason:
            text += f" <i>— {_e(move.reason)}</i>"
        items.append(f"<li>{text}</li>")
    said = ngettext("<b>What happened</b> (latest {count} move):",
                    "<b>What happened</b> (latest {count} moves):", len(moves)).format(
        count=len(moves))
    return _wrap(f'<p>{said}</p><ol>{"".join(items)}</ol>')


def card_label(card: Card, source: str = "hand", *, article: bool = False) -> str:
    """A card in words for a button's tooltip: ``10 of hearts``, ``joker (on the table)``."""
    return card_name(card, article=article) + (_(" (on the table)") if source == TABLE else "")
