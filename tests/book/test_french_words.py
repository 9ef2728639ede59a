"""The French edition says what the English says, in the engine's French words.

* Every number and every card of a page's English message comes back in its French
  translation, and the French adds none (a French catalogue that turned "a made bid of zero
  scores 5" into 10 would fail here); cards are compared as the French edition draws them (R, D,
  V for K, Q, J), so French prose never names a card the edition does not draw.
* Oh Pshaw's announcement has one set of French words, the engine's: the book's pages and its
  page builders say what trickcore's own catalogues say.  So do the Québec pack's two jokers
  (« joker fort », « joker faible ») and the left bower's colour (« de la même teinte »: a
  French « couleur » is a suit).
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "locales" / "fr" / "LC_MESSAGES" / "book"
BOOK_PO = ROOT / "book" / "trickbook" / "locale" / "fr" / "LC_MESSAGES" / "trickbook.po"
ENGINE_PO = [ROOT / "trickcore" / "locale" / "fr" / "LC_MESSAGES" / f"{name}.po"
             for name in ("trickcore", "trickcore_ui")]

# Markup whose content is code or an address, checked elsewhere (tests/book/test_locales.py).
_CODE = re.compile(r"\{[a-zA-Z:_-]+\}`[^`]*`|``[^`]*``|`[^`]*`|\]\([^)]*\)|\$\$?[^$]*\$\$?")
_NUMBER = re.compile(r"(?<![\w♠♥♦♣.,])\d+(?:[.,]\d+)?(?![\w♠♥♦♣])")
_SPACES = re.compile(r"(?<=\d)[\u00a0\u202f ](?=\d{3}\b)")
_FRENCH_RANKS = str.maketrans({"R": "K", "D": "Q", "V": "J"})
# French says "a pack of 52 cards" where English says "the standard pack".
_STANDARD_PACK = re.compile(r"(jeu|paquet) (ordinaire )?de 52 cartes")

#: Messages whose numbers or cards differ on purpose, by a piece of their English text.
ON_PURPOSE = {
    "A failed contract **gives** its value": "French spells out the back door, minus 500",
    "Five Hundred is still commonly played": "French gives the game's Québec name, le 500",
    "The seat (0 to players - 1)": "French says 'moins un' in words",
    "The other suit of the same colour (where a 500": "'500' is the game's name in English",
    "the joker and the odd fours included": "French writes the odd fours as 'les 4'",
    "**Which 4s go from the 43-card pack.**": "French names the odd fours' 4 once more",
    "Five Hundred plays with a short pack": "French says 'l'un' where English says 'one'",
    ": the common British form": "French gives the deals as 7-1-7",
    ": the American form in Bicycle's rules": "French says 'une seule carte'",
}


def _numbers(text: str, *, french: bool) -> Counter[str]:
    """The numbers of a text, written the English way (``1000.5``): French groups thousands with
    a space and marks decimals with a comma, English groups with a comma and says ``the 2s``."""
    if french:
        text = _SPACES.sub("", text)
        return Counter(n.replace(",", ".") for n in _NUMBER.findall(text))
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    text = re.sub(r"(?<=\d)s\b", "", text)
    return Counter(_NUMBER.findall(text))


def _cards(text: str, *, french: bool) -> Counter[str]:
    found = Counter()
    for match in re.finditer(r"(?<![\w])(10|1[1-3]|[2-9AKQJRDV]|Jkr|Jk2)([♠♥♦♣])", text):
        rank, suit = match.groups()
        if french:  # K, Q, J: a letter the French edition does not draw
            rank = f"English {rank}" if rank in "KQJ" else rank.translate(_FRENCH_RANKS)
        found[rank + suit] += 1
    return found


def _catalogue(paths: list[Path], root: Path) -> list[tuple[str, str, str]]:
    """Every translated message of the catalogues: (catalogue, English, French)."""
    found = []
    for path in paths:
        with path.open("rb") as handle:
            for message in read_po(handle):
                if isinstance(message.id, str) and message.id and isinstance(message.string, str) \
                        and message.string:
                    found.append((str(path.relative_to(root)), message.id, message.string))
    return found


def _messages() -> list[tuple[str, str, str]]:
    return _catalogue(sorted(PAGES.rglob("*.po")), PAGES)


MESSAGES = _messages()


def _bare(text: str) -> str:
    return _CODE.sub(" ", text)


def test_the_catalogues_are_read() -> None:
    assert len(MESSAGES) > 1000


def _differs(english: str, french: str) -> bool:
    english_text, french_text = _bare(english), _bare(french)
    if _STANDARD_PACK.search(french_text) and "52" not in english_text:
        french_text = _STANDARD_PACK.sub("jeu", french_text)  # "the standard pack"
    return (_numbers(french_text, french=True) != _numbers(english_text, french=False)
            or _cards(french_text, french=True) != _cards(english_text, french=False))


@pytest.mark.parametrize("page", sorted({m[0] for m in MESSAGES}))
def test_every_number_and_card_comes_back(page: str) -> None:
    wrong = [english[:80] for name, english, french in MESSAGES
             if name == page and not any(k in english for k in ON_PURPOSE)
             and _differs(english, french)]
    assert not wrong, wrong


def test_each_exception_is_needed() -> None:
    for piece in ON_PURPOSE:
        found = [(e, f) for _p, e, f in MESSAGES if piece in e]
        assert found, f"no message holds {piece!r}: take it off ON_PURPOSE"
        assert any(_differs(e, f) for e, f in found), f"{piece!r} no longer differs"


def test_a_changed_number_is_caught() -> None:
    """The check is not blind: "a made bid of zero scores 5" turned into 10 fails it."""
    english, french = "A made bid of 0 scores 5.", "Une annonce de 0 réussie marque 10."
    assert _numbers(_bare(french), french=True) != _numbers(_bare(english), french=False)
    assert _numbers("50 000 donnes, 0,5", french=True) == _numbers("50,000 deals, 0.5", french=False)
    assert _cards("le K♠", french=True) != _cards("the K♠", french=False)
    assert _cards("le R♠", french=True) == _cards("the K♠", french=False)


def _translation(paths: list[Path], msgid: str) -> set[str]:
    found = set()
    for path in paths:
        with path.open("rb") as handle:
            for message in read_po(handle):
                if message.id == msgid and isinstance(message.string, str) and message.string:
                    found.add(message.string.strip("« »\u202f\u00a0"))
    return found


@pytest.mark.parametrize("word", ["over", "under", "even"])
def test_the_announcement_has_the_engines_words(word: str) -> None:
    engine = _translation(ENGINE_PO, word)
    book = _translation([BOOK_PO], word)
    assert len(engine) == 1, engine
    assert book == engine


def test_the_pages_use_no_other_words_for_the_announcement() -> None:
    """The pages once said « plus », « moins », « égal » and « juste » beside the engine's
    « au-dessus », « en dessous », « pile »."""
    words = {w for word in ("over", "under", "even") for w in _translation(ENGINE_PO, word)}
    other = re.compile(r"«[\s\u202f\u00a0]?(plus|moins|égal|juste)[\s\u202f\u00a0]?»",
                       re.IGNORECASE)
    for page, _english, french in MESSAGES:
        assert not other.search(french), page
    quoted = " ".join(f for _p, _e, f in MESSAGES if "Oh Pshaw" in _e or "over" in _e)
    assert all(w in quoted for w in words)


#: The two jokers of the Québec pack, by what English calls them: one French name each, the
#: same in the engine's catalogues, the page builders' and the pages'.
JOKERS = {"higher joker": "joker fort", "lower joker": "joker faible",
          "second joker": "second joker"}


def test_the_two_jokers_have_one_french_name_each() -> None:
    """The engine once called the lower joker « le petit joker » in one message and « l'autre »
    in another, and the higher one « joker supérieur », while the pages said « joker fort »."""
    every = MESSAGES + _catalogue([*ENGINE_PO, BOOK_PO], ROOT)
    seen = Counter[str]()
    for where, english, french in every:
        for name, word in JOKERS.items():
            if name in english.lower():
                seen[name] += 1
                assert word in french.lower(), (where, english, french)
        assert not re.search(r"\b(petit|grand|gros) joker", french, re.IGNORECASE), \
            (where, french)
    assert set(seen) == set(JOKERS), seen  # each name is in use


def test_the_left_bower_is_of_the_same_colour_not_the_same_suit() -> None:
    """French « couleur » is a suit: the left bower's jack is « de la même teinte »."""
    every = MESSAGES + _catalogue([*ENGINE_PO, BOOK_PO], ROOT)
    said = [(where, french) for where, english, french in every
            if re.search(r"jack of the same colou?r|same colou?r \(", english)]
    assert said, "no message names the left bower's colour"
    for where, french in said:
        assert "même teinte" in french, (where, french)
        assert "valet de la même couleur" not in french, (where, french)


