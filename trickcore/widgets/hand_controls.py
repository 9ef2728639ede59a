"""The controls of the hand demos: what the reader may do now, phase by phase, and the handlers.

Each phase of a deal draws its own controls: bid buttons (Oh Hell), the call ladder (Five
Hundred), discard toggles for the kitty, the partner call, the joker's suit, and the card
buttons.  Which are enabled, and the reason shown on a disabled one, come from the engine
through the :class:`~trickcore.widgets.demo_model.HandSession`; a click goes back to it.  The
buttons are kept in pools (one per kind, keyed by the bid, call or card), so a redraw reuses
them.

:class:`HandControls` is a part of :class:`~trickcore.widgets.hand_view.HandDemo`, which makes
the widgets named below and redraws (``refresh``) after every action.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from functools import partial
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from trickcore.cards import Card, Rank, Suit
from trickcore.display import seat_label, shown
from trickcore.engine.calls import Call, CallKind
from trickcore.engine.events import Phase
from trickcore.engine.state import HandState
from trickcore.widgets.controls import (
    REFUSAL_LONGEST,
    labelled_button,
    message,
    row_label,
)
from trickcore.widgets.demo_model import BidOption, HandSession
from trickcore.widgets.hand_html import call_label, call_words, card_label, suit_colour
from trickcore.widgets.hand_layout import bid_row, by_suit
from trickcore.widgets.table_css import CALL_STYLE, face_class, faces_style
from trickcore.widgets.ui_words import suit_one, suit_words, ui

__all__ = ["HandControls"]

_ = ui.gettext
ngettext = ui.ngettext


class HandControls:
    """The reader's controls for the phase the deal is in, drawn into ``actions``."""

    # Made by HandDemo.__init__: the session, the shown HTML boxes and the fixed controls.
    session: HandSession
    stop_at_play: bool
    actions: Any
    prompt_html: Any
    hook_html: Any
    why_html: Any
    message_html: Any
    hint_html: Any
    hand_style: Any
    four_colour: Any
    discard_button: Any
    partner_dropdown: Any
    partner_button: Any
    bid_buttons: dict[int, Any]
    call_buttons: dict[str, Any]
    discard_toggles: dict[str, Any]
    card_buttons: dict[str, Any]
    joker_buttons: dict[str, Any]
    lead_suit_buttons: dict[str, Any]
    _pending_joker: Card | None
    _discard_rows: tuple[Any, Any] | None
    _busy: bool
    _card_reasons: dict[str, str]
    _suit_breaks: dict[int, Any]
    reviewing: int | None

    @property
    def state(self) -> HandState:
        """The engine state of the deal being played."""
        return self.session.state

    @property
    def _four(self) -> bool:
        return bool(self.four_colour.value)

    def refresh(self) -> None:
        """Redraw everything from the session (HandDemo)."""
        raise NotImplementedError

    # Drawing ---------------------------------------------------------------------------

    def _draw_bidding(self) -> None:
        options = self.session.bid_options()
        if self.state.auction:
            self._draw_auction(options)
            return
        self.prompt_html.value = "<p>" + ngettext(
            "<b>Your bid:</b> how many of the {count} trick will you take exactly?",
            "<b>Your bid:</b> how many of the {count} tricks will you take exactly?",
            self.state.hand_size).format(count=self.state.hand_size) + "</p>"
        row = []
        for option in options:
            assert isinstance(option.bid, int)
            button = self._pooled(
                self.bid_buttons,
                option.bid,
                partial(labelled_button, str(option.bid), "", layout=widgets.Layout(width="3em")),
                partial(self._act, option.bid),
            )
            self._set_option(button, option)
            row.append(button)
        self.actions.children = [bid_row(row), *self._idle_hand()]
        sentence = self.session.hook_sentence()
        if sentence:
            self.hook_html.value = (
                f'<p role="note" style="border-left:4px solid #b36b00;'
                f'padding-left:.5em">{sentence}</p>'
            )

    def _draw_auction(self, options: list[BidOption]) -> None:
        state = self.state
        high = state.high
        current = (
            _("no call yet") if high is None
            else _("<b>{call}</b> by {name}").format(
                call=call_label(high[1]), name=seat_label(high[0], self.session.seat,
                                                          capital=False))
        )
        self.prompt_html.value = CALL_STYLE + "<p>" + _(
            "<b>Your call.</b> The call to beat: {current}. Tap a greyed call to see why it"
            " is not allowed.").format(current=current) + "</p>"
        # The ladder as a grid: one row per level, one column per denomination in the game's
        # order; pass and each special call on a row of their own below it.
        columns: list[object] = []
        levels: dict[int, dict[object, Any]] = {}
        others: list[Any] = []
        for option in options:
            call = option.bid
            assert isinstance(call, Call)
            button = self._pooled(
                self.call_buttons,
                str(call),
                partial(labelled_button, call_label(call), "",
                        layout=widgets.Layout(width="auto", min_width="44px",
                                              min_height="44px", height="auto")),
                partial(self._on_call, call),
            )
            button.add_class("tt-call-button")
            suit = call.trump
            button.style.text_color = (
                suit_colour(Card.of(Rank.ACE, suit), self._four) if suit is not None else "#1a1a1a"
            )
            button.style.font_weight = "bold"
            self._set_option(button, option)
            if high is not None and call == high[1]:
                button.add_class("tt-call-high")
            else:
                button.remove_class("tt-call-high")
            if call.kind is CallKind.TRICKS:
                if call.denomination not in columns:
                    columns.append(call.denomination)
                levels.setdefault(call.tricks, {})[call.denomination] = button
            else:
                others.append(button)
        cells: list[Any] = []
        for level in sorted(levels):
            for denomination in columns:
                cells.append(levels[level].get(denomination) or widgets.Box())
        grid = widgets.GridBox(cells, layout=widgets.Layout(
            grid_template_columns=f"repeat({max(len(columns), 1)}, minmax(44px, 1fr))",
            grid_gap="4px", width="100%", max_width="24em"))
        grid.add_class("tt-call-grid")
        children = [grid] if cells else []
        if others:
            row = bid_row(others)
            row.add_class("tt-call-others")
            children.append(row)
        self.actions.children = [*children, *self._idle_hand()]

    def _on_call(self, call: Call) -> None:
        """A call tapped: made when allowed; a refused one says why and changes nothing."""
        button = self.call_buttons.get(str(call))
        if button is not None and "tt-unplayable" in button._dom_classes:
            reason = next((o.reason for o in self.session.bid_options() if o.bid == call), "")
            self.message_html.value = message(_("{call}, not allowed now. {reason}").format(
                call=call_words(call), reason=reason), error=True)
            return
        self._act(call)

    def _set_option(self, button: Any, option: BidOption) -> None:
        words = call_words(option.bid)
        if option.legal:
            value = ""
            if isinstance(option.bid, Call) and not option.bid.is_pass:
                value = _(" (worth {points} points)").format(
                    points=option.bid.value(self.state.ruleset))
            said = _("Call {call}") if isinstance(option.bid, Call) else _("Bid {call}")
            button.tooltip = said.format(call=words) + value
            button.disabled = False
        else:
            button.tooltip = _("{call}, not allowed now. {reason}").format(
                call=words, reason=option.reason)
            button.disabled = not isinstance(option.bid, Call)
        if isinstance(option.bid, Call):
            # A refused call stays tappable (a finger cannot hover): it says why, in the
            # message line, and changes nothing.
            if option.legal:
                button.remove_class("tt-unplayable")
            else:
                button.add_class("tt-unplayable")
        button.button_style = ""

    def _draw_discard(self) -> None:
        session, state = self.session, self.state
        need = state.discard_count
        kitty = set(state.kitty)
        toggles = []
        for card in sorted(session.discard_choices(), key=self._hand_key):
            toggle = self._pooled(
                self.discard_toggles,
                card.code,
                partial(widgets.ToggleButton, description=card.symbol, layout=widgets.Layout()),
                None,
            )
            toggle.disabled = False
            toggle.tooltip = _("Discard {card}").format(card=card_label(card, article=True)) + (
                _(" (from the kitty)") if card in kitty else ""
            ) + (_(" (chosen)") if toggle.value else "")
            for name in ("tt-card-button", face_class(card)):
                toggle.add_class(name)
            (toggle.add_class if card in kitty else toggle.remove_class)("tt-from-kitty")
            toggles.append(toggle)
        chosen = self._chosen_discards()
        self.discard_button.disabled = len(chosen) != need
        self.discard_button.tooltip = (
            ngettext("Discard {count} card ({chosen} chosen)",
                     "Discard {count} cards ({chosen} chosen)", need).format(
                count=need, chosen=len(chosen))
            if len(chosen) != need
            else _("Discard the chosen cards face down")
        )
        self.prompt_html.value = "<p>" + ngettext(
            "<b>You take the kitty</b> (its cards carry an orange dot). Tap {count} card to"
            " discard face down: {chosen} chosen.",
            "<b>You take the kitty</b> (its cards carry an orange dot). Tap {count} cards to"
            " discard face down: {chosen} chosen.", need).format(count=need, chosen=len(chosen)) + "</p>"
        # The same rows every time: a toggle's view stays in place while its click is handled
        # (the live table answers at once, before the toggle's own handler has finished).
        rows = self._discard_rows
        if rows is None:
            rows = self._discard_rows = (
                widgets.HBox(),
                widgets.HBox([self.discard_button]),
            )
            rows[0].add_class("tt-hand")
        self.hand_style.value = faces_style(
            session.discard_choices(), four_colour=self._four)
        if list(rows[0].children) != [self.hand_style, *toggles]:
            rows[0].children = [self.hand_style, *toggles]
        if list(self.actions.children) != list(rows):
            self.actions.children = list(rows)

    def _chosen_discards(self) -> list[Card]:
        held = {c.code for c in self.session.discard_choices()}
        return [
            Card.parse(code)
            for code, toggle in self.discard_toggles.items()
            if toggle.value and code in held
        ]

    def _draw_call(self) -> None:
        calls = self.state.legal_partner_calls
        options = [(_("play alone"), None)] + [
            (f"{c.symbol} ({card_label(c)})", c.code) for c in calls if c is not None
        ]
        self.partner_dropdown.options = options
        self.partner_dropdown.value = options[1][1] if len(options) > 1 else None
        self.partner_button.disabled = False
        self.prompt_html.value = "<p>" + _(
            "<b>Call a partner:</b> name a card; whoever holds it plays on your side for this"
            " deal (or play alone).") + "</p>"
        self.actions.children = [widgets.HBox([self.partner_dropdown, self.partner_button]),
                                 *self._idle_hand()]

    def _draw_joker(self) -> None:
        buttons = []
        for suit in self.state.legal_joker_names:
            key = "none" if suit is None else suit.letter
            label = _("No suit") if suit is None else f"{suit.symbol} {suit_words(suit)}"
            button = self._pooled(
                self.joker_buttons,
                key,
                partial(labelled_button, label, ""),
                partial(self._act, suit),
            )
            button.tooltip = (
                _("Leave the joker without a suit")
                if suit is None
                else _("The joker belongs to {suit} this deal").format(suit=suit_words(suit))
            )
            button.disabled = False
            buttons.append(button)
        self.prompt_html.value = "<p>" + _(
            "<b>Name the joker's suit</b> for this deal at no trumps (or leave it suitless).") + "</p>"
        self.actions.children = [widgets.HBox(buttons), *self._idle_hand()]

    def _draw_play(self) -> None:
        session, state = self.session, self.state
        options = sorted(session.card_options(), key=lambda o: self._hand_key(o.card))
        rows: dict[str, list[Any]] = {}
        reasons = []
        for option in options:
            card = option.card
            button = self._card_button(card, None if option.playable else option.reason,
                                       option.source)
            if not option.playable:
                reasons.append(f"<li>{card.symbol}: {option.reason}</li>")
            rows.setdefault(option.source, []).append(button)
        where = ""
        if state.ruleset.table_piles:
            where = (_(" You play from your table now.") if state.to_act_source == "table"
                     else _(" You play from your hand now."))
        self.prompt_html.value = "<p>" + _(
            "<b>Your turn to play.</b> Tap a card to play it; a dimmed card cannot be played"
            " now (tap it to see why).") + where + "</p>"
        self.hand_style.value = faces_style([o.card for o in options], four_colour=self._four)
        children = [self._hand_row(rows.get("hand", []))]
        if "table" in rows:
            children.append(self._hand_row(rows["table"], _("Your table")))
        if self._pending_joker is not None:
            suits = self.state.joker_names(self._pending_joker)
            buttons = []
            for suit in suits:
                button = self._pooled(
                    self.lead_suit_buttons,
                    suit.letter,
                    partial(labelled_button, f"{suit.symbol} {suit_words(suit)}", ""),
                    partial(self._on_lead_suit, suit),
                )
                button.tooltip = _("Lead the joker as a {suit}").format(suit=suit_one(suit))
                button.disabled = False
                buttons.append(button)
            children.append(widgets.HBox([row_label(_("Joker leads as")), *buttons]))
        self.actions.children = children
        if reasons:
            self.why_html.value = (
                "<details><summary>" + _("Why are some cards dimmed?") + "</summary>"
                f"<ul>{''.join(reasons)}</ul></details>"
            )

    def _hand_key(self, card: Card) -> tuple[int, int, int]:
        """The hand in the engine's order for this deal: by suit, best first, the bowers and
        the joker with the trumps once the trump suit is known."""
        return self.state.context.hand_key(card)

    def _hand_row(self, buttons: list[Any], label: str = "") -> Any:
        """A row of the reader's cards (the hand, or the table piles with ``label``); a hand
        longer than a row of thirteen (Humbug's 26 cards) goes in two rows of whole suits."""
        head = [self.hand_style] if not label else []
        if label:
            head = [widgets.HTML(value=f'<span>{html.escape(label)}</span>')]
            head[0].add_class("tt-hand-label")
        row = widgets.HBox([*head, *self._by_suit(buttons)])
        for name in ("tt-hand", "tt-hand-buttons"):
            row.add_class(name)
        return row

    def _by_suit(self, buttons: list[Any]) -> list[Any]:
        return by_suit(buttons, self._suit_break)

    def _suit_break(self, place: int) -> Any:
        breaks = self._suit_breaks
        if place not in breaks:
            breaks[place] = widgets.HTML(value="")
            breaks[place].add_class("tt-suit-break")
        return breaks[place]

    def _card_button(self, card: Card, reason: str | None, source: str = "hand") -> Any:
        """The card's face button: playable (``reason`` None) or dimmed, saying ``reason``.

        A card that cannot be played stays tappable: a tap says why, and changes nothing."""
        button = self._pooled(self.card_buttons, card.code,
                              partial(labelled_button, card.symbol, "", layout=widgets.Layout()),
                              partial(self._on_card, card))
        for name in ("tt-card-button", face_class(card)):
            button.add_class(name)
        button.disabled = False
        if reason is None:
            button.remove_class("tt-unplayable")
            self._card_reasons.pop(card.code, None)
            button.tooltip = _("Play {card}").format(
                card=card_label(card, source, article=True))
        else:
            button.add_class("tt-unplayable")
            button.tooltip = _("{card}, not playable now. {reason}").format(
                card=card_label(card, source), reason=reason)
            self._card_reasons[card.code] = button.tooltip
        return button

    def _idle_hand(self) -> list[Any]:
        """The reader's hand while there is no card to play (bidding, calls): dimmed cards."""
        cards = sorted(self.state.hand(self.session.seat), key=self._hand_key)
        if not cards:
            return []
        reason = _("Cards are played once the bidding is over.")
        self.hand_style.value = faces_style(cards, four_colour=self._four)
        return [self._hand_row([self._card_button(card, reason) for card in cards])]

    def _pools(self) -> tuple[dict[Any, Any], ...]:
        return (
            self.bid_buttons,
            self.call_buttons,
            self.discard_toggles,
            self.card_buttons,
            self.joker_buttons,
            self.lead_suit_buttons,
        )

    def _pooled(
        self,
        pool: dict[Any, Any],
        key: Any,
        make: Callable[[], Any],
        on_click: Callable[[], None] | None,
    ) -> Any:
        """The widget for ``key`` in ``pool``, made (and wired to ``on_click``) the first time."""
        widget = pool.get(key)
        if widget is None:
            widget = make()
            if on_click is not None:

                def handler(button: Any, action: Callable[[], None] = on_click) -> None:
                    if button.disabled:
                        return  # a disabled button does nothing, even when clicked from code
                    action()

                widget.on_click(handler)
            else:
                widget.observe(self._on_toggle, names="value")
            pool[key] = widget
        return widget

    # Acting ----------------------------------------------------------------------------

    def _act(self, action: Any) -> None:
        before = len(self.session.moves)
        self.reviewing = None  # back to the table as it is now
        problem = self.session.act(action)
        self.hint_html.value = ""
        if problem is not None:
            self.message_html.value = message(shown(problem, REFUSAL_LONGEST), error=True)
        else:
            self.message_html.value = ""
            if len(self.session.moves) > before + 1:
                self.message_html.value = message(
                    _("The other seats have moved: see <i>What happened</i> below.")
                )
        self._pending_joker = None
        self.refresh()

    def _on_card(self, card: Card) -> None:
        reason = self._card_reasons.get(card.code)
        if reason is not None:  # a dimmed card: say why, right by the hand; nothing changes
            self.message_html.value = message(html.escape(reason))
            return
        if self.state.joker_names(card) and self.session.waiting:
            self._pending_joker = card
            self.message_html.value = message(_("Leading the joker: choose the suit it leads as."))
            self.refresh()
            return
        self._act(card)

    def _on_lead_suit(self, suit: Suit) -> None:
        card = self._pending_joker
        if card is None:
            return
        self._act((card, suit))

    def _on_toggle(self, _change: Any) -> None:
        if not self._busy:
            self.refresh()

    def _on_discard(self, button: Any) -> None:
        if button.disabled:
            return
        self._act(self._chosen_discards())
        if self.state.phase is not Phase.DISCARD:
            # Cleared quietly: the table was drawn once, after the discard (the live table
            # draws every redraw it is sent, so one click makes one redraw).
            self._busy = True
            try:
                for toggle in self.discard_toggles.values():
                    toggle.value = False
            finally:
                self._busy = False

    def _on_partner(self, button: Any) -> None:
        if button.disabled or self.state.phase is not Phase.CALL:
            return
        value = self.partner_dropdown.value
        self._act(None if value is None else Card.parse(value))
