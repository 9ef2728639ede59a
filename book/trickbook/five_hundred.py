"""Five Hundred's tables: the calls in order, the Avondale schedule, the other scores, the
deal's layout, the forms side by side, the options, and a whole game by the bots."""

from __future__ import annotations

from collections.abc import Sequence

from trickcore.engine.calls import Call, CallKind, Denomination, call_of
from trickcore.engine.match import Match
from trickcore.players.heuristic import HeuristicBot
from trickcore.rules import (
    AuctionRounds,
    BiddingKind,
    Partnership,
    Ruleset,
    WinRule,
    family_options,
)
from trickcore.rules.ladder import Rung
from trickcore.rules.registry import VARIANTS, get_variant

from trickbook.i18n import _, ngettext, source, title
from trickbook.parts import (
    PLAYER_NAMES,
    _and,
    _e,
    _field_docs,
    _table,
    _value_html,
)
from trickbook.render import html, macro, paragraph
from trickbook.words import (
    _DENOMINATION_SYMBOLS,
    _DENOMINATION_WORDS,
    _PACK_WORDS,
    _PARTNERSHIP_WORDS,
    _joker_rule_name,
    _sides_words,
    _win_words,
    call_text,
    players_text,
)

__all__ = [
    "FIVE_HUNDRED_OPTION_ORDER",
    "avondale_table",
    "deal_layout_table",
    "five_hundred_options_table",
    "forms_table",
    "game_table",
    "ladder_table",
    "special_scores_table",
]


#: The Five Hundred options in the order the book lists them: the pack and the players, every
#: option only Five Hundred uses (in the engine's order, :func:`trickcore.rules.family_options`),
#: then the target.
FIVE_HUNDRED_OPTION_ORDER: tuple[str, ...] = ("players", "deck",
                                              *family_options("five-hundred"), "target")


def _six_is_contract(ruleset: Ruleset) -> bool:
    return ruleset.ladder.rung("6S").contract


def _call_note(rung: Rung) -> str:
    """When and how a call is made, from its rung of the engine's ladder ("" for a plain
    trick contract)."""
    if rung.place is None:
        if rung.contract:
            return ""
        if rung.inkle:
            return _("an inkle: a signal to partner, never a contract; first two players only")
        return _("may open the bidding, but a seven is needed for a contract")
    return _("{what}; {where}; {when}").format(what=rung.meaning,
                                               where=rung.place.short_words(),
                                               when=rung.timing.words)


def ladder_table(ruleset: Ruleset) -> str:
    """Every call of the auction, lowest first, with its value, one row per number of tricks.

    Built from the engine's ladder (:attr:`trickcore.rules.Ruleset.ladder`), so the order
    shown is the order the engine enforces.  The special calls sit in the row of the calls
    they beat, and a second table says when they may be made.

    >>> html = ladder_table(get_variant("five-hundred"))
    >>> "27 contracts" in html, html.index("7NT") < html.index("misère") < html.index("8♠")
    (True, True)
    """
    ladder = ruleset.ladder
    rows: dict[int, list[str]] = {}
    notes = []
    for step, rung in enumerate(ladder.allowed, start=1):
        call = call_of(rung)
        rows.setdefault(rung.level, []).append(str(macro(
            "five_hundred.html", "ladder_call", step, call_text(call, ruleset),
            rung.place is not None, rung.value if rung.contract else None)))
        note = _call_note(rung)
        if note and (rung.place is not None or rung.denomination == 0):
            shown = call_text(call, ruleset) if rung.place is not None else _("six-level calls")
            notes.append([_e(shown), str(rung.value) if rung.contract else "—", _e(note)])
    words = {6: _("Six tricks"), 7: _("Seven tricks"), 8: _("Eight tricks"),
             9: _("Nine tricks"), 10: _("Ten tricks")}
    body = [[words[level], " ".join(items)] for level, items in sorted(rows.items())]
    caption = _("{name}: the calls in order, lowest first, with their values ({n} contracts)"
                ).format(name=title(ruleset), n=ladder.contracts)
    table = _table(caption, [_("Level"), _("Calls, from the lowest up")], body,
                   cls="tc-ladder")
    if notes:
        table += _table(_("{name}: the special calls").format(name=title(ruleset)),
                        [_("Call"), _("Value"), _("When and how")], notes, cls="tc-options")
    return table