#: The kitty of Five Hundred and the stock of the Oh Hell family: two different heaps, and one
#: French word for each (« talon » for the kitty would say "the stock").
HEAPS = {"kitty": ("veuve", ("talon", "pioche")), "stock": ("talon", ("pioche", "veuve"))}


@pytest.mark.parametrize("english_word", sorted(HEAPS))
def test_the_kitty_and_the_stock_have_one_french_word_each(english_word: str) -> None:
    word, others = HEAPS[english_word]
    every = MESSAGES + _catalogue([*ENGINE_PO, BOOK_PO], ROOT)
    said = [(where, french) for where, english, french in every
            if re.search(rf"\b{english_word}\b", _CODE.sub("", english), re.IGNORECASE)]
    assert said, f"no message speaks of the {english_word}"
    for where, french in said:
        bare = _CODE.sub("", french).lower()
        assert word in bare, (where, french)
        assert not any(other in bare for other in others), (where, french)


#: « levée », the noun: a trick, which the French edition calls « pli » (not « élevée », nor the
#: verb's passive, as in an error that « est levée »: raised).
_LEVEE = re.compile(r"(?<!\w)(?<!est )(?<!sont )(?<!être )levées?\b", re.IGNORECASE)


def test_a_trick_is_a_pli_not_a_levee() -> None:
    """The engine, the page builders and the pages once said « levée » in 67 messages and
    « pli » everywhere else: one word for a trick, « pli »."""
    every = MESSAGES + _catalogue([*ENGINE_PO, BOOK_PO], ROOT)
    said = [(where, french) for where, _english, french in every if _LEVEE.search(french)]
    assert not said, said
    assert sum(bool(re.search(r"\bplis?\b", f)) for _w, _e, f in every) > 100


def test_a_levee_is_caught() -> None:
    """The check is not blind, and lets the other words through."""
    for french in ("une levée sûre", "Levées que le fautif donne", "les dix levées",
                   "à 10 points la levée."):
        assert _LEVEE.search(french), french
    for french in ("la même erreur est levée ici", "une annonce élevée", "le relevé indique",
                   "un pli sûr", "les dix plis"):
        assert not _LEVEE.search(french), french
