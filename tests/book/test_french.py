"""The page builders in French: what book/trickbook prints on a French page.

The French edition runs the same code cells with trickcore's language set to ``fr``, so every
page builder a page calls must then write French: its headers, captions and sentences come from
the ``trickbook`` catalogue (book/trickbook/locale/fr).  These tests call each builder the way
the pages call it (the arguments are the pages' own), in French, and look for English words in
the text a reader sees.  The words trickcore itself writes (a bot's reason, why a trick is won,
an option's meaning, the rules in words, a variant's name, a source's title) belong to
trickcore's catalogue and are checked there (tests/i18n/test_core_french.py): they are taken out of
the text here before the search, whatever their language.

The English output must not change: tests/test_outputs_golden.py and the doctests pin it.  The
French quizzes (book/quizzes/fr) must ask the same questions as the English ones, with the same
right answers and the same facts from the engine, and the exercises' answers must state the same
facts in French (French card letters, a decimal comma).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from trickcore.cards import Card, Rank, Suit, parse_cards
from trickcore.cards.packs import pack_cards
from trickcore.cards.ranking import TrumpContext
from trickcore.engine.calls import Call, CallKind
from trickcore.engine.turns import Choice
from trickcore.errors import RulesetError
from trickcore.i18n import language
from trickcore.players.heuristic import HeuristicBot
from trickcore.rules import BiddingKind, Ruleset, Scoring, option_docs, with_options
from trickcore.rules.describe import rule_lines
from trickcore.rules.registry import VARIANTS, get_variant

import trickbook
from trickbook import answers as answer_kinds
from trickbook import quiz
from trickbook.five_hundred_answers import FIVE_HUNDRED_FORMS
from trickbook.i18n import card_symbol, title

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"

#: Words that give English away in a French page.  ("score", "scores", "total" and "option" are
#: French words too, and stay out of the list.)
ENGLISH = ("the", "and", "of", "with", "trick", "tricks", "hand", "hands", "player", "players",
           "bid", "bids", "deal", "deals", "dealer", "wins", "takes", "trumps", "none", "each",
           "every", "must", "after", "cards", "card", "pack", "suit", "yes", "nobody",
           "seed", "kitty", "contract", "made", "failed", "side", "sides", "defenders", "why")
_ENGLISH_WORD = re.compile(r"\b(?:" + "|".join(ENGLISH) + r")\b", re.IGNORECASE)
#: Proper names that hold such words (a magazine's title).
PROPER_NAMES = ("The Sporting Magazine",)


def _shown_text(markup: str) -> str:
    """What a reader sees as words: the markup without code (option names and values, deal
    codes: never translated) and without its tags (card names for screen readers are
    trickcore's), the entities read."""
    prose = re.sub(r"<code>.*?</code>", " ", markup, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", " ", prose))


def _core_texts() -> set[str]:
    """The sentences and names trickcore writes itself, in the current language."""
    texts: set[str] = set(option_docs().values())
    texts.update(doc.replace("``", "") for doc in option_docs().values())
    for ruleset in [*VARIANTS.values(), *FIVE_HUNDRED_FORMS.values()]:
        texts.update({ruleset.name, title(ruleset), ruleset.source})
        for players in ruleset.players:
            texts.update(rule_lines(ruleset, players))
    return {t for t in texts if t}


def english_words(markup: str, core: frozenset[str] | set[str] = frozenset()) -> list[str]:
    """The English words a reader meets in ``markup``, once trickcore's own texts are out."""
    text = _shown_text(markup)
    for piece in sorted(core | _core_texts() | set(PROPER_NAMES), key=len, reverse=True):
        text = text.replace(piece, " ")
    return _ENGLISH_WORD.findall(text)


# The pages' calls ------------------------------------------------------------------------------


def _losing_caller(kind: CallKind, highest: Rank) -> Callable[[Any], Choice]:
    """The American page's bot: calls ``kind`` with a low hand, otherwise bids as usual."""
    usual = HeuristicBot()

    def bot(state: Any) -> Choice:
        call = Call(kind)
        if state.phase.value == "bidding" and call in state.legal_bids:
            hand = state.hand(state.to_act)
            if all(not c.is_joker and c.rank <= highest for c in hand):
                return Choice(call, f"no joker and nothing above {highest.name.lower()}")
        return usual(state)  # type: ignore[no-any-return]
    return bot


WORKED = [("oh-hell", 4, 4, 5), ("oh-well", 5, 2, 0), ("oh-pshaw", 4, 4, 3),
          ("british-oh-hell", 4, 1, 4), ("contract-whist", 4, 5, 2),
          ("up-and-down-the-river", 4, 5, 5), ("humbug", 2, 3, 0), ("oh-hell", 4, 3, 6),
          ("oh-hell", 4, 4, 7)]
FIVE_HUNDRED = [("five-hundred-3", 3, 177, 0), ("american", 4, 1, 0), ("five-hundred-5", 5, 1, 0),
                ("walker-ultimate", 4, 11, 15), ("five-hundred-6", 6, 0, 0),
                ("five-hundred-quebec", 4, 4, 0), ("five-hundred", 4, 1799, 0),
                ("five-hundred", 4, 8, 0), ("five-hundred-2", 2, 3, 0), ("five-hundred", 4, 3, 0)]
DEAL_CODES = ["british-oh-hell-4-11-5", "contract-whist-4-4-3", "five-hundred-4-2", "humbug-2-5",
              "oh-hell-3-1-7", "oh-hell-4-12-6", "oh-hell-4-2718-5", "oh-hell-4-7-14",
              "oh-hell-4-7-5", "oh-pshaw-4-4-5", "oh-well-4-3", "up-and-down-the-river-4-1-14"]
PACK_CAPTIONS = ["The standard pack", "The three-hand pack", "The four-hand pack",
                 "The six-hand pack", "The six-hand pack from two ordinary packs",
                 "The Québec pack"]


def _rules(name: str) -> Ruleset:
    return FIVE_HUNDRED_FORMS[name] if name in FIVE_HUNDRED_FORMS else get_variant(name)


def page_calls() -> Iterator[tuple[str, Callable[[], str]]]:
    """Every page builder the pages call, with the pages' arguments, as ``(label, call)``."""
    tricks_family = [k for k, r in VARIANTS.items() if r.bidding is not BiddingKind.AUCTION]
    five_hundred = [k for k, r in VARIANTS.items() if r.bidding is BiddingKind.AUCTION]
    for key in tricks_family:
        rules = get_variant(key)
        yield f"schedule_table {key}", lambda r=rules: trickbook.schedule_table(r)
        yield f"options_table {key}", lambda r=rules: trickbook.options_table(r)
        yield f"scoring_table {key}", lambda r=rules: trickbook.scoring_table(r, 3)
        yield f"rules_list {key}", lambda r=rules: trickbook.rules_list(r, r.players[-1])
    oh_hell = get_variant("oh-hell")
    for scheme in Scoring:  # the schemes an Oh Hell page shows (numbers/scoring.md)
        try:
            scored = with_options(oh_hell, {"scoring": scheme.value})
        except RulesetError:  # another family's scheme
            continue
        yield f"scoring_table {scheme.value}", lambda r=scored: trickbook.scoring_table(r, 3)
    for key in five_hundred:
        rules = get_variant(key)
        yield f"five_hundred_options_table {key}", lambda r=rules: (
            trickbook.five_hundred_options_table(r, only_changed=True)
            + trickbook.five_hundred_options_table(r))
        yield f"deal_layout_table {key}", lambda r=rules: trickbook.deal_layout_table(r)
        yield f"ladder_table {key}", lambda r=rules: trickbook.ladder_table(r)
        yield f"special_scores_table {key}", lambda r=rules: trickbook.special_scores_table(r)
        yield f"avondale_table {key}", lambda r=rules: trickbook.avondale_table(r)
    american, split = FIVE_HUNDRED_FORMS["american"], FIVE_HUNDRED_FORMS["american-split"]
    walker = FIVE_HUNDRED_FORMS["walker-ultimate"]
    yield "forms", lambda: (
        trickbook.ladder_table(split) + trickbook.ladder_table(american)
        + trickbook.five_hundred_options_table(split, base=american, only_changed=True)
        + trickbook.five_hundred_options_table(american, only_changed=True)
        + trickbook.five_hundred_options_table(walker, only_changed=True)
        + trickbook.deal_layout_table(walker, 4) + trickbook.special_scores_table(split)
        + trickbook.forms_table())
    yield "game_table walker", lambda: trickbook.game_table(walker, 4, seed=11)
    yield "game_table five-hundred", lambda: trickbook.game_table("five-hundred", 4, seed=8)
    yield "comparisons", lambda: (
        trickbook.registry_table() + trickbook.comparison_table()
        + trickbook.comparison_table(["oh-hell", "oh-well", "oh-pshaw"])
        + trickbook.points_comparison_table(hand_size=5)
        + trickbook.points_comparison_table(["oh-hell", "contract-whist"], hand_size=5)
        + trickbook.game_length_table())
    yield "joker_rules_html", lambda: "".join(trickbook.joker_rules_html(i) for i in range(5))
    yield "explain_trick", lambda: (
        trickbook.explain_trick("5S 9S AD 2S") + trickbook.explain_trick("5S AS 2H KS", trump="H")
        + trickbook.explain_trick("QD 3C 7D 4C", trump="C")
        + trickbook.explain_trick("AS JC KS 10S", trump="S", bowers=True))
    yield "packs", lambda: (
        "".join(trickbook.pack_table(trickbook.PACK_52, c) for c in PACK_CAPTIONS)
        + "".join(trickbook.pack_table(cards, name)
                  for name, cards in trickbook.five_hundred_packs())
        + trickbook.trump_order(list(pack_cards(get_variant("five-hundred").deck)), Suit.HEARTS))
    yield "timeline", lambda: " ".join(label for _year, label in trickbook.TIMELINE)
    for key, players, seed, deal in WORKED:
        yield f"WorkedExample {key} {seed}", lambda k=key, n=players, s=seed, d=deal: (
            trickbook.WorkedExample(k, n, s, deal=d).html())
    for name, players, seed, deal in FIVE_HUNDRED:
        yield f"FiveHundredExample {name} {seed}", lambda k=name, n=players, s=seed, d=deal: (
            trickbook.FiveHundredExample(_rules(k), n, s, deal=d).html())
    yield "FiveHundredExample nullo", lambda: trickbook.FiveHundredExample(
        split, 4, seed=375).html()
    yield "FiveHundredExample double nullo", lambda: trickbook.FiveHundredExample(
        split, 4, seed=26, bots=[_losing_caller(CallKind.DOUBLE_NULLO, Rank.JACK)] * 4).html()
    for code in DEAL_CODES:
        yield f"deal_html {code}", lambda c=code: answer_kinds.deal_html(c)


CALLS = list(page_calls())


def _example_core_texts() -> set[str]:
    """The reasons of every worked example (bots' and tricks'), in the current language."""
    texts: set[str] = set()
    for key, players, seed, deal in WORKED:
        example = trickbook.WorkedExample(key, players, seed, deal=deal)
        texts.update(m.reason for m in example.moves)
        texts.update(t.reason for t in example.state.tricks)
    five_hundred = [trickbook.FiveHundredExample(_rules(k), n, s, deal=d)
                    for k, n, s, d in FIVE_HUNDRED]
    five_hundred.append(trickbook.FiveHundredExample(FIVE_HUNDRED_FORMS["american-split"], 4,
                                                     seed=375))
    five_hundred.append(trickbook.FiveHundredExample(
        FIVE_HUNDRED_FORMS["american-split"], 4, seed=26,
        bots=[_losing_caller(CallKind.DOUBLE_NULLO, Rank.JACK)] * 4))
    for example in five_hundred:
        texts.update(step.reason for step in example.steps)
        texts.update(example._trick_reason(t) for t in example.state.tricks)
    for codes, trump, bowers in (("5S 9S AD 2S", None, False), ("5S AS 2H KS", "H", False),
                                 ("QD 3C 7D 4C", "C", False), ("AS JC KS 10S", "S", True)):
        cards = parse_cards(codes)
        ctx = TrumpContext(Suit.parse(trump) if trump else None, bowers=bowers)
        texts.add(ctx.why(cards, ctx.winner(cards)))
    return texts


@pytest.fixture(scope="module")
def french_core_texts() -> set[str]:
    with language("fr"):
        return _example_core_texts()


@pytest.mark.parametrize(("label", "call"), CALLS, ids=[label for label, _ in CALLS])
def test_every_page_builder_writes_french(label: str, call: Callable[[], str],
                                          french_core_texts: set[str]) -> None:
    with language("fr"):
        markup = call()
        leftovers = english_words(markup, french_core_texts)
    assert markup.strip()
    assert not leftovers, f"{label}: English words on a French page: {sorted(set(leftovers))}"


def test_the_english_pages_still_speak_english() -> None:
    """The same calls in English find English words: the search itself works."""
    with language("en"):
        markup = trickbook.WorkedExample("oh-hell", 4, 4, deal=5).html()
    assert {"the", "trick", "deal"} <= {w.lower() for w in english_words(markup)}


def test_the_language_is_read_at_every_call() -> None:
    """Nothing is translated at import time: the same builder speaks either language."""
    rules = get_variant("oh-hell")
    with language("fr"):
        french = trickbook.schedule_table(rules)
    english = trickbook.schedule_table(rules)
    assert "Donnes sans atout" in french
    assert "No-trump deals" not in french
    assert "No-trump deals" in english
    assert "Donnes sans atout" not in english


def test_french_numbers_and_words() -> None:
    """French ordinals, counts and lists, the decimal comma in a French fact."""
    rules = get_variant("oh-pshaw")
    with language("fr"):
        assert "13e" in trickbook.schedule_table(rules)
        assert answer_kinds.answer("one-card-lead 4 10").endswith("\u202f%")
        assert "," in answer_kinds.answer("kitty-trumps five-hundred H 5")
    assert "13th" in trickbook.schedule_table(rules)
    assert "." in answer_kinds.answer("kitty-trumps five-hundred H 5")


# The quizzes -----------------------------------------------------------------------------------

QUIZ_NAMES = sorted(p.stem for p in (BOOK / "quizzes").glob("*.json"))
_PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def _shape(value: Any) -> Any:
    """What must agree between two languages: the types, the right answers, the placeholders
    (the engine's facts) and the numbers written in the text."""
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()
                if k not in ("question", "answer", "feedback")} | {
            f"{k}:facts": (sorted(_PLACEHOLDER.findall(v)),
                           sorted(n.replace(",", ".") for n in _NUMBER.findall(
                               _PLACEHOLDER.sub("", v))))
            for k, v in value.items() if k in ("question", "answer", "feedback")}
    if isinstance(value, list):
        return [_shape(v) for v in value]
    return value


def test_there_is_a_french_quiz_for_every_quiz() -> None:
    french = sorted(p.stem for p in (BOOK / "quizzes" / "fr").glob("*.json"))
    assert french == QUIZ_NAMES


@pytest.mark.parametrize("name", QUIZ_NAMES)
def test_a_french_quiz_asks_what_the_english_one_asks(name: str) -> None:
    english = json.loads(quiz.quiz_path(name, "en").read_text(encoding="utf-8"))
    french = json.loads(quiz.quiz_path(name, "fr").read_text(encoding="utf-8"))
    assert _shape(french) == _shape(english)
    quiz.check(english, name)
    texts = [v for q in french for v in _strings(q)]
    leftovers = [w for t in texts for w in _ENGLISH_WORD.findall(_PLACEHOLDER.sub(" ", t))]
    assert not leftovers, f"quiz {name}: English words in the French quiz: {leftovers}"


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, str):
        yield value


