"""The self-check quizzes: every page that should have one has one, each page's
quiz cell runs on its own and gives a checked quiz whose facts come from the engine, and the
drawing loads nothing from outside the site."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

from trickbook import quiz

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
#: Every Foundations page but the glossary, and every numbers page.
QUIZ_PAGES = sorted(
    [p for p in (BOOK / "foundations").glob("*.md") if p.stem != "glossary"]
    + list((BOOK / "numbers").glob("*.md")))
CELL = re.compile(r"```\{code-cell\} ipython3\n(.*?)```", re.S)


def quiz_cells(page: Path) -> list[str]:
    return [cell for cell in CELL.findall(page.read_text(encoding="utf-8"))
            if "quiz.show(" in cell]


def run_cell(page: Path) -> Any:
    """Run a page's quiz cell alone, as the notebook would, and return what it displays."""
    (cell,) = quiz_cells(page)
    code = "\n".join(line for line in cell.splitlines() if not line.startswith(":tags:"))
    tree = ast.parse(code)
    last = tree.body.pop()
    assert isinstance(last, ast.Expr), f"{page.name}: the quiz cell must end with quiz.show(...)"
    namespace: dict[str, Any] = {}
    exec(compile(tree, str(page), "exec"), namespace)
    return eval(compile(ast.Expression(last.value), str(page), "eval"), namespace)


def test_every_page_has_one_quiz_in_check_yourself() -> None:
    assert len(QUIZ_PAGES) >= 15
    for page in QUIZ_PAGES:
        text = page.read_text(encoding="utf-8")
        assert len(quiz_cells(page)) == 1, f"{page.name}: one quiz cell"
        assert "\n## Check yourself\n" in text, f"{page.name}: no 'Check yourself' section"
        section = text.split("\n## Check yourself\n", 1)[1]
        assert "quiz.show(" in section.split("\n## ", 1)[0], page.name
        # Exercises, where a page has them, come after the quiz: the page ends with them.
        if "\n## Exercises\n" in text:
            assert text.index("\n## Check yourself\n") < text.index("\n## Exercises\n")


def test_every_quiz_file_is_used_once() -> None:
    names = set()
    for page in QUIZ_PAGES:
        (cell,) = quiz_cells(page)
        match = re.search(r'quiz\.show\(\s*"([a-z0-9-]+)"', cell)
        assert match, page.name
        names.add(match.group(1))
    assert names == {p.stem for p in quiz.QUIZZES.glob("*.json")}
    assert len(names) == len(QUIZ_PAGES)


@pytest.mark.parametrize("page", QUIZ_PAGES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_page_quiz_runs_and_is_explained(page: Path) -> None:
    shown = run_cell(page)
    assert isinstance(shown, quiz.Quiz)
    quiz.check(shown.questions, page.name)
    html = shown._repr_html_()
    assert not re.search(r"\{[a-z_0-9]+\}", json.dumps(shown.questions)), "a placeholder is left"
    assert not re.search(r"https?://", html)
    assert "cdn" not in html.lower()
    assert html.count(f'id="{shown.element_id}"') == 1
    for question in shown.questions:
        if question["type"] == "multiple_choice":
            answers = [str(a["answer"]) for a in question["answers"]]
            assert len(set(answers)) == len(answers), f"{page.name}: two answers alike: {answers}"
            right = [a for a in question["answers"] if a["correct"]]
            assert all(a["feedback"] != right[0]["feedback"] for a in question["answers"]
                       if not a["correct"]), "a wrong answer needs its own feedback"


def test_tricks_quiz_answers_come_from_the_engine() -> None:
    """The Tricks page's quiz asks who wins a trick: its right answer is the engine's."""
    import trickcore as tc
    from trickcore.cards.ranking import TrumpContext

    from trickbook import PLAYER_NAMES

    shown = run_cell(BOOK / "foundations" / "tricks.md")
    first = shown.questions[0]
    suits = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    cards = tc.parse_cards(" ".join(rank + suits[suit] for rank, suit in
                                    re.findall(r"(10|[2-9JQKA])([♠♥♦♣])", first["question"])))
    assert len(cards) == 4
    right = next(a for a in first["answers"] if a["correct"])
    assert right["answer"] == PLAYER_NAMES[TrumpContext(None).winner(cards)]


def test_bad_quizzes_are_refused() -> None:
    with pytest.raises(quiz.QuizError, match="no quiz"):
        quiz.load("no-such-quiz")
    with pytest.raises(quiz.QuizError, match="not used"):
        quiz.load("pack", suits=4, per_suit=13, courts=12, courts_and_aces=16, extra=1)
    good = {"type": "multiple_choice", "question": "Which?", "answers": [
        {"answer": "A", "correct": True, "feedback": "Yes, A."},
        {"answer": "B", "correct": False, "feedback": "No: B is not it."}]}
    quiz.check([good] * 3)
    with pytest.raises(quiz.QuizError, match="3 to 5"):
        quiz.check([good] * 2)
    two_right = {**good, "answers": [dict(a, correct=True) for a in good["answers"]]}
    with pytest.raises(quiz.QuizError, match="exactly one right"):
        quiz.check([good, good, two_right])
    with pytest.raises(quiz.QuizError, match="formulas"):
        quiz.check([good, good, {**good, "question": "Is $x$ 1?"}])


def test_the_script_has_no_outside_address() -> None:
    code = quiz.script()
    assert "show_questions" in code
    assert "check_mc" in code
    assert not re.search(r"https?://", code)


def test_an_answer_must_be_text() -> None:
    """jupyterquiz draws each answer as text: a number there stopped a whole quiz drawing."""
    good = {"type": "multiple_choice", "question": "How many?", "answers": [
        {"answer": "13", "correct": True, "feedback": "Yes: thirteen."},
        {"answer": 12, "correct": False, "feedback": "No: that is the court cards."}]}
    with pytest.raises(quiz.QuizError, match="answer 2: the answer"):
        quiz.check([good] * 3)


# --- The exercises on the Foundations pages and Humbug -------------------------------------
# tests/book/test_exercises.py replays every {answer}; these check what the exercises' own words
# say about their deals (a trump beats the ace, a void player is free...), so that a change in
# the engine or the bots that made a sentence false fails here.

EXERCISE_PAGES = [*(BOOK / "foundations" / f"{name}.md" for name in (
    "index", "pack", "tricks", "bidding", "scoring", "five-hundred-pack")), BOOK / "humbug.md"]


def _answer(text: str) -> str:
    from trickbook.answers import answer

    return answer(text)


def _cards(text: str) -> list[str]:
    return re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]|Jkr", text)


