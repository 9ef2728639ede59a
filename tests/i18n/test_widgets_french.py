"""The widgets and the figures in French: every word a reader sees in a demo built
under ``trickcore.i18n.language("fr")``, and every figure's title, axes and numbers.

A demo's widget tree is walked (descriptions, tooltips, placeholders, the values of its HTML
widgets, the options of its drop-downs) and what a person sees is checked for English
tell-tale words.  Two things inside a demo are not the widgets' words and are left out of the
check: card and deal codes (``<code>`` and data attributes: they never change) and the games'
own names (``Oh Hell!``, ``Humbug``: proper names).  The bots' reasons (``<i>``) are the
players' words (the core catalogue) and are checked only where the core translates them.
"""

from __future__ import annotations

import html
import re
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trickcore import i18n
from trickcore.rules.registry import VARIANTS

widgets = pytest.importorskip("ipywidgets")

#: Words that give English away (whole words, any case).
ENGLISH = ("deal", "deals", "bid", "bids", "play", "plays", "played", "trick", "tricks", "hand",
           "hands", "score", "next", "player", "players", "the", "your", "you", "kitty",
           "trumps", "dealer", "seat", "undo", "hint", "won", "start", "with", "and", "card",
           "cards", "call", "pass", "made", "lost", "shuffle", "seed", "match", "show",
           "line", "students", "results", "of", "by", "nobody", "over", "new")
ENGLISH_RE = re.compile(r"\b(" + "|".join(ENGLISH) + r")\b", re.IGNORECASE)


def _texts(widget: Any, out: list[str]) -> list[str]:
    """Everything a person may read or hear in ``widget`` and its children."""
    for attr in ("description", "tooltip", "placeholder"):
        value = getattr(widget, attr, None)
        if isinstance(value, str) and value.strip():
            out.append(value)
    if isinstance(widget, (widgets.HTML, widgets.Label)) and widget.value:
        out.append(widget.value)
    if isinstance(widget, widgets.Textarea) and widget.placeholder:
        out.append(widget.placeholder)
    for option in getattr(widget, "options", None) or ():
        out.append(str(option[0] if isinstance(option, tuple) else option))
    for child in getattr(widget, "children", ()):
        _texts(child, out)
    return out