def test_a_french_page_shows_the_french_quiz_with_the_same_facts() -> None:
    facts = {"suits": 4, "per_suit": 13, "courts": 12, "courts_and_aces": 16}
    english = quiz.load("pack", **facts)
    with language("fr"):
        french = quiz.load("pack", **facts)
        shown = quiz.show("pack", **facts)._repr_html_()
    assert [a["answer"] for a in french[0]["answers"]] == [
        a["answer"] for a in english[0]["answers"]] == ["13", "4", "12"]
    assert "Choisissez une réponse" in shown
    assert "Combien de cartes" in shown
    assert not _ENGLISH_WORD.findall(_shown_text(shown.split("<style>")[0]))


def test_a_french_quiz_writes_a_fact_the_french_way() -> None:
    with language("fr"):
        questions = quiz.load("numbers", likelier="No trump", other="Exactly one trump",
                              p_likelier="0.412", p_other="0.371")
    text = json.dumps(questions, ensure_ascii=False)
    assert "0,412" in text
    assert "Aucun atout" in text
    assert "0.412" not in text


# The exercises' answers ------------------------------------------------------------------------

_ANSWER = re.compile(r"\{answer\}`([^`]*)`")
ANSWER_TEXTS = sorted({m.group(1) for page in BOOK.rglob("*.md")
                       if "_build" not in page.parts
                       for m in _ANSWER.finditer(page.read_text(encoding="utf-8"))})
