"""The deal demo: any variant dealt from a seed, its schedule, and a deal code to share."""

from __future__ import annotations

import html
import random
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from trickcore.display import shown
from trickcore.engine.state import HandState
from trickcore.errors import TrickcoreError
from trickcore.rules import GameEnd, Ruleset
from trickcore.rules.registry import VARIANTS, get_variant
from trickcore.widgets.controls import (
    MAX_SEED,
    REFUSAL_LONGEST,
    html_box,
    labelled_button,
    labelled_toggle,
    message,
    players_for,
)
from trickcore.widgets.demo_model import DealSetup
from trickcore.widgets.hand_html import deal_html, schedule_html
from trickcore.widgets.ui_words import ui

__all__ = ["DealDemo", "deal_demo"]

_ = ui.gettext


class DealDemo(widgets.VBox):  # type: ignore[misc]
    """Deal any variant: the hands as cards, trumps, the kitty, the schedule and a deal code.

    Child widgets worth driving: ``variant``, ``players``, ``seed``, ``deal_number`` (controls);
    ``new_seed_button``; ``four_colour`` and ``reveal_kitty`` (toggles); ``code_input`` (type a
    deal code and press Enter) and ``load_button``; ``code_html``, ``hands_html``, ``schedule_html`` and
    ``message_html`` (what is shown).  ``setup`` is the current :class:`DealSetup`, ``state``
    the dealt :class:`~trickcore.engine.state.HandState`.
    """

    def __init__(self, setup: DealSetup) -> None:
        self._busy = False
        self.setup = setup
        self.state: HandState = setup.state
        self.variant = widgets.Dropdown(
            options=[(r.title, key) for key, r in VARIANTS.items()],
            value=setup.variant,
            description=_("Variant"),
            tooltip=_("The game to deal"),
        )
        self.players = widgets.Dropdown(
            options=self._player_options(setup.ruleset),
            value=setup.players,
            description=_("Players"),
            tooltip=_("How many players"),
        )
        self.seed = widgets.BoundedIntText(
            value=setup.seed, min=0, max=MAX_SEED, description=_("Seed"),
            tooltip=_("The shuffle's seed")
        )
        self.deal_number = widgets.BoundedIntText(
            value=setup.deal,
            min=1,
            max=setup.max_deal(),
            description=_("Deal no."),
            tooltip=_("Which deal of the match"),
        )
        self.new_seed_button = labelled_button(
            _("New shuffle"), _("Pick a new random seed and deal again")
        )
        self.four_colour = labelled_toggle(
            _("Four-colour suits"), _("Spades black, hearts red, diamonds blue, clubs green")
        )
        self.reveal_kitty = labelled_toggle(_("Reveal kitty"), _("Turn the face-down kitty up"))
        self.code_html = html_box()
        self.code_input = widgets.Text(
            placeholder=_("e.g. {code}").format(code=setup.code),
            description=_("Deal code"),
            tooltip=_("Type or paste a deal code, then press Enter to deal it"),
            continuous_update=False,
        )
        self.load_button = labelled_button(_("Load code"), _("Deal the cards this deal code names"))
        self.message_html = html_box()
        self.hands_html = html_box()
        self.schedule_html = html_box()
        for control in (self.variant, self.players, self.seed, self.deal_number):
            control.observe(self._on_control, names="value")
        self.four_colour.observe(self._on_display, names="value")
        self.reveal_kitty.observe(self._on_display, names="value")
        self.new_seed_button.on_click(self._on_new_seed)
        self.load_button.on_click(self._on_load)
        # Enter (or leaving the field) sends the code: with continuous_update off, the value
        # changes only then, not at each key.
        self.code_input.observe(self._on_code, names="value")
        controls = widgets.HBox([self.variant, self.players])
        numbers = widgets.HBox([self.seed, self.deal_number, self.new_seed_button])
        toggles = widgets.HBox([self.four_colour, self.reveal_kitty])
        paste = widgets.HBox([self.code_input, self.load_button])
        super().__init__(
            [
                controls,
                numbers,
                toggles,
                self.code_html,
                paste,
                self.message_html,
                self.hands_html,
                self.schedule_html,
            ]
        )
        self._draw()

    @staticmethod
    def _player_options(ruleset: Ruleset) -> list[int]:
        return list(ruleset.players)

    def _on_control(self, _change: dict[str, Any]) -> None:
        if self._busy:
            return
        self._busy = True
        try:
            variant = self.variant.value
            ruleset = get_variant(variant)  # the control is an edge: resolved here, once
            counts = self._player_options(ruleset)
            if list(self.players.options) != counts:
                keep = (
                    self.players.value
                    if self.players.value in counts
                    else (4 if 4 in counts else counts[0])
                )
                self.players.options = counts
                self.players.value = keep
            probe = DealSetup.of(ruleset, self.players.value, int(self.seed.value), 1)
            self.deal_number.max = probe.max_deal()
            deal = min(int(self.deal_number.value), probe.max_deal())
            self.deal_number.value = deal
            self._show(probe.at(deal))
        finally:
            self._busy = False

    def _on_display(self, _change: dict[str, Any]) -> None:
        self._draw()

    def _on_new_seed(self, _button: Any) -> None:
        self.seed.value = random.randrange(1, 100_000)

    def _on_code(self, change: dict[str, Any]) -> None:
        if change["new"].strip():
            self._on_load(self.code_input)

    def _on_load(self, _widget: Any) -> None:
        text = self.code_input.value.strip()
        try:
            setup = DealSetup.from_code(text)
        except TrickcoreError as error:  # the refusal repeats the text: shown as text only
            self.message_html.value = message(shown(error, REFUSAL_LONGEST), error=True)
            return
        self._busy = True
        try:
            self.variant.value = setup.variant
            self.players.options = self._player_options(setup.ruleset)
            self.players.value = setup.players
            self.seed.value = setup.seed
            self.deal_number.max = setup.max_deal()
            self.deal_number.value = setup.deal
        finally:
            self._busy = False
        self._show(setup)
        self.message_html.value = message(
            _("Loaded deal code {code}.").format(code=f"<code>{html.escape(setup.code)}</code>"))

    def _show(self, setup: DealSetup) -> None:
        self.setup = setup
        self.state = setup.state
        self.message_html.value = ""
        self._draw()

    def _draw(self) -> None:
        setup, state = self.setup, self.state
        four = bool(self.four_colour.value)
        self.reveal_kitty.layout.display = None if state.kitty else "none"
        self.code_input.placeholder = _("e.g. {code}").format(code=setup.code)
        code = html.escape(setup.code)
        self.code_html.value = "<p>" + _(
            "Deal code: {code} — anyone who loads this code gets these cards.").format(
            code='<code style="font-size:1.2em;user-select:all"'
                 f' data-deal-code="{code}">{code}</code>') + "</p>"
        self.hands_html.value = deal_html(
            state, four_colour=four, reveal_kitty=bool(self.reveal_kitty.value)
        )
        ruleset = setup.ruleset
        note = ""
        if ruleset.game_end is GameEnd.TARGET:
            note = _("The deals go on in this pattern until a score reaches {target}"
                     " (at most {count} deals).").format(target=ruleset.target,
                                                         count=ruleset.max_deals)
        self.schedule_html.value = schedule_html(setup.schedule(), setup.deal, repeats=note)


def deal_demo(
    variant: str = "oh-hell", players: int | None = None, seed: int = 1, deal: int = 1,
    *, code: str | None = None,
) -> DealDemo:
    """A deal demo: choose the variant, players, seed and deal; see the cards and the code.

    ``code`` (a deal code) overrides ``variant``, ``players``, ``seed`` and ``deal``.

    >>> demo = deal_demo("oh-hell", players=4, seed=2718)
    >>> demo.setup.code, "aria-label" in demo.hands_html.value
    ('oh-hell-4-2718', True)
    >>> deal_demo(code="humbug-2-5").setup.code
    'humbug-2-5'
    """
    if code is not None:
        return DealDemo(DealSetup.from_code(code))
    ruleset = get_variant(variant)
    return DealDemo(DealSetup.of(ruleset, players_for(ruleset, players), seed, deal))
