"""The rules tables of a variant and the comparisons of all variants, built from the
registry, so that text and engine agree: deal schedule, scoring, options, the rules in words,
the variants side by side, points and game length by variant."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from trickcore.engine.scoring import exact_bid_points
from trickcore.engine.trumps import no_trump_deals
from trickcore.rules import (
    BiddingKind,
    GameEnd,
    MatchEnd,
    Partnership,
    Ruleset,
    option_names,
)
from trickcore.rules.describe import deal_extras, rule_lines, short_words
from trickcore.rules.registry import VARIANTS, get_variant

from trickbook.i18n import N_, _, source, title
from trickbook.parts import (
    _count,
    _e,
    _field_docs,
    _hand_sizes_text,
    _ordinal,
    _table,
    _value_html,
)
from trickbook.render import macro
from trickbook.words import (
    _bidding_words,
    _example_count,
    _sequence_summary,
    _win_words,
    players_text,
)

__all__ = [
    "comparison_table",
    "game_length_table",
    "options_table",
    "points_comparison_table",
    "registry_table",
    "rules_list",
    "schedule_table",
    "scoring_table",
]


def schedule_table(ruleset: Ruleset) -> str:
    """The deal schedule for every player count: hand sizes, deals, cards left, no-trump deals.

    >>> from trickcore.rules.registry import get_variant
    >>> "13th" in schedule_table(get_variant("oh-pshaw"))
    True
    """
    rows = []
    target = ruleset.game_end is GameEnd.TARGET
    for n in ruleset.players:
        sizes = ruleset.hand_sequence(n)
        removed = ruleset.removed(n)
        left = ruleset.live_cards(n) - n * max(sizes)
        if target:
            deals = _("until {target} points").format(target=ruleset.target)
            seq = _("{n} every deal").format(n=sizes[0])
            tricks = _("{n} a deal").format(n=sizes[0])
        else:
            deals = _count(len(sizes), "deal")
            seq = _hand_sizes_text(sizes)
            tricks = str(sum(sizes))
        no_trump = [k + 1 for k in no_trump_deals(ruleset, n)]
        if not no_trump:
            nt = _("none")
        elif len(no_trump) == len(sizes):
            nt = _("every deal")
        else:
            nt = ", ".join(_ordinal(d) for d in no_trump)
        rows.append([str(n), _e(seq), _e(deals), _e(tricks), str(removed), str(left), _e(nt)])
    head = [_("Players"), _("Cards each, deal by deal"), _("Deals"), _("Tricks"),
            _("Set aside"), _("Left over"), _("No-trump deals")]
    return _table(_("{name}: the deal schedule").format(name=title(ruleset)), head, rows,
                  cls="tc-schedule")


def scoring_table(ruleset: Ruleset, hand_size: int = 3) -> str:
    """Points for every bid and result in a deal of ``hand_size`` cards (exact bids shaded).

    >>> from trickcore.rules.registry import get_variant
    >>> table = scoring_table(get_variant("oh-hell"), hand_size=2)
    >>> table.count('class="tc-made"')
    3
    """
    if ruleset.bidding is BiddingKind.NONE:
        n_tricks = ruleset.max_hand_size(2)
        rows = []
        for mine in (13, 14, 17, 20, 26):
            other = n_tricks - mine
            rows.append([_("{mine} tricks to {other}").format(mine=mine, other=other),
                         str(mine - other), str(other - mine),
                         str((mine - other) * ruleset.stake_rate)])
        head = [_("Result"), _("Points for the winner"), _("Points for the loser"),
                _("Units paid")]
        return _table(_("{name}: what a deal is worth").format(name=title(ruleset)), head, rows,
                      cls="tc-scoring")
    head = [_("Bid"), *(_("took {n}").format(n=t) for t in range(hand_size + 1))]
    rows = []
    for bid in range(hand_size + 1):
        cells = [_("bid {n}").format(n=bid)]
        for took in range(hand_size + 1):
            points = exact_bid_points(ruleset, bid, took, hand_size)
            if took == bid:
                cells.append(str(macro("parts.html", "made", points)))
            else:
                cells.append(str(points))
        rows.append(cells)
    caption = _("{name}: points for one player in a {n}-card deal (exact bids highlighted)"
                ).format(name=title(ruleset), n=hand_size)
    return _table(caption, head, rows, cls="tc-scoring")


def options_table(ruleset: Ruleset, *, only_changed: bool = True) -> str:
    """The rules a variant sets, as engine options: name, value, the engine's default, meaning.

    With ``only_changed`` (the default) only the options whose value differs from the
    engine's default (the common rules of the Oh Hell family) are listed.

    >>> from trickcore.rules.registry import get_variant
    >>> "hook" in options_table(get_variant("contract-whist"))
    True
    """
    docs = _field_docs()
    defaults = {f.name: f.default for f in dataclasses.fields(Ruleset)}
    rows = []
    for name in option_names():
        value = getattr(ruleset, name)
        default = defaults.get(name, dataclasses.MISSING)
        changed = value != default
        if only_changed and not changed:
            continue
        shown_default = "" if default is dataclasses.MISSING else _value_html(default)
        rows.append([str(macro("parts.html", "code", name)), _value_html(value), shown_default,
                     _e(docs.get(name, ""))])
    head = [_("Option"), f"{title(ruleset)}", _("Engine default"), _("What it means")]
    return _table(_("{name}: the rules it sets, as engine options").format(name=title(ruleset)),
                  head, rows, cls="tc-options")


def rules_list(ruleset: Ruleset, players: int | None = None) -> str:
    """The engine's own statement of the rules (:func:`trickcore.rules.describe.rule_lines`) as a list.

    >>> from trickcore.rules.registry import get_variant
    >>> rules_list(get_variant("oh-pshaw"), 4).count("<li>") > 5
    True
    """
    return str(macro("parts.html", "rules_list", rule_lines(ruleset, players)[1:]))


def registry_table() -> str:
    """Every variant in the registry: name, players and the rule book it follows.

    >>> "Humbug" in registry_table()
    True
    """
    rows = [[_e(title(r)), players_text(r), _e(source(r))] for r in VARIANTS.values()]
    return _table(_("The variants the engine knows"),
                  [_("Variant"), _("Players"), _("Rules follow")], rows)


def comparison_table(keys: Sequence[str] | None = None) -> str:
    """Variants side by side, one column each, built from the registry.

    Without ``keys``, every variant in the registry, one table per family.

    >>> table = comparison_table()
    >>> all(v.name in table for v in VARIANTS.values())
    True
    """
    if keys is None:
        families: dict[str, list[str]] = {}
        for key, ruleset in VARIANTS.items():
            families.setdefault(ruleset.family, []).append(key)
        return "".join(comparison_table(group) for group in families.values())
    chosen = [get_variant(k) for k in keys]
    family = _family_name(chosen[0].family) if len({r.family for r in chosen}) == 1 else ""
    caption = (_("The {family} family side by side").format(family=family) if family
               else _("The variants side by side"))
    features: list[tuple[str, list[str]]] = [
        *([(_("Family"), [_family_name(r.family) for r in chosen])] if not family else []),
        (_("Players"), [players_text(r) for r in chosen]),
        (_("Cards set aside"), [", ".join(_("{cards} with {n}").format(cards=c, n=n)
                                          for n, c in r.cards_removed) or _("none")
                                for r in chosen]),
        (_("Hand sizes"), [short_words(r, "schedule") for r in chosen]),
        (_("Deals"), [_deals_words(r) for r in chosen]),
        (_("First dealer"), [short_words(r, "first_dealer") for r in chosen]),
        (_("Trumps"), [_("named in the contract, or no trumps") if r.bids_a_contract
                       else short_words(r, "trump_method") for r in chosen]),
        (_("Bidding"), [_bidding_words(r) for r in chosen]),
        (_("Scoring"), [_five_hundred_scoring(r) if r.bids_a_contract
                        else short_words(r, "scoring")
                        for r in chosen]),
        (_("Game ends"), [_win_words(r) if r.match_end is MatchEnd.WIN_RULE
                          else _("at {target} points").format(target=r.target)
                          if r.game_end is GameEnd.TARGET
                          else _("after the last deal") for r in chosen]),
        (_("Stakes"), [short_words(r, "stakes") for r in chosen]),
        (_("Source"), [source(r) for r in chosen]),
    ]
    head = ["", *(_e(title(r)) for r in chosen)]
    rows = [[_e(label), *(_e(v) for v in values)] for label, values in features]
    return _table(caption, head, rows, cls="tc-compare")


def _deals_words(r: Ruleset) -> str:
    """The deals of a game at the usual table, and what a deal gives out besides the hands
    (two-hand Five Hundred's table piles), as the rules text says it.

    >>> from trickcore.rules.registry import get_variant
    >>> _deals_words(get_variant("five-hundred-2"))
    '2 players: 10 cards every deal, until someone reaches 500; 5 table piles each (a face-down card under a face-up one)'
    """
    n = _example_count(r)
    text = _("{n} players: {deals}").format(n=n, deals=_sequence_summary(r, n))
    for extra in deal_extras(r):
        text = _("{deals}; {extra}").format(deals=text, extra=extra)
    return text


def _five_hundred_scoring(r: Ruleset) -> str:
    """Five Hundred's scoring in a few words: what a made and a failed contract do, and who."""
    made = short_words(r, "scoring")
    if r.failed_contract_to_opponents:
        failed = _("a failed contract's value goes to the opponents")
    else:
        failed = _("a failed contract loses its value")
    if r.partnership is Partnership.CALLED and r.called_partner_half:
        failed += _("; a called partner and the contractor each win or lose half")
    return _("{made}; {failed}").format(made=made, failed=failed)


def points_comparison_table(keys: Sequence[str] | None = None, hand_size: int = 5) -> str:
    """A few results scored by every variant that has bidding, for a deal of ``hand_size``.

    >>> "Contract Whist" in points_comparison_table()
    True
    """
    chosen = [get_variant(k) for k in keys] if keys is not None else list(VARIANTS.values())
    chosen = [r for r in chosen if r.bidding is BiddingKind.EXACT]
    cases = [(2, 2), (2, 3), (2, 1), (0, 0), (0, 1), (hand_size, hand_size)]
    head = [_("Result"), *(_e(title(r)) for r in chosen)]
    rows = []
    for bid, took in cases:
        label = _("bid {bid}, took {took}").format(bid=bid, took=took)
        rows.append([label, *(str(exact_bid_points(r, bid, took, hand_size)) for r in chosen)])
    caption = _("Points for one player in a {n}-card deal, by variant").format(n=hand_size)
    return _table(caption, head, rows, cls="tc-compare")


def game_length_table(keys: Sequence[str] | None = None, counts: Sequence[int] = range(2, 9),
                      ) -> str:
    """Deals and tricks in a whole game, for each variant and number of players.

    >>> "19 deals, 109 tricks" in game_length_table(["oh-hell"])
    True
    """
    chosen = [get_variant(k) for k in keys] if keys is not None else list(VARIANTS.values())
    rows = []
    for r in chosen:
        cells = [_e(title(r))]
        for n in counts:
            if n not in r.players:
                cells.append("")
            elif r.game_end is GameEnd.TARGET:
                cells.append(_("to {target} points").format(target=r.target))
            else:
                sizes = r.hand_sequence(n)
                cells.append(_("{deals}, {n} tricks").format(deals=_count(len(sizes), "deal"),
                                                            n=sum(sizes)))
        rows.append(cells)
    head = [_("Variant"), *(_("{n} players").format(n=n) for n in counts)]
    return _table(_("Game length by number of players"), head, rows, cls="tc-compare")


#: The families' names, for the catalogue (a family key reads ``oh-hell``: Oh Hell).
_FAMILY_NAMES = (N_("Oh Hell"), N_("Humbug"), N_("Five Hundred"))


def _family_name(family: str) -> str:
    """A family's name as the book writes it (``oh-hell``: Oh Hell), in the reader's language."""
    return _(family.replace("-", " ").title())
