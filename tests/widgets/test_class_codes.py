"""Class results (trickcore.widgets.class_codes, results_view), class links
(trickcore.widgets.class_link) and the teacher-only toggle of the play demo."""

from __future__ import annotations

import json

import pytest

import trickcore as tc
from trickcore.display import SEAT_NAMES
from trickcore.engine.turns import play_deal
from trickcore.notation import decode_result, encode_result
from trickcore.players.heuristic import HeuristicBot
from trickcore.widgets import class_results, page_runner, play_demo
from trickcore.widgets.class_codes import double_dummy, read_results
from trickcore.widgets.class_link import class_link_arguments


def finished(code: str, seat: int) -> str:
    parsed = tc.parse_deal_code(code)
    match = tc.match_from_code(code)
    for _ in range(parsed.deal):
        play_deal(match.next_deal(), [HeuristicBot()] * parsed.players)
    return encode_result(match, seat)


def test_good_and_bad_codes() -> None:
    good = [finished("oh-hell-4-2718-6", s) for s in (0, 2)] + [finished("humbug-2-9", 1)]
    lines = [good[0], "", "hello", good[1], good[0][:-5] + "zzzzz", "TT7-abc", good[2]]
    results = read_results("\n".join(lines))
    assert [g.line for g in results.good] == [1, 4, 7]
    assert [(b.line, b.reason.split(" ")[0]) for b in results.bad] == [
        (3, "'hello'"), (5, "the"), (6, "'TT7'")]
    demo = class_results("\n".join(lines), seconds=8)  # the whole Humbug deal: C only
    table = demo.table_html.value
    assert table.count("<tr") == 1 + 3
    assert "oh-hell-4-2718-6" in table
    assert "humbug-2-9" in table
    for line in (3, 5, 6):
        assert f"Line {line} " in demo.problems_html.value
    assert "3 result codes read, 3 lines skipped" in demo.summary_html.value
    assert "<svg" in demo.figure_html.value
    # the solver's answer for each deal the class played, once per deal
    assert demo.open_hands_html.value.count("<tr>") == 1 + 2
    assert "2 students" in demo.open_hands_html.value
    state = decode_result(good[0]).state
    answer = double_dummy(state)
    assert isinstance(answer, list)
    assert f"{SEAT_NAMES[0]} {answer[0]}" in demo.open_hands_html.value


def test_each_row_is_this_students_own_result() -> None:
    code = finished("oh-hell-4-2718-6", 3)
    state = decode_result(code).state
    demo = class_results(f"Dana: {code}")
    table = demo.table_html.value
    best = demo.results.optimum(0)
    answer = double_dummy(state)
    assert isinstance(answer, list)
    assert best == answer[3]
    bid, tricks = state.bids[3], state.tricks_won[3]
    made = "yes" if bid == tricks else "no"
    gap = tricks - best
    signed = "0" if gap == 0 else (f"+{gap}" if gap > 0 else f"\u2212{-gap}")
    cells = ["Dana", "<code>oh-hell-4-2718-6</code>", SEAT_NAMES[3], str(bid), str(tricks),
             made, str(best), signed, str(state.points[3])]
    assert "".join(f"<td>{c}</td>" for c in cells) in table
    assert f'data-made="{made}"' in table


def test_nothing_pasted_and_junk_never_raise() -> None:
    for text in ("", "\n\n", "TT1-\x00\x01", "TT1-" + "_" * 50, "\u00e9" * 30):
        demo = class_results(text)
        assert demo.results.good == []
    demo = class_results()
    demo.codes_input.value = "nonsense"
    demo.show_button.click()
    assert "Line 1 " in demo.problems_html.value


def test_the_play_demo_shows_a_result_code_at_the_end() -> None:
    demo = play_demo(code="humbug-2-9", seat=1)
    assert demo.result_html.value == ""
    for _ in range(200):
        if demo.session.finished:
            break
        choice = demo.session.hint()
        assert choice is not None
        demo._act(choice.action)
    assert demo.state.is_over
    value = demo.result_html.value
    code = value.split('data-result-code="')[1].split('"')[0]
    result = decode_result(code)
    assert result.seat == 1
    assert result.deal_code == "humbug-2-9"
    assert result.state.tricks_won == demo.state.tricks_won


def test_the_teacher_toggle_is_in_the_teacher_demo_only() -> None:
    student = play_demo(code="oh-hell-4-2718")
    assert student.show_all is None
    assert not any(getattr(w, "description", "").startswith("Show all")
                   for w in student._widgets())
    teacher = play_demo(code="oh-hell-4-2718", teacher=True)
    assert teacher.show_all.description == "Show all hands (teacher)"


