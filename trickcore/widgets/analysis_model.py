"""The live analyses of "The numbers" as plain-Python models (no ipywidgets).

Each model holds a reader's choices, computes its answer with the pure-Python study functions
(seeded, a modest sample, so that it comes in a second or two in the browser edition) and draws
its figure as SVG text with the figure functions of :mod:`trickcore.plotting`, on matplotlib when
it is installed and on the pure-Python SVG backend when not (in Pyodide).

* :class:`BidChances`: the chance to make each bid with a hand you pick (hand size, trumps,
  aces, seat), from Oh Hell deals played by the heuristic bots;
* :class:`HookEffect`: how often the hook forbids the dealer a bid, by hand size, for the
  number of players you pick.

>>> model = BidChances(hand_size=3, trumps=1, deals=40)
>>> sum(e.hits for e in model.took().values()) == len(model.matching())
True
>>> "<svg" in model.svg(backend="svg")
True
"""

from __future__ import annotations

from fractions import Fraction

from trickcore.errors import TrickcoreError
from trickcore.i18n import N_
from trickcore.plotting.backend import Backend, subplots, to_svg
from trickcore.plotting.bids import bid_chances
from trickcore.plotting.hook import hook_binding
from trickcore.study.bids import SeatDeal, make_rates, oh_hell_deals
from trickcore.study.hook import HookSummary, hook_active_random, hook_study, hook_summary
from trickcore.study.stats import Estimate, proportion
from trickcore.widgets.ui_words import percent, ui, whole

__all__ = ["BidChances", "HookEffect", "position_name"]

#: The hand sizes and player counts the live analyses offer.
HAND_SIZES = (3, 4, 5, 6, 7)
HOOK_PLAYERS = (3, 4, 5, 6)
HOOK_HAND_SIZES = range(1, 8)
_ORDINALS = (N_("first to bid"), N_("second to bid"), N_("third to bid"), N_("fourth to bid"),
             N_("fifth to bid"), N_("sixth to bid"))
_ = ui.gettext
ngettext = ui.ngettext


def position_name(position: int, players: int) -> str:
    """A seat counted from eldest, in words.

    >>> [position_name(p, 4) for p in range(4)]
    ['eldest (bids first)', 'second to bid', 'third to bid', 'the dealer (bids last, hooked)']
    """
    if position == players - 1:
        return _("the dealer (bids last, hooked)")
    if position == 0:
        return _("eldest (bids first)")
    return _(_ORDINALS[position])


def _share(key: int, share: float) -> str:
    """``3: 25%`` in an alt text (French ``3 : 25 %``)."""
    return _("{key}: {share}").format(key=key, share=percent(share))


def _hands(n: int) -> str:
    return ngettext("{count} hand", "{count} hands", n).format(count=whole(n))