def avondale_table(ruleset: Ruleset | None = None) -> str:
    """The Avondale schedule: the value of every trick contract, computed by the engine.

    >>> html = avondale_table()
    >>> "<td>40</td>" in html, "<td>520</td>" in html
    (True, True)
    """
    rules = ruleset if ruleset is not None else get_variant("five-hundred")
    head = [_("Tricks bid"), *(_(_DENOMINATION_WORDS[d]) if d is Denomination.NO_TRUMPS
                               else f"{_DENOMINATION_SYMBOLS[d]} {_(_DENOMINATION_WORDS[d])}"
                               for d in Denomination)]
    rows = []
    for tricks in range(6, 11):
        cells = [_("{n} tricks").format(n=tricks)]
        for d in Denomination:
            call = Call(CallKind.TRICKS, tricks, d)
            value = call.value(rules)
            cells.append(str(value) if tricks > 6 or _six_is_contract(rules)
                         else f"({value})")
        rows.append(cells)
    caption = _("The Avondale schedule: what each contract is worth")
    if not _six_is_contract(rules):
        caption += _(" (six-level calls are not contracts in this game)")
    return _table(caption, head, rows, cls="tc-scoring")


def special_scores_table(ruleset: Ruleset) -> str:
    """The rest of the scoring: special contracts, the slam, the defenders, the game.

    >>> html = special_scores_table(get_variant("five-hundred"))
    >>> "misère" in html and "250" in html and "10 for each trick" in html
    True
    """
    r = ruleset
    fail = (_("its value goes to the other side; nothing is subtracted")
            if r.failed_contract_to_opponents else _("the contractors lose its value"))
    each_trick = _("{n} for each trick they took").format(n=r.defender_trick_points)
    rows = [[_("a trick contract made"), _("its Avondale value (no more for extra tricks)"),
             each_trick],
            [_("a trick contract failed"), _e(fail), each_trick]]
    if r.slam_value:
        rows.append([_("all the tricks (a slam)"),
                     _("{slam} instead of the contract's value, when it is worth less").format(
                         slam=r.slam_value),
                     _("nothing (they took no trick)")])
    for rung in r.ladder.special:
        value = rung.value
        rows.append([_e(call_text(call_of(rung))), _("+{value} if made, −{value} if not")
                     .format(value=value)
                     if not r.failed_contract_to_opponents else
                     _("+{value} if made; if not, {value} to the other side")
                     .format(value=value),
                     _("nothing")])
    head = [_("Contract or result"), _("The contractors score"), _("The defenders score")]
    return _table(_("{name}: special contracts and other scores").format(name=title(r)), head,
                  rows, cls="tc-options")


def deal_layout_table(ruleset: Ruleset, players: int | None = None) -> str:
    """Where the cards go: the pack, hands, table piles, dead hand and kitty, and the sides.

    >>> html = deal_layout_table(get_variant("five-hundred-2"))
    >>> "5 piles" in html and "43 cards" in html
    True
    """
    r = ruleset
    n = players if players is not None else r.players[0]
    h = r.max_hand_size(n)
    kitty = r.kitty_size(n)
    rows = [[_("Players"), _("{n}: {sides}").format(n=n, sides=_e(_sides_words(r, n)))],
            [_("The pack"), _("{n} cards: {what}").format(n=r.deck_size,
                                                          what=_e(_(_PACK_WORDS[r.deck])))],
            [_("Each player's hand"), _("{n} cards").format(n=h)]]
    parts = [_("{n} hands of {h}").format(n=n, h=h)]
    if r.table_piles:
        rows.append([_("Each player's table"),
                     _("{n} piles of two cards, one face down under one face up").format(
                         n=r.table_piles)])
        parts.append(_("{n} × {m} table cards").format(n=n, m=2 * r.table_piles))
    if r.dead_hand:
        rows.append([_("Dead hand"), _("{n} cards dealt face down and never used").format(n=h)])
        parts.append(_("a dead hand of {n}").format(n=h))
    rows.append([_("The kitty"),
                 _("{n} cards face down; the contractor takes them and then discards {n}")
                 .format(n=kitty)])
    parts.append(_("a kitty of {n}").format(n=kitty))
    rows.append([_("Check"), _e(" + ".join(parts) + " = " + _("{n} cards").format(
        n=r.deck_size))])
    rows.append([_("First to call"), _("the non-dealer") if n == 2
                 else _("the player on the dealer's left")])
    rows.append([_("First to lead"), _("the contractor") if r.contractor_leads
                 else _("the player on the dealer's left")])
    rows.append([_("Game"), _e(_win_words(r))])
    return _table(_("{name}: the deal, with {n} players").format(name=title(r), n=n),
                  ["", _("Rule")], rows, cls="tc-options")