@pytest.mark.parametrize(("deal", "seat", "code", "chosen", "said"), [
    ("oh-hell-4-99-3", "2", "oh-hell-4-99-3", 2, None),
    ("OH-HELL-4-99", "cleo", "oh-hell-4-99", 2, None),
    ("oh-hell-4-99", None, "oh-hell-4-99", None, None),
    ("humbug-2-7", None, None, None, "a deal of Humbug"),
    ("oh-hell-4-x", None, None, None, "could not be read"),
    ("<script>", None, None, None, "could not be read"),
    ("oh-hell-4-99", "9", "oh-hell-4-99", None, "seat could not be used"),
])
def test_class_link_arguments(deal: str, seat: str | None, code: str | None,
                              chosen: int | None, said: str | None) -> None:
    page = {"variant": "oh-hell", "players": 4, "seed": 2718, "deal": 4}
    args, note = class_link_arguments("play_demo", page, deal, seat)
    assert args.get("code") == code
    assert args.get("seat") == chosen
    if code is None:
        assert args["seed"] == 2718
    if said is None:
        assert note is None
    else:
        assert note is not None
        assert said in note


def test_the_page_start_uses_the_class_link() -> None:
    sent: list[str] = []
    page_runner.install(lambda kind, text, buffers: sent.append(text))
    try:
        page = json.dumps({"variant": "oh-hell", "players": 4, "seed": 2718, "deal": 4})
        page_runner.start("play_demo", page, json.dumps({"deal": "oh-hell-4-5-2", "seat": "Dev"}))
        demo = page_runner._shown[-1]
        assert (demo.session.code, demo.session.seat) == ("oh-hell-4-5-2", 3)
        assert 'data-deal-code="oh-hell-4-5-2"' in demo.title_html.value
        # A class link lands on its deal as practice: no match score before it.
        assert demo.play.practice
        assert demo.play.match().totals == [0, 0, 0, 0]
        assert "Practice: deal 2 of the match" in demo.title_html.value
        page_runner.start("play_demo", page, json.dumps({"deal": "five-hundred-4-1"}))
        demo = page_runner._shown[-1]
        assert demo.session.code == "oh-hell-4-2718-4"
        assert "is a deal of Five Hundred" in demo.message_html.value
        page_runner.start("play_demo", page, "[1]")  # not an object: no link
        assert page_runner._shown[-1].session.code == "oh-hell-4-2718-4"
        page_runner.start("deal_demo", page, json.dumps({"deal": "oh-hell-4-5-2", "seat": "1"}))
        assert page_runner._shown[-1].setup.code == "oh-hell-4-5-2"
        page_runner.start("class_results", "{}", json.dumps({"deal": "oh-hell-4-5-2"}))
    finally:
        page_runner.uninstall()


def test_the_teacher_edition_gives_the_hand_demos_their_teacher_controls() -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "book" / "_ext" / "live_demos.py"
    spec = importlib.util.spec_from_file_location("live_demos_for_test", path)
    assert spec is not None
    assert spec.loader is not None
    live_demos = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(live_demos)
    options = {"variant": "oh-hell", "seed": 2718}
    teacher = {"BOOK_EDITION": "teacher"}
    assert live_demos.demo_options("play_demo", options, {}) == options
    assert live_demos.demo_options("play_demo", options, {"BOOK_EDITION": "student"}) == options
    assert live_demos.demo_options("play_demo", options, teacher)["teacher"] is True
    assert live_demos.demo_options("bid_demo", options, teacher)["teacher"] is True
    assert "teacher" not in live_demos.demo_options("deal_demo", options, teacher)
    # the arguments the live table passes work: the toggle is there
    demo = play_demo(**live_demos.demo_options("play_demo", options, teacher))
    assert demo.show_all is not None


def test_a_demo_without_a_message_line_still_says_why() -> None:
    page_runner.install(lambda kind, text, buffers: None)
    try:
        page_runner.start("score_sheet", json.dumps({"variant": "oh-hell", "seed": 2}),
                      json.dumps({"deal": "humbug-2-7"}))
        sheet = page_runner._shown[-1]
        assert "is a deal of Humbug" in sheet.children[0].value
        assert sheet.sheet.code == "oh-hell-4-2"
        page_runner.start("score_sheet", json.dumps({"variant": "oh-hell", "seed": 2}),
                      json.dumps({"deal": "oh-hell-5-9-3"}))
        assert page_runner._shown[-1].sheet.code == "oh-hell-5-9"
    finally:
        page_runner.uninstall()
