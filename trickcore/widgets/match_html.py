"""HTML of a match: the running score sheet and the match total (who is ahead, who won).

Partners score as a side, so the sheet has one column per side (its seats named together) and a
side's points are written once.  The match total says who is ahead after each deal and, once
the match has ended by its ruleset's :attr:`~trickcore.Ruleset.match_end`, who won and why.
Everything is read from the engine's :class:`~trickcore.engine.match.Match`.

>>> from trickcore.engine.match import Match
>>> from trickcore.players.heuristic import HeuristicBot
>>> from trickcore.rules.registry import get_variant
>>> match = Match(get_variant("humbug"), 2, 3)
>>> match.play([HeuristicBot()] * 2)
>>> print(total_text(match, reader=1))
The match is over after 1 deal (the only deal of a game of Humbug): Ann wins with 8 points. Settlement: Ann +8, You -8.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from trickcore import display
from trickcore.display import seat_label, seats_label
from trickcore.engine.auction import fixed_sides
from trickcore.engine.match import Match
from trickcore.errors import ResultCodeError
from trickcore.i18n import N_
from trickcore.notation.result_codes import encode_result
from trickcore.rules import BiddingKind, MatchEnd
from trickcore.widgets.hand_html import STYLE, call_label, made_html
from trickcore.widgets.ui_words import ui

__all__ = ["past_text", "result_code_html", "sheet_html", "total_text"]


_ = ui.gettext
ngettext = ui.ngettext


def _e(text: object) -> str:
    return html.escape(str(text))


def _sides(match: Match) -> tuple[tuple[int, ...], ...]:
    return fixed_sides(match.ruleset, match.players)


def _verb(seats: Sequence[int], reader: int | None, one: str, many: str, you: str) -> str:
    """``Ann wins``, ``You win``, ``Ann and Cleo win``: ``one`` and ``many`` name the seats
    ``{names}``, ``you`` (the reader among them) ``{you}``; each is a message of the catalogue."""
    names = seats_label(seats, reader)
    if reader is not None and reader in seats:
        return _(you).format(you=names)
    return (_(one) if len(seats) == 1 else _(many)).format(names=names)


def sheet_html(match: Match, *, reader: int | None = None, caption: str = "") -> str:
    """The score sheet so far: one row per finished deal (its number, cards, dealer and trumps
    or contract in the first column), then each side's bid (one seat), tricks, points and
    running total.  It fits a phone's width: the columns share the width, and the cells wrap."""
    sides = _sides(match)
    contracts = match.ruleset.bidding is BiddingKind.AUCTION  # a contract names the trumps
    bids = match.ruleset.bidding is BiddingKind.EXACT
    head = [_("Deal"), *(_e(seats_label(side, reader)) for side in sides)]
    body = []
    for index, state in enumerate(match.deals):
        if not state.is_over:
            continue
        totals = match.totals_after(index)
        about = [f"<b>{index + 1}</b>: " + ngettext("{count} card", "{count} cards",
                                                    state.hand_size).format(count=state.hand_size),
                 _("You dealt") if state.dealer == reader  # "Vous avez distribué"
                 else _("{seat} dealt").format(seat=_e(seat_label(state.dealer)))]
        if contracts:
            if state.contract is None or state.contractor is None:
                about.append(_("all passed"))
            else:
                mark = _("made ✓") if state.made else _("lost ✗")
                about.append(_("{call} by {seat}, {mark}").format(
                    call=_e(call_label(state.contract)),
                    seat=_e(seat_label(state.contractor, reader, capital=False)), mark=mark))
        else:
            trump = state.trump
            about.append(_("{symbol} trumps").format(symbol=trump.symbol) if trump is not None
                         else _("no trumps"))
        cells = ["<br>".join(about)]
        points = state.points or (0,) * match.players
        for side in sides:
            first = side[0]
            won = sum(state.tricks_won[s] for s in side)
            if bids and len(side) == 1:
                part = _("bid {bid}, won {won} {made}").format(
                    bid=state.bids[first], won=won, made=made_html(state, first))
            else:
                part = _("won {tricks}").format(tricks=won)
            cells.append(f"{part}<br>{points[first]:+d} → <b>{totals[first]}</b>")
        body.append(cells)
    table = display.table_html(
        caption or _("Score sheet: each player's bid, tricks won, points and running total"),
        head, body, escape=False, bare=True, row_headers=False)
    return f'{STYLE}<div class="tc-demo"><div class="tc-sheet">{table}</div></div>'


def _ended_by(match: Match, deals: int) -> str:
    ruleset = match.ruleset
    end = ruleset.match_end
    if deals >= ruleset.max_deals and end is not MatchEnd.FIXED_DEALS:
        return _("the {count} deals a match may last are played").format(count=ruleset.max_deals)
    if end is MatchEnd.FIXED_DEALS:
        if len(match.schedule) == 1:
            return _("the only deal of a game of {game}").format(game=_e(ruleset.title))
        return _("all {count} deals of the schedule are played").format(
            count=len(match.schedule))
    if end is MatchEnd.TARGET:
        return _("a score reached {target}").format(target=ruleset.target)
    return _("the {game} rule for winning or losing at {target} points").format(
        game=_e(ruleset.title), target=ruleset.target)


