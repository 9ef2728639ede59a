"""trickcore's core in French: card names, the rules in words, errors, the CLI.

English stays the default (tests/test_outputs_golden.py pins it); these tests check that the
French path gives French words while codes, exception types and state do not change.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from trickcore import i18n
from trickcore.cards import (
    Card,
    Rank,
    Suit,
    card_name,
    cards_of,
    parse_cards,
    rank_name,
    suit_name,
)
from trickcore.display.cards import card_html, cards_html
from trickcore.display.seats import seat_label, seats_label
from trickcore.engine.events import Phase
from trickcore.engine.state import HandState
from trickcore.errors import (
    CardCodeError,
    IllegalBidError,
    IllegalPlayError,
    TrickcoreError,
)
from trickcore.notation.codes import read_deal_code, state_from_code
from trickcore.notation.replay import read_record
from trickcore.notation.result_codes import decode_result
from trickcore.rules.describe import describe
from trickcore.rules.options import option_docs
from trickcore.rules.registry import VARIANTS, get_variant


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield None
    i18n.set_language("en")


def test_card_names_in_french() -> None:
    with i18n.language("fr"):
        assert card_name(Card.parse("10H"), article=True) == "le 10 de cœur"
        assert card_name(Card.parse("QS"), article=True) == "la dame de pique"
        assert card_name(Card.parse("JD")) == "valet de carreau"
        assert card_name(Card.parse("KC"), article=True) == "le roi de trèfle"
        assert card_name(Card.parse("AS"), article=True).startswith("l")
        assert card_name(Card.parse("JK"), article=True) == "le joker"
        assert [suit_name(s) for s in Suit] == ["pique", "cœur", "carreau", "trèfle"]
        assert rank_name(Rank.ACE) == "as"
        assert [Card.parse(c).symbol for c in ("KS", "QH", "JD", "AC", "TS")] == [
            "R♠", "D♥", "V♦", "A♣", "10♠"]
        html = card_html(Card.parse("QH"))
        assert 'aria-label="dame de cœur"' in html
        assert ">D♥<" in html
        assert "aucune carte" in cards_html([], inline=True)
        assert seat_label(1, reader=1) == "Vous"
        assert seats_label((0, 2)) == "Ann et Cleo"


def test_card_codes_and_english_do_not_change() -> None:
    with i18n.language("fr"):
        queen = Card.parse("QS")
        assert queen.code == "QS"
        assert str(queen) == "QS"
        assert Card.parse("10H").code == "TH"
    assert queen.symbol == "Q♠"
    assert card_name(Card.parse("TH")) == "10 of hearts"
    assert card_name(Card.parse("QS"), article=True) == "the queen of spades"
    assert seat_label(1, reader=1) == "You"


# The rules in words ----------------------------------------------------------------------------

#: Words that give away an English sentence left in the French text (whole words: "suit" is
#: French too, and "pli suivant" is no English).
ENGLISH_TELLS = ("the", "and", "tricks?", "bids?", "hands?", "players?", "scores?", "deals?",
                 "with", "cards?", "must", "may", "each", "suits", "of", "is", "trumps?", "when",
                 "leads?", "dealer", "kitty")
_TELLS = re.compile(r"\b(" + "|".join(ENGLISH_TELLS) + r")\b", re.IGNORECASE)


def _english_left(text: str, *allowed: str) -> list[str]:
    """The tell-tale English words in ``text`` once the names it may quote are taken out."""
    for name in allowed:
        text = text.replace(name, "")
    return _TELLS.findall(text)


@pytest.mark.parametrize("key", sorted(VARIANTS))
def test_the_rules_of_every_variant_in_french(key: str) -> None:
    ruleset = get_variant(key)
    for players in (None, *ruleset.players):
        english = describe(ruleset, players)
        with i18n.language("fr"):
            french = describe(ruleset, players)
        assert french.strip()
        assert french != english
        assert len(french.splitlines()) == len(english.splitlines())
        # The variant's own name (a proper name with no French form, e.g. "Up and Down the
        # River"), its key, a cited title and the options' identifiers stay as they are.
        assert _english_left(french, ruleset.name, ruleset.key, "The Sporting Magazine",
                             "misere_timing", "open_misere", "revokes_allowed") == [], french
    assert describe(ruleset) == english_before[key]


english_before = {key: describe(get_variant(key)) for key in VARIANTS}


def test_variant_titles_in_french() -> None:
    with i18n.language("fr"):
        assert get_variant("five-hundred").title == "Cinq cents"
        assert get_variant("five-hundred-quebec").title == "Cinq cents québécois"
        assert get_variant("oh-hell").title == "Oh Hell!"
        assert get_variant("five-hundred").name == "Five Hundred"  # what records keep
    assert get_variant("five-hundred").title == "Five Hundred"



def test_every_option_meaning_in_french() -> None:
    """The options tables show each rule's meaning in the reader's language; the source text
    (``option_docs()``) stays English."""
    english = option_docs()
    with i18n.language("fr"):
        french = option_docs(translated=True)
        assert option_docs() == english
    assert [name for name, doc in english.items() if doc and french[name] == doc] == []
    assert french["deck"] == "Le jeu de cartes."
    assert option_docs(translated=True) == english

def test_cli_rules_in_french() -> None:
    env = {**os.environ, "TRICKCORE_LANG": "fr"}
    done = subprocess.run([sys.executable, "-m", "trickcore", "rules", "oh-hell"], env=env,
                          capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "pli" in done.stdout
    assert "donneur" in done.stdout
    assert _english_left(done.stdout, "Oh Hell!") == []
    with i18n.language("fr"):
        assert done.stdout.strip() == describe(get_variant("oh-hell"))


# The catalogue --------------------------------------------------------------------------------

PO = Path(__file__).resolve().parents[2] / "trickcore/locale/fr/LC_MESSAGES/trickcore.po"


def _fields(text: str) -> list[str]:
    """The placeholders of a message: ``{name...}`` for str.format, ``%(name)s``/``%s`` for
    argparse's own messages."""
    names = [m.split(":")[0].split("!")[0] for m in re.findall(r"(?<!\{)\{([^{}]*)\}", text)]
    return sorted(names + re.findall(r"%\(\w+\)[sr]|%[sr]", text))


