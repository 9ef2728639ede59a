"""What a page says happens in a seeded deal, checked against the engine's record of it.

A page that tells a deal in its own words (who leads, what is called, who wins which trick,
what is scored) states the facts its sentences rest on in a cell that the reader never sees::

    trickbook.claims("five-hundred-3-3-177", '''
    contractor: Ben
    trick-count: 10
    trick-leader 1: Ben
    ''')

Each line is ``KIND [ARGUMENTS]: EXPECTED``: the kind and arguments are those of an
``{answer}`` (:mod:`trickbook.answers`), with the deal code put in after the kind, and the
answer the engine gives must be ``EXPECTED``.  ``KIND [ARGUMENTS] includes: A B`` asks only that
each of ``A``, ``B`` appears in the answer (items are separated by commas when there are any,
else by spaces: ``auction includes: Dev pass, Ann 6♦``), ``excludes:`` that none does.  The kinds that read a
variant's rules (:data:`RULE_KINDS`) name the variant themselves.  The claims are checked in
English, whatever the edition's language, so that the French page carries the same facts; the
French sentences are held to the English ones by tests/book/test_claims.py.

A page that runs no code (the teachers' lesson plans) puts the same call in an HTML comment
(``claims("CODE", ...)``), which the reader never sees and the build does not run; the test
reads it all the same.

The cell runs when the book is built, so a false claim stops the build; tests/book/test_claims.py
reads every page's claims and replays them, so a change to a bot, a seed or a rule that makes a
page's story false fails the unit tests too.

>>> claims("oh-hell-4-2718-5", '''
... trick-winner 1: Ben
... hand Ann includes: K♥ Q♥
... score oh-hell 5 2 2: 12
... ''')
>>> claims("oh-hell-4-2718-5", "trick-winner 1: Ann")
Traceback (most recent call last):
...
trickbook.deal_claims.ClaimError: oh-hell-4-2718-5: trick-winner 1: the page says 'Ann', the engine says 'Ben'
"""

from __future__ import annotations

import dataclasses
import re

from trickcore.engine.state import HandState
from trickcore.i18n import language

from trickbook.answer_args import AnswerError, replay
from trickbook.answers import KINDS, answer

__all__ = [
    "RULE_KINDS",
    "Claim",
    "ClaimError",
    "claims",
    "page_claims",
    "parse",
]

#: The kinds that read a variant's rules rather than a deal: their claims name the variant
#: themselves (``value five-hundred-quebec 7C: 160``), and the deal code is not put in.
RULE_KINDS = frozenset({"value", "outranks", "contract-score", "defence-score", "trump-count",
                        "score", "one-card-lead", "joker-in-kitty"})


class ClaimError(AssertionError):
    """A page states something about a deal that the engine's record of it contradicts."""


@dataclasses.dataclass(frozen=True)
class Claim:
    """One fact a page states about the deal ``code``."""

    code: str
    kind: str
    arguments: str
    test: str  # "is", "includes" or "excludes"
    expected: str
    bids: str = ""  # the calls given to every question (a page's own bots made them)

    @property
    def question(self) -> str:
        """The ``{answer}`` text that computes the fact."""
        if self.kind in RULE_KINDS:
            return f"{self.kind} {self.arguments}"
        bids = f"bids={self.bids}" if self.bids else ""
        return " ".join(part for part in (self.kind, self.code, self.arguments, bids) if part)

    def label(self) -> str:
        """The claim as the page writes it, without the expected value."""
        head = " ".join(part for part in (self.kind, self.arguments) if part)
        return head if self.test == "is" else f"{head} {self.test}"

    def failure(self) -> str | None:
        """Why the engine's record contradicts the claim, or ``None`` if it holds."""
        with language("en"):
            try:
                found = answer(self.question)
            except AnswerError as error:
                return f"{self.label()}: {error}"
        if self.test == "is":
            ok = found == self.expected
        else:
            items = set(found.split(", ")) | set(found.split())
            wanted = (self.expected.split(", ") if ", " in self.expected
                      else self.expected.split())
            present = [word in items for word in wanted]
            ok = all(present) if self.test == "includes" else not any(present)
        if ok:
            return None
        how = {"is": "", "includes": " among the answer", "excludes": " absent"}[self.test]
        return f"{self.label()}: the page says {self.expected!r}{how}, the engine says {found!r}"