def _seen(text: str, *, reasons: bool = False) -> str:
    """The words of an HTML fragment a reader sees or a screen reader says (aria-labels and
    SVG titles included); codes, game names and (unless ``reasons``) the bots' reasons left out."""
    text = re.sub(r"<style>.*?</style>", " ", text, flags=re.S)
    text = re.sub(r'aria-label="([^"]*)"', r" \1 ", text)
    text = re.sub(r"<code[^>]*>.*?</code>", " ", text, flags=re.S)
    if not reasons:
        text = re.sub(r"<i>.*?</i>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    text = html.unescape(text)
    text = re.sub(r"\b[a-z0-9]+(?:-[a-z0-9]+)+\b", " ", text)  # deal codes (oh-hell-4-2718-9)
    text = re.sub(r"\bTT[12]-\S*", " ", text)  # result codes
    for ruleset in VARIANTS.values():
        text = text.replace(ruleset.title, " ").replace(ruleset.name, " ")
    return text


def _english_in(widget: Any) -> list[str]:
    found = []
    for text in _texts(widget, []):
        seen = _seen(text)
        if ENGLISH_RE.search(seen):
            found.append(" ".join(seen.split())[:200])
    return found


def _play_out(demo: Any) -> None:
    """Play the reader's seat by the hints to the end of the deal."""
    from trickcore.engine.events import Phase

    for _step in range(200):
        session = demo.session
        if session.finished or not session.waiting:
            return
        choice = session.hint()
        assert choice is not None
        if demo.state.phase is Phase.DISCARD:
            for code in (c.code for c in choice.action):
                demo.discard_toggles[code].value = True
            demo.discard_button.click()
        else:
            demo._act(choice.action)


def _demos() -> dict[str, Callable[[], Any]]:
    from trickcore.widgets import (
        bid_chances_demo,
        bid_demo,
        class_results,
        deal_demo,
        hook_effect_demo,
        play_demo,
        score_sheet,
    )

    def played(code: str, **kwargs: Any) -> Any:
        demo = play_demo(code=code, **kwargs)
        demo.hint_button.click()
        _play_out(demo)
        return demo

    def sheet() -> Any:
        demo = score_sheet("oh-hell", players=4, seed=3)
        demo.step_button.click()
        demo.step_button.click()
        return demo

    def results() -> Any:
        from trickcore.engine.turns import play_deal
        from trickcore.notation import encode_result, match_from_code
        from trickcore.players.heuristic import HeuristicBot

        match = match_from_code("oh-hell-4-2718-6")
        for _deal in range(6):
            play_deal(match.next_deal(), [HeuristicBot()] * 4)
        return class_results(encode_result(match, 1) + "\n" + encode_result(match, 2))

    return {
        "deal Oh Hell": lambda: deal_demo("oh-hell", players=4, seed=2718),
        "deal Five Hundred (kitty)": lambda: deal_demo("five-hundred", seed=5),
        "deal two-hand Five Hundred (table piles)": lambda: deal_demo("five-hundred-2", seed=5),
        "bid Oh Hell (the hook)": lambda: bid_demo(code="oh-hell-4-2718-9"),
        "bid Five Hundred (auction)": lambda: bid_demo("five-hundred", seed=3),
        "play Oh Hell to the end": lambda: played("oh-hell-4-2718-9"),
        "play Five Hundred (kitty, contract)": lambda: played("five-hundred-4-3", teacher=True),
        "play Humbug": lambda: played("humbug-2-7"),
        "score sheet": sheet,
        "bid chances": lambda: bid_chances_demo(hand_size=3, deals=20),
        "hook effect": lambda: hook_effect_demo(deals=4),
        "class results": results,
    }


DEMOS = _demos()


@pytest.mark.parametrize("name", list(DEMOS))
def test_a_demo_built_in_french_has_no_english_words(name: str) -> None:
    with i18n.language("fr"):
        demo = DEMOS[name]()
        assert _english_in(demo) == []


@pytest.mark.parametrize("name", ["play Oh Hell to the end", "bid Five Hundred (auction)",
                                  "class results"])
def test_the_same_demo_in_english_is_english_and_unchanged(name: str) -> None:
    """English is the default and says what it said (test_outputs_golden pins the rest); the
    check above finds English words where there are some, so it can fail."""
    before = _texts(DEMOS[name](), [])
    with i18n.language("fr"):
        french = _texts(DEMOS[name](), [])
    after = _texts(DEMOS[name](), [])
    assert before == after
    assert any(ENGLISH_RE.search(_seen(text)) for text in before)
    assert french != before


def test_card_faces_keep_their_codes_and_speak_french() -> None:
    """The buttons are keyed by card code and the deal code stays in its data attribute; what
    they show is French (R, D, V) and what they say is "le 10 de cœur"."""
    from trickcore.widgets import play_demo

    english = play_demo(code="humbug-2-7")
    with i18n.language("fr"):
        french = play_demo(code="humbug-2-7")
    assert list(french.card_buttons) == list(english.card_buttons)
    letters = {"K": "R", "Q": "D", "J": "V", "A": "A", "T": "10"}
    faces = {code: button.description for code, button in french.card_buttons.items()}
    assert any(code[0] in "KQJ" for code in faces), faces
    for code, face in faces.items():
        rank = letters.get(code[0], code[0])
        assert face[:-1] == rank, (code, face)
        assert english.card_buttons[code].description[:-1] == (
            "10" if code[0] == "T" else code[0])
    tooltips = [b.tooltip for b in french.card_buttons.values()]
    assert any(re.match(r"Jouer (le|la|l’|l') ?\S+ de (pique|cœur|carreau|trèfle)", t)
               for t in tooltips), tooltips
    pattern = r'data-deal-code="([^"]+)"'
    assert re.findall(pattern, french.title_html.value) == re.findall(
        pattern, english.title_html.value) == ["humbug-2-7"]


def test_trickcore_lang_at_import_builds_a_french_demo() -> None:
    code = ("from trickcore.widgets import deal_demo; d = deal_demo('oh-hell', seed=3);"
            " print(d.load_button.description, '|', d.players.description)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"TRICKCORE_LANG": "fr_CA.UTF-8", "PATH": ""}).stdout.strip()
    assert out == "Charger le code | Joueurs"


# Figures ---------------------------------------------------------------------------------------


def _figure_calls() -> list[tuple[str, Callable[[Any], Any]]]:
    from trickcore import plotting
    from trickcore.players.heuristic import HeuristicBot
    from trickcore.players.random import RandomBot
    from trickcore.study import book_numbers as analysis

    rows = analysis.oh_hell_deals(3, deals=10, seed=1, perfect=True)
    trumps = analysis.mean_by(rows, lambda r: r.trumps, lambda r: r.tricks)
    hook = analysis.hook_summary(analysis.hook_study([1, 2], deals=5, seed=1))
    one_card = analysis.one_card_summary([3, 4])
    matches = [analysis.heuristic_matches("oh-hell", matches=2, seed=1)]
    study = analysis.scoring_study(matches=2, seed=1)
    deals500 = analysis.five_hundred_study(deals=8, seed=1)
    forms = analysis.five_hundred_holdings()[:2]
    sims = [analysis.simulate_five_hundred_holdings(f, deals=50, seed=1) for f in forms]
    endings = analysis.humbug_study(deals=2, seed=1, tricks_left=4, ending="random")
    bot_rows = analysis.bot_comparison("oh-hell", {"h": HeuristicBot(), "r": RandomBot(1)},
                                       players=4, deals=4, hand_size=2, seed=1)
    return [
        ("exact_vs_simulated", lambda ax: plotting.exact_vs_simulated(
            range(4), analysis.trumps_in_hand(3), analysis.simulate_trumps_in_hand(3, deals=50),
            ax=ax)),
        ("five_hundred_chances", lambda ax: plotting.five_hundred_chances(forms, sims, ax=ax)),
        ("one_card_leader", lambda ax: plotting.one_card_leader(one_card, ax=ax)),
        ("one_card_seat_scores", lambda ax: plotting.one_card_seat_scores(one_card, ax=ax)),
        ("mean_by_key", lambda ax: plotting.mean_by_key({"heuristic": trumps}, ax=ax,
                                                        diagonal=True)),
        ("stacked_distribution", lambda ax: plotting.stacked_distribution(
            analysis.trick_distribution(rows, key=lambda r: r.trumps), counts={0: 1}, ax=ax)),
        ("make_rate_by_bid", lambda ax: plotting.make_rate_by_bid(
            {3: analysis.make_rates(rows)}, ax=ax, min_trials=1)),
        ("hook_binding", lambda ax: plotting.hook_binding(hook, {1: Fraction(1, 2)}, ax=ax)),
        ("hook_cost", lambda ax: plotting.hook_cost(
            {"heuristic": {h: s.cost for h, s in hook.items()}}, ax=ax)),
        ("seat_wins", lambda ax: plotting.seat_wins(matches, ax=ax)),
        ("scheme_boxplots", lambda ax: plotting.scheme_boxplots(study, ax=ax)),
        ("game_lengths", lambda ax: plotting.game_lengths({"x": [3, 4, 4, 5]}, ax=ax)),
        ("contract_make_rates", lambda ax: plotting.contract_make_rates(
            analysis.contract_summary(deals500), ax=ax)),
        ("make_rate_by_holding", lambda ax: plotting.make_rate_by_holding(
            analysis.holding_make_rates(deals500), ax=ax, min_trials=1)),
        ("lead_values", lambda ax: plotting.lead_values([e.lead_value for e in endings], ax=ax)),
        ("bot_points", lambda ax: plotting.bot_points(bot_rows, ax=ax)),
    ]


def _words(ax: Any) -> list[str]:
    texts = [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
    legend = ax.get_legend()
    if legend is not None:
        texts += [t.get_text() for t in legend.get_texts()]
    texts += [t.get_text() for t in ax.texts]
    texts += [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
    return [t for t in texts if t]


def _ticks(ax: Any) -> list[str]:
    return [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels() if t.get_text()]


@pytest.mark.slow
def test_every_figure_speaks_french_with_a_decimal_comma() -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    for name, call in _figure_calls():
        fig, ax = plt.subplots()
        call(ax)
        fig.canvas.draw()
        english = _words(ax)
        plt.close(fig)
        with i18n.language("fr"):
            fig, ax = plt.subplots()
            call(ax)
        fig.canvas.draw()  # drawn after the block: the figure keeps the language it was made in
        french = _words(ax)
        ticks = _ticks(ax)
        plt.close(fig)
        labels = [ax.get_xlabel(), ax.get_ylabel(), ax.get_title()]
        assert any(labels), name
        assert french != english, name
        # bot_points names each game as trickcore.study writes it ("Oh Hell!, 2 cards"): the
        # core's words, not the figure's
        seen = " ".join(t for t in french if name != "bot_points" or t not in ticks)
        found = [w for w in ENGLISH_RE.findall(seen) if w.lower() not in ("h", "r", "x")]
        assert found == [], (name, found, french)
        assert not any(re.fullmatch(r"−?\d+\.\d+", t) for t in ticks), (name, ticks)
        if any(re.fullmatch(r"−?\d+\.\d+", t) for t in _english_ticks(call)):
            assert any(re.fullmatch(r"−?\d+,\d+", t) for t in ticks), (name, ticks)


def _english_ticks(call: Callable[[Any], Any]) -> list[str]:
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots()
    call(ax)
    fig.canvas.draw()
    ticks = _ticks(ax)
    plt.close(fig)
    return ticks


def test_percentages_on_the_bars_are_french() -> None:
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    from trickcore.plotting import stacked_distribution

    with i18n.language("fr"):
        fig, ax = plt.subplots()
        stacked_distribution({0: [0.125, 0.875], 1: [0.5, 0.5]}, counts={0: 1500, 1: 8}, ax=ax)
    assert "88\u202f%" in [t.get_text() for t in ax.texts]
    assert ax.get_xticklabels()[0].get_text() == "0\n(1\u202f500)"
    assert ax.get_legend().get_texts()[0].get_text() == "1 pli"
    plt.close(fig)


@pytest.mark.parametrize("backend", ["svg", "matplotlib"])
def test_the_live_analyses_figures_and_sentences_in_french(backend: str) -> None:
    if backend == "matplotlib":
        pytest.importorskip("matplotlib")
    from trickcore.widgets.analysis_model import BidChances, HookEffect

    with i18n.language("fr"):
        bids = BidChances(hand_size=3, deals=20)
        hook = HookEffect(players=3, deals=4)
        figures = [bids.svg(backend=backend), hook.svg(backend=backend)]  # type: ignore[arg-type]
        sentences = [bids.sentence(), bids.alt(), hook.sentence(), hook.alt()]
    assert "plis faits" in figures[0]
    assert "Le crochet à 3 joueurs" in figures[1]
    assert "part des mains" in figures[0]
    assert "part des donnes" in figures[1]
    for svg in figures:
        ticks = re.findall(r'class="tc-ytick">([^<]*)<', svg) if backend == "svg" else []
        assert (all("." not in t for t in ticks) and any("," in t for t in ticks)) or not ticks
        assert "0,2" in svg or "0,4" in svg
    for sentence in sentences:
        assert "\u202f%" in sentence
        assert not re.search(r"\d%", sentence)
        assert ENGLISH_RE.findall(_seen(sentence)) == []


def test_the_svg_backend_keeps_english_numbers_in_english() -> None:
    from trickcore.plotting.svg import subplots

    fig, ax = subplots()
    ax.bar([0, 1], [0.25, 0.5], label="x")
    english = fig.to_svg()
    with i18n.language("fr"):
        fig, ax = subplots()
        ax.bar([0, 1], [0.25, 0.5], label="x")
        french = fig.to_svg()
    assert ">0.2<" in english
    assert ": 0.25<" in english
    assert ">0,2<" in french
    assert ": 0,25<" in french
    assert re.sub(r">[^<]*<", lambda m: m.group().replace(",", "."), french) == english


@given(st.floats(min_value=-1e9, max_value=1e9, allow_nan=False), st.integers(0, 6))
def test_format_decimal_round_trips(value: float, places: int) -> None:
    """What format_decimal writes in French reads back as the number it rounds to."""
    text = i18n.format_decimal(value, places, language="fr")
    assert "." not in text
    assert (places == 0) == ("," not in text)
    back = float(text.replace("\u202f", "").replace(",", "."))
    assert back == float(f"{value:.{places}f}")
    english = i18n.format_decimal(value, places, language="en")
    assert english.replace(",", "").replace(".", ",") == text.replace("\u202f", "")


def test_a_refused_result_code_is_reported_in_french() -> None:
    """The line and its place are the widgets' words; why the code is refused is the result
    code reader's (the core catalogue)."""
    from trickcore.widgets import class_results

    with i18n.language("fr"):
        demo = class_results("hello\n\nTT1-x")
    said = _seen(demo.summary_html.value + demo.problems_html.value)
    assert "0 code de résultat lu, 2 lignes ignorées (voir plus bas)." in " ".join(said.split())
    assert "Ligne 1 (" in said
    assert "Ligne 3 (" in said
