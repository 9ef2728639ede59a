"""The card table as a picture: a felt with the reader at the bottom and the others around it.

The seats sit in play order around the felt (clockwise: the next player is on the reader's
left), each in a box (``tt-seat-box``, ``data-seat``) with its name, bid or call, tricks won,
the dealer's chip (``tt-dealer``), whose turn it is (``tt-turn``, ``aria-current``, in words),
and its cards: a count of backs, or small faces when they are shown.  The trick lies in the
middle (``tt-trick-area``), each card in front of the seat that played it; between tricks the
last trick stays there with its winner.  The styles ship with the HTML (:data:`FELT_CSS`).

>>> from trickcore.widgets.demo_model import DealSetup, HandSession
>>> session = HandSession(DealSetup.from_code("oh-hell-4-2718-4"))
>>> felt = felt_html(session, four_colour=False, show_all=False)
>>> felt.count('class="tt-seat-box'), 'tt-trick-area' in felt
(4, True)
"""

from __future__ import annotations

import html

from trickcore.cards import Card
from trickcore.display import card_name, cards_html, seat_label
from trickcore.display.faces import back_svg, card_svg
from trickcore.engine.events import Phase, Trick
from trickcore.engine.state import HandState
from trickcore.widgets.demo_model import HandSession, open_hands
from trickcore.widgets.ui_words import call_label, ui

__all__ = ["FELT_CSS", "felt_html", "fresh_cards", "slots"]

_ = ui.gettext
ngettext = ui.ngettext

