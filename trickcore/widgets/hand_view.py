"""The bidding and playing demos: one deal against heuristic bots, with hints and undo."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from trickcore.auction import Call, CallKind
from trickcore.cards import Card, Rank, Suit
from trickcore.errors import TrickcoreError
from trickcore.state import HandState, Phase
from trickcore.variants import get_variant
from trickcore.widgets._controls import (
    SUIT_WORDS,
    card_layout,
    card_order,
    html_box,
    labelled_button,
    labelled_toggle,
    message,
    players_for,
    row_label,
)
from trickcore.widgets.model import BidOption, DealSetup, HandSession, Move, code_for
from trickcore.widgets.render import (
    action_text,
    call_label,
    call_words,
    card_label,
    log_html,
    score_html,
    suit_colour,
    table_html,
    trick_html,
)

__all__ = ["HandDemo", "bid_demo", "play_demo"]


class HandDemo(widgets.VBox):  # type: ignore[misc]
    """One deal against heuristic bots: bid, exchange with the kitty, then (unless it is the
    bidding demo) play it out, with hints and undo.

    Child widgets worth driving: ``bid_buttons`` (bid → button), ``call_buttons`` (call code →
    button, ``"pass"`` included), ``discard_toggles`` (card code → toggle) and
    ``discard_button``, ``partner_dropdown`` and ``partner_button``, ``joker_buttons`` (``"none"``
    or a suit letter), ``card_buttons`` (card code → button), ``lead_suit_buttons`` (suit letter
    → button, when leading the joker needs a suit), ``hint_button``, ``undo_button``,
    ``restart_button``, ``next_button``, ``four_colour``, ``show_all``, ``code_input`` and
    ``load_button``.  What is shown: ``table_html``, ``prompt_html``, ``hook_html``,
    ``why_html``, ``trick_html``, ``score_html``, ``log_html``, ``hint_html``,
    ``message_html``.  ``session`` is the :class:`HandSession`; ``state`` its engine state.
    """

    def __init__(self, code: str, *, seat: int | None = None, stop_at_play: bool = False) -> None:
        self.stop_at_play = stop_at_play
        self._seat_choice = seat
        self.session = HandSession(code, seat=seat, stop_at_play=stop_at_play)
        self.bid_buttons: dict[int, Any] = {}
        self.call_buttons: dict[str, Any] = {}
        self.discard_toggles: dict[str, Any] = {}
        self.card_buttons: dict[str, Any] = {}
        self.joker_buttons: dict[str, Any] = {}
        self.lead_suit_buttons: dict[str, Any] = {}
        self._pending_joker: Card | None = None
        self.title_html = html_box()
        self.four_colour = labelled_toggle(
            "Four-colour suits", "Spades black, hearts red, diamonds blue, clubs green"
        )
        self.show_all = labelled_toggle(
            "Show all hands (teacher)", "Turn every hand and the kitty face up"
        )
        self.hint_button = labelled_button("Hint", "What would the heuristic bot do here, and why?")
        self.undo_button = labelled_button("Undo", "Take back your last action")
        self.restart_button = labelled_button(
            "Start again", "Deal these cards again from the start"
        )
        self.next_button = labelled_button("Next deal", "Go on to the next deal of the match")
        self.code_input = widgets.Text(
            placeholder="e.g. oh-hell-4-2718-3",
            description="Deal code",
            tooltip="Paste a deal code to play that deal",
        )
        self.load_button = labelled_button("Play this code", "Start the deal this code names")
        self.table_html = html_box()
        self.prompt_html = html_box()
        self.hook_html = html_box()
        self.why_html = html_box()
        self.trick_html = html_box()
        self.score_html = html_box()
        self.log_html = html_box()
        self.hint_html = html_box()
        self.message_html = html_box()
        self.discard_button = labelled_button(
            "Discard the chosen cards",
            "Choose exactly the number of cards asked for first",
            button_style="primary",
        )
        self.partner_dropdown = widgets.Dropdown(
            description="Partner card", tooltip="The card whose holder will be your partner"
        )
        self.partner_button = labelled_button(
            "Call this partner", "Name the card chosen above", button_style="primary"
        )
        self.actions = widgets.VBox([])
        for toggle in (self.four_colour, self.show_all):
            toggle.observe(lambda _change: self.refresh(), names="value")
        self.hint_button.on_click(self._on_hint)
        self.undo_button.on_click(self._on_undo)
        self.restart_button.on_click(self._on_restart)
        self.next_button.on_click(self._on_next)
        self.load_button.on_click(self._on_load)
        self.discard_button.on_click(self._on_discard)
        self.partner_button.on_click(self._on_partner)
        tools = widgets.HBox(
            [
                self.hint_button,
                self.undo_button,
                self.restart_button,
                self.next_button,
                self.four_colour,
                self.show_all,
            ]
        )
        paste = widgets.HBox([self.code_input, self.load_button])
        super().__init__(
            [
                self.title_html,
                tools,
                self.table_html,
                self.trick_html,
                self.prompt_html,
                self.hook_html,
                self.actions,
                self.why_html,
                self.hint_html,
                self.message_html,
                self.score_html,
                self.log_html,
                paste,
            ]
        )
        self.refresh()

    # Reading ---------------------------------------------------------------------------

    @property
    def state(self) -> HandState:
        """The engine state of the deal being played."""
        return self.session.state

    @property
    def _four(self) -> bool:
        return bool(self.four_colour.value)

    # Drawing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything from the session."""
        session, state = self.session, self.session.state
        four, show_all = self._four, bool(self.show_all.value)
        kind = "Bidding" if self.stop_at_play else "Play"
        self.title_html.value = (
            f"<h3>{kind}: {state.ruleset.name}, deal code"
            f' <code style="user-select:all">{session.code}</code>;'
            f" you are seat {session.seat}</h3>"
        )
        self.table_html.value = table_html(session, four_colour=four, show_all=show_all)
        self.trick_html.value = (
            trick_html(state, four_colour=four)
            if state.phase in (Phase.PLAYING, Phase.DONE)
            else ""
        )
        self.log_html.value = log_html(session, four_colour=four, show_all=show_all)
        self.score_html.value = (
            score_html(state, session.seat) if state.phase in (Phase.PLAYING, Phase.DONE) else ""
        )
        self.undo_button.disabled = not session.can_undo
        self.hint_button.disabled = not session.waiting
        self.next_button.disabled = not (
            session.finished and session.setup.deal < session.setup.max_deal()
        )
        self.hook_html.value = ""
        self.why_html.value = ""
        for pool in self._pools():
            for widget in pool.values():
                widget.disabled = True  # enabled again below only if offered now
        self.discard_button.disabled = True
        self.partner_button.disabled = True
        phase = state.phase
        if session.finished:
            self._draw_finished()
        elif not session.waiting:  # pragma: no cover - bots always move up to the reader
            self.prompt_html.value = ""
            self.actions.children = []
        elif phase is Phase.BIDDING:
            self._draw_bidding()
        elif phase is Phase.DISCARD:
            self._draw_discard()
        elif phase is Phase.CALL:
            self._draw_call()
        elif phase is Phase.JOKER:
            self._draw_joker()
        else:
            self._draw_play()

    def _draw_finished(self) -> None:
        state = self.state
        self.actions.children = []
        if state.is_over:
            self.prompt_html.value = "<p><b>The deal is over.</b> The score is below.</p>"
        else:
            lines = ["<p><b>The bidding is over.</b>"]
            if state.auction and state.contract is not None:
                lines.append(
                    f" The contract is {call_label(state.contract)} by seat"
                    f" {state.contractor}; play would now begin."
                )
            else:
                lines.append(" Play would now begin (try the play demo to play it out).")
            lines.append("</p>")
            self.prompt_html.value = "".join(lines)
        announcement = self.session.announcement()
        if announcement:
            self.prompt_html.value += f"<p><b>{announcement}</b></p>"

    def _draw_bidding(self) -> None:
        options = self.session.bid_options()
        if self.state.auction:
            self._draw_auction(options)
            return
        self.prompt_html.value = (
            f"<p><b>Your bid:</b> how many of the {self.state.hand_size}"
            " tricks will you take exactly?</p>"
        )
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
        self.actions.children = [widgets.HBox(row)]
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
            "no call yet" if high is None else f"<b>{call_label(high[1])}</b> by seat {high[0]}"
        )
        self.prompt_html.value = (
            f"<p><b>Your call.</b> The highest call so far: {current}."
            " Only the calls you may make are enabled; hover or focus a"
            " disabled one to see why.</p>"
        )
        rows: list[list[Any]] = []
        previous: object = None
        for option in options:
            call = option.bid
            assert isinstance(call, Call)
            button = self._pooled(
                self.call_buttons,
                str(call),
                partial(
                    labelled_button,
                    call_label(call),
                    "",
                    layout=widgets.Layout(width="5.5em" if call.kind is CallKind.TRICKS else "10em"),
                ),
                partial(self._act, call),
            )
            suit = call.trump
            button.style.text_color = (
                suit_colour(Card.of(Rank.ACE, suit), self._four) if suit is not None else "#1a1a1a"
            )
            button.style.font_weight = "bold"
            self._set_option(button, option)
            if high is not None and call == high[1]:
                button.button_style = "info"
            # One row per level of the ladder; pass and each special call on a row of its own.
            row_key = call.tricks if call.kind is CallKind.TRICKS else call.kind
            if row_key != previous:
                rows.append([])
            rows[-1].append(button)
            previous = row_key
        self.actions.children = [widgets.HBox(r) for r in rows]

    def _set_option(self, button: Any, option: BidOption) -> None:
        words = call_words(option.bid)
        if option.legal:
            value = ""
            if isinstance(option.bid, Call) and not option.bid.is_pass:
                value = f" (worth {option.bid.value(self.state.ruleset)} points)"
            button.tooltip = f"{'Call' if isinstance(option.bid, Call) else 'Bid'} {words}{value}"
            button.disabled = False
        else:
            button.tooltip = f"{words}: not allowed now: {option.reason}"
            button.disabled = True
        button.button_style = ""

    def _draw_discard(self) -> None:
        session, state = self.session, self.state
        need = state.discard_count
        kitty = set(state.kitty)
        toggles = []
        for card in sorted(session.discard_choices(), key=card_order):
            toggle = self._pooled(
                self.discard_toggles,
                card.code,
                partial(widgets.ToggleButton, description=card.symbol, layout=card_layout()),
                None,
            )
            toggle.disabled = False
            toggle.tooltip = f"Discard the {card_label(card)}" + (
                " (from the kitty)" if card in kitty else ""
            )
            toggle.style.text_color = suit_colour(card, self._four)
            toggle.style.font_weight = "bold" if card in kitty else "normal"
            toggles.append(toggle)
        chosen = self._chosen_discards()
        self.discard_button.disabled = len(chosen) != need
        self.discard_button.tooltip = (
            f"Discard {need} cards ({len(chosen)} chosen)"
            if len(chosen) != need
            else "Discard the chosen cards face down"
        )
        self.prompt_html.value = (
            f"<p><b>You take the kitty</b> (its cards in bold). Choose"
            f" {need} cards to discard face down: {len(chosen)} chosen.</p>"
        )
        self.actions.children = [
            widgets.HBox(toggles, layout=widgets.Layout(flex_flow="row wrap")),
            widgets.HBox([self.discard_button]),
        ]

    def _chosen_discards(self) -> list[Card]:
        held = {c.code for c in self.session.discard_choices()}
        return [
            Card.parse(code)
            for code, toggle in self.discard_toggles.items()
            if toggle.value and code in held
        ]

    def _draw_call(self) -> None:
        calls = self.state.legal_partner_calls
        options = [("play alone", None)] + [
            (f"{c.symbol} ({card_label(c)})", c.code) for c in calls if c is not None
        ]
        self.partner_dropdown.options = options
        self.partner_dropdown.value = options[1][1] if len(options) > 1 else None
        self.partner_button.disabled = False
        self.prompt_html.value = (
            "<p><b>Call a partner:</b> name a card; whoever holds it"
            " plays on your side for this deal (or play alone).</p>"
        )
        self.actions.children = [widgets.HBox([self.partner_dropdown, self.partner_button])]

    def _draw_joker(self) -> None:
        buttons = []
        for suit in self.state.legal_joker_names:
            key = "none" if suit is None else suit.letter
            label = "No suit" if suit is None else f"{suit.symbol} {SUIT_WORDS[suit]}"
            button = self._pooled(
                self.joker_buttons,
                key,
                partial(labelled_button, label, ""),
                partial(self._act, suit),
            )
            button.tooltip = (
                "Leave the joker without a suit"
                if suit is None
                else f"The joker belongs to {SUIT_WORDS[suit]} this deal"
            )
            button.disabled = False
            buttons.append(button)
        self.prompt_html.value = (
            "<p><b>Name the joker's suit</b> for this deal at no trumps (or leave it suitless).</p>"
        )
        self.actions.children = [widgets.HBox(buttons)]

    def _draw_play(self) -> None:
        session, state = self.session, self.state
        options = sorted(session.card_options(), key=lambda o: card_order(o.card))
        rows: dict[str, list[Any]] = {}
        reasons = []
        for option in options:
            card = option.card
            button = self._pooled(
                self.card_buttons,
                card.code,
                partial(labelled_button, card.symbol, "", layout=card_layout()),
                partial(self._on_card, card),
            )
            button.style.text_color = suit_colour(card, self._four)
            button.style.font_weight = "bold"
            button.disabled = not option.playable
            name = card_label(card, option.source)
            if option.playable:
                button.tooltip = f"Play the {name}"
            else:
                button.tooltip = f"{name}: {option.reason}"
                reasons.append(f"<li>{card.symbol}: {option.reason}</li>")
            rows.setdefault(option.source, []).append(button)
        where = ""
        if state.ruleset.table_piles:
            where = f" You play from your {state.to_act_source} now."
        self.prompt_html.value = (
            f"<p><b>Your turn to play.</b> Cards you may play are enabled.{where}</p>"
        )
        children = [
            widgets.HBox(
                [row_label("Your hand"), *rows.get("hand", [])],
                layout=widgets.Layout(flex_flow="row wrap"),
            )
        ]
        if "table" in rows:
            children.append(widgets.HBox([row_label("Your table"), *rows["table"]]))
        if self._pending_joker is not None:
            suits = self.state.joker_names(self._pending_joker)
            buttons = []
            for suit in suits:
                button = self._pooled(
                    self.lead_suit_buttons,
                    suit.letter,
                    partial(labelled_button, f"{suit.symbol} {SUIT_WORDS[suit]}", ""),
                    partial(self._on_lead_suit, suit),
                )
                button.tooltip = f"Lead the joker as a {SUIT_WORDS[suit][:-1]}"
                button.disabled = False
                buttons.append(button)
            children.append(widgets.HBox([row_label("Joker leads as"), *buttons]))
        self.actions.children = children
        if reasons:
            self.why_html.value = (
                "<details><summary>Why are some cards greyed out?</summary>"
                f"<ul>{''.join(reasons)}</ul></details>"
            )

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
                widget.observe(lambda _change: self.refresh(), names="value")
            pool[key] = widget
        return widget

    # Acting ----------------------------------------------------------------------------

    def _act(self, action: Any) -> None:
        before = len(self.session.moves)
        problem = self.session.act(action)
        self.hint_html.value = ""
        if problem is not None:
            self.message_html.value = message(problem, error=True)
        else:
            self.message_html.value = ""
            if len(self.session.moves) > before + 1:
                self.message_html.value = message(
                    "The other seats have moved: see <i>What happened</i> below."
                )
        self._pending_joker = None
        self.refresh()

    def _on_card(self, card: Card) -> None:
        if self.state.joker_names(card) and self.session.waiting:
            self._pending_joker = card
            self.message_html.value = message("Leading the joker: choose the suit it leads as.")
            self.refresh()
            return
        self._act(card)

    def _on_lead_suit(self, suit: Suit) -> None:
        card = self._pending_joker
        if card is None:
            return
        self._act((card, suit))

    def _on_discard(self, button: Any) -> None:
        if button.disabled:
            return
        chosen = self._chosen_discards()
        self._act(chosen)
        if self.state.phase is not Phase.DISCARD:
            for toggle in self.discard_toggles.values():
                toggle.value = False

    def _on_partner(self, button: Any) -> None:
        if button.disabled or self.state.phase is not Phase.CALL:
            return
        value = self.partner_dropdown.value
        self._act(None if value is None else Card.parse(value))

    def _on_hint(self, _button: Any) -> None:
        choice = self.session.hint()
        if choice is None:
            self.hint_html.value = message("No hint: it is not your turn.")
            return
        move = Move(self.session.seat, self.state.phase, choice.action, choice.reason, True)
        text = action_text(move, show=True, four_colour=self._four, advice=True)
        self.hint_html.value = (
            f'<p role="status"><b>Hint</b> from the heuristic bot: {text}'
            f" — <i>{choice.reason}</i></p>"
        )

    def _on_undo(self, _button: Any) -> None:
        if self.session.undo():
            self.message_html.value = message("Your last action was taken back.")
        self._pending_joker = None
        self.hint_html.value = ""
        self.refresh()

    def _restart(self, code: str) -> None:
        self.session = HandSession(
            code, seat=self._seat_choice_for(code), stop_at_play=self.stop_at_play
        )
        for pool in self._pools():
            for widget in pool.values():
                widget.close()
            pool.clear()
        self._pending_joker = None
        self.hint_html.value = ""
        self.refresh()

    def _seat_choice_for(self, code: str) -> int | None:
        seat = self._seat_choice
        players = DealSetup.from_code(code).players
        return seat if seat is not None and seat < players else None

    def _on_restart(self, _button: Any) -> None:
        self._restart(self.session.code)
        self.message_html.value = message("Dealt again from the start.")

    def _on_next(self, button: Any) -> None:
        if button.disabled:
            return
        setup = self.session.setup
        self._restart(dataclasses.replace(setup, deal=setup.deal + 1).code)
        self.message_html.value = ""

    def _on_load(self, _widget: Any) -> None:
        code = self.code_input.value.strip()
        try:
            DealSetup.from_code(code)
        except TrickcoreError as error:
            self.message_html.value = message(str(error), error=True)
            return
        self._restart(code)
        self.message_html.value = message(f"Playing deal code <code>{code}</code>.")


