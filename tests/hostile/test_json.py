"""Every JSON the project reads (records, study manifests and chunks, positions, pasted result
codes) is bounded in size and depth before it is parsed: 100,000 nested arrays are one line of
refusal (or a chunk set aside and run again), never a RecursionError."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest

import trickcore as tc
from trickcore.cli import main
from trickcore.errors import RecordError, TrickcoreError
from trickcore.files import json_depth, load_json
from trickcore.notation.result_codes import NotARecordError, decode_result
from trickcore.solver import Position, PositionError
from trickcore.study.cache import CACHE_FORMAT, MAX_CACHE_FILE_BYTES, StudyCache

DEEP = "[" * 100_000 + "]" * 100_000
#: Deep, but small enough to unpack from a result code (which unpacks 200,000 bytes at most).
DEEP_CODE = "[" * 90_000 + "]" * 90_000
MANIFEST = {"format": CACHE_FORMAT, "trickcore": tc.__version__, "study": "bids",
            "deals": 400, "seed": 0}


def _one_line(error: BaseException) -> str:
    message = str(error)
    assert "\n" not in message
    assert len(message) < 400
    return message


@pytest.mark.parametrize(("text", "depth"), [
    ("3", 0), ("[]", 1), ('{"a": [[1], "[[[["]}', 3), ('["\\"[[[", "]"]', 1),
    ("[" * 70 + "]" * 70, 70), ('[{}, {"a": {}}]', 3),
])
def test_the_depth_is_found_without_parsing(text: str, depth: int) -> None:
    assert json_depth(text) == depth


def test_load_json_refuses_before_parsing() -> None:
    with pytest.raises(TrickcoreError, match="nests deeper than 64 levels"):
        load_json(DEEP, what="the chunk")
    with pytest.raises(RecordError, match="too large"):
        load_json("[" + "1," * 100 + "1]", what="the chunk", max_bytes=100, error=RecordError)
    with pytest.raises(TrickcoreError, match="not UTF-8"):
        load_json(b"\xff[]", what="the chunk")
    with pytest.raises(TrickcoreError, match="4300 digits"):
        load_json("9" * 5000, what="the chunk")
    assert load_json(b'\xef\xbb\xbf{"a": "[["}', what="x") == {"a": "[["}


def test_a_deep_study_manifest_is_one_line(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "study"
    out.mkdir()
    (out / "manifest.json").write_text(DEEP)
    with pytest.raises(TrickcoreError) as caught:
        StudyCache(out, MANIFEST)
    assert "nests deeper" in _one_line(caught.value)
    assert main(["study", "bids", "--deals", "400", "--out", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "is not a study manifest" in err
    assert (out / "manifest.json").read_text() == DEEP  # left as it was


def test_a_huge_study_manifest_is_refused_by_its_size(tmp_path: Path) -> None:
    out = tmp_path / "study"
    out.mkdir()
    (out / "manifest.json").write_text(" " * (MAX_CACHE_FILE_BYTES + 10) + "{}")
    with pytest.raises(TrickcoreError, match="too large"):
        StudyCache(out, MANIFEST)


def test_a_deep_chunk_is_set_aside_to_be_run_again(tmp_path: Path) -> None:
    cache = StudyCache(tmp_path / "study", MANIFEST)
    name = "chunks-0000000000-0000000001.json"
    (tmp_path / "study" / name).write_text(DEEP)
    notices: list[str] = []
    good, set_aside = cache.load(2, notices.append)
    assert (good, set_aside) == ([], [name])
    assert len(notices) == 1
    assert "nests deeper" in notices[0]
    assert (tmp_path / "study" / (name + ".damaged")).exists()


def test_a_deep_position_is_one_line() -> None:
    with pytest.raises(PositionError) as caught:
        Position.from_json(DEEP)
    assert "nests deeper" in _one_line(caught.value)
    with pytest.raises(PositionError) as caught:
        Position.from_json('{"hands": ' + DEEP + ', "trump": null}')
    _one_line(caught.value)


def test_solve_reads_a_deep_position_in_one_line(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "position.json"
    path.write_text(DEEP)
    assert main(["solve", str(path)]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_a_pasted_long_result_code_of_deep_json_is_one_line() -> None:
    packed = zlib.compress(('{"seat": 0, "record": ' + DEEP_CODE + "}").encode())
    body = base64.urlsafe_b64encode(packed + zlib.crc32(packed).to_bytes(4, "big"))
    code = "TT1-" + body.decode().rstrip("=")
    with pytest.raises(NotARecordError) as caught:
        decode_result(code)
    assert "nests deeper" in _one_line(caught.value)


def test_a_deep_record_is_one_line(tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(RecordError) as caught:
        tc.read_record(DEEP)
    assert "nests deeper" in _one_line(caught.value)
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"format": "trickcore-record/1", "deals": json.loads(
        "[" * 60 + "]" * 60)}))
    assert main(["check", str(path)]) == 2
    assert "nests deeper" in capsys.readouterr().err


def test_a_number_too_long_for_python_is_one_line_of_refusal() -> None:
    """Python refuses to read an integer of more than 4,300 digits with a plain ValueError,
    which is not a JSON error: it is said as one, never a traceback."""
    with pytest.raises(TrickcoreError, match="is not valid JSON") as caught:
        load_json("[" + "7" * 5_000 + "]", what="the chunk")
    _one_line(caught.value)


def test_an_option_value_is_bounded_before_it_is_parsed() -> None:
    """An option's value is a few words or numbers: a 3 MB list is refused by its length
    (one line), before it is parsed into three hundred thousand numbers."""
    from trickcore.rules.options import MAX_OPTION_CHARS

    huge = "[" + ",".join(["1"] * 300_000) + "]"
    with pytest.raises(tc.RulesetError, match="too large") as caught:
        tc.with_options(tc.get_variant("oh-hell"), {"hand_sizes": huge})
    _one_line(caught.value)
    deep = "[" * 50 + "]" * 50
    assert len(deep) < MAX_OPTION_CHARS
    with pytest.raises(tc.RulesetError) as caught:
        tc.with_options(tc.get_variant("oh-hell"), {"hand_sizes": deep})
    _one_line(caught.value)
    # ... and what people type still reads as before.
    rules = tc.with_options(tc.get_variant("oh-hell"), {"trump_method": "fixed-rotation", "trump_rotation": "H, D, NT"})
    assert rules.rotation_codes == ("H", "D", "NT")


def test_a_class_link_of_deep_or_huge_json_leaves_the_pages_deal() -> None:
    """The class link comes from the page's address: 100,000 nested arrays or a megabyte of
    text build the demo on the page's own deal, with one sentence saying why (before, the
    deep one was a RecursionError and no demo)."""
    pytest.importorskip("ipywidgets")
    import trickcore.widgets.page_runner as bridge

    sent: list[object] = []
    bridge.install(lambda kind, text, buffers: sent.append(kind))
    try:
        for link in (DEEP, json.dumps({"deal": "x" * 1_000_000})):
            bridge.start("play_demo", '{"variant": "oh-hell"}', link)
            demo = bridge._shown[-1]
            assert demo.session.code == "oh-hell-4-1"
            assert "The class link could not be used" in demo.message_html.value
    finally:
        bridge.uninstall()