_FRENCH_RANKS = {"R": "K", "D": "Q", "V": "J"}
_FACT = re.compile(r"(?:10|[2-9AKQJRDV])[♠♥♦♣]|\d+(?:[.,]\d+)?|\b(?:Ann|Ben|Cleo|Dev|Eve|Fay)\b")


def _facts(text: str) -> list[str]:
    """The facts an answer states: cards (French letters read as English), numbers, players."""
    out = []
    for fact in _FACT.findall(text.replace("\u202f", "")):
        if fact[0] in _FRENCH_RANKS and fact[-1] in "♠♥♦♣":
            fact = _FRENCH_RANKS[fact[0]] + fact[1:]
        out.append(fact.replace(",", "."))
    return out


def test_the_pages_have_answers() -> None:
    assert len(ANSWER_TEXTS) > 100


@pytest.mark.parametrize("text", ANSWER_TEXTS)
def test_an_answer_states_the_same_facts_in_french(text: str) -> None:
    english = answer_kinds.answer(text)
    with language("fr"):
        french = answer_kinds.answer(text)
    assert _facts(french) == _facts(english), (english, french)
    kind = text.split()[0]
    if kind == "trick-reason":  # trickcore's sentence: its catalogue's test checks it
        return
    mine = re.sub(r"\(.*\)", " ", french) if kind == "may-call" else french
    assert not _ENGLISH_WORD.findall(mine), (text, french)