def forms_table(rulesets: Sequence[Ruleset] | None = None) -> str:
    """The forms of Five Hundred side by side, one column each, from the rulesets.

    Without ``rulesets``, every Five Hundred variant in the registry (the games that bid in
    an auction for a contract).

    >>> html = forms_table()
    >>> "Two-hand Five Hundred" in html and "Québec Five Hundred" in html
    True
    """
    chosen = (list(rulesets) if rulesets is not None
              else [r for r in VARIANTS.values() if r.bidding is BiddingKind.AUCTION])

    def misere(r: Ruleset) -> str:
        parts = [_("{call} {value} ({when})").format(call=call_text(call_of(rung)),
                                                     value=rung.value,
                                                     when=rung.timing.short_words)
                 for rung in r.ladder.special]
        return _("; ").join(parts) or _("none")

    features: list[tuple[str, list[str]]] = [
        (_("Players"), [players_text(r) for r in chosen]),
        (_("Pack"), [_("{n} cards").format(n=r.deck_size) for r in chosen]),
        (_("Each player"), [_("{n} in hand").format(n=r.max_hand_size(r.players[0]))
                            + (_(" + {n} table piles").format(n=r.table_piles)
                               if r.table_piles else "")
                            for r in chosen]),
        (_("Kitty"), [str(r.kitty_size(r.players[0])) for r in chosen]),
        (_("Sides"), [_("one against one") if r.players == (2,) else
                      _(_PARTNERSHIP_WORDS[r.partnership]) for r in chosen]),
        (_("Auction"), [_("one call each") if r.auction_rounds is AuctionRounds.SINGLE
                        else _("until all but one have passed") for r in chosen]),
        (_("Six-level calls"), [_("contracts") if _six_is_contract(r) else
                                _("inkles") if r.ladder.rung("6S").inkle
                                else _("not contracts") for r in chosen]),
        (_("Losing contracts"), [misere(r) for r in chosen]),
        (_("Joker at no trumps"), [_("{name}'s rule").format(name=_joker_rule_name(
            r.joker_rule)) for r in chosen]),
        (_("Failed contract"), [_("value to the other side")
                                if r.failed_contract_to_opponents
                                else _("half the value subtracted from each partner (all of it"
                                       " alone)")
                                if r.partnership is Partnership.CALLED and r.called_partner_half
                                else _("value subtracted") for r in chosen]),
        (_("Game"), [_win_words(r) for r in chosen]),
        (_("Source"), [source(r) for r in chosen]),
    ]
    head = ["", *(_e(title(r)) for r in chosen)]
    rows = [[_e(label), *(_e(v) for v in values)] for label, values in features]
    return _table(_("The forms of Five Hundred side by side"), head, rows, cls="tc-compare")


def five_hundred_options_table(ruleset: Ruleset, *, base: Ruleset | None = None,
                               only_changed: bool = False) -> str:
    """The Five Hundred options: this game's value, four-hand pagat's, and what each means.

    ``base`` is the game to compare with (the four-hand game by default); with
    ``only_changed`` only the options that differ from it are listed.

    >>> html = five_hundred_options_table(get_variant("five-hundred-2"), only_changed=True)
    >>> "table_piles" in html, "joker_rule" in html
    (True, False)
    """
    reference = base if base is not None else get_variant("five-hundred")
    docs = _field_docs()
    rows = []
    for name in FIVE_HUNDRED_OPTION_ORDER:
        value = getattr(ruleset, name)
        other = getattr(reference, name)
        if only_changed and value == other:
            continue
        mine = _value_html(value)
        if value != other:
            mine = str(macro("parts.html", "strong", html(mine)))
        rows.append([str(macro("parts.html", "code", name)), mine, _value_html(other),
                     _e(docs.get(name, ""))])
    caption = (_("{name}: the options that differ from {other}").format(
        name=title(ruleset), other=title(reference))
        if only_changed else _("{name}: every Five Hundred option").format(name=title(ruleset)))
    if ruleset == reference:
        rows = [[row[0], row[1], row[3]] for row in rows]
        return _table(caption, [_("Option"), _("Value"), _("What it means")], rows,
                      cls="tc-options")
    head = [_("Option"), _e(title(ruleset)), _e(title(reference)), _("What it means")]
    return _table(caption, head, rows, cls="tc-options")


def _match_sides(ruleset: Ruleset, players: int) -> list[tuple[int, ...]]:
    if ruleset.partnership is Partnership.ALTERNATE:
        return [tuple(range(0, players, 2)), tuple(range(1, players, 2))]
    if ruleset.partnership is Partnership.THREE_PAIRS:
        return [(0, 3), (1, 4), (2, 5)]
    return [(s,) for s in range(players)]