class BidChances:
    """The chance to make each bid with one kind of hand, in pagat's Oh Hell for four players.

    ``deals`` seeded deals of each hand size are played once by the heuristic bot in every seat
    (kept for the next question); the hands that match the reader's choice (``trumps`` held,
    ``aces`` held or ``None`` for any, ``position`` from eldest or ``None`` for any) give, for
    each k, the share that took exactly k tricks and how often those that bid k made it.
    """

    players = 4

    def __init__(self, hand_size: int = 5, trumps: int = 1, aces: int | None = None,
                 position: int | None = None, *, deals: int = 150, seed: int = 1) -> None:
        self.deals, self.seed = deals, seed
        self._rows: dict[int, list[SeatDeal]] = {}
        self.hand_size, self.trumps = 5, 0
        self.aces: int | None = None
        self.position: int | None = None
        self.choose(hand_size=hand_size, trumps=trumps, aces=aces, position=position)

    def choose(self, *, hand_size: int, trumps: int, aces: int | None,
               position: int | None) -> None:
        """Ask about another kind of hand; a choice that cannot be held is refused and the
        model is unchanged.

        >>> BidChances(hand_size=3, deals=4).choose(hand_size=3, trumps=4, aces=None,
        ...                                         position=None)
        Traceback (most recent call last):
        trickcore.errors.TrickcoreError: a 3-card hand cannot hold 4 trumps
        """
        if hand_size not in HAND_SIZES:
            raise TrickcoreError(_("the live analysis offers hands of {low} to {high} cards,"
                                   " not {size}").format(low=HAND_SIZES[0], high=HAND_SIZES[-1],
                                                         size=hand_size))
        if not 0 <= trumps <= hand_size:
            raise TrickcoreError(_("a {size}-card hand cannot hold {count} trumps").format(
                size=hand_size, count=trumps))
        if aces is not None and not 0 <= aces <= min(4, hand_size):
            raise TrickcoreError(_("a {size}-card hand cannot hold {count} aces").format(
                size=hand_size, count=aces))
        if position is not None and not 0 <= position < self.players:
            raise TrickcoreError(_("there is no seat {seat} among {players} players").format(
                seat=position, players=self.players))
        self.hand_size, self.trumps, self.aces, self.position = hand_size, trumps, aces, position

    def new_deals(self) -> None:
        """Ask the same question of other deals (the next seed): how much the answer moves
        shows how much of it is chance.

        >>> model = BidChances(hand_size=3, deals=10, seed=4)
        >>> model.new_deals(); model.seed
        5
        """
        self.seed += 1
        self._rows.clear()

    def rows(self) -> list[SeatDeal]:
        """Every seat of every deal of the chosen hand size (played once, then kept)."""
        h = self.hand_size
        if h not in self._rows:
            self._rows[h] = oh_hell_deals(h, players=self.players, deals=self.deals,
                                          seed=self.seed)
        return self._rows[h]

    def matching(self) -> list[SeatDeal]:
        """The hands that fit the choice."""
        return [r for r in self.rows() if r.trumps == self.trumps
                and (self.aces is None or r.aces == self.aces)
                and (self.position is None or r.position == self.position)]

    def took(self) -> dict[int, Estimate]:
        """For each k from 0 to the hand size, the share of matching hands that took k tricks
        (empty when no hand matches)."""
        rows = self.matching()
        if not rows:
            return {}
        return {k: proportion(sum(r.tricks == k for r in rows), len(rows))
                for k in range(self.hand_size + 1)}

    def made(self) -> dict[int, Estimate]:
        """For each bid the matching hands made, how often it was made."""
        return make_rates(self.matching())

    def hand(self) -> str:
        """The kind of hand asked about, in words."""
        parts = [ngettext("{size}-card hands with {count} trump",
                          "{size}-card hands with {count} trumps", self.trumps).format(
            size=self.hand_size, count=whole(self.trumps))]
        if self.aces is not None:
            parts.append(ngettext("{count} ace (trumps included)",
                                  "{count} aces (trumps included)", self.aces).format(
                count=whole(self.aces)))
        if self.position is not None:
            parts.append(_("seated {position}").format(
                position=position_name(self.position, self.players)))
        return ", ".join(parts)

    def sentence(self) -> str:
        """The answer in one or two sentences."""
        took = self.took()
        if not took:
            return _("No hand like that came up in {deals} deals of {size} cards: try fewer"
                     " conditions.").format(deals=whole(self.deals), size=self.hand_size)
        best = max(took, key=lambda k: took[k].probability)
        e = took[best]
        n = len(self.matching())
        return _("Of {hands} like that ({hand}), the most common result was {tricks}: {share}"
                 " of them (95% interval {low} to {high}). A bid of {best} is the likeliest to"
                 " be made.").format(
            hands=_hands(n), hand=self.hand(),
            tricks=ngettext("{count} trick", "{count} tricks", best).format(count=whole(best)),
            share=percent(e.probability), low=percent(e.low), high=percent(e.high), best=best)

    def alt(self) -> str:
        """The figure's alt text: what it shows and its numbers."""
        took = self.took()
        shares = "; ".join(_share(k, e.probability) for k, e in took.items())
        return _("Bar chart for {hand} ({hands}): the share that took each number of tricks,"
                 " {shares}.").format(hand=self.hand(), hands=_hands(len(self.matching())),
                                      shares=shares or _("no hands"))

    def svg(self, *, backend: Backend | None = None) -> str:
        """The figure as SVG text."""
        fig, ax = subplots(480, 300, alt=self.alt(), name="tc-bid-chances",
                                        backend=backend)
        took = self.took()
        if took:
            bid_chances(took, self.made(), ax=ax)
        ax.set_title(_("{hand}: tricks taken").format(hand=self.hand()))
        return to_svg(fig)


