"""HTML for a match: the running score sheet and the match total (who is ahead, who won).

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
from trickcore.notation.result_codes import encode_result
from trickcore.rules import BiddingKind, MatchEnd
from trickcore.widgets.render import STYLE, call_label, made_html

__all__ = ["past_text", "result_code_html", "sheet_html", "total_text"]


def _e(text: object) -> str:
    return html.escape(str(text))


def _plural(n: int, word: str, many: str = "") -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def _sides(match: Match) -> tuple[tuple[int, ...], ...]:
    return fixed_sides(match.ruleset, match.players)


def _verb(names: str, one: str, many: str) -> str:
    """``Ann wins``, ``You win``, ``Ann and Cleo win``."""
    return f"{names} {many if names == 'You' or ' and ' in names else one}"


def sheet_html(match: Match, *, reader: int | None = None, caption: str = "") -> str:
    """The score sheet so far: one row per finished deal (its number, cards, dealer and trumps
    or contract in the first column), then each side's bid (one seat), tricks, points and
    running total.  It fits a phone's width: the columns share the width, and the cells wrap."""
    sides = _sides(match)
    contracts = match.ruleset.bidding is BiddingKind.AUCTION  # a contract names the trumps
    bids = match.ruleset.bidding is BiddingKind.EXACT
    head = ["Deal", *(_e(seats_label(side, reader)) for side in sides)]
    body = []
    for index, state in enumerate(match.deals):
        if not state.is_over:
            continue
        totals = match.totals_after(index)
        about = [f"<b>{index + 1}</b>: {_plural(state.hand_size, 'card')}",
                 f"{_e(seat_label(state.dealer, reader))} dealt"]
        if contracts:
            if state.contract is None or state.contractor is None:
                about.append("all passed")
            else:
                mark = "made ✓" if state.made else "lost ✗"
                about.append(f"{_e(call_label(state.contract))} by"
                             f" {_e(seat_label(state.contractor, reader, capital=False))},"
                             f" {mark}")
        else:
            trump = state.trump
            about.append(f"{trump.symbol} trumps" if trump is not None else "no trumps")
        cells = ["<br>".join(about)]
        points = state.points or (0,) * match.players
        for side in sides:
            first = side[0]
            won = sum(state.tricks_won[s] for s in side)
            if bids and len(side) == 1:
                part = f"bid {state.bids[first]}, won {won} {made_html(state, first)}"
            else:
                part = f"won {won}"
            cells.append(f"{part}<br>{points[first]:+d} → <b>{totals[first]}</b>")
        body.append(cells)
    table = display.table_html(
        caption or "Score sheet: each player's bid, tricks won, points and running total",
        head, body, escape=False, bare=True, row_headers=False)
    return f'{STYLE}<div class="tc-demo"><div class="tc-sheet">{table}</div></div>'


def _ended_by(match: Match, deals: int) -> str:
    ruleset = match.ruleset
    end = ruleset.match_end
    if deals >= ruleset.max_deals and end is not MatchEnd.FIXED_DEALS:
        return f"the {ruleset.max_deals} deals a match may last are played"
    if end is MatchEnd.FIXED_DEALS:
        if len(match.schedule) == 1:
            return f"the only deal of a game of {ruleset.name}"
        return f"all {len(match.schedule)} deals of the schedule are played"
    if end is MatchEnd.TARGET:
        return f"a score reached {ruleset.target}"
    return f"the {ruleset.name} rule for winning or losing at {ruleset.target} points"


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
        names = seats_label(won, reader) or "nobody"
        best = totals[winners[0]] if winners else 0
        tied = sum(1 for side in sides if side[0] in winners) > 1
        result = f"{names} tie" if tied else _verb(names, "wins", "win")
        text = (f"The match is over after {_plural(deals, 'deal')} ({_ended_by(match, deals)}):"
                f" {result} with {_plural(best, 'point')}.")
        settlement = match.settlement
        if settlement is not None and any(settlement):
            text += " Settlement: " + ", ".join(
                f"{seats_label(side, reader)} {settlement[side[0]]:+d}" for side in sides) + "."
        return text
    if not deals:
        return ""
    best = max(totals[side[0]] for side in sides)
    ahead = [side for side in sides if totals[side[0]] == best]
    if len(ahead) == len(sides):
        lead = "everyone is level"
    else:
        names = " and ".join(seats_label(side, reader) for side in ahead)
        lead = (f"{_verb(names, 'is', 'are')} ahead" if len(ahead) == 1
                else f"{names} share the lead")
    return (f"After {_plural(deals, 'deal')}: {', '.join(_standing(match, reader))};"
            f" {lead}.")


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
    text = (f"{_plural(len(past), 'match', 'matches')} finished so far: "
            + ", ".join(f"{seats_label(side, reader)} won {n}" for side, n in zip(sides, wins,
                                                                                 strict=True)))
    if tied:
        text += f", {tied} tied"
    settled = [m.settlement for m in past if m.settlement is not None]
    if settled:
        text += "; settlement so far " + ", ".join(
            f"{seats_label(side, reader)} {sum(s[side[0]] for s in settled):+d}" for side in sides)
    return text + "."


def result_code_html(match: Match, seat: int) -> str:
    """The result code of the match's last (finished) deal, played from ``seat``, for the
    student to send to the teacher, who pastes it into the class results page.

    >>> from trickcore.engine.match import Match
    >>> from trickcore.players.heuristic import HeuristicBot
    >>> from trickcore.rules.registry import get_variant
    >>> match = Match(get_variant("humbug"), 2, 3)
    >>> match.play([HeuristicBot()] * 2)
    >>> 'data-result-code="TT1-' in result_code_html(match, 1)
    True
    """
    try:
        code = encode_result(match, seat)
    except ResultCodeError as error:
        return f'<p role="status">No result code for this deal: {_e(error)}.</p>'
    return (
        '<div class="tt-result"><p><b>Your result code.</b> Send it to your teacher (chat, a'
        " form, the board): it holds this deal's bids and cards, checked when it is read.</p>"
        f'<p><code class="tt-result-code" data-result-code="{_e(code)}"'
        ' style="user-select:all;word-break:break-all;font-size:0.85em">'
        f"{_e(code)}</code></p></div>"
    )