#: The felt's look: a grid with the others on top and at the sides, the trick in the middle
#: and the reader at the bottom; everything in the flow of the page (nothing fixed).
FELT_CSS = (
    ".tt-felt{display:grid;grid-template-columns:minmax(0,auto) minmax(7.5em,1fr) "
    "minmax(0,auto);grid-template-areas:'top top top' 'left mid right' 'me me me';"
    "gap:4px;background:#1f6b3a;border-radius:14px;padding:6px;margin:.4em 0;max-width:36em;"
    "color:#111;font:13px/1.25 sans-serif}"
    ".tt-felt .tt-side{display:flex;gap:4px;align-items:center;justify-content:space-around}"
    ".tt-felt .tt-side-top{grid-area:top}.tt-felt .tt-side-me{grid-area:me}"
    ".tt-felt .tt-side-left{grid-area:left;flex-direction:column-reverse}"
    ".tt-felt .tt-side-right{grid-area:right;flex-direction:column}"
    ".tt-seat-box{background:#f4f1e6;border:2px solid #c9c2a6;border-radius:8px;"
    "padding:2px 5px;min-width:5.2em;max-width:9em;text-align:center}"
    ".tt-seat-box.tt-turn{border-color:#ffb300;box-shadow:0 0 0 3px #ffb30088;"
    "background:#fff8dc}"
    ".tt-seat-box .tt-seat-name{font-weight:700}"
    ".tt-seat-box .tt-seat-info,.tt-seat-box .tt-now{font-size:.85em}"
    ".tt-seat-box .tt-now{color:#7a4f00;font-weight:700}"
    ".tt-dealer{display:inline-block;background:#fff;color:#111;border:2px solid #1565c0;"
    "border-radius:50%;width:1.25em;height:1.25em;line-height:1.25em;font-size:.8em;"
    "font-weight:700;text-align:center;vertical-align:1px}"
    ".tt-seat-box .tt-backs{display:inline-flex;align-items:center;gap:2px;font-size:.85em}"
    ".tt-seat-box .tt-backs svg{width:13px;height:auto}"
    ".tt-seat-box .tc-card{font-size:.8em;min-width:1.6em;padding:0 .15em;margin:1px}"
    ".tt-side-me .tt-seat-box,.tt-side-top .tt-seat-box{max-width:none}"
    ".tt-trick-area{grid-area:mid;border-radius:10px;background:#ffffff14}"
    ".tt-trick-area .tt-trick-cards{position:relative;min-height:122px}"
    ".tt-trick-area .tt-played{position:absolute;display:flex;flex-direction:column;"
    "align-items:center;color:#fff;font-size:.75em}"
    ".tt-trick-area .tt-played svg{width:33px;height:auto;display:block}"
    ".tt-trick-area .tt-at-me{bottom:2px;left:50%;transform:translateX(-50%)}"
    ".tt-trick-area .tt-at-left{left:3px;top:50%;transform:translateY(-50%)}"
    ".tt-trick-area .tt-at-right{right:3px;top:50%;transform:translateY(-50%)}"
    ".tt-trick-area .tt-at-top{top:2px;left:var(--tt-x,50%);transform:translateX(-50%)}"
    ".tt-trick-area .tt-won{outline:3px solid #ffb300;border-radius:5px}"
    ".tt-trick-area .tt-trick-note{text-align:center;color:#fff;font-size:.8em;padding:2px}"
    ".tt-trick-area.tt-last .tt-played{opacity:.75}"
    ".tt-tools .jupyter-button,.tt-actions .jupyter-button,.tt-paste .jupyter-button,"
    ".tt-review .jupyter-button,.tt-match-bar .jupyter-button"
    "{min-height:44px;min-width:44px}"
    ".tt-seat,.tt-seat select,.tt-paste input{min-height:44px;height:auto!important}"
    ".tt-tools{flex-wrap:wrap;gap:4px}"
    ".tt-table .tc-demo>p,.tt-prompt p,.tt-announce p,.tt-hint p{margin:.15em 0;line-height:1.35}"
    ".tt-title h3{margin:.2em 0!important;line-height:1.25}"
    ".tt-felt{--tt-step:.5s}.tt-felt.tt-speed-slow{--tt-step:1.1s}"
    ".tt-trick-area .tt-played.tt-new{animation:tt-in .3s calc(var(--tt-i,0)*var(--tt-step))"
    " backwards ease-out}"
    "@keyframes tt-in{from{opacity:0;scale:.4}}"
    ".tt-trick-area.tt-last .tt-played{animation:tt-in .3s calc(var(--tt-i,0)*var(--tt-step))"
    " backwards ease-out,tt-gone .6s calc(var(--tt-n,0)*var(--tt-step) + .6s) forwards}"
    ".tt-trick-area.tt-last .tt-played:not(.tt-new){animation-name:none,tt-gone}"
    ".tt-to-top .tt-played{--tt-dx:0;--tt-dy:-70px}.tt-to-me .tt-played{--tt-dx:0;--tt-dy:70px}"
    ".tt-to-left .tt-played{--tt-dx:-70px;--tt-dy:0}.tt-to-right .tt-played{--tt-dx:70px;--tt-dy:0}"
    "@keyframes tt-gone{to{translate:var(--tt-dx,0) var(--tt-dy,0);opacity:.3;scale:.6}}"
    ".tt-felt.tt-speed-instant *{animation:none!important}"
    "@media (prefers-reduced-motion:reduce){.tt-felt *{animation:none!important}}"
    "@media print{.tt-felt *{animation:none!important}"
    ".tt-felt{background:#fff;border:2px solid #1f6b3a}"
    ".tt-trick-area .tt-played,.tt-trick-area .tt-trick-note{color:#111}}"
)


def slots(players: int) -> list[str]:
    """Where each seat sits, counted from the reader (0) in play order: ``me``, ``left``,
    ``top``, ``right``; with many players, more on top and two at a side.

    >>> slots(2), slots(3), slots(4)
    (['me', 'top'], ['me', 'left', 'right'], ['me', 'left', 'top', 'right'])
    >>> slots(6)
    ['me', 'left', 'top', 'top', 'top', 'right']
    """
    others = players - 1
    side = 0 if others == 1 else 1 if others <= 5 else 2
    top = others - 2 * side
    return ["me", *["left"] * side, *["top"] * top, *["right"] * side]