@pytest.mark.parametrize("page", EXERCISE_PAGES, ids=lambda p: p.stem)
def test_page_ends_with_three_exercises(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert "\n## Exercises\n" in text, page.name
    section = text.split("\n## Exercises\n", 1)[1]
    assert "\n## " not in section, f"{page.name}: the exercises must end the page"
    slug = "foundations-index" if page.stem == "index" else page.stem
    labels = re.findall(r":label: (ex-[a-z0-9-]+)", section)
    assert len(labels) >= 3
    assert labels == [f"ex-{slug}-{n}" for n in range(1, len(labels) + 1)]
    for label in labels:
        assert f":::{{solution}} {label}\n" in section, label
    assert not re.search(r"\b[Ss]eat \d", section), "seats are people: Ann, Ben..."


def test_tricks_exercises_say_true_things() -> None:
    code = "oh-hell-4-12-6"
    first = _answer(f"trick {code} 1")
    ace_player = next(part.split()[0] for part in first.split(", ") if part.split()[1][0] == "A")
    assert ace_player != _answer(f"trick-winner {code} 1")
    assert "trump" in _answer(f"trick-reason {code} 1")
    led = _cards(_answer(f"trick {code} 2 1"))[0][-1]
    legal, held = _cards(_answer(f"legal {code} 2 2")), _cards(_answer(f"holding {code} 2 2"))
    assert legal != held
    assert all(card[-1] == led for card in legal)
    led = _cards(first)[0][-1]
    held = _cards(_answer(f"holding {code} 1 3"))
    assert _cards(_answer(f"legal {code} 1 3")) == held
    assert all(card[-1] != led for card in held)


def test_humbug_exercises_say_true_things() -> None:
    code = "humbug-2-5"
    assert _answer(f"player {code} 1 1") != _answer(f"dealer {code}")
    assert "trump" in _answer(f"trick-reason {code} 6")
    led = _cards(_answer(f"trick {code} 22 1"))[0][-1]
    held = _cards(_answer(f"holding {code} 22 2"))
    assert _cards(_answer(f"legal {code} 22 2")) == held
    assert all(card[-1] != led for card in held)


def test_five_hundred_exercises_say_true_things() -> None:
    assert _cards(_answer("trick five-hundred-4-2 1"))[0] == "J♥"
    assert "right bower" in _answer("trick-reason five-hundred-4-2 1")   # hearts are trumps
    assert _cards(_answer("trick five-hundred-4-2 2"))[0] == "J♦"         # the left bower led
    assert "J♦" in _answer("trick five-hundred-4-4 2")
    assert "right bower" in _answer("trick-reason five-hundred-4-4 2")   # diamonds are trumps
    assert _cards(_answer("trick five-hundred-4-4 3 1")) == ["J♥"]
    assert _answer("player five-hundred-4-4 3 1") == "Cleo"
    assert _answer("player five-hundred-4-4 3 3") == "Ann"
    held = _cards(_answer("holding five-hundred-4-4 3 3"))
    assert any(card.endswith("♥") for card in held)
    assert not any(card.endswith("♥") for card in _cards(_answer("legal five-hundred-4-4 3 3")))
    assert "joker" in _answer("trick-reason five-hundred-4-4 1")


def test_bidding_and_scoring_exercises_say_true_things() -> None:
    code = "oh-hell-4-7-5"
    assert _answer(f"dealer {code}") == "Cleo"
    assert _answer(f"player {code} 1 1") == "Dev"                   # so Dev, Ann, Ben bid first
    assert _answer(f"hook {code}") != "none"
    assert _answer(f"hook {code} bids=0,0,1") != "none"
    assert _answer(f"bid {code} Cleo") == _answer(f"tricks {code} Cleo")   # Cleo's bid is made
    assert _answer(f"bid {code} Ben") != _answer(f"tricks {code} Ben")     # Ben's is missed