_LINE = re.compile(r"^(?P<head>[^:]+?)(?:\s+(?P<test>includes|excludes))?\s*:\s*(?P<expected>.*)$")


def parse(code: str, text: str, bids: str = "") -> list[Claim]:
    """The claims ``text`` states about the deal ``code``, one a line (blank lines skipped).

    >>> parse("humbug-2-3", "trick-winner 2: Ben")
    [Claim(code='humbug-2-3', kind='trick-winner', arguments='2', test='is', expected='Ben', bids='')]
    """
    found = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        match = _LINE.match(line)
        if match is None:
            raise ClaimError(f"{code}: {line!r} is not KIND [ARGUMENTS]: EXPECTED")
        kind, _, arguments = match["head"].strip().partition(" ")
        if kind not in KINDS:
            raise ClaimError(f"{code}: {line!r}: unknown kind {kind!r}")
        found.append(Claim(code, kind, arguments.strip(), match["test"] or "is",
                           match["expected"].strip(), bids))
    if not found:
        raise ClaimError(f"{code}: no claims")
    return found


def claims(code: str, text: str, *, bids: str = "", shown: object = None) -> None:
    """Check every claim ``text`` makes about the deal ``code``; a :class:`ClaimError` lists the
    false ones.  Shows nothing: the cell that calls it is hidden.

    ``bids`` gives the auction's calls, for a deal that the page's own bots call (the heuristic
    bots make every other move, as the page's bots do).  ``shown`` is the example the page
    draws (a :class:`~trickbook.FiveHundredExample` or :class:`~trickbook.WorkedExample`): its
    hands, calls, bids, tricks and points must be those of the deal the claims are checked on,
    so that the page's tables and its sentences tell the same deal.
    """
    failures = [f for f in (c.failure() for c in parse(code, text, bids)) if f is not None]
    if shown is not None:
        failures += _same_deal(code, bids, shown)
    if failures:
        raise ClaimError("\n".join(f"{code}: {f}" for f in failures))


def _told(state: HandState) -> tuple[object, ...]:
    """What a page's tables show of a deal."""
    return (state.deal.hands, state.deal.kitty, list(state.calls), list(state.bids),
            [(t.leader, t.cards) for t in state.tricks], state.points)


def _same_deal(code: str, bids: str, shown: object) -> list[str]:
    """Why the example a page draws is not the deal ``code`` (with the calls ``bids``)."""
    state = getattr(shown, "state", None)
    if not isinstance(state, HandState):
        return [f"{shown!r} is not a worked example"]
    given: list[int | str] = [int(b) if b.isdigit() else b for b in bids.split(",") if b]
    with language("en"):
        try:
            replayed = replay(code, bids=given)
        except AnswerError as error:
            return [str(error)]
    if _told(state) != _told(replayed):
        return ["the example drawn on the page is not the deal the claims are checked on"]
    return []


# The literal call a page makes: trickbook.claims("CODE", """...""") (or with '''), and the
# calls it gives, if any (bids="...").
_CALL = re.compile(r"claims\(\s*[\"'](?P<code>[^\"']+)[\"']\s*,\s*(?P<q>\"\"\"|''')"
                   r"(?P<text>.*?)(?P=q)(?:\s*,\s*bids=[\"'](?P<bids>[^\"']*)[\"'])?",
                   re.DOTALL)


def page_claims(source: str) -> list[Claim]:
    """Every claim a page's source (MyST markdown) makes, in the order written.

    >>> page_claims("trickbook.claims('humbug-2-3', '''trick-winner 2: Ben''')")[0].expected
    'Ben'
    """
    return [claim for match in _CALL.finditer(source)
            for claim in parse(match["code"], match["text"], match["bids"] or "")]