def _bid(state: HandState, seat: int) -> str:
    if state.auction:
        calls = [c for s, c in state.calls if s == seat]
        return _("called {call}").format(call=call_label(calls[-1])) if calls else ""
    bid = state.bids[seat]
    return "" if bid is None else _("bid {bid}").format(bid=bid)


def _seat_box(session: HandSession, seat: int, *, four_colour: bool, show_all: bool) -> str:
    state, reader = session.state, session.seat
    notes = [_("dealer")] if seat == state.dealer else []
    if state.contractor == seat:
        notes.append(_("contractor"))
    elif state.partner == seat:
        notes.append(_("called partner"))
    name = html.escape(seat_label(seat, reader) + (f" ({', '.join(notes)})" if notes else ""))
    if seat == state.dealer:  # the dealer's button beside the words
        name = '<span class="tt-dealer" aria-hidden="true">D</span> ' + name
    info = []
    bid = _bid(state, seat)
    if bid:
        info.append(bid)
    if state.phase in (Phase.PLAYING, Phase.DONE):
        info.append(_("won {tricks}").format(tricks=state.tricks_won[seat]))
    if seat not in state.active:
        info.append(_("sits out"))
    turn = state.to_act == seat and not state.is_over
    mark = ' tt-turn" aria-current="true' if turn else ""
    now = ""
    if turn:
        said = _("your turn") if seat == reader else _("to play")
        if state.phase is not Phase.PLAYING:
            said = _("your turn") if seat == reader else _("thinking")
        now = f'<div class="tt-now">{html.escape(said)}</div>'
    cards = ""
    hand = state.hand(seat)
    if seat != reader and hand:
        if show_all or open_hands(state) or seat in state.exposed or state.is_over:
            cards = cards_html(hand, four_colour=four_colour, inline=True)
        else:
            words = ngettext("{count} face-down card", "{count} face-down cards",
                             len(hand)).format(count=len(hand))
            cards = (f'<span class="tt-backs" role="img" aria-label="{html.escape(words)}">'
                     f'{back_svg()}×{len(hand)}</span>')
    return (f'<div class="tt-seat-box{mark}" data-seat="{seat}">'
            f'<div class="tt-seat-name">{name}</div>'
            f'<div class="tt-seat-info">{html.escape(", ".join(info))}</div>{now}'
            f"<div>{cards}</div></div>")


def fresh_cards(session: HandSession) -> int:
    """How many cards the others have played since the reader last acted (they come in one by
    one, in that order).

    >>> from trickcore.widgets.demo_model import DealSetup
    >>> fresh_cards(HandSession(DealSetup.from_code("oh-hell-4-2718-4")))
    0
    """
    count = 0
    for move in reversed(session.moves):
        if move.by_reader:
            break
        count += move.phase is Phase.PLAYING
    return count


