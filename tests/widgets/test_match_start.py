"""A game starts at its start (a fresh match at deal 1, or a later deal as
practice on its own), and the student chooses the bots' strength."""

from __future__ import annotations

from trickcore.players.strength import StrengthBot
from trickcore.widgets.demo_model import DealSetup
from trickcore.widgets.hand_view import HandDemo, bid_demo, play_demo
from trickcore.widgets.match_play import MatchPlay


def _finish(demo: HandDemo) -> None:
    while not demo.session.finished:
        choice = demo.session.hint()
        assert choice is not None
        demo._act(choice.action)


def test_the_books_deal_4_is_practice_and_credits_no_one() -> None:
    demo = play_demo("oh-hell", players=4, seed=2718, deal=4)
    assert demo.session.code == "oh-hell-4-2718-4"
    assert demo.play.practice
    assert demo.play.match().deals == []
    assert demo.play.match().totals == [0, 0, 0, 0]
    assert "Practice: deal 4 of the match, on its own; no match score." in demo.title_html.value
    assert "tt-practice" in demo.title_html.value
    assert "Match total" not in demo.match_html.value
    assert demo.match_bar.start_button.layout.display == ""
    assert "tt-match-start" in demo.match_bar.start_button._dom_classes
    _finish(demo)
    assert demo.play.match().totals == [0, 0, 0, 0]
    assert "Match total" not in demo.match_html.value
    assert "data-result-code=\"TT2-oh-hell-4-2718-4." in demo.result_html.value
    # Next deal: deal 5, practice again.
    assert "on its own" in demo.next_button.tooltip
    demo.next_button.click()
    assert (demo.session.code, demo.play.practice) == ("oh-hell-4-2718-5", True)


def test_the_start_button_plays_the_whole_match_from_deal_1_at_zero() -> None:
    demo = play_demo("oh-hell", players=4, seed=2718, deal=4)
    demo.match_bar.start_button.click()
    assert demo.session.code == "oh-hell-4-2718"
    assert not demo.play.practice
    assert "Practice" not in demo.title_html.value
    assert demo.match_bar.start_button.layout.display == "none"
    assert "whole match from deal 1" in demo.message_html.value
    _finish(demo)
    match = demo.play.match()
    assert len(match.deals) == 1
    assert match.totals == list(demo.state.points or ())
    assert "After 1 deal" in demo.match_html.value


def test_a_demo_at_deal_1_is_a_fresh_match_every_score_0() -> None:
    demo = play_demo("oh-hell", players=4, seed=2718)
    assert not demo.play.practice
    assert demo.play.match().totals == [0, 0, 0, 0]
    assert demo.match_html.value == "<p>A new match: every score is 0.</p>"
    assert "Practice" not in demo.title_html.value


def test_a_code_loaded_at_a_later_deal_is_practice_and_the_bid_demo_never_is() -> None:
    demo = play_demo("humbug", players=2, seed=7)
    demo.code_input.value = "contract-whist-3-5-4"
    assert demo.play.practice
    assert "Practice: deal 4" in demo.title_html.value
    assert not bid_demo("oh-pshaw", players=4, seed=2, deal=5).play.practice


def test_the_strength_control_applies_from_the_next_bot_move() -> None:
    demo = play_demo("oh-hell", players=4, seed=2718, deal=6)
    bar = demo.match_bar
    assert bar.strength.value == "standard"
    assert "tt-strength" in bar.strength._dom_classes
    assert [value for _label, value in bar.strength.options] == ["beginner", "standard",
                                                                  "strong"]
    moves = len(demo.session.moves)
    bar.strength.value = "strong"
    assert demo.play.strength == "strong"
    assert isinstance(demo.session.bot, StrengthBot)
    assert demo.session.bot.strength == "strong"
    assert len(demo.session.moves) == moves  # nothing replayed: the next move is the strong bot's
    _finish(demo)
    strong_reasons = [m.reason for m in demo.session.moves[moves:] if not m.by_reader]
    assert any("sampled deals" in r or "only legal" in r or "heuristic" in r
               for r in strong_reasons)
    # The strength stays for the next deal, and the hint is still the heuristic's.
    demo.next_button.click()
    assert demo.session.bot.strength == "strong"
    if demo.session.waiting:
        hint = demo.session.hint()
        assert hint is not None
        assert "sampled" not in hint.reason


def test_the_same_deal_at_the_same_strength_is_played_the_same_way() -> None:
    for strength in ("beginner", "strong"):
        runs = []
        for _ in range(2):
            play = MatchPlay(DealSetup.from_code("oh-hell-4-2718-8"), strength=strength)
            runs.append([(m.seat, str(m.action)) for m in play.session.moves])
        assert runs[0] == runs[1]


def test_a_notebook_may_name_the_strength_and_a_wrong_one_is_refused() -> None:
    import pytest

    from trickcore.errors import RulesetError

    demo = play_demo("humbug", players=2, seed=7, strength="beginner")
    assert demo.match_bar.strength.value == "beginner"
    assert demo.session.bot.strength == "beginner"
    with pytest.raises(RulesetError, match="beginner, standard or strong"):
        play_demo("humbug", players=2, seed=7, strength="expert")


def test_a_practice_hands_result_code_reads_back_in_every_family() -> None:
    """The result code of a practice hand names its deal and replays to the reader's hand
    (two-hand Five Hundred writes the long form: a whole match up to the deal)."""
    from trickcore.notation.result_codes import decode_result

    for key, players, prefix in (("oh-hell", 4, "TT2-"), ("five-hundred", 4, "TT2-"),
                                 ("five-hundred-2", 2, "TT1-")):
        demo = play_demo(key, players=players, seed=11, deal=2)
        _finish(demo)
        code = demo.result_html.value.split('data-result-code="')[1].split('"')[0]
        assert code.startswith(prefix)
        read = decode_result(code)
        assert read.deal_number == 2
        assert read.seat == demo.session.seat
        assert read.state.points == demo.state.points
        assert read.state.deal.hands == demo.state.deal.hands
        assert demo.play.match().totals == [0] * players  # still no match score
