"""Self-check quizzes for the book's pages, drawn by jupyterquiz and served by the page itself.

Each quiz is a JSON file in ``book/quizzes/`` in jupyterquiz's format (a list of questions),
whose texts may hold ``{name}`` placeholders.  The page fills them with facts it computes from
the engine when it is built, so an answer that is a number of the engine is never typed in by
hand::

    quiz.show("bidding", forbidden=2, total=3)

The quiz is checked before it is drawn (:func:`check`): three to five questions, every
multiple-choice question with exactly one right answer, and every answer, right or wrong, with
feedback that says why.  The page holds the quiz's element only, drawn from
``templates/quiz.html`` with the questions in a data attribute; the drawing is jupyterquiz's own
script and style sheet, which the site serves itself (book/_ext/quizzes.py writes
:func:`script` and :func:`style` into ``_static/quiz/`` and adds them, with the book's colours
in ``book/_assets/quizzes.css``, to the pages that hold a quiz), with two changes made here:
MathJax is hidden from it (the quizzes hold no formulas; its fallback would fetch MathJax from a
CDN), and that fallback's address is taken out.

>>> facts = {"suits": 4, "per_suit": 13, "courts": 12, "courts_and_aces": 16}
>>> questions = load("pack", **facts)
>>> len(questions), "{suits}" in json.dumps(questions), questions[0]["answers"][0]["answer"]
(4, False, '13')
>>> html = show("pack", **facts)._repr_html_()
>>> 'class="tt-quiz"' in html, "https://" in html, "cdn" in html.lower()
(True, False, False)
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

from trickbook.i18n import N_, _, is_french
from trickbook.render import TEMPLATES, render

QUIZZES = Path(__file__).resolve().parent.parent / "quizzes"

#: jupyterquiz forces MathJax 3 in from a CDN when the page's MathJax is not ready; those two
#: lines are replaced by a return (the quiz never typesets: MathJax is hidden from it anyway).
CDN_LOAD = "script.src = 'https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-svg.js';"
CDN_LOADS = 2

#: Where jupyterquiz's scripts go in ``templates/quiz.js``.
_JUPYTERQUIZ = "/* jupyterquiz */"

#: The files the site serves for the quizzes, in its ``_static/`` (book/_ext/quizzes.py).
SCRIPT_FILE = "quiz/quiz.js"
STYLE_FILE = "quiz/jupyterquiz.css"

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


class QuizError(ValueError):
    """A quiz file that is missing, malformed, or filled with the wrong facts."""


def _fill(value: Any, facts: dict[str, Any], used: set[str], where: str,
          number: bool = False) -> Any:
    """``value`` with its placeholders filled; a ``"value"`` (a numeric question's answer)
    that is one placeholder takes the fact itself, a number, and any other text a string."""
    if isinstance(value, dict):
        return {key: _fill(item, facts, used, where, key == "value")
                for key, item in value.items()}
    if isinstance(value, list):
        return [_fill(item, facts, used, where) for item in value]
    if not isinstance(value, str):
        return value
    names = _PLACEHOLDER.findall(value)
    missing = [name for name in names if name not in facts]
    if missing:
        raise QuizError(f"quiz {where}: no fact given for {', '.join(missing)}")
    used.update(names)
    whole = _PLACEHOLDER.fullmatch(value)
    if number and whole:
        return facts[whole.group(1)]
    return _PLACEHOLDER.sub(lambda m: str(facts[m.group(1)]), value)


def load(name: str, **facts: Any) -> list[dict[str, Any]]:
    """The questions of quiz ``name`` with every placeholder filled from ``facts``, checked.

    Every fact must be used, and every placeholder given:

    >>> load("pack", suits=4)
    Traceback (most recent call last):
    ...
    trickbook.quiz.QuizError: quiz pack: no fact given for per_suit
    """
    path = quiz_path(name)
    raw = json.loads(path.read_text(encoding="utf-8"))
    used: set[str] = set()
    shown = {key: _localised(value) for key, value in facts.items()} if is_french() else facts
    questions = _fill(raw, shown, used, name)
    unused = sorted(set(facts) - used)
    if unused:
        raise QuizError(f"quiz {name}: facts given but not used: {', '.join(unused)}")
    check(questions, name)
    return questions  # type: ignore[no-any-return]


def quiz_path(name: str, language: str | None = None) -> Path:
    """The file of quiz ``name`` in ``language`` (the current one by default): the English
    quizzes are ``book/quizzes/NAME.json``, their French versions ``book/quizzes/fr/NAME.json``.

    >>> quiz_path("pack", "fr").relative_to(QUIZZES).as_posix()
    'fr/pack.json'
    """
    french = is_french() if language is None else language == "fr"
    path = QUIZZES / "fr" / f"{name}.json" if french else QUIZZES / f"{name}.json"
    if not path.is_file():
        raise QuizError(f"no quiz {name!r} (looked for {path.name} in"
                        f" {path.parent.relative_to(QUIZZES.parent).as_posix()}/)")
    return path


_DECIMAL = re.compile(r"(?<![\d.])(\d+)\.(\d+)(%?)(?![\d.])")


#: The words the pages give as facts (an answer such as "No trump" or "Yes"), for the
#: catalogue: a French quiz shows them translated. A scoring scheme's name comes translated
#: from trickcore (``scheme_label``), where the rules are worded.
FACT_WORDS = (N_("No trump"), N_("Exactly one trump"), N_("Five trumps or more"), N_("Yes"),
              N_("No"), N_("above"), N_("below"))


def _localised(value: Any) -> Any:
    """A fact as a French page writes it: its words translated, a decimal comma and a space
    before ``%`` (``0.125`` becomes ``0,125`` and ``12%`` ``12 %``); numbers are left alone.

    >>> from trickcore.i18n import language
    >>> with language("fr"):
    ...     _localised("0.125"), _localised("12%"), _localised(3), _localised("Yes")
    ...     _localised("7♠ or 2♠")
    ('0,125', '12\\u202f%', 3, 'Oui')
    '7♠ ou 2♠'
    """
    if not isinstance(value, str):
        return value
    text = _DECIMAL.sub(lambda m: f"{m.group(1)},{m.group(2)}{m.group(3)}", _(value))
    text = text.replace(" or ", _(" or "))  # a choice of cards: "7♠ or J♠"
    return re.sub(r"(?<=\d)%", "\u202f%", text)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise QuizError(f"{what} must be a non-empty string")
    if "$" in value or "http" in value.lower():
        raise QuizError(f"{what} holds a '$' (formulas are not typeset) or an address: {value!r}")
    return value


def check(questions: Any, name: str = "quiz") -> None:
    """Raise :class:`QuizError` unless ``questions`` is a short, fully explained quiz.

    >>> check([{"type": "multiple_choice", "question": "1 + 1?", "answers": [
    ...     {"answer": "2", "correct": True, "feedback": "Yes."},
    ...     {"answer": "3", "correct": False}]}] * 3)
    Traceback (most recent call last):
    ...
    trickbook.quiz.QuizError: quiz, question 1, answer 2: feedback must be a non-empty string
    """
    if not isinstance(questions, list) or not 3 <= len(questions) <= 5:
        raise QuizError(f"{name}: a quiz has 3 to 5 questions")
    for number, question in enumerate(questions, 1):
        where = f"{name}, question {number}"
        _text(question.get("question"), f"{where}: the question")
        answers = question.get("answers")
        if not isinstance(answers, list) or len(answers) < 2:
            raise QuizError(f"{where}: at least two answers")
        kind = question.get("type")
        if kind == "multiple_choice":
            if sum(answer.get("correct") is True for answer in answers) != 1:
                raise QuizError(f"{where}: exactly one right answer")
            for index, answer in enumerate(answers, 1):
                # jupyterquiz draws the answer as text: a number here breaks the whole quiz.
                _text(answer.get("answer"), f"{where}, answer {index}: the answer")
                _text(answer.get("feedback"), f"{where}, answer {index}: feedback")
        elif kind == "numeric":
            if not any(a.get("correct") is True and isinstance(a.get("value"), (int, float))
                       for a in answers):
                raise QuizError(f"{where}: a numeric question needs a right value")
            if not any(a.get("type") == "default" for a in answers):
                raise QuizError(f"{where}: a numeric question needs a default (wrong) answer")
            for index, answer in enumerate(answers, 1):
                _text(answer.get("feedback"), f"{where}, answer {index}: feedback")
        else:
            raise QuizError(f"{where}: type must be multiple_choice or numeric, not {kind!r}")


def script() -> str:
    """The quizzes' script as the site serves it: jupyterquiz's scripts, as one, with the CDN
    fallback for MathJax taken out, inside ``templates/quiz.js``, which hides MathJax from them
    and draws every quiz of the page."""
    folder = resources.files("jupyterquiz").joinpath("js")
    parts = [item.read_text(encoding="utf-8") for item in
             sorted(folder.iterdir(), key=lambda item: item.name) if item.name.endswith(".js")]
    code = "\n".join(parts)
    if code.count(CDN_LOAD) != CDN_LOADS:
        raise QuizError("jupyterquiz changed: its MathJax CDN fallback is not where "
                        "trickbook.quiz expects it (CDN_LOAD)")
    frame = (TEMPLATES / "quiz.js").read_text(encoding="utf-8")
    return frame.replace(_JUPYTERQUIZ, code.replace(CDN_LOAD, "return;"))


def style() -> str:
    """jupyterquiz's style sheet."""
    return resources.files("jupyterquiz").joinpath("styles.css").read_text(encoding="utf-8")


class Quiz:
    """A checked quiz, drawn by jupyterquiz when the page is shown (``_repr_html_``)."""

    def __init__(self, name: str, questions: list[dict[str, Any]]) -> None:
        self.name = name
        self.questions = questions

    @property
    def element_id(self) -> str:
        return "tt-quiz-" + re.sub(r"[^a-z0-9]+", "-", self.name.lower())

    def _repr_html_(self) -> str:
        return render(
            "quiz.html", key=self.element_id, count=len(self.questions),
            questions=json.dumps(self.questions, ensure_ascii=False),
            help=_("Choose an answer to each question: a wrong answer says why it is wrong, and"
                   " you may try again."))


def write_assets(static: Path) -> list[Path]:
    """Write the quizzes' script and jupyterquiz's style sheet into the site's ``static``
    folder (as :data:`SCRIPT_FILE` and :data:`STYLE_FILE`); the files written.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     paths = write_assets(Path(folder))
    ...     [p.relative_to(folder).as_posix() for p in paths], "show_questions(" in paths[0].read_text()
    (['quiz/quiz.js', 'quiz/jupyterquiz.css'], True)
    """
    written = []
    for name, text in ((SCRIPT_FILE, script()), (STYLE_FILE, style())):
        path = static / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def show(name: str, **facts: Any) -> Quiz:
    """The quiz ``name``, filled with ``facts`` and checked, for a page to display."""
    return Quiz(name, load(name, **facts))
