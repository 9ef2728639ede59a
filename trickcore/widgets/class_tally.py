"""Class results: the result codes a class sends its teacher, read, checked and summed up.

Every pasted line is a result code (:mod:`trickcore.notation.result_codes`); each one is
decoded and its record replayed through the engine.  A bad line is named (its line number and
the reason) and skipped.  For each deal the class played, the double-dummy solver says what
each seat could take with every hand open, within a node budget (over it: "not solved").  No
ipywidgets here: the view is :mod:`trickcore.widgets.results_view`.

>>> from trickcore.players.heuristic import HeuristicBot
>>> from trickcore.engine.turns import play_deal
>>> from trickcore.notation import encode_result, match_from_code
>>> match = match_from_code("oh-hell-4-2718")
>>> _ = play_deal(match.next_deal(), [HeuristicBot()] * 4)
>>> text = encode_result(match, 2) + "\\n\\nTT1-not-a-code\\n"
>>> results = read_results(text)
>>> [(r.line, r.result is not None) for r in results.good], [p.line for p in results.bad]
([(1, True)], [3])
>>> print(results.bad[0].reason)
the result code's checksum does not match: a character was changed or lost (copy the whole code again)
"""

from __future__ import annotations

import html
from collections import Counter
from dataclasses import dataclass, field

from trickcore.cards import mask_of
from trickcore.display import SEAT_NAMES
from trickcore.engine.state import HandState
from trickcore.errors import BudgetExceededError, ResultCodeError, TrickcoreError
from trickcore.i18n import N_
from trickcore.notation.result_codes import ClassResult, decode_result
from trickcore.solver import Position, solve
from trickcore.widgets.words import ui

__all__ = [
    "DD_BUDGET",
    "MAX_LINES",
    "BadLine",
    "ClassResults",
    "GoodLine",
    "double_dummy",
    "open_hands_html",
    "read_results",
    "results_table_html",
]

_ = ui.gettext
ngettext = ui.ngettext

#: The solver's budget per seat (trick starts searched): over it, the seat is "not solved".
DD_BUDGET = 50_000
#: The most lines read from one paste.
MAX_LINES = 500
#: The columns of the class results table.
_RESULT_COLUMNS = (N_("Line"), N_("Deal"), N_("Student's seat"), N_("Bids"), N_("Tricks taken"),
                   N_("Made it"), N_("Student's points"))


@dataclass(frozen=True)
class GoodLine:
    """A line whose code was read: its number (1-based) and the result."""

    line: int
    result: ClassResult


@dataclass(frozen=True)
class BadLine:
    """A line whose code was refused: its number (1-based), the start of it, and why."""

    line: int
    text: str
    reason: str


@dataclass
class ClassResults:
    """Every line pasted, read: the good results and the refused lines, in order."""

    good: list[GoodLine] = field(default_factory=list)
    bad: list[BadLine] = field(default_factory=list)


def read_results(text: str) -> ClassResults:
    """Read one result code per line (blank lines are skipped; a code wrapped over several
    lines is not: paste each code on one line).

    >>> read_results("hello\\n").bad[0].reason
    "'hello' is not a result code: a result code starts with TT2-"
    """
    out = ClassResults()
    for number, line in enumerate(str(text).splitlines(), start=1):
        if not line.strip():
            continue
        if number > MAX_LINES:
            out.bad.append(BadLine(number, line.strip()[:16],
                                   _("only the first {count} lines are read").format(
                                       count=MAX_LINES)))
            break
        try:
            out.good.append(GoodLine(number, decode_result(line)))
        except ResultCodeError as error:
            out.bad.append(BadLine(number, line.strip()[:16], str(error)))
    return out


def _played_hands(state: HandState) -> list[int]:
    """Each seat's cards at the start of play (after any kitty exchange): the cards it played."""
    hands = [0] * state.players
    for trick in state.tricks:
        seats = trick.by or tuple((trick.leader + i) % state.players
                                  for i in range(len(trick.cards)))
        for seat, card in zip(seats, trick.cards, strict=False):
            hands[seat] |= mask_of([card])
    return hands


