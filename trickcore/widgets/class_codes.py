"""The result codes a class sends its teacher: read, checked, tabulated, and their deals' open-hand
tricks worded (the solving is :mod:`trickcore.study.open_hands`).

Every pasted line is a result code (:mod:`trickcore.notation.result_codes`); each one is
decoded and its record replayed through the engine.  A bad line is named (its line number and
the reason) and skipped: whatever goes wrong inside one line, reading it, replaying it or
tabulating it, is that line's problem, and the other lines are read.  For each deal the class
played, the double-dummy solver (:mod:`trickcore.study.open_hands`) says what each seat could
take with every hand open, within a node budget (over it: "not solved").

What one paste may hold is bounded (:data:`MAX_LINES` codes, :data:`MAX_CHARS` characters: a
bigger paste is refused in one sentence, before anything is read), and so is the time the page
spends on it (:data:`TIME_BUDGET` seconds, reading and solving together, a
:class:`Deadline`): the lines and deals not reached by then are said to be not reached, rather
than keeping the teacher waiting.  No ipywidgets here: the view is
:mod:`trickcore.widgets.results_view`.

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

from trickcore.display import SEAT_NAMES, shown
from trickcore.engine.state import HandState
from trickcore.errors import ResultCodeError, TrickcoreError
from trickcore.i18n import N_
from trickcore.notation.result_codes import ClassResult, decode_result
from trickcore.study.open_hands import DD_BUDGET, Deadline, open_hands_tricks, played_hands
from trickcore.widgets.ui_words import ui, whole

__all__ = [
    "DD_BUDGET",
    "MAX_CHARS",
    "MAX_LINES",
    "TIME_BUDGET",
    "BadLine",
    "ClassResults",
    "Deadline",
    "GoodLine",
    "double_dummy",
    "open_hands_html",
    "read_results",
    "results_table_html",
]

_ = ui.gettext
ngettext = ui.ngettext

#: The most codes (lines with something on them) one paste may hold.
MAX_LINES = 500
#: The most characters one paste may hold (a class's long ``TT1-`` codes of whole matches take
#: about 3,500 each; the short ones about 100).
MAX_CHARS = 500_000
#: The page's time for one paste, reading and solving together (seconds).
TIME_BUDGET = 20.0
#: How much of a pasted line is repeated in the list of problems.
_START = 16
#: The columns of the class results table.
_RESULT_COLUMNS = (N_("Line"), N_("Deal"), N_("Student's seat"), N_("Bids"), N_("Tricks taken"),
                   N_("Made it"), N_("Student's points"))


@dataclass(frozen=True)
class GoodLine:
    """A line whose code was read: its number (1-based), the result, and what the page shows
    of it, worked out as it was read: ``row`` (the table's cells, HTML), ``points`` (the
    student's) and ``hands`` (each seat's cards at the start of play, as masks)."""

    line: int
    result: ClassResult
    row: tuple[str, ...] = ()
    points: int | None = None
    hands: tuple[int, ...] = ()


@dataclass(frozen=True)
class BadLine:
    """A line whose code was refused: its number (1-based), the start of it, and why."""

    line: int
    text: str
    reason: str


@dataclass
class ClassResults:
    """Every line pasted, read: the good results and the refused lines, in order.

    ``refused`` is the sentence that refused the whole paste (over :data:`MAX_LINES` or
    :data:`MAX_CHARS`: nothing was read), else None; ``unread`` the numbers of the lines the
    time budget did not reach."""

    good: list[GoodLine] = field(default_factory=list)
    bad: list[BadLine] = field(default_factory=list)
    refused: str | None = None
    unread: list[int] = field(default_factory=list)


def _too_much(text: str) -> str | None:
    """Why a paste is refused whole (too many characters or codes), or None."""
    if len(text) > MAX_CHARS:
        return _("This paste has {count} characters, and the page reads at most {limit} at a"
                 " time: paste the codes in parts.").format(count=whole(len(text)),
                                                            limit=whole(MAX_CHARS))
    codes = sum(1 for line in text.splitlines() if line.strip())
    if codes > MAX_LINES:
        return _("This paste has {count} lines, and the page reads at most {limit} at a time:"
                 " paste the codes in parts.").format(count=whole(codes),
                                                      limit=whole(MAX_LINES))
    return None


def _tabulated(number: int, result: ClassResult) -> GoodLine:
    """The line with what the page shows of it (raises whatever a forged result makes the
    engine raise: the caller makes that the line's problem)."""
    state = result.state
    seat = result.seat
    bids = "; ".join(f"{SEAT_NAMES[s]} {b}" for s in range(state.players)
                     if (b := _bid_text(state, s)))
    tricks = "; ".join(f"{SEAT_NAMES[s]} {t}" for s, t in enumerate(state.tricks_won))
    points = None if state.points is None else int(state.points[seat])
    row = (str(number), f"<code>{_e(result.deal_code or '?')}</code>", _e(SEAT_NAMES[seat]),
           _e(bids or "—"), _e(tricks), _e(_made(state)), _e("" if points is None else points))
    return GoodLine(number, result, row, points, tuple(played_hands(state)))


def read_results(text: str, deadline: Deadline | None = None) -> ClassResults:
    """Read one result code per line (blank lines are skipped; a code wrapped over several
    lines is not: paste each code on one line), until ``deadline`` (by default
    :data:`TIME_BUDGET` seconds from now).

    >>> read_results("hello\\n").bad[0].reason
    "'hello' is not a result code: a result code starts with TT2-"
    >>> print(read_results("TT2-x\\n" * 501).refused)
    This paste has 501 lines, and the page reads at most 500 at a time: paste the codes in parts.
    """
    text = str(text)
    out = ClassResults(refused=_too_much(text))
    if out.refused is not None:
        return out
    deadline = deadline or Deadline(TIME_BUDGET)
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if out.unread or deadline.over:
            out.unread.append(number)
            continue
        start = line.strip()[:_START]
        try:
            out.good.append(_tabulated(number, decode_result(line)))
        except ResultCodeError as error:
            out.bad.append(BadLine(number, start, str(error)))
        except Exception as error:  # a forged code: that line's problem only
            out.bad.append(BadLine(number, start, _(
                "this code could not be replayed ({error})").format(
                error=str(error) or type(error).__name__)))
    return out


def double_dummy(state: HandState, budget: int = DD_BUDGET,
                 deadline: Deadline | None = None) -> list[int | None] | str:
    """What each seat (with its partners, if any) could take with every hand open, from the
    start of play; None for a seat over the budget; a sentence if the deal cannot be solved,
    or if ``deadline`` comes first (the solving is :func:`~trickcore.study.open_hands.open_hands_tricks`'s;
    this puts its answers in words).

    >>> from trickcore.notation import state_from_code
    >>> double_dummy(state_from_code("oh-hell-4-2718-6"))
    'no cards were played'
    """
    try:
        answer = open_hands_tricks(state, budget, deadline)
    except TrickcoreError as error:
        return _("not solved: {error}").format(error=error)
    if answer == "nothing played":
        return _("no cards were played")
    if answer == "out of time":
        return _out_of_time()
    return answer


def _out_of_time() -> str:
    return _("not reached: the page's time ran out before this deal was solved")


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
    rows = ["<tr>" + "".join(f"<td>{cell}</td>" for cell in good.row) + "</tr>"
            for good in results.good]
    return ('<table class="tt-class-results"><caption>'
            + _("The class results: one row per result code")
            + f"</caption><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>")


def open_hands_html(results: ClassResults, budget: int = DD_BUDGET,
                    deadline: Deadline | None = None) -> str:
    """For each deal the class played, what each seat could take with every hand open, as
    long as ``deadline`` allows (the deals after it say they were not reached)."""
    seen: dict[tuple[str | None, tuple[int, ...]], HandState] = {}
    for good in results.good:
        seen.setdefault((good.result.deal_code, good.hands), good.result.state)
    rows = []
    for (code, _hands), state in seen.items():
        try:
            answer = double_dummy(state, budget, deadline)
        except Exception as error:  # a forged deal: that deal's problem only
            answer = _("not solved: {error}").format(error=str(error) or type(error).__name__)
        if isinstance(answer, str):
            cells = shown(answer, 400)
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
    counts = Counter(g.points for g in results.good if g.points is not None)
    return sorted(counts.items())
