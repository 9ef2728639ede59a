"""The game pages state some rules in words ("nineteen deals", "three tricks"); the engine plays
them from its rulesets, and `trickcore rules` states them from the same rulesets.  These tests
tie the three together: each case names a sentence of a page (which must still be there, word
for word but for line breaks) and checks that the ruleset, and the rules text, say the same.  A
changed ruleset or a reworded sentence fails here, naming the page to look at.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from trickcore.rules import with_options
from trickcore.rules.describe import describe
from trickcore.rules.registry import get_variant

pytestmark = pytest.mark.pure_only  # the same code in both builds: not in the compiled pass

BOOK = Path(__file__).resolve().parents[2] / "book"


def _page(name: str) -> str:
    return re.sub(r"\s+", " ", (BOOK / name).read_text(encoding="utf-8"))


def _starts(key: str, options: dict[str, str] | None = None) -> dict[int, tuple[int, int]]:
    """Each player count's first hand size and number of deals."""
    rules = get_variant(key)
    if options:
        rules = with_options(rules, options)
    return {n: (rules.hand_sequence(n)[0], len(rules.hand_sequence(n))) for n in rules.players}


def _largest(key: str) -> dict[int, int]:
    rules = get_variant(key)
    return {n: max(rules.hand_sequence(n)) for n in rules.players}


CASES: list[tuple[str, str, Callable[[], bool]]] = [
    ("oh-hell/oh-hell.md",
     "With three, four or five players the first deal is ten cards each, then nine, and so on"
     " down to one, then back up to ten: nineteen deals. With six players the same pattern"
     " starts at eight (fifteen deals), and with seven at seven (thirteen deals).",
     lambda: _starts("oh-hell") == {3: (10, 19), 4: (10, 19), 5: (10, 19), 6: (8, 15),
                                    7: (7, 13)}
     and get_variant("oh-hell").hand_sequence(4) == (*range(10, 0, -1), *range(2, 11))),
    ("oh-hell/oh-hell.md", "Three to seven players (best with four to six)",
     lambda: get_variant("oh-hell").players == (3, 4, 5, 6, 7)),
    ("oh-hell/oh-hell.md", "the dealer bids last and is **hooked**",
     lambda: get_variant("oh-hell").hook),
    ("oh-hell/oh-well.md",
     "one card with three players, none with four, two with five, four with six and three with"
     " seven",
     lambda: dict(get_variant("oh-well").cards_removed) == {3: 1, 5: 2, 6: 4, 7: 3}
     and "1 with 3 players, 2 with 5 players, 4 with 6 players, 3 with 7 players"
     in describe(get_variant("oh-well"))),
    ("oh-hell/oh-well.md", "the game ends after the deal in which somebody reaches 100 points",
     lambda: get_variant("oh-well").target == 100
     and "ends after the deal in which someone reaches 100 points"
     in describe(get_variant("oh-well"))),
    ("oh-hell/oh-well.md", "There is no restriction on the dealer",
     lambda: not get_variant("oh-well").hook),
    ("oh-hell/contract-whist.md",
     "The first deal gives seven cards each, the next six, and so on down to one; then the hands"
     " grow again to seven. The seventh deal has one card each and the eighth two.",
     lambda: all(get_variant("contract-whist").hand_sequence(n)
                 == (*range(7, 0, -1), *range(2, 8)) for n in range(3, 8))),
    ("oh-hell/contract-whist.md",
     "Cards are dealt round the table, one each, and the first player to receive a jack deals"
     " first {cite}`wikipedia-ohhell`. The source does not say how they are dealt; the engine"
     " deals them face up.",
     lambda: "Cards are dealt face up round the table; the first player to receive a jack deals"
     " first" in describe(get_variant("contract-whist"))),
    ("oh-hell/up-and-down-the-river.md",
     "8 cards for six players and 7 for seven, as pagat does for those counts, and 6 for eight"
     " players",
     lambda: {n: s for n, (s, _d) in _starts("up-and-down-the-river").items()}
     == {4: 10, 5: 10, 6: 8, 7: 7, 8: 6}),
    ("oh-hell/up-and-down-the-river.md",
     "then six, seven and eight players all play 10 down to 1 and back",
     lambda: all(v == (10, 19)
                 for v in _starts("up-and-down-the-river", {"packs": "2"}).values())),
    ("oh-hell/oh-pshaw.md",
     "up to the most the pack allows: thirteen deals with four players, ten with five. With three"
     " players Bicycle advises stopping at fifteen cards, although seventeen would fit.",
     lambda: _largest("oh-pshaw") == {3: 15, 4: 13, 5: 10, 6: 8, 7: 7}
     and all(s == 1 for s, _d in _starts("oh-pshaw").values())),
    ("oh-hell/oh-pshaw.md", 'the scorekeeper announces **"over"**',
     lambda: get_variant("oh-pshaw").announce_over_under and not get_variant("oh-pshaw").hook
     and '"over", "under" or "even"' in describe(get_variant("oh-pshaw"))),
    ("oh-hell/british-oh-hell.md",
     "52 divided by the number of players and rounded down: 17 for three players, 13 for four,"
     " 10 for five",
     lambda: _largest("british-oh-hell") == {n: 52 // n for n in range(3, 8)}),
    ("oh-hell/british-oh-hell.md", "scores the bonus, 10 points, and nothing for the tricks",
     lambda: get_variant("british-oh-hell").exact_bonus == 10
     and "the tricks themselves score nothing" in describe(get_variant("british-oh-hell"))),
    ("humbug.md", "so each player has 26",
     lambda: get_variant("humbug").hand_sequence(2) == (26,)),
    ("humbug.md", "must hand **three tricks** to the opponent",
     lambda: get_variant("humbug").revoke_penalty_tricks == 3
     and "costs the offender 3 tricks" in describe(get_variant("humbug"))),
    ("humbug.md", "The engine follows the original (`may_view_last_trick` is on)",
     lambda: get_variant("humbug").may_view_last_trick
     and "look back at the last trick" in describe(get_variant("humbug"))),
    ("humbug.md", "The engine treats it as low (`ace_low_in_draw`)",
     lambda: get_variant("humbug").ace_low_in_draw
     and "the ace counts low" in describe(get_variant("humbug"))
     and "the ace counts low" not in describe(get_variant("oh-hell"))),
]


@pytest.mark.parametrize(("page", "sentence", "check"), CASES,
                         ids=[f"{page}: {sentence[:40]}" for page, sentence, _c in CASES])
def test_the_page_the_engine_and_the_rules_text_agree(page: str, sentence: str,
                                                       check: Callable[[], bool]) -> None:
    assert sentence in _page(page), f"{page} no longer says: {sentence!r}"
    assert check(), f"{page} says {sentence!r}, but the ruleset or `trickcore rules` does not"