def _code(variant: str, players: int | None, seed: int, deal: int, code: str | None) -> str:
    if code is not None:
        return code
    key = get_variant(variant).key
    return code_for(key, players_for(key, players), seed, deal)


def bid_demo(
    variant: str = "oh-hell",
    players: int | None = None,
    seed: int = 1,
    deal: int = 1,
    *,
    seat: int | None = None,
    code: str | None = None,
) -> HandDemo:
    """A bidding demo: you bid (or call, and take the kitty) for one seat, bots for the rest.

    ``code`` (a deal code) overrides ``variant``, ``players``, ``seed`` and ``deal``.  ``seat``
    defaults to the dealer, who bids last and so meets the hook.

    >>> demo = bid_demo(code="oh-hell-4-2718-9")
    >>> sorted(b for b, button in demo.bid_buttons.items() if not button.disabled)
    [0, 2]
    >>> "The hook binds" in demo.hook_html.value
    True
    """
    return HandDemo(_code(variant, players, seed, deal, code), seat=seat, stop_at_play=True)


def play_demo(
    variant: str = "oh-hell",
    players: int | None = None,
    seed: int = 1,
    deal: int = 1,
    *,
    seat: int | None = None,
    code: str | None = None,
) -> HandDemo:
    """A playing demo: a whole deal against bots, with hints, undo and the score.

    >>> demo = play_demo(code="humbug-2-7")
    >>> demo.state.phase.value, len(demo.card_buttons) > 0
    ('playing', True)
    """
    return HandDemo(_code(variant, players, seed, deal, code), seat=seat, stop_at_play=False)
