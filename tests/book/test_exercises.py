"""The book's exercises: every ``{answer}`` on every page, replayed through the engine, and the
shape of each page's exercises (docs/EXERCISES.md).

Each answer is computed as the book computes it (:func:`trickbook.answers.answer`) and, for the
kinds that are facts of a deal, checked against this file's own replay of the deal: a
:class:`trickcore.HandState` driven move by move by the heuristic bots (with the answer's given
first bids and plays), read directly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

import trickcore as tc
from trickcore.engine.calls import Call
from trickcore.engine.scoring import exact_bid_points

from trickbook.answers import KINDS, AnswerError, answer
from trickbook.five_hundred_answers import FIVE_HUNDRED_KINDS
from trickbook.parts import PLAYER_NAMES

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
PAGES = sorted(p for p in BOOK.rglob("*.md") if "_ext" not in p.parts and ".ipynb_checkpoints"
               not in p.parts)
ANSWER = re.compile(r"\{answer\}`([^`]*)`")
OPEN = re.compile(r"^(?P<fence>:{3,}|`{3,})\{(?P<name>exercise|solution)\}\s*(?P<arg>\S*)\s*$")

#: The pages that must end with at least three exercises: every game page and every
#: Foundations page but the glossary.
REQUIRED = [
    "oh-hell/index", "oh-hell/oh-well", "oh-hell/contract-whist",
    "oh-hell/up-and-down-the-river", "oh-hell/oh-pshaw", "oh-hell/british-oh-hell",
    "oh-hell/oh-hell",
    "humbug",
    "five-hundred/index", "five-hundred/four-hand", "five-hundred/two-hand",
    "five-hundred/three-hand", "five-hundred/five-hand", "five-hundred/six-hand",
    "five-hundred/no-trump-joker", "five-hundred/american", "five-hundred/walker-ultimate",
    "five-hundred/quebec",
    "foundations/index", "foundations/pack", "foundations/tricks", "foundations/bidding",
    "foundations/scoring", "foundations/five-hundred-pack",
]
#: Required pages still without exercises (skipped while they have none): none left.
PENDING: set[str] = set()


def page_id(path: Path) -> str:
    return path.relative_to(BOOK).with_suffix("").as_posix()


def slug(path: Path) -> str:
    """The label slug of a page: its file name, or for an index its folder's and ``-index``."""
    return f"{path.parent.name}-index" if path.stem == "index" else path.stem


@dataclass
class Block:
    name: str
    arg: str
    line: int
    lines: list[str] = field(default_factory=list)

    @property
    def label(self) -> str | None:
        for line in self.lines:
            if line.strip().startswith(":label:"):
                return line.split(":label:", 1)[1].strip()
        return None

    @property
    def text(self) -> str:
        return "\n".join(line for line in self.lines if not line.strip().startswith(":"))


def blocks(text: str) -> list[Block]:
    """The exercise and solution blocks of a page, in order."""
    found: list[Block] = []
    current: Block | None = None
    closing = ""
    for number, line in enumerate(text.splitlines(), 1):
        if current is not None:
            bare = line.strip()
            if bare and set(bare) == {closing[0]} and len(bare) >= len(closing):
                found.append(current)
                current = None
            else:
                current.lines.append(line)
            continue
        match = OPEN.match(line)
        if match:
            current = Block(match.group("name"), match.group("arg"), number)
            closing = match.group("fence")
    assert current is None, f"an unclosed {current.name if current else ''} block"
    return found


def exercise_pages() -> list[Path]:
    return [p for p in PAGES if any(b.name == "exercise" for b in blocks(p.read_text("utf-8")))]


def all_answers() -> list[tuple[str, str]]:
    return [(page_id(p), m.group(1)) for p in PAGES
            for m in ANSWER.finditer(p.read_text("utf-8"))]


# Answers ----------------------------------------------------------------------------------------


