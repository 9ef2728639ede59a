"""The result codes a class sends its teacher: read, checked, tabulated, and their deals' open-hand
tricks worded (the solving is :mod:`trickcore.study.open_hands`).

Every pasted line is a result code (:mod:`trickcore.notation.result_codes`); each one is
decoded and its record replayed through the engine.  A bad line is named (its line number and
the reason) and skipped: whatever goes wrong inside one line, reading it, replaying it or
tabulating it, is that line's problem, and the other lines are read.  For each deal the class
played, the double-dummy solver (:mod:`trickcore.study.open_hands`) says what each seat could
take with every hand open: every deal is solved, each distinct deal once.  A line may carry the
student's name before or after its code (:mod:`trickcore.notation.result_lines`).

What one paste may hold is bounded (:data:`MAX_LINES` codes, :data:`MAX_CHARS` characters: a
bigger paste is refused in one sentence, before anything is read), and so is the time the page
spends on it (:data:`TIME_BUDGET` seconds, reading and solving together, a
:class:`Deadline`, a last resort far over what a class's paste takes): the lines and deals not
reached by then are said to be not reached.  No ipywidgets here: the view is
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
from trickcore.notation.result_lines import split_result_line
from trickcore.study.open_hands import (
    TIME_GUARD,
    Deadline,
    DealAnswer,
    open_hands_tricks,
    played_hands,
    solve_deals,
)
from trickcore.widgets.ui_words import ui, whole

__all__ = [
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
    "solve_class",
]

_ = ui.gettext
ngettext = ui.ngettext

#: The most codes (lines with something on them) one paste may hold.
MAX_LINES = 500
#: The most characters one paste may hold (a class's long ``TT1-`` codes of whole matches take
#: about 3,500 each; the short ones about 100).
MAX_CHARS = 500_000
#: The page's last-resort time guard for one paste, reading and solving together (seconds):
#: far over what a class's paste takes, so that it only ever stops a machine far too slow.
TIME_BUDGET = TIME_GUARD
#: How much of a pasted line is repeated in the list of problems.
_START = 16
#: The columns of the class results table.
_RESULT_COLUMNS = (N_("Line"), N_("Student"), N_("Deal"), N_("Seat"), N_("Bid"),
                   N_("Tricks"), N_("Made it"), N_("Best"), N_("Gap"), N_("Points"))


@dataclass(frozen=True)
class GoodLine:
    """A line whose code was read: its number (1-based), the result, the student's name (None
    if the line had none), and what the page shows of it, worked out as it was read: ``row``
    (the table's first cells, HTML), ``points`` (the student's), ``hands`` (each seat's cards at
    the start of play, as masks), ``bid`` (the student's bid or contract, in words), ``tricks``
    (the tricks of the student's side) and ``made`` (whether this student made the bid or the
    contract; None when there was none to make)."""

    line: int
    result: ClassResult
    row: tuple[str, ...] = ()
    points: int | None = None
    hands: tuple[int, ...] = ()
    name: str | None = None
    bid: str = ""
    tricks: int = 0
    made: bool | None = None


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
    time budget did not reach.  ``deals`` is each distinct deal, solved (:func:`solve_class`),
    and ``deal_of`` the index in ``deals`` of each good line's deal."""

    good: list[GoodLine] = field(default_factory=list)
    bad: list[BadLine] = field(default_factory=list)
    refused: str | None = None
    unread: list[int] = field(default_factory=list)
    deals: list[DealAnswer] = field(default_factory=list)
    deal_of: list[int] = field(default_factory=list)

    def optimum(self, index: int) -> int | None:
        """The open-hands most tricks of the seat of good line ``index`` (None: unsolved)."""
        if index >= len(self.deal_of):
            return None
        tricks = self.deals[self.deal_of[index]].tricks
        if not isinstance(tricks, list):
            return None
        return tricks[self.good[index].result.seat]


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


def _student(state: HandState, seat: int) -> tuple[str, int, bool | None]:
    """The student's bid (or contract) in words, their side's tricks, and whether they made it."""
    side = next((side for side in state.sides if seat in side), (seat,)) if state.auction \
        else (seat,)
    tricks = sum(state.tricks_won[s] for s in side)
    if state.auction:
        if state.contractor is None:
            return _("passed out"), tricks, None
        if seat in state.contract_side:
            return _("contract {call}").format(call=state.contract), tricks, bool(state.made)
        return _("defending {call}").format(call=state.contract), tricks, None
    bid = state.bids[seat] if seat < len(state.bids) else None
    if bid is None:
        return "", tricks, None
    return str(bid), tricks, bid == tricks


def _tabulated(number: int, result: ClassResult, name: str | None = None) -> GoodLine:
    """The line with what the page shows of it (raises whatever a forged result makes the
    engine raise: the caller makes that the line's problem)."""
    state = result.state
    seat = result.seat
    points = None if state.points is None else int(state.points[seat])
    bid, tricks, made = _student(state, seat)
    row = (str(number), _e(name or ""), f"<code>{_e(result.deal_code or '?')}</code>",
           _e(SEAT_NAMES[seat]))
    return GoodLine(number, result, row, points, tuple(played_hands(state)), name, bid, tricks,
                    made)


def read_results(text: str, deadline: Deadline | None = None) -> ClassResults:
    """Read one result code per line, with or without a name before or after it
    (:func:`~trickcore.notation.result_lines.split_result_line`; blank lines are skipped), until
    ``deadline`` (by default :data:`TIME_BUDGET` seconds from now).  Identical lines are
    replayed once.

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
    seen: dict[str, ClassResult] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        if out.unread or deadline.over:
            out.unread.append(number)
            continue
        start = line.strip()[:_START]
        try:
            parts = split_result_line(line)
            result = seen.get(parts.code)
            if result is None:
                result = seen[parts.code] = decode_result(parts.code)
            out.good.append(_tabulated(number, result, parts.name))
        except ResultCodeError as error:
            out.bad.append(BadLine(number, start, str(error)))
        except Exception as error:  # a forged code: that line's problem only
            out.bad.append(BadLine(number, start, _(
                "this code could not be replayed ({error})").format(
                error=str(error) or type(error).__name__)))
    return out


def solve_class(results: ClassResults, deadline: Deadline | None = None) -> None:
    """Solve every distinct deal of ``results`` for every seat (each deal once, whatever the
    number of students on it), filling ``results.deals`` and ``results.deal_of``."""
    states = [good.result.state for good in results.good]
    results.deals = solve_deals(states, deadline)
    results.deal_of = [0] * len(states)
    for number, deal in enumerate(results.deals):
        for row in deal.rows:
            results.deal_of[row] = number


def double_dummy(state: HandState, deadline: Deadline | None = None) -> list[int] | str:
    """What each seat (with its partners, if any) could take with every hand open, from the
    start of play; a sentence if the deal cannot be solved, or if ``deadline`` comes first (the
    solving is :func:`~trickcore.study.open_hands.open_hands_tricks`'s; this puts its answers in
    words).  Every deal is solved: there is no node budget.

    >>> from trickcore.notation import state_from_code
    >>> double_dummy(state_from_code("oh-hell-4-2718-6"))
    'no cards were played'
    """
    try:
        answer = open_hands_tricks(state, deadline)
    except TrickcoreError as error:
        return _("not solved: {error}").format(error=error)
    return _answer_words(answer)


def _answer_words(answer: object) -> list[int] | str:
    if answer == "nothing played":
        return _("no cards were played")
    if answer == "out of time":
        return _out_of_time()
    if isinstance(answer, Exception):
        return _("not solved: {error}").format(error=str(answer) or type(answer).__name__)
    if isinstance(answer, list):
        return answer
    return _out_of_time()


def _out_of_time() -> str:
    return _("not reached: the page's time ran out before this deal was solved")


def _e(text: object) -> str:
    return html.escape(str(text))


def _made_words(made: bool | None) -> str:
    return "\u2014" if made is None else (_("yes") if made else _("no"))


def _signed(value: int) -> str:
    return "0" if value == 0 else (f"+{value}" if value > 0 else f"\u2212{-value}")


def results_table_html(results: ClassResults) -> str:
    """One row per student: the line, the name, the deal, the seat, this student's bid (or
    contract) and tricks, whether this student made it, the most tricks the seat could take
    with every hand open, the gap (tricks taken minus that), and the student's points."""
    head = "<tr>" + "".join(f"<th scope='col'>{_(name)}</th>" for name in _RESULT_COLUMNS) + "</tr>"
    rows = []
    for index, good in enumerate(results.good):
        best = results.optimum(index)
        cells = (*good.row, _e(good.bid or "\u2014"), str(good.tricks), _made_words(good.made),
                 "\u2014" if best is None else str(best),
                 "\u2014" if best is None else _signed(good.tricks - best),
                 _e("" if good.points is None else good.points))
        made = "" if good.made is None else f' data-made="{"yes" if good.made else "no"}"'
        rows.append(f"<tr{made}>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
    return ('<div class="tt-class-scroll" style="overflow-x:auto;max-width:calc(100vw - 3rem)">'
            '<table class="tt-class-results"><caption>'
            + _("The class results: one row per student. Best: the most tricks the student's"
                " seat could take with every hand open; gap: tricks taken minus that.")
            + f"</caption><thead>{head}</thead><tbody>{''.join(rows)}</tbody></table></div>")


def open_hands_html(results: ClassResults, deadline: Deadline | None = None) -> str:
    """For each deal the class played, what each seat could take with every hand open
    (:func:`solve_class` solves them if it has not been called)."""
    if results.good and not results.deals:
        solve_class(results, deadline)
    rows = []
    for deal in results.deals:
        good = results.good[deal.rows[0]]
        answer = _answer_words(deal.tricks)
        if isinstance(answer, str):
            cells = shown(answer, 400)
        else:
            cells = "; ".join(f"{SEAT_NAMES[s]} {t}" for s, t in enumerate(answer))
        students = ngettext("{count} student", "{count} students", len(deal.rows)).format(
            count=len(deal.rows))
        rows.append(f"<tr><td><code>{_e(good.result.deal_code or '?')}</code></td>"
                    f"<td>{cells}</td><td>{students}</td></tr>")
    if not rows:
        return ""
    return ('<div class="tt-class-scroll" style="overflow-x:auto;max-width:calc(100vw - 3rem)">'
            '<table class="tt-open-hands"><caption>' + _(
        "With every hand open (the double-dummy solver, from the start of play): the most tricks"
        " each seat could be sure of, every deal solved once")
        + "</caption><thead><tr>"
        "<th scope='col'>" + _("Deal") + "</th><th scope='col'>"
        + _("Tricks each seat could take") + "</th><th scope='col'>" + _("Played by")
        + f"</th></tr></thead><tbody>{''.join(rows)}</tbody></table></div>")


def points_spread(results: ClassResults) -> list[tuple[int, int]]:
    """How many students scored each number of points (sorted by points).

    >>> points_spread(ClassResults())
    []
    """
    counts = Counter(g.points for g in results.good if g.points is not None)
    return sorted(counts.items())