def double_dummy(state: HandState, budget: int = DD_BUDGET) -> list[int | None] | str:
    """What each seat (with its partners, if any) could take with every hand open, from the
    start of play; None for a seat over the budget; a sentence if the deal cannot be solved.

    >>> from trickcore.players.heuristic import HeuristicBot
    >>> from trickcore.engine.turns import play_deal
    >>> from trickcore.notation import state_from_code
    >>> state = state_from_code("oh-hell-4-2718-6")
    >>> _ = play_deal(state, [HeuristicBot()] * 4)
    >>> state.hand_size, double_dummy(state)
    (5, [1, 0, 2, 1])
    >>> double_dummy(state, budget=1)
    [None, None, None, None]
    """
    if not state.tricks:
        return _("no cards were played")
    trump = state.trump
    sides = state.sides if state.auction else None
    try:
        position = Position(_played_hands(state), trump, state.tricks[0].leader, (), sides,
                            state.ruleset.trump_context(trump))
    except TrickcoreError as error:
        return _("not solved: {error}").format(error=error)
    out: list[int | None] = []
    for seat in range(state.players):
        try:
            out.append(solve(position, seat, all_best=False, max_nodes=budget).tricks)
        except BudgetExceededError:
            out.append(None)
        except TrickcoreError as error:
            return _("not solved: {error}").format(error=error)
    return out


def _e(text: object) -> str:
    return html.escape(str(text))


def _bid_text(state: HandState, seat: int) -> str:
    if state.auction:
        if state.contractor is None:
            return _("passed out") if seat == 0 else ""
        if seat == state.contractor:
            return _("contract {call}").format(call=state.contract)
        return ""
    bid = state.bids[seat] if seat < len(state.bids) else None
    return "" if bid is None else str(bid)


def _made(state: HandState) -> str:
    if state.auction:
        if state.contractor is None:
            return _("no contract")
        who = SEAT_NAMES[state.contractor]
        return (_("{seat}: made") if state.made else _("{seat}: set")).format(seat=who)
    made = [SEAT_NAMES[s] for s, bid in enumerate(state.bids)
            if bid is not None and bid == state.tricks_won[s]]
    if not any(bid is not None for bid in state.bids):
        return _("no bids")
    return ", ".join(made) if made else _("nobody")


def results_table_html(results: ClassResults) -> str:
    """One row per code: the deal, the student's seat, each seat's bid and tricks, who made
    it, and the points of the student's seat."""
    head = "<tr>" + "".join(f"<th scope='col'>{_(name)}</th>" for name in _RESULT_COLUMNS) + "</tr>"
    rows = []
    for good in results.good:
        r = good.result
        state = r.state
        bids = "; ".join(f"{SEAT_NAMES[s]} {b}" for s in range(state.players)
                         if (b := _bid_text(state, s)))
        tricks = "; ".join(f"{SEAT_NAMES[s]} {t}" for s, t in enumerate(state.tricks_won))
        points = "" if state.points is None else str(state.points[r.seat])
        rows.append(f"<tr><td>{good.line}</td><td><code>{_e(r.deal_code or '?')}</code></td>"
                    f"<td>{_e(SEAT_NAMES[r.seat])}</td><td>{_e(bids or '—')}</td>"
                    f"<td>{_e(tricks)}</td><td>{_e(_made(state))}</td><td>{_e(points)}</td>"
                    "</tr>")
    return ('<table class="tt-class-results"><caption>'
            + _("The class results: one row per result code")
            + f"</caption><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>")


def open_hands_html(results: ClassResults, budget: int = DD_BUDGET) -> str:
    """For each deal the class played, what each seat could take with every hand open."""
    seen: dict[tuple[str | None, tuple[int, ...]], HandState] = {}
    for good in results.good:
        state = good.result.state
        key = (good.result.deal_code, tuple(_played_hands(state)))
        seen.setdefault(key, state)
    rows = []
    for (code, _hands), state in seen.items():
        answer = double_dummy(state, budget)
        if isinstance(answer, str):
            cells = _e(answer)
        else:
            unsolved = _("not solved")
            cells = "; ".join(f"{SEAT_NAMES[s]} {unsolved if t is None else t}"
                              for s, t in enumerate(answer))
        rows.append(f"<tr><td><code>{_e(code or '?')}</code></td><td>{cells}</td></tr>")
    if not rows:
        return ""
    return ('<table class="tt-open-hands"><caption>' + _(
        'With every hand open (the double-dummy solver, from the start of play): the most tricks'
        ' each seat could be sure of; "not solved" when the search went over its budget')
        + "</caption><thead><tr>"
        "<th scope='col'>" + _("Deal") + "</th><th scope='col'>"
        + _("Tricks each seat could take")
        + f"</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def points_spread(results: ClassResults) -> list[tuple[int, int]]:
    """How many students scored each number of points (sorted by points).

    >>> points_spread(ClassResults())
    []
    """
    counts = Counter(g.result.state.points[g.result.seat] for g in results.good
                     if g.result.state.points is not None)
    return sorted(counts.items())