def _replay(code: str, bids: list[str], plays: list[str]) -> tuple[tc.HandState,
                                                                   list[tc.HandState]]:
    """The deal played to the end by bots after the given first moves, and a copy of the state
    before every move."""
    state = tc.state_from_code(code)
    bots = [tc.HeuristicBot() for _ in range(state.players)]
    before: list[tc.HandState] = []
    while not state.is_over:
        before.append(state.copy())
        if state.phase is tc.Phase.BIDDING and bids:
            text = bids.pop(0)
            state.bid(int(text) if text.isdigit() else text)
        elif state.phase is tc.Phase.PLAYING and plays:
            state.play(plays.pop(0))
        else:
            seat = state.to_act
            assert seat is not None
            state.apply(tc.bot_action(bots[seat], state).action)
    return state, before


def _name(seat: int | None) -> str:
    assert seat is not None
    return PLAYER_NAMES[seat]


def _cards(cards: object) -> set[str]:
    return {c.symbol for c in cards}  # type: ignore[attr-defined]


def expected(text: str) -> str | set[str] | None:
    """This test's own value for an answer, or ``None`` where it has no independent one."""
    words = text.split()
    kind, args = words[0], [w for w in words[1:] if "=" not in w]
    options = dict(w.split("=", 1) for w in words[1:] if "=" in w)
    if kind in FIVE_HUNDRED_KINDS:  # checked in tests/book/test_exercises_five_hundred.py
        return None
    if kind in ("score", "one-card-lead"):
        if kind == "score":
            hand, bid, took = map(int, args[1:])
            return str(exact_bid_points(tc.get_variant(args[0]), bid, took, hand))
        return None
    code = args[0]
    given_bids = [b for b in options.get("bids", "").split(",") if b]
    given_plays = [p for p in options.get("plays", "").split(",") if p]
    end, before = _replay(code, given_bids, given_plays)
    seat_of = {n.lower(): i for i, n in enumerate(PLAYER_NAMES[:end.players])}
    if kind == "hand":
        return _cards(end.deal.hand(seat_of[args[1].lower()]))
    if kind == "dealer":
        return _name(end.dealer)
    if kind == "hand-size":
        return str(end.hand_size)
    if kind == "trumps":
        return "no trumps" if end.deal.trump is None else f"({end.deal.trump.symbol})"
    if kind == "turn-up":
        return "none" if end.deal.turn_up is None else end.deal.turn_up.symbol
    if kind == "bid":
        return str(end.bids[seat_of[args[1].lower()]])
    if kind in ("tricks", "points"):
        seat = seat_of[args[1].lower()]
        if kind == "tricks":
            return str(end.tricks_won[seat])
        assert end.points is not None
        return str(end.points[seat])
    if kind == "trick-count":
        return str(len(end.tricks))
    if kind == "joker-holder":
        held = [_name(s) for s in range(end.players) if any(c.is_joker for c in end.deal.hand(s))]
        return ", ".join(held) or "nobody"
    if kind in ("trick", "trick-winner", "trick-reason", "trick-leader"):
        trick = end.tricks[int(args[1]) - 1]
        if kind == "trick-leader":
            return _name(trick.leader)
        if kind == "trick-winner":
            return _name(trick.winner)
        if kind == "trick-reason":
            return trick.reason
        shown = int(args[2]) if len(args) > 2 else len(trick.cards)
        return ", ".join(f"{_name(s)} {c.symbol}" for s, c in
                         list(zip(trick.seats(end.players), trick.cards, strict=True))[:shown])
    if kind in ("hook", "legal-bids"):
        bidder = end.dealer if kind == "hook" else seat_of[args[1].lower()]
        state = next(s for s in before if s.phase is tc.Phase.BIDDING and s.to_act == bidder)
        if kind == "legal-bids":
            # Oh Hell bids are numbers; Five Hundred calls are written as the engine shows them
            return ", ".join(b.label if isinstance(b, Call) else str(b) for b in state.legal_bids)
        others = sum(b for b in state.bids if b is not None)
        forbidden = state.hand_size - others
        if 0 <= forbidden <= state.hand_size:
            assert forbidden not in state.legal_bids
            return str(forbidden)
        return "none"
    if kind in ("player", "holding", "legal"):
        number, card = int(args[1]), int(args[2])
        trick = end.tricks[number - 1]
        seat = trick.seats(end.players)[card - 1]
        if kind == "player":
            return _name(seat)
        state = next(s for s in before if s.phase is tc.Phase.PLAYING
                     and len(s.tricks) == number - 1 and len(s.current.cards) == card - 1)
        assert state.to_act == seat
        if kind == "holding":
            return _cards(state.hand(seat))
        # two-hand Five Hundred: the face-up table cards may be played too
        return _cards(c for c in [*state.hand(seat), *state.table(seat)] if state.can_play(c))
    if kind == "announcement":
        return end.announcement
    return None