def test_french_answers_name_cards_the_french_way() -> None:
    english = answer_kinds.answer("hand oh-hell-4-2718-5 Ann")
    with language("fr"):
        french = answer_kinds.answer("hand oh-hell-4-2718-5 Ann")
        assert card_symbol(Card.parse("QH")) == "D♥"
        assert answer_kinds.answer("trumps oh-hell-4-2718-5") == "cœur (♥)"
    assert "K♥ Q♥ J♥" in english
    assert "R♥ D♥ V♥" in french


def test_the_answer_role_speaks_the_edition_language() -> None:
    """book/_ext/answers.py computes an answer in Sphinx's ``language``, not trickcore's."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("book_ext_answers", BOOK / "_ext" / "answers.py")
    assert spec is not None
    assert spec.loader is not None
    role = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(role)
    assert role.compute("trumps oh-hell-4-2718-5", "fr") == "cœur (♥)"
    assert role.compute("trumps oh-hell-4-2718-5", "en") == "hearts (♥)"
    assert role.compute("trumps oh-hell-4-2718-5", None) == "hearts (♥)"
    with language("fr"):  # the Sphinx process's own language does not decide
        assert role.compute("trumps oh-hell-4-2718-5", "en") == "hearts (♥)"


def test_a_trick_with_spades_as_trumps_says_so() -> None:
    """Spades are suit 0: a trick explained with spades trumps once read "With no trumps"."""
    shown = trickbook.explain_trick("AS JC KS 10S", trump="S", bowers=True)
    assert "With ♠ spades are trumps" in shown
    assert "no trumps" not in shown
    with language("fr"):
        assert "Atout ♠ pique" in trickbook.explain_trick("AS JC KS 10S", trump="S", bowers=True)
