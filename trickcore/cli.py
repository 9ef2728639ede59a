"""The command line: ``trickcore variants | rules | play | check | solve | analyse | study``.

Exit codes: 0 success; 1 a record (or a position to solve) that breaks a rule; 2 bad input
(malformed JSON, an unknown card, variant or option, a bad argument, an input over its size
limit); 3 ``solve`` ran out of its budget (``--max-nodes``, ``--timeout``) with no answer.  Errors are one line on standard error, never a
traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Sequence

from trickcore.display import SEAT_NAMES
from trickcore.engine.dealing import rng_for
from trickcore.engine.match import Match
from trickcore.engine.turns import Bot
from trickcore.errors import BudgetExceededError, RecordError, TrickcoreError
from trickcore.notation.records import write_record
from trickcore.notation.replay import read_record
from trickcore.notation.result_codes import decode_result
from trickcore.players.heuristic import HeuristicBot
from trickcore.players.random import RandomBot
from trickcore.rules import GameEnd, Ruleset, with_options
from trickcore.rules.describe import describe
from trickcore.rules.registry import VARIANTS, get_variant
from trickcore.study import command as study_command

__all__ = ["main"]


def _cmd_variants(args: argparse.Namespace) -> int:
    width = max(len(k) for k in VARIANTS)
    name_width = max(len(r.name) for r in VARIANTS.values())
    for key, ruleset in VARIANTS.items():
        counts = ruleset.players
        span = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
        aliases = f"  (also: {', '.join(ruleset.aliases)})" if ruleset.aliases else ""
        print(f"{key:<{width}}  {ruleset.name:<{name_width}}  {span} players{aliases}")
    return 0


def _ruleset_from(args: argparse.Namespace) -> tuple[Ruleset, int | None]:
    ruleset = get_variant(args.variant)
    options: dict[str, str] = {}
    for item in getattr(args, "option", None) or []:
        if "=" not in item:
            raise TrickcoreError(f"--option needs KEY=VALUE, got {item!r}")
        key, value = item.split("=", 1)
        options[key.strip()] = value
    return with_options(ruleset, options), getattr(args, "players", None)


def _cmd_rules(args: argparse.Namespace) -> int:
    ruleset, players = _ruleset_from(args)
    print(describe(ruleset, players))
    return 0


def _make_bots(kind: str, ruleset_key: str, players: int, seed: int) -> list[Bot]:
    if kind == "random":
        return [RandomBot(rng=rng_for(ruleset_key, players, seed, "bot", s)) for s in
                range(players)]
    return [HeuristicBot() for _ in range(players)]


def _cmd_play(args: argparse.Namespace) -> int:
    ruleset, _ = _ruleset_from(args)
    players = args.players
    if players is None:
        players = ruleset.players[0]
    if not 1 <= args.games <= MAX_RECORDS:
        raise TrickcoreError(f"--games must be from 1 to {MAX_RECORDS:,} (as many records as"
                             f" check reads at once), not {args.games:,}")
    for g in range(args.games):
        seed = args.seed + g
        match = Match(ruleset, players, seed)
        match.play(_make_bots(args.bots, match.ruleset.key, players, seed))
        print(write_record(match))
    return 0


def _summary(match: Match) -> str:
    r = match.ruleset
    deals = len(match.deals)
    tricks = sum(len(d.tricks) for d in match.deals)
    totals = ", ".join(f"seat {s}: {t}" for s, t in enumerate(match.totals))
    text = (f"Legal: {r.name} for {match.players} players, {deals} deal{'s' * (deals != 1)} and"
            f" {tricks} tricks replayed; every bid, card, trick winner and score agrees with"
            f" the rules. Totals: {totals}.")
    if match.is_over:
        winners = " and ".join(f"seat {w}" for w in match.winners)
        text += f" Winner: {winners}."
        if match.settlement is not None:
            text += f" Settlement: {match.settlement}."
    elif r.game_end is GameEnd.FIXED_DEALS:
        text += f" The match is unfinished ({deals} of {len(match.schedule)} deals)."
    else:
        text += " The match is unfinished."
    return text


#: The largest input ``check`` and ``solve`` read (records of many matches, or a position).
MAX_INPUT_BYTES = 16_000_000
#: How many records one ``check`` input may hold, and how many errors it prints in full.
MAX_RECORDS = 10_000
SHOWN_ERRORS = 5


def _read_input(command: str, path: str, expected: str) -> str | None:
    """The text of ``path`` (``-``: standard input), or ``None`` after a one-line error."""
    try:
        if path == "-":
            stream = getattr(sys.stdin, "buffer", None)  # a text stream (tests) has none
            data = (stream.read(MAX_INPUT_BYTES + 1) if stream is not None
                    else sys.stdin.read(MAX_INPUT_BYTES + 1).encode("utf-8", "surrogatepass"))
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        print(f"trickcore {command}: cannot read {path}: {error.strerror}", file=sys.stderr)
        return None
    if len(data) > MAX_INPUT_BYTES:
        print(f"trickcore {command}: the input is too large: over {MAX_INPUT_BYTES:,} bytes;"
              f" expected {expected}", file=sys.stderr)
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        print(f"trickcore {command}: the input is not UTF-8 text (byte {error.start}); expected"
              f" {expected}", file=sys.stderr)
        return None
    if not text.strip():
        print(f"trickcore {command}: the input is empty; expected {expected}", file=sys.stderr)
        return None
    return text


def _cmd_check(args: argparse.Namespace) -> int:
    text = _read_input("check", args.file, "one JSON record")
    if text is None:
        return 2
    stripped = text.strip()
    # One record, or several (one JSON object per line, as `play --games` prints).
    lines = [line for line in stripped.splitlines() if line.strip()]
    chunks = [stripped]
    if len(lines) > 1 and all(line.lstrip().startswith("{") for line in lines):
        try:
            json.loads(stripped)
        except (ValueError, RecursionError):
            chunks = lines
    if len(chunks) > MAX_RECORDS:
        print(f"trickcore check: the input holds {len(chunks):,} records; the limit is"
              f" {MAX_RECORDS:,}", file=sys.stderr)
        return 2
    worst = 0
    failed = 0
    for i, chunk in enumerate(chunks):
        prefix = f"record {i + 1}: " if len(chunks) > 1 else ""
        try:
            match = read_record(chunk)
        except RecordError as error:
            failed += 1
            if failed <= SHOWN_ERRORS:
                print(_one_line(f"trickcore check: {prefix}"
                                f"{'illegal' if error.illegal else 'bad record'}: {error}"),
                      file=sys.stderr)
            worst = max(worst, 1 if error.illegal else 2)
            continue
        print(prefix + _summary(match))
    if failed > SHOWN_ERRORS:
        print(f"trickcore check: ... and {failed - SHOWN_ERRORS:,} more records refused",
              file=sys.stderr)
    return worst


def _one_line(message: str, limit: int = 400) -> str:
    """``message`` on one line, cut short (a record may quote a long value)."""
    line = " ".join(message.split())
    return line if len(line) <= limit else line[:limit - 1] + "…"


def _is_deal_code(text: str) -> bool:
    """True when ``text`` has a deal code's shape (``VARIANT-PLAYERS-SEED[-DEAL]``) and names
    no file: ``solve`` then solves that deal from its first lead."""
    return (not os.path.exists(text)
            and re.fullmatch(r"[A-Za-z][A-Za-z0-9-]*-[0-9]{1,2}-[0-9]+(-[0-9]+)?", text) is not None)


def _cmd_result_code(args: argparse.Namespace) -> int:
    """Read result codes (one per line; or one code given on the command line)."""
    given = args.code
    if given.startswith(("TT", "tt")) and not os.path.exists(given):
        text: str | None = given
    else:
        text = _read_input("result-code", given, "result codes, one a line")
    if text is None:
        return 2
    worst = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            result = decode_result(line)
        except TrickcoreError as error:
            print(_one_line(f"trickcore result-code: line {number}: {error}"), file=sys.stderr)
            worst = 2
            continue
        if args.record:
            print(json.dumps(result.record, separators=(", ", ": ")))
            continue
        state = result.state
        print(f"line {number}: deal {result.deal_code}, played from seat {result.seat}"
              f" ({SEAT_NAMES[result.seat]}); tricks {state.tricks_won}; points {state.points}")
    return worst


def _cmd_solve(args: argparse.Namespace) -> int:
    from trickcore.notation.codes import state_from_code
    from trickcore.solver import Position, PositionError, opening_position, solve

    code: str | None = args.file if args.file != "-" and _is_deal_code(args.file) else None
    text = None if code is not None else _read_input("solve", args.file, "one JSON position")
    try:
        if code is not None:
            state = state_from_code(code)
            try:
                position = opening_position(state.ruleset, state.deal)
            except PositionError as error:
                raise PositionError(f"{code}: {error}", illegal=error.illegal) from None
        elif text is not None:
            position = Position.from_json(text)
        else:
            return 2
        result = solve(position, args.side, all_best=not args.one, max_nodes=args.max_nodes,
                       timeout=args.timeout)
    except PositionError as error:
        if error.illegal:
            print(f"trickcore solve: illegal: {error}", file=sys.stderr)
            return 1
        raise
    except BudgetExceededError as error:
        print(f"trickcore solve: no answer: {error}", file=sys.stderr)
        return 3
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    side = "+".join(str(s) for s in result.side)
    cards = " ".join(c.code for c in result.best_cards)
    print(f"Seat {result.to_move} to play; side {side} makes {result.tricks} of the"
          f" {result.tricks_left} tricks left with best play. Best: {cards}"
          f" ({result.nodes} trick starts searched).")
    return 0


def _cmd_analyse(args: argparse.Namespace) -> int:
    from trickcore.study.onecard import analyse_one_card, format_analysis

    turn_up = None if args.no_trump else args.turn_up
    analysis = analyse_one_card(args.players, turn_up, hook=not args.no_hook,
                                scheme=args.scheme, pjt33=args.pjt33)
    if args.json:
        print(json.dumps(analysis.to_json()))
    else:
        print(format_analysis(analysis))
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="trickcore",
        description="Play, describe and check trick-taking games (the Oh Hell family, Humbug,"
        " Five Hundred).",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("variants", help="list every variant, its name and its player counts")
    rules = sub.add_parser("rules", help="the rules of a variant in words")
    rules.add_argument("variant")
    rules.add_argument("--players", type=int, help="show this player count's deal schedule")
    rules.add_argument("--option", action="append", metavar="KEY=VALUE")
    play = sub.add_parser("play", help="play whole matches with bots and print their records")
    play.add_argument("variant")
    play.add_argument("--players", type=int)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--bots", choices=("random", "heuristic"), default="heuristic")
    play.add_argument("--option", action="append", metavar="KEY=VALUE",
                      help="change a rule, e.g. --option hook=false (repeatable)")
    play.add_argument("--games", type=int, default=1, help="play G games with seeds S, S+1, ...")
    check = sub.add_parser("check", help="replay a record and check it against the rules")
    check.add_argument("file", help="a record file, or - for standard input")
    solve = sub.add_parser("solve", help="solve a position with every hand open (double dummy)")
    solve.add_argument("file", help="a JSON position file, - for standard input, or a deal"
                       " code (e.g. humbug-2-1-1: that deal from its first lead; --one is much faster on"
                       " a whole deal)")
    solve.add_argument("--json", action="store_true", help="print the result as JSON")
    solve.add_argument("--side", type=int, help="the seat whose side maximises (default: the"
                       " seat to play)")
    solve.add_argument("--one", action="store_true", help="find one best card, not all")
    solve.add_argument("--max-nodes", type=int, metavar="N", help="give up (exit 3, no answer)"
                       " after N trick starts searched")
    solve.add_argument("--timeout", type=float, metavar="SECONDS", help="give up (exit 3, no"
                       " answer) after this many seconds")
    result = sub.add_parser("result-code", help="read and check a class's result codes"
                            " (TT1-..., one a line)")
    result.add_argument("code", help="a result code, a file of them (one a line), or - for"
                        " standard input")
    result.add_argument("--record", action="store_true", help="print each code's record (JSON)")
    analyse = sub.add_parser("analyse", help="exact analyses (one-card Oh Hell)")
    analyse.add_argument("analysis", choices=("one-card",))
    analyse.add_argument("--players", type=int, default=4)
    analyse.add_argument("--no-hook", action="store_true", help="the dealer may make the"
                         " total 1")
    analyse.add_argument("--scheme", choices=("common", "simple"), default="common")
    analyse.add_argument("--turn-up", default="AS", metavar="CARD",
                         help="the turned card (trumps are its suit; default AS)")
    analyse.add_argument("--no-trump", action="store_true", help="no card turned: no trumps")
    analyse.add_argument("--pjt33", action="store_true",
                         help="weigh eldest's card as pjt33's published analysis does")
    analyse.add_argument("--json", action="store_true", help="print the tables as JSON")
    study_command.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    handlers = {"variants": _cmd_variants, "rules": _cmd_rules, "play": _cmd_play,
                "check": _cmd_check, "solve": _cmd_solve, "analyse": _cmd_analyse,
                "result-code": _cmd_result_code,
                "study": study_command.command}
    try:
        return handlers[args.command](args)
    except TrickcoreError as error:
        print(_one_line(f"trickcore {args.command}: {error}"), file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