@pytest.mark.parametrize(("page", "text"), all_answers())
def test_answer_matches_the_engine(page: str, text: str) -> None:
    value = answer(text)
    assert value, f"{page}: {text} gives nothing"
    want = expected(text)
    if isinstance(want, set):
        assert set(value.split()) == want, f"{page}: {text}"
    elif want is not None and text.split()[0] == "trumps":
        assert value.endswith(want), f"{page}: {text}"
    elif want is not None:
        assert value == want, f"{page}: {text}"


def test_every_kind_is_checked_or_documented() -> None:
    doc = (ROOT / "docs" / "EXERCISES.md").read_text("utf-8")
    for kind in KINDS:
        assert f"| `{kind}` |" in doc, f"docs/EXERCISES.md does not document {kind}"


@pytest.mark.parametrize("text", ["colour oh-hell-4-1", "trick-winner oh-hell-4-2718-5 9",
                                  "hand oh-hell-4-2718-5 Eve", "hook oh-pshaw-4-1-5",
                                  "hand not-a-game-4-1 Ann", "legal oh-hell-4-2718-5 1 2 plays=KS",
                                  "score oh-hell 5 6 2", "trick oh-hell-4-2718-5", ""])
def test_a_bad_answer_is_a_clear_error(text: str) -> None:
    with pytest.raises(AnswerError, match=re.escape(text.split(" ")[0]) if text else "empty"):
        answer(text)


# The exercises on each page ------------------------------------------------------------------


@pytest.mark.parametrize("path", exercise_pages(), ids=page_id)
def test_a_page_with_exercises_has_three_each_with_a_solution(path: Path) -> None:
    text = path.read_text("utf-8")
    found = blocks(text)
    exercises = [b for b in found if b.name == "exercise"]
    solutions = [b for b in found if b.name == "solution"]
    labels = [b.label or "" for b in exercises]
    assert len(exercises) >= 3, f"{page_id(path)} has {len(exercises)} exercises"
    assert labels == [f"ex-{slug(path)}-{n}" for n in range(1, len(labels) + 1)], labels
    assert sorted(s.arg for s in solutions) == sorted(labels), "one solution per exercise"
    for block in found:
        assert block.text.strip(), f"{page_id(path)}:{block.line}: an empty {block.name}"
        assert not any("dropdown" in line for line in block.lines if line.strip().startswith(
            ":class:")), f"{page_id(path)}:{block.line}: a dropdown hides nothing"
    headings = re.findall(r"^## (.+)$", text, flags=re.M)
    assert headings[-1] == "Exercises", f"{page_id(path)} does not end with its exercises"
    assert "solution-start" not in text, "the gated syntax crashes with hidden solutions"
    for block in found:
        assert not re.search(r"\bseat \d", block.text, flags=re.I), \
            f"{page_id(path)}:{block.line}: name the players (Ann, Ben...), not seat numbers"


@pytest.mark.parametrize("page", REQUIRED)
def test_required_page_has_exercises(page: str) -> None:
    path = BOOK / f"{page}.md"
    assert path.is_file(), page
    if page in PENDING and path not in exercise_pages():
        pytest.skip(f"{page}: exercises still to come; see PENDING")
    assert path in exercise_pages(), f"{page} has no exercises"