def game_table(rules: str | Ruleset, players: int, seed: int) -> str:
    """A whole game played by the bots from ``seed``: each deal's contract and the totals.

    >>> html = game_table("five-hundred", 4, seed=1)
    >>> "Ann and Cleo" in html and "win" in html
    True
    """
    ruleset = get_variant(rules) if isinstance(rules, str) else rules
    match = Match(ruleset, players, seed)
    match.play([HeuristicBot()] * players)
    sides = _match_sides(ruleset, players)
    rows = []
    totals = [0] * players
    for number, state in enumerate(match.deals):
        assert state.points is not None
        for seat, p in enumerate(state.points):
            totals[seat] += p
        if state.contract is None or state.contractor is None:
            contract, result = _("all passed"), ""
        else:
            contract = _("{call} by {player}").format(call=call_text(state.contract, ruleset),
                                                      player=PLAYER_NAMES[state.contractor])
            if state.partner is not None:
                contract += _(" with {player}").format(player=PLAYER_NAMES[state.partner])
            taken = sum(state.tricks_won[s] for s in state.contract_side)
            outcome = _("made") if state.made else _("failed")
            if state.contract.loses_tricks:
                result = outcome
            else:
                result = _("{result} ({n} tricks)").format(result=outcome, n=taken)
        rows.append([str(number + 1), PLAYER_NAMES[state.dealer], _e(contract), result,
                     *(str(totals[side[0]]) for side in sides)])
    head = [_("Deal"), _("Dealer"), _("Contract"), _("Result"),
            *(_e(_and([PLAYER_NAMES[s] for s in side])) for side in sides)]
    table = _table(_("{name}: a whole game by the bots, seed {seed} (running totals)").format(
        name=title(ruleset), seed=seed), head, rows, cls="tc-rest")
    return str(html(table) + paragraph(_game_end_words(ruleset, match, sides)))


def _game_end_words(ruleset: Ruleset, match: Match, sides: Sequence[tuple[int, ...]]) -> str:
    """Who won the game and why, in the terms of the ruleset's win rule."""
    totals = match.totals
    target = ruleset.target
    rule = ruleset.win_rule

    def side_names(side: Sequence[int]) -> str:
        return _and([PLAYER_NAMES[s] for s in side])

    last = match.deals[-1]
    deal = len(match.deals)
    winners = match.winners
    losers = [side for side in sides if totals[side[0]] <= -target
              or (rule is WinRule.WALKER_ULTIMATE and totals[side[0]] >= 2 * target)]
    lost = _("; ").join(
        ngettext("{names} reaches {total}, which loses", "{names} reach {total}, which loses",
                 len(side)).format(names=side_names(side), total=totals[side[0]])
        for side in losers)
    if not winners:
        return _("In deal {deal} {lost}. Every side has lost at once, so nobody wins: the"
                 " rules say nothing about this case, and the engine names no winner.").format(
                     deal=deal, lost=lost)
    names = side_names(winners)
    plural = len(winners)
    score = totals[winners[0]]
    by_contract = bool(last.made) and all(s in last.contract_side for s in winners)
    reached = (score == target if rule is WinRule.WALKER_ULTIMATE else score >= target)
    if by_contract and reached:
        if rule is WinRule.WALKER_ULTIMATE:
            text = ngettext("{names} wins by making their contract in deal {deal}, which takes"
                            " them to exactly {score}.",
                            "{names} win by making their contract in deal {deal}, which takes"
                            " them to exactly {score}.", plural)
        else:
            text = ngettext("{names} wins by making their contract in deal {deal}, which takes"
                            " them to {score}.",
                            "{names} win by making their contract in deal {deal}, which takes"
                            " them to {score}.", plural)
        return text.format(names=names, deal=deal, score=score)
    if losers:
        return ngettext("In deal {deal} {lost}, so {names} wins.",
                        "In deal {deal} {lost}, so {names} win.", plural).format(
                            deal=deal, lost=lost, names=names)
    if rule is WinRule.ANY and score >= target:
        return ngettext("{names} wins by reaching {score} in deal {deal}.",
                        "{names} win by reaching {score} in deal {deal}.", plural).format(
                            names=names, score=score, deal=deal)
    return ngettext("The game stops after {deal} deals, the most the engine plays; {names} wins.",
                    "The game stops after {deal} deals, the most the engine plays; {names} win.",
                    plural).format(deal=deal, names=names)