class HookEffect:
    """How often the hook forbids the dealer a bid, by hand size, with the heuristic bots
    (``deals`` seeded deals a hand size, each played hook on and hook off) and exactly for
    random bids, for ``players`` players.

    >>> model = HookEffect(players=3, deals=6)
    >>> sorted(model.summary()) == list(HOOK_HAND_SIZES)
    True
    """

    def __init__(self, players: int = 4, *, deals: int = 30, seed: int = 1) -> None:
        self.deals, self.seed = deals, seed
        self._summaries: dict[int, dict[int, HookSummary]] = {}
        self.players = 4
        self.choose(players=players)

    def choose(self, *, players: int) -> None:
        """Ask about another number of players (refused, unchanged, if not offered)."""
        if players not in HOOK_PLAYERS:
            raise TrickcoreError(_("the live analysis offers {low} to {high} players, not"
                                   " {players}").format(low=HOOK_PLAYERS[0],
                                                        high=HOOK_PLAYERS[-1], players=players))
        self.players = players

    def new_deals(self) -> None:
        """Ask the same question of other deals (the next seed)."""
        self.seed += 1
        self._summaries.clear()

    def summary(self) -> dict[int, HookSummary]:
        """The hook at each hand size for the chosen players (played once, then kept)."""
        p = self.players
        if p not in self._summaries:
            self._summaries[p] = hook_summary(hook_study(HOOK_HAND_SIZES, players=p,
                                                         deals=self.deals, seed=self.seed))
        return self._summaries[p]

    def random(self) -> dict[int, Fraction]:
        """The exact chance that the hook forbids a bid when the others bid at random."""
        return {h: hook_active_random(h, self.players) for h in HOOK_HAND_SIZES}

    def sentence(self) -> str:
        """The answer in one or two sentences."""
        s = self.summary()
        one, top = s[HOOK_HAND_SIZES[0]], s[HOOK_HAND_SIZES[-1]]
        return _("With {players} players the hook forbade the heuristic dealer a bid in {one}"
                 " of 1-card deals and {top} of {size}-card deals; it forbade the very bid the"
                 " dealer wanted in {one_wanted} and {top_wanted} of them ({deals} deals a hand"
                 " size).").format(
            players=self.players, one=percent(one.active.probability),
            top=percent(top.active.probability), size=HOOK_HAND_SIZES[-1],
            one_wanted=percent(one.binds.probability), top_wanted=percent(top.binds.probability),
            deals=self.deals)

    def alt(self) -> str:
        """The figure's alt text: what it shows and its numbers."""
        s = self.summary()
        active = ", ".join(_share(h, s[h].active.probability) for h in s)
        binds = ", ".join(_share(h, s[h].binds.probability) for h in s)
        return _("Line chart, {players} players, by cards in each hand: the share of deals where"
                 " the hook forbids the dealer a bid ({active}), and where it forbids the bid the"
                 " dealer wanted ({binds}), beside the exact share for random bids.").format(
            players=self.players, active=active, binds=binds)

    def svg(self, *, backend: Backend | None = None) -> str:
        """The figure as SVG text."""
        fig, ax = subplots(480, 300, alt=self.alt(), name="tc-hook-effect",
                                        backend=backend)
        hook_binding(self.summary(), self.random(), ax=ax)
        ax.set_title(_("The hook with {players} players").format(players=self.players))
        return to_svg(fig)
