"""The command line: ``trickcore variants | rules | play | check | solve | analyse | study | games``.

Exit codes: 0 success; 1 a record (or a position to solve) that breaks a rule; 2 bad input
(malformed JSON, an unknown card, variant or option, a bad argument, an input over its size
limit); 3 ``solve`` ran out of its budget (``--max-nodes``, ``--timeout``) with no answer.  Errors are one line on standard error, never a
traceback.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import re
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import NoReturn

from trickcore import interrupts, streams
from trickcore.display import SEAT_NAMES
from trickcore.engine.dealing import rng_for
from trickcore.engine.match import MAX_SEED, Match
from trickcore.engine.turns import Bot
from trickcore.errors import BudgetExceededError, RecordError, TrickcoreError
from trickcore.files import decode_text, load_json
from trickcore.i18n import N_, _, catalogue, format_decimal, get_language, ngettext
from trickcore.notation.records import write_record
from trickcore.notation.replay import read_record
from trickcore.notation.result_lines import read_result_line
from trickcore.players.heuristic import HeuristicBot
from trickcore.players.random import RandomBot
from trickcore.players.strength import STRENGTHS, StrengthBot
from trickcore.rules import GameEnd, Ruleset, with_options
from trickcore.rules.describe import describe
from trickcore.rules.registry import VARIANTS, get_variant
from trickcore.study import command as study_command

__all__ = ["main"]


def _cmd_variants(args: argparse.Namespace) -> int:
    width = max(len(k) for k in VARIANTS)
    name_width = max(len(r.title) for r in VARIANTS.values())
    for key, ruleset in VARIANTS.items():
        counts = ruleset.players
        span = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
        aliases = (_("  (also: {aliases})").format(aliases=", ".join(ruleset.aliases))
                   if ruleset.aliases else "")
        line = _("{key}  {name}  {span} players{aliases}").format(
            key=f"{key:<{width}}", name=f"{ruleset.title:<{name_width}}", span=span,
            aliases=aliases)
        print(line)
    return 0


def _ruleset_from(args: argparse.Namespace) -> tuple[Ruleset, int | None]:
    ruleset = get_variant(args.variant)
    options: dict[str, str] = {}
    for item in getattr(args, "option", None) or []:
        if "=" not in item:
            raise TrickcoreError(_("--option needs KEY=VALUE, got {item!r}").format(item=item))
        key, value = item.split("=", 1)
        options[key.strip()] = value
    return with_options(ruleset, options), getattr(args, "players", None)


def _cmd_rules(args: argparse.Namespace) -> int:
    ruleset, players = _ruleset_from(args)
    print(describe(ruleset, players))
    return 0


def _make_bots(kind: str, ruleset_key: str, players: int, seed: int) -> list[Bot]:
    """The bots of ``play --bots``: random and heuristic as ever; beginner, standard and strong
    the strengths of :mod:`trickcore.players.strength` (strong: the Monte Carlo bot, many
    seconds a game: bench/bench_ladder.py measures it)."""
    if kind == "random":
        return [RandomBot(rng=rng_for(ruleset_key, players, seed, "bot", s)) for s in
                range(players)]
    if kind in STRENGTHS:
        return [StrengthBot(kind, f"{ruleset_key}-{players}-{seed}|{s}") for s in range(players)]
    return [HeuristicBot() for _seat in range(players)]


def _cmd_play(args: argparse.Namespace) -> int:
    ruleset, _players = _ruleset_from(args)
    players = args.players
    if players is None:
        players = ruleset.players[0]
    if not 1 <= args.games <= MAX_RECORDS:
        raise TrickcoreError(_("--games must be from 1 to {most:,} (as many records as check"
                               " reads at once), not {games:,}").format(most=MAX_RECORDS,
                                                                       games=args.games))
    if not -MAX_SEED <= args.seed <= MAX_SEED - args.games + 1:
        raise TrickcoreError(_("--seed must be from {low:,} to {high:,} for {games:,} games, not "
                               "{seed:,}").format(low=-MAX_SEED, high=MAX_SEED - args.games + 1,
                                                  games=args.games, seed=args.seed))
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
    totals = ", ".join(_("seat {seat}: {total}").format(seat=s, total=t)
                       for s, t in enumerate(match.totals))
    replayed = ngettext("{deals} deal", "{deals} deals", deals).format(deals=deals)
    text = _("Legal: {game} for {players} players, {replayed} and {tricks} tricks replayed;"
             " every bid, card, trick winner and score agrees with the rules. Totals:"
             " {totals}.").format(game=r.title, players=match.players, replayed=replayed,
                                  tricks=tricks, totals=totals)
    if match.is_over:
        winners = _(" and ").join(_("seat {seat}").format(seat=w) for w in match.winners)
        text += _(" Winner: {winners}.").format(winners=winners)
        if match.settlement is not None:
            text += _(" Settlement: {settlement}.").format(settlement=match.settlement)
    elif r.game_end is GameEnd.FIXED_DEALS:
        text += _(" The match is unfinished ({deals} of {scheduled} deals).").format(
            deals=deals, scheduled=len(match.schedule))
    else:
        text += _(" The match is unfinished.")
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
            if sys.stdin is None:  # started with standard input closed (<&-)
                raise OSError(errno.EBADF, _("standard input is closed"))
            stream = getattr(sys.stdin, "buffer", None)  # a text stream (tests) has none
            data = (stream.read(MAX_INPUT_BYTES + 1) if stream is not None
                    else sys.stdin.read(MAX_INPUT_BYTES + 1).encode("utf-8", "surrogatepass"))
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        print(_("trickcore {command}: cannot read {path}: {why}").format(
            command=command, path=path, why=error.strerror), file=sys.stderr)
        return None
    if len(data) > MAX_INPUT_BYTES:
        print(_("trickcore {command}: the input is too large: over {most:,} bytes; expected"
                " {expected}").format(command=command, most=MAX_INPUT_BYTES,
                                      expected=_(expected)), file=sys.stderr)
        return None
    try:
        text = decode_text(data)  # past a byte-order mark
    except UnicodeDecodeError as error:
        print(_("trickcore {command}: the input is not UTF-8 text (byte {byte}); expected"
                " {expected}").format(command=command, byte=error.start,
                                      expected=_(expected)), file=sys.stderr)
        return None
    if not text.strip():
        print(_("trickcore {command}: the input is empty; expected {expected}").format(
            command=command, expected=_(expected)), file=sys.stderr)
        return None
    return text


def _cmd_check(args: argparse.Namespace) -> int:
    text = _read_input("check", args.file, N_("one JSON record"))
    if text is None:
        return 2
    stripped = text.strip()
    # One record, or several (one JSON object per line, as `play --games` prints).
    lines = [line for line in stripped.splitlines() if line.strip()]
    chunks = [stripped]
    if len(lines) > 1 and all(line.lstrip().startswith("{") for line in lines):
        try:  # bounded in size and depth before it is parsed, like every JSON read here
            load_json(stripped, what=_("the input"))
        except TrickcoreError:
            chunks = lines
    if len(chunks) > MAX_RECORDS:
        print(_("trickcore check: the input holds {count:,} records; the limit is {most:,}").format(
            count=len(chunks), most=MAX_RECORDS), file=sys.stderr)
        return 2
    worst = 0
    failed = 0
    for i, chunk in enumerate(chunks):
        prefix = _("record {number}: ").format(number=i + 1) if len(chunks) > 1 else ""
        try:
            match = read_record(chunk)
        except RecordError as error:
            failed += 1
            if failed <= SHOWN_ERRORS:
                why = (_("trickcore check: {prefix}illegal: {error}") if error.illegal else
                       _("trickcore check: {prefix}bad record: {error}"))
                print(_one_line(why.format(prefix=prefix, error=error)), file=sys.stderr)
            worst = max(worst, 1 if error.illegal else 2)
            continue
        print(prefix + _summary(match))
    if failed > SHOWN_ERRORS:
        print(_("trickcore check: ... and {count:,} more records refused").format(
            count=failed - SHOWN_ERRORS), file=sys.stderr)
    return worst


def _one_line(message: str, limit: int = 400) -> str:
    """``message`` on one line, cut short (a record may quote a long value)."""
    line = " ".join(message.split())
    return line if len(line) <= limit else line[:limit - 1] + "…"


def _is_deal_code(text: str) -> bool:
    """True when ``text`` has a deal code's shape (``VARIANT-PLAYERS-SEED[-DEAL]``) and names
    no file: ``solve`` then solves that deal from its first lead."""
    return (not os.path.exists(text)
            and re.fullmatch(r"[A-Za-z][A-Za-z0-9-]*-[0-9]{1,2}-[0-9]+(-[0-9]+)?(~[a-z_]+=[^~\s]+)*",
                             text) is not None)


def _cmd_result_code(args: argparse.Namespace) -> int:
    """Read result codes (one per line; or one code given on the command line)."""
    given = args.code
    if re.search(r"(?i)\bTT[0-9]-", given) and not os.path.exists(given):
        text: str | None = given  # one line, a name beside its code or not
    else:
        text = _read_input("result-code", given, N_("result codes, one a line"))
    if text is None:
        return 2
    worst = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:  # a line as a class pastes it: "Alice: TT2-...", "TT2-... (Chloé)" or a code alone
            name, result = read_result_line(line)
        except TrickcoreError as error:
            print(_one_line(_("trickcore result-code: line {number}: {error}").format(
                number=number, error=error)), file=sys.stderr)
            worst = 2
            continue
        if args.record:
            print(json.dumps(result.record, separators=(", ", ": ")))
            continue
        state = result.state
        said = _("line {number}: deal {code}, played from seat {seat} ({name}); tricks {tricks};"
                 " points {points}").format(number=number, code=result.deal_code,
                                            seat=result.seat, name=SEAT_NAMES[result.seat],
                                            tricks=state.tricks_won, points=state.points)
        # the student's name as typed, on a line of its own terminal text (never markup)
        print(said if name is None else _("{line}; sent by {student}").format(
            line=said, student=_one_line(name)))
    return worst


def _cmd_solve(args: argparse.Namespace) -> int:
    from trickcore.notation.codes import state_from_code
    from trickcore.solver import Position, PositionError, opening_position, solve

    code: str | None = args.file if args.file != "-" and _is_deal_code(args.file) else None
    text = None if code is not None else _read_input("solve", args.file,
                                                     N_("one JSON position"))
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
                       timeout=args.timeout, progress=False if args.quiet else None)
    except PositionError as error:
        if error.illegal:
            print(_("trickcore solve: illegal: {error}").format(error=error), file=sys.stderr)
            return 1
        raise
    except BudgetExceededError as error:
        print(_("trickcore solve: no answer: {error}").format(error=error), file=sys.stderr)
        return 3
    if args.json:
        print(json.dumps(result.to_json()))
        return 0
    side = "+".join(str(s) for s in result.side)
    cards = " ".join(c.code for c in result.best_cards)
    print(_("Seat {seat} to play; side {side} makes {tricks} of the {left} tricks left with best"
            " play. Best: {cards} ({nodes} trick starts searched).").format(
        seat=result.to_move, side=side, tricks=result.tricks, left=result.tricks_left,
        cards=cards, nodes=format_decimal(result.nodes, 0)))
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


class _Parser(argparse.ArgumentParser):
    """argparse, but a bad argument is one line on standard error (no usage block), exit 2."""

    def error(self, message: str) -> NoReturn:
        words = argparse._("%(prog)s: error: %(message)s\n")  # type: ignore[attr-defined]
        self.exit(2, words % {"prog": self.prog, "message": _one_line(message)})


def _parser() -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = _Parser(
        prog="trickcore",
        description=_("Play, describe and check trick-taking games (the Oh Hell family, Humbug,"
        " Five Hundred)."),
    )
    parser.add_argument("--version", action="store_true",
                        help=_("print trickcore's version, its build (compiled, Python with the C"
                               " cores, or pure Python), its solver and where it is, and exit"))
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("variants", help=_("list every variant, its name and its player counts"))
    rules = sub.add_parser("rules", help=_("the rules of a variant in words"))
    rules.add_argument("variant")
    rules.add_argument("--players", type=int, help=_("show this player count's deal schedule"))
    rules.add_argument("--option", action="append", metavar="KEY=VALUE")
    play = sub.add_parser("play", help=_("play whole matches with bots and print their records"))
    play.add_argument("variant")
    play.add_argument("--players", type=int)
    play.add_argument("--seed", type=int, default=0)
    play.add_argument("--bots", choices=("random", "heuristic", *STRENGTHS), default="heuristic",
                      help=_("who plays every seat: random, heuristic, or a strength: beginner"
                             " (random), standard (heuristic), strong (Monte Carlo, about a"
                             " hundred times slower)"))
    play.add_argument("--option", action="append", metavar="KEY=VALUE",
                      help=_("change a rule, e.g. --option hook=false (repeatable)"))
    play.add_argument("--games", type=int, default=1, help=_("play G games with seeds S, S+1, ..."))
    check = sub.add_parser("check", help=_("replay a record and check it against the rules"))
    check.add_argument("file", help=_("a record file, or - for standard input"))
    solve = sub.add_parser("solve", help=_("solve a position with every hand open (double dummy)"))
    solve.add_argument("file", help=_("a JSON position file, - for standard input, or a deal"
                       " code (e.g. humbug-2-1-1: that deal from its first lead; --one is much faster on"
                       " a whole deal)"))
    solve.add_argument("--json", action="store_true", help=_("print the result as JSON"))
    solve.add_argument("--side", type=int, help=_("the seat whose side maximises (default: the"
                       " seat to play)"))
    solve.add_argument("--one", action="store_true", help=_("find one best card, not all"))
    solve.add_argument("--quiet", action="store_true", help=_("no progress bar (there is none"
                       " in CI or when standard error is not a terminal either)"))
    solve.add_argument("--max-nodes", type=int, metavar="N", help=_("give up (exit 3, no answer)"
                       " after N trick starts searched"))
    solve.add_argument("--timeout", type=float, metavar="SECONDS", help=_("give up (exit 3, no"
                       " answer) after this many seconds"))
    result = sub.add_parser("result-code", help=_("read and check a class's result codes"
                            " (TT2-..., one a line)"))
    result.add_argument("code", help=_("a result code, a file of them (one a line), or - for"
                        " standard input"))
    result.add_argument("--record", action="store_true", help=_("print each code's record (JSON)"))
    analyse = sub.add_parser("analyse", help=_("exact analyses (one-card Oh Hell)"))
    analyse.add_argument("analysis", choices=("one-card",))
    analyse.add_argument("--players", type=int, default=4)
    analyse.add_argument("--no-hook", action="store_true", help=_("the dealer may make the"
                         " total 1"))
    analyse.add_argument("--scheme", choices=("common", "simple"), default="common")
    analyse.add_argument("--turn-up", default="AS", metavar="CARD",
                         help=_("the turned card (trumps are its suit; default AS)"))
    analyse.add_argument("--no-trump", action="store_true", help=_("no card turned: no trumps"))
    analyse.add_argument("--pjt33", action="store_true",
                         help=_("weigh eldest's card as pjt33's published analysis does"))
    analyse.add_argument("--json", action="store_true", help=_("print the tables as JSON"))
    study_command.add_parser(sub)
    study_command.add_games_parser(sub)
    return parser


#: argparse's own words (its gettext domain "argparse"), given French through trickcore's catalogue.
ARGPARSE_WORDS = (
    N_("usage: "), N_("options"), N_("positional arguments"),
    N_("show this help message and exit"), N_("the following arguments are required: %s"),
    N_("%(prog)s: error: %(message)s\n"), N_("argument %(argument_name)s: %(message)s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("unrecognized arguments: %s"),
    N_("invalid %(type)s value: %(value)r"), N_("expected one argument"),
    N_("not allowed with argument %s"), N_("ignored explicit argument %r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


@contextmanager
def _argparse_in_language() -> Iterator[None]:
    """argparse speaks the reader's language inside the block (it reads its module's ``_``)."""
    if get_language() == "en":
        yield
        return
    core = catalogue("trickcore")
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    setattr(argparse, "_", core.gettext)  # noqa: B010
    setattr(argparse, "ngettext", core.ngettext)  # noqa: B010
    try:
        yield
    finally:
        setattr(argparse, "_", saved[0])  # noqa: B010
        setattr(argparse, "ngettext", saved[1])  # noqa: B010


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    streams.tolerant_output()
    with _argparse_in_language():
        parser = _parser()
        try:
            args = parser.parse_args(argv)
            if args.version:
                from trickcore.build import build_info

                print(build_info().describe())
                return 0
            if args.command is None:
                parser.error(_("a command is required (trickcore --help lists them)"))
        except SystemExit as exit_:
            return int(exit_.code or 0)
    handlers = {"variants": _cmd_variants, "rules": _cmd_rules, "play": _cmd_play,
                "check": _cmd_check, "solve": _cmd_solve, "analyse": _cmd_analyse,
                "result-code": _cmd_result_code,
                "study": study_command.command, "games": study_command.games_command}
    closed = streams.closed_stream(args.command, reads_stdin="-" in (
        getattr(args, "file", None), getattr(args, "code", None)))
    if closed is not None:
        print(closed, file=sys.stderr)
        return 2
    try:
        with interrupts.signals_interrupt():
            code = handlers[args.command](args)
            failed = streams.flush_output()
    except TrickcoreError as error:
        print(_one_line(_("trickcore {command}: {error}").format(command=args.command,
                                                                  error=error)), file=sys.stderr)
        return 2
    except KeyboardInterrupt as interrupt:  # Ctrl-C, or SIGTERM (interrupts.Terminated)
        streams.silence_stdout()
        print("\n" + _("trickcore {command}: interrupted").format(command=args.command),
              file=sys.stderr)
        return interrupts.exit_code(interrupt)
    except OSError as error:  # the output cannot be written (a full disk, a closed pipe)
        failed = error
        code = 0 if isinstance(error, BrokenPipeError) else 2
    if failed is None:
        return code
    streams.silence_stdout()
    if isinstance(failed, BrokenPipeError):  # piped into head: the reader has what it wanted
        return code
    if failed.filename is not None:
        line = _("trickcore {command}: cannot use {path}: {why}").format(
            command=args.command, path=failed.filename, why=failed.strerror or failed)
    else:
        line = _("trickcore {command}: cannot write the output: {why}").format(
            command=args.command, why=failed.strerror or failed)
    print(_one_line(line), file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