def _trick_area(state: HandState, reader: int, places: list[str], *, four_colour: bool,
                fresh: int = 0, review: int | None = None) -> str:
    trick: Trick | None = state.current if state.current.cards else None
    last = False
    if review is not None and 0 <= review < len(state.tricks):
        trick, fresh = state.tricks[review], 0
    elif trick is None and state.tricks:
        trick, last = state.tricks[-1], True
    note = ""
    played = []
    if trick is not None:
        seats = trick.seats(state.players)
        tops = [s for s in range(state.players) if places[(s - reader) % state.players] == "top"]
        first_new = len(trick.cards) - min(fresh, len(trick.cards))
        for i, (seat, card) in enumerate(zip(seats, trick.cards, strict=True)):
            played.append(_played(seat, card, reader, places, tops, trick, four_colour,
                                  i - first_new))
        if review is not None and trick.winner is not None:
            note = _("Trick {number} won by {seat}: {reason}").format(
                number=review + 1, seat=seat_label(trick.winner, reader, capital=False),
                reason=trick.reason)
        elif last and trick.winner is not None:
            note = _("Trick {number} won by {seat}").format(
                number=len(state.tricks), seat=seat_label(trick.winner, reader, capital=False))
    elif state.phase is Phase.PLAYING and state.to_act is not None:
        note = (_("You lead.") if state.to_act == reader else
                _("{seat} leads.").format(seat=seat_label(state.to_act, reader)))
    label = html.escape(_("The trick on the table"))
    cls, pace = "tt-trick-area", ""
    if last and trick is not None and trick.winner is not None:  # it goes to its winner
        cls += f" tt-last tt-to-{places[(trick.winner - reader) % state.players]}"
        pace = f' style="--tt-n:{min(fresh, len(trick.cards))}"'
    shown = f'<div class="tt-trick-note">{html.escape(note)}</div>' if note else ""
    return (f'<div class="{cls}"{pace} role="group" aria-label="{label}">'
            f'<div class="tt-trick-cards">{"".join(played)}</div>{shown}</div>')


def _played(seat: int, card: Card, reader: int, places: list[str], tops: list[int],
            trick: Trick, four_colour: bool, new: int = -1) -> str:
    """One played card in front of its seat; ``new`` (from 0) is its turn to come in, one by
    one, when it was played since the reader last acted (``-1``: it was there already)."""
    place = places[(seat - reader) % len(places)]
    style = f"--tt-i:{new};" if new >= 0 else ""
    if place == "top" and len(tops) > 1:
        style += f"--tt-x:{(tops.index(seat) + 1) * 100 // (len(tops) + 1)}%"
    elif place in ("left", "right") and places.count(place) > 1:
        side = [s for s in range(len(places)) if places[(s - reader) % len(places)] == place]
        style += f"top:{(side.index(seat) + 1) * 100 // (len(side) + 1)}%"
    who = seat_label(seat, reader)
    label = _("{seat}: {card}").format(seat=who, card=card_name(card))
    won = " tt-won" if trick.winner == seat else ""
    fresh = " tt-new" if new >= 0 else ""
    style = f' style="{style}"' if style else ""
    return (f'<div class="tt-played tt-at-{place}{fresh}"{style}>'
            f'<span class="tt-card-slot{won}">{card_svg(card, four_colour=four_colour, name=label)}'
            f"</span><span>{html.escape(who)}</span></div>")


def felt_html(session: HandSession, *, four_colour: bool, show_all: bool,
              speed: str = "normal", review: int | None = None) -> str:
    """The felt: every seat in its place, the trick (or the last trick) in the middle.

    The others' cards since the reader last acted come in one by one, and a finished trick
    goes to its winner, at ``speed`` (``instant``, ``normal``, ``slow``); no motion for a
    reader who asks for less (``prefers-reduced-motion``) nor in print.  ``review`` (an index
    into the tricks played) shows that trick in the middle instead, with its winner and why."""
    state, reader = session.state, session.seat
    places = slots(state.players)
    sides: dict[str, list[str]] = {"top": [], "left": [], "right": [], "me": []}
    for offset, place in enumerate(places):
        seat = (reader + offset) % state.players
        sides[place].append(_seat_box(session, seat, four_colour=four_colour,
                                      show_all=show_all))
    parts = [f'<div class="tt-side tt-side-{place}">{"".join(boxes)}</div>'
             for place, boxes in sides.items() if boxes]
    parts.insert(1 if sides["top"] else 0,
                 _trick_area(state, reader, places, four_colour=four_colour,
                             fresh=fresh_cards(session), review=review))
    pace = speed if speed in ("instant", "normal", "slow") else "normal"
    return (f"<style>{FELT_CSS}</style>"
            f'<div class="tt-felt tt-speed-{pace}" data-players="{state.players}">'
            f'{"".join(parts)}</div>')