def _standing(match: Match, reader: int | None) -> list[str]:
    """Each side's total, in seat order: ``You 12``, ``Ben and Dev -40``."""
    totals = match.totals
    return [f"{seats_label(side, reader)} {totals[side[0]]}" for side in _sides(match)]


def total_text(match: Match, *, reader: int | None = None) -> str:
    """The match total in a sentence: who is ahead (or level), or who won and why."""
    deals = sum(1 for d in match.deals if d.is_over)
    totals = match.totals
    sides = _sides(match)
    if match.is_over:
        winners = match.winners
        won = [s for side in sides if side[0] in winners for s in side]
        best = totals[winners[0]] if winners else 0
        tied = sum(1 for side in sides if side[0] in winners) > 1
        if not won:
            result = _("nobody wins")
        elif tied:
            result = _verb(won, reader, N_("{names} tie"), N_("{names} tie"), N_("{you} tie"))
        else:
            result = _verb(won, reader, N_("{names} wins"), N_("{names} win"), N_("{you} win"))
        text = ngettext("The match is over after {count} deal ({why}): {result} with {points}.",
                        "The match is over after {count} deals ({why}): {result} with {points}.",
                        deals).format(
            count=deals, why=_ended_by(match, deals), result=result,
            points=ngettext("{count} point", "{count} points", best).format(count=best))
        settlement = match.settlement
        if settlement is not None and any(settlement):
            text += _(" Settlement: {sides}.").format(sides=", ".join(
                f"{seats_label(side, reader)} {settlement[side[0]]:+d}" for side in sides))
        return text
    if not deals:
        return ""
    best = max(totals[side[0]] for side in sides)
    ahead = [side for side in sides if totals[side[0]] == best]
    if len(ahead) == len(sides):
        lead = _("everyone is level")
    elif len(ahead) == 1:
        lead = _verb(ahead[0], reader, N_("{names} is ahead"), N_("{names} are ahead"),
                     N_("{you} are ahead"))
    else:
        names = _(" and ").join(seats_label(side, reader) for side in ahead)
        lead = (_("{you} share the lead") if any(reader in side for side in ahead)
                else _("{names} share the lead")).format(you=names, names=names)
    return ngettext("After {count} deal: {standing}; {lead}.",
                    "After {count} deals: {standing}; {lead}.", deals).format(
        count=deals, standing=", ".join(_standing(match, reader)), lead=lead)


def past_text(past: Sequence[Match], *, reader: int | None = None) -> str:
    """The matches finished before this one: how many each side has won (and, with stakes, the
    settlement added up)."""
    if not past:
        return ""
    sides = _sides(past[0])

    def alone(match: Match, side: tuple[int, ...]) -> bool:  # this side won, and no other
        return [s for s in sides if s[0] in match.winners] == [side]

    wins = [sum(1 for m in past if alone(m, side)) for side in sides]
    tied = len(past) - sum(wins)
    text = ngettext("{count} match finished so far: {wins}",
                    "{count} matches finished so far: {wins}", len(past)).format(
        count=len(past), wins=", ".join(
            _("{seats} won {count}").format(seats=seats_label(side, reader), count=n)
            for side, n in zip(sides, wins, strict=True)))
    if tied:
        text += _(", {count} tied").format(count=tied)
    settled = [m.settlement for m in past if m.settlement is not None]
    if settled:
        text += _("; settlement so far {sides}").format(sides=", ".join(
            f"{seats_label(side, reader)} {sum(s[side[0]] for s in settled):+d}" for side in sides))
    return text + "."


def result_code_html(match: Match, seat: int) -> str:
    """The result code of the match's last (finished) deal, played from ``seat``, for the
    student to send to the teacher, who pastes it into the class results page.

    >>> from trickcore.engine.match import Match
    >>> from trickcore.players.heuristic import HeuristicBot
    >>> from trickcore.rules.registry import get_variant
    >>> match = Match(get_variant("humbug"), 2, 3)
    >>> match.play([HeuristicBot()] * 2)
    >>> 'data-result-code="TT2-' in result_code_html(match, 1)
    True
    """
    try:
        code = encode_result(match, seat)
    except ResultCodeError as error:
        return ('<p role="status">' + _("No result code for this deal: {error}.").format(
            error=_e(error)) + "</p>")
    return (
        '<div class="tt-result"><p>' + _(
            "<b>Your result code.</b> Send it to your teacher (chat, a form, the board): it"
            " holds this deal's bids and cards, checked when it is read.") + "</p>"
        f'<p><code class="tt-result-code" data-result-code="{_e(code)}"'
        ' style="user-select:all;word-break:break-all;font-size:0.85em">'
        f"{_e(code)}</code></p></div>"
    )