def test_every_french_message_keeps_its_placeholders() -> None:
    """A French message with a placeholder its English lacks (or the other way) would raise
    KeyError, or drop a value, only in French."""
    with PO.open("rb") as handle:
        catalog = read_po(handle, locale="fr")
    checked = 0
    for message in catalog:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            assert _fields(text) == _fields(ids[0]), (ids[0], text)
            checked += 1
    assert checked > 500


def test_no_function_hides_the_translation_function() -> None:
    """``for _ in ...`` or ``x, _ = ...`` inside a function that also calls ``_()`` makes
    ``_`` a local there: its messages would fail (UnboundLocalError, or call an int)."""
    root = Path(__file__).resolve().parents[2] / "trickcore"
    hiding = []
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            own = list(_own_nodes(fn))
            binds = any(isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)
                        for n in own)
            calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                        and n.func.id == "_" for n in own)
            if binds and calls:
                hiding.append(f"{path.relative_to(root)}:{fn.name}")
    assert hiding == []


def _own_nodes(fn: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a function's own scope (not of the comprehensions, lambdas and functions
    inside it, which have scopes of their own)."""
    scoped = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ListComp, ast.SetComp,
              ast.DictComp, ast.GeneratorExp)
    stack = list(ast.iter_child_nodes(fn))
    while stack:
        node = stack.pop()
        yield node
        if not isinstance(node, scoped):
            stack.extend(ast.iter_child_nodes(node))


# Errors: same type, French words, state unchanged -----------------------------------------------


def _snapshot(state: HandState) -> tuple[object, ...]:
    return (list(state.hands), list(state.bids), state.to_act, state.phase,
            len(state.tricks), tuple(state.current.cards))


def _both(action: Callable[[], object]) -> tuple[BaseException, BaseException]:
    """The error ``action`` raises in English, then in French."""
    errors = []
    for lang in ("en", "fr"):
        with i18n.language(lang), pytest.raises(TrickcoreError) as caught:
            action()
        errors.append(caught.value)
    return errors[0], errors[1]


def test_an_illegal_bid_in_both_languages() -> None:
    state = state_from_code("oh-hell-4-2718")
    illegal = state.hand_size + 1
    before = _snapshot(state)
    english, french = _both(lambda: state.bid(illegal))
    assert type(english) is type(french) is IllegalBidError
    assert (english.rule, english.seat) == (french.rule, french.seat)
    assert str(english) != str(french)
    assert "ne peut pas annoncer" in str(french)
    assert _snapshot(state) == before


def test_an_illegal_card_in_both_languages() -> None:
    state = state_from_code("oh-hell-4-2718")
    while state.phase is not Phase.PLAYING:
        state.bid(state.legal_bids[0])
    state.play(state.legal_plays[0])
    seat = state.to_act
    assert seat is not None
    held = cards_of(state.hands[seat])
    refused = [c for c in held if c not in state.legal_plays]
    if not refused:
        pytest.skip("this deal leaves the second player free to play anything")
    before = _snapshot(state)
    english, french = _both(lambda: state.play(refused[0]))
    assert type(english) is type(french) is IllegalPlayError
    assert "fournir" in str(french)
    assert refused[0].code in str(french)  # the code stays a code
    assert _snapshot(state) == before


@pytest.mark.parametrize("action", [
    lambda s: s.bid(1), lambda s: s.discard([]), lambda s: s.call_partner(None),
    lambda s: s.name_joker(None), lambda s: s.apply(2),
])
def test_an_action_out_of_its_phase_is_refused_in_french(
    action: Callable[[HandState], object],
) -> None:
    state = state_from_code("oh-hell-4-2718")
    while state.phase is not Phase.PLAYING:
        state.bid(state.legal_bids[0])
    before = _snapshot(state)
    english, french = _both(lambda: action(state))
    assert type(english) is type(french)
    assert (english.rule, french.rule) == ("phase", "phase")
    assert "the deal is in the playing phase" in str(english)
    assert "la donne est dans la phase du jeu de la carte" in str(french)
    assert _english_left(str(french)) == [], str(french)
    assert _snapshot(state) == before


def test_a_card_before_the_play_names_the_phase_in_french() -> None:
    state = state_from_code("oh-hell-4-2718")
    english, french = _both(lambda: state.play("AS"))
    assert "the bidding phase" in str(english)
    assert "la phase des annonces" in str(french)


@pytest.mark.parametrize("action", [
    lambda: Card.parse("1X"),
    lambda: parse_cards("AS ZZ"),
    lambda: read_deal_code("oh-hell-four-2718"),
    lambda: read_deal_code("no-such-game-4-1"),
    lambda: decode_result("TT1-not-a-code"),
    lambda: read_record("{not json"),
    lambda: get_variant("oh heaven"),
])
def test_bad_input_raises_the_same_error_in_french(action: Callable[[], object]) -> None:
    english, french = _both(action)
    assert type(english) is type(french)
    assert str(english) != str(french)
    assert _english_left(str(french), *VARIANTS, "no-such-game", "oh heaven") == [], str(french)


def test_a_french_message_names_the_code_it_refuses() -> None:
    with i18n.language("fr"), pytest.raises(CardCodeError, match="'1X' n’est pas un code de carte"):
        Card.parse("1X")
