"""The bidding and playing demos: one deal against heuristic bots, with hints and undo.

The demo's frame is here (what it shows, the tools, starting again); the controls of each phase
(bids, calls, discards, the partner call, the joker, the cards) are in
:mod:`trickcore.widgets.hand_controls`.
"""

from __future__ import annotations

import html
from contextlib import ExitStack
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from trickcore.display import SEAT_NAMES, seat_label, shown
from trickcore.engine.events import Phase
from trickcore.errors import TrickcoreError
from trickcore.players.strength import DEFAULT_STRENGTH
from trickcore.rules.registry import get_variant
from trickcore.widgets.controls import (
    REFUSAL_LONGEST,
    html_box,
    labelled_button,
    labelled_toggle,
    message,
    players_for,
)
from trickcore.widgets.demo_model import DealSetup, Move
from trickcore.widgets.hand_controls import HandControls
from trickcore.widgets.hand_html import (
    action_text,
    call_label,
    log_html,
    score_html,
    table_html,
    trick_html,
)
from trickcore.widgets.hand_review import TrickReview
from trickcore.widgets.match_controls import MatchBar, match_words, practice_words
from trickcore.widgets.match_html import result_code_html
from trickcore.widgets.match_play import MatchPlay
from trickcore.widgets.review_view import ReviewPanel
from trickcore.widgets.table_view import TableView
from trickcore.widgets.ui_words import ui
from trickcore.widgets.worth_view import WorthPanel

__all__ = ["HandDemo", "bid_demo", "play_demo"]

_ = ui.gettext


class HandDemo(TrickReview, HandControls, widgets.VBox):  # type: ignore[misc]
    """One deal against heuristic bots: bid, exchange with the kitty, then (unless it is the
    bidding demo) play it out, with hints and undo.

    Child widgets worth driving: ``bid_buttons`` (bid → button), ``call_buttons`` (call code →
    button, ``"pass"`` included), ``discard_toggles`` (card code → toggle) and
    ``discard_button``, ``partner_dropdown`` and ``partner_button``, ``joker_buttons`` (``"none"``
    or a suit letter), ``card_buttons`` (card code → button), ``lead_suit_buttons`` (suit letter
    → button, when leading the joker needs a suit), ``hint_button``, ``undo_button``,
    ``restart_button``, ``next_button``, ``seat_dropdown`` (your seat: open until you first
    act in a deal), ``match_bar`` (:class:`~trickcore.widgets.match_controls.MatchBar`: the
    bots' strength, and the whole match from deal 1 in a practice hand), ``four_colour``, ``show_all`` (the teacher's demo only, else None),
    ``code_input`` (Enter plays the code), ``load_button``, and ``view`` (its ``table`` and
    ``menu`` toggles: the table mode in JupyterLab, :mod:`trickcore.widgets.table_view`).  What is shown: ``table_html``, ``prompt_html``, ``hook_html``,
    ``why_html``, ``trick_html``, ``score_html``, ``result_html`` (the result code at the end
    of a deal), ``match_html`` (the score sheet and the match
    total), ``log_html``, ``hint_html``, ``message_html``.  ``play`` is the
    :class:`~trickcore.widgets.match_play.MatchPlay` (the match, deal after deal); ``session``
    its :class:`~trickcore.widgets.demo_model.HandSession` (this deal); ``state`` its engine state.

    ``code`` is a deal code, or the :class:`~trickcore.widgets.demo_model.DealSetup` it names.
    """

    def __init__(self, code: str | DealSetup, *, seat: int | None = None,
                 stop_at_play: bool = False, teacher: bool = False,
                 strength: str = DEFAULT_STRENGTH) -> None:
        self.stop_at_play = stop_at_play
        self.teacher = teacher
        self.play = MatchPlay(code if isinstance(code, DealSetup) else DealSetup.from_code(code),
                              seat=seat, stop_at_play=stop_at_play, strength=strength)
        self.session = self.play.session
        self._busy = False
        self.bid_buttons: dict[int, Any] = {}
        self.call_buttons: dict[str, Any] = {}
        self.discard_toggles: dict[str, Any] = {}
        self.card_buttons: dict[str, Any] = {}
        self.joker_buttons: dict[str, Any] = {}
        self.lead_suit_buttons: dict[str, Any] = {}
        self._pending_joker = None
        self._discard_rows = None
        self._card_reasons: dict[str, str] = {}
        self._suit_breaks: dict[int, Any] = {}  # between the suits of a long hand
        self.hand_style = html_box()  # the faces of the reader's cards (table_css)
        self.hand_style.add_class("tt-hand-style")
        self.title_html = html_box()
        self.match_bar = MatchBar()  # the bots' strength; the whole match from a practice hand
        self.match_bar.connect(self._on_strength, self._on_start_match)
        self.worth_panel = WorthPanel()  # "What is this hand worth?" before bidding
        self.four_colour = labelled_toggle(
            _("Four-colour suits"), _("Spades black, hearts red, diamonds blue, clubs green")
        )
        # The teacher's toggle exists only in the teacher's demo (not even hidden in a student's).
        self.show_all = labelled_toggle(
            _("Show all hands (teacher)"), _("Turn every hand and the kitty face up")
        ) if teacher else None
        # How fast the others' cards come in (the felt's motion; none when reduced motion).
        self.speed = widgets.ToggleButtons(
            options=[(_("Instant"), "instant"), (_("Normal"), "normal"), (_("Slow"), "slow")],
            value="normal", description=_("Speed"),
            tooltips=[_("The others' cards appear at once"),
                      _("The others' cards come in one by one"),
                      _("The others' cards come in slowly, one by one")],
            style={"description_width": "initial", "button_width": "auto"})
        self.speed.add_class("tt-speed")
        self.speed.observe(lambda _change: self.refresh(), names="value")
        self.hint_button = labelled_button(
            _("Hint"), _("What would the heuristic bot do here, and why?"))
        self.undo_button = labelled_button(_("Undo"), _("Take back your last action"))
        self.restart_button = labelled_button(
            _("Start again"), _("Deal these cards again from the start")
        )
        self.next_button = labelled_button(
            _("Next deal"), _("Go on to the next deal of the match"))
        self.seat_dropdown = widgets.Dropdown(
            description=_("Your seat"),
            tooltip=_("Where you sit: who deals, who bids first. Open until you first act."),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="auto"),
        )
        self.code_input = widgets.Text(
            placeholder=_("e.g. {code}").format(code=self.session.code),
            description=_("Deal code"),
            tooltip=_("Type or paste a deal code, then press Enter to play that deal"),
            continuous_update=False,
        )
        self.match_html = html_box()
        self.load_button = labelled_button(
            _("Play this code"), _("Start the deal this code names"))
        self.table_html = html_box()
        self.prompt_html = html_box()
        self.hook_html = html_box()
        self.why_html = html_box()
        self.trick_html = html_box()
        self.score_html = html_box()
        self.result_html = html_box()
        self.log_html = html_box()
        self.hint_html = html_box()
        self.message_html = html_box()
        self.discard_button = labelled_button(
            _("Discard the chosen cards"),
            _("Choose exactly the number of cards asked for first"),
            button_style="primary",
        )
        self.partner_dropdown = widgets.Dropdown(
            description=_("Partner card"),
            tooltip=_("The card whose holder will be your partner"),
        )
        self.partner_button = labelled_button(
            _("Call this partner"), _("Name the card chosen above"), button_style="primary"
        )
        self.actions = widgets.VBox([])
        # For the book's live table (scripts/live_table.js): where the reader's controls are,
        # so that keyboard focus stays there when they are redrawn; what is read out as it
        # changes (the moves, the trick won, the result, a refusal).
        self.actions.add_class("tt-actions")
        for announced in (self.log_html, self.message_html):
            announced.add_class("tt-announce")
        # For the projector view (projector.css): which part is which, so that the trick, the
        # prompt and the reader's own cards come on the first screen and the rest after them.
        # For the live table's table mode (live-demos.css) too: what stays on the one screen
        # (the felt, the prompt, the reader's controls, Hint, Undo, Next deal) and what goes in
        # its menu (the other tools, the seat, the score sheet, the log, the deal code).
        for part, name in ((self.title_html, "tt-title"), (self.seat_dropdown, "tt-seat"),
                           (self.table_html, "tt-table"), (self.trick_html, "tt-trick"),
                           (self.prompt_html, "tt-prompt"), (self.hook_html, "tt-hook"),
                           (self.match_html, "tt-match"), (self.message_html, "tt-message"),
                           (self.hint_html, "tt-hint"), (self.why_html, "tt-why"),
                           (self.score_html, "tt-score"), (self.result_html, "tt-result-box"),
                           (self.log_html, "tt-log"), (self.hint_button, "tt-hint-button"),
                           (self.undo_button, "tt-undo-button"),
                           (self.restart_button, "tt-restart-button"),
                           (self.next_button, "tt-next-button")):
            part.add_class(name)
        for toggle in filter(None, (self.four_colour, self.show_all)):
            toggle.observe(lambda _change: self.refresh(), names="value")
        self.hint_button.on_click(self._on_hint)
        self.undo_button.on_click(self._on_undo)
        self.restart_button.on_click(self._on_restart)
        self.next_button.on_click(self._on_next)
        self.load_button.on_click(self._on_load)
        self.code_input.observe(self._on_code, names="value")
        self.seat_dropdown.observe(self._on_seat, names="value")
        self.discard_button.on_click(self._on_discard)
        self.partner_button.on_click(self._on_partner)
        tools = widgets.HBox(
            [
                self.hint_button,
                self.undo_button,
                self.restart_button,
                self.next_button,
                self.four_colour,
                *([self.show_all] if self.show_all is not None else []),
                self.speed,
            ]
        )
        review = self._make_review(self.refresh)
        self.coach = ReviewPanel(self)  # "Review this hand" (review_view)
        paste = widgets.HBox([self.code_input, self.load_button])
        tools.add_class("tt-tools")
        paste.add_class("tt-paste")
        super().__init__(
            [
                self.title_html,
                self.seat_dropdown,
                self.table_html,
                review,
                self.prompt_html,
                self.actions,
                self.message_html,
                self.hint_html,
                self.worth_panel.box,
                self.why_html,
                self.hook_html,
                self.trick_html,
                tools,
                self.match_bar.box,
                self.score_html,
                self.result_html,
                self.coach.box,
                self.match_html,
                self.log_html,
                paste,
            ]
        )
        self.add_class("tt-hand-demo")
        self.view = TableView(self)  # the table mode where no page script runs (JupyterLab)
        self.children = (self.view.box, *tuple(self.children))  # type: ignore[has-type]
        self.refresh()

    # Drawing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw everything from the session.

        Every widget's changes are held until the redraw is done and then sent once, with its
        final values: a card that stays playable is never seen disabled for a moment (a key
        press on it then would be lost), and the page gets one message per widget."""
        with ExitStack() as held:
            for widget in self._widgets():
                held.enter_context(widget.hold_sync())
            self._redraw()

    def _widgets(self) -> list[Any]:
        """The demo's own widgets and every pooled control."""
        own = [value for value in vars(self).values() if isinstance(value, widgets.Widget)]
        return own + [widget for pool in self._pools() for widget in pool.values()]

    def _redraw(self) -> None:
        self.session = session = self.play.session
        state = session.state
        four, show_all = self._four, self.show_all is not None and bool(self.show_all.value)
        title = (_("Bidding: {game}, deal {deal}, deal code {code}; you sit in {seat}'s seat")
                 if self.stop_at_play else
                 _("Play: {game}, deal {deal}, deal code {code}; you sit in {seat}'s seat"))
        code = html.escape(session.code)
        self.title_html.value = '<h3 style="font-size:1.25em">' + title.format(
            game=html.escape(state.ruleset.title), deal=session.setup.deal,
            code=f'<code style="user-select:all" data-deal-code="{code}"'
                 f' data-deal-seat="{session.seat}">{code}</code>',
            seat=SEAT_NAMES[session.seat]) + "</h3>"
        if self.play.practice:
            self.title_html.value += ('<p class="tt-practice" role="status"><b>'
                                      + practice_words(self.play) + "</b></p>")
        self.match_bar.show(self.play)
        self.worth_panel.show(session)
        self.code_input.placeholder = _("e.g. {code}").format(code=session.code)
        self._draw_seats()
        self._draw_match()
        self._draw_review()
        self.coach.update()
        self.table_html.value = table_html(session, four_colour=four, show_all=show_all,
                                           speed=str(self.speed.value), review=self.reviewing)
        self.trick_html.value = (
            trick_html(state, four_colour=four, reader=session.seat)
            if state.phase in (Phase.PLAYING, Phase.DONE)
            else ""
        )
        self.log_html.value = log_html(session, four_colour=four, show_all=show_all)
        self.score_html.value = (
            score_html(state, session.seat) if state.phase in (Phase.PLAYING, Phase.DONE) else ""
        )
        self.undo_button.disabled = not session.can_undo
        self.hint_button.disabled = not session.waiting
        self.next_button.disabled = not self.play.can_next
        self.next_button.tooltip = (
            _("The match is over: start a new match (the next shuffle)")
            if self.play.match_over
            else _("Practise the next deal of the match on its own") if self.play.practice
            else _("Go on to the next deal of the match")
        )
        self.hook_html.value = ""
        self.why_html.value = ""
        self.result_html.value = ""
        for pool in self._pools():
            for widget in pool.values():
                widget.disabled = True  # enabled again below only if offered now
        self.discard_button.disabled = True
        self.partner_button.disabled = True
        self._card_reasons.clear()
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
        self.actions.children = self._idle_hand()
        if state.is_over:
            self.prompt_html.value = (
                "<p>" + _("<b>The deal is over.</b> The score is below.") + "</p>")
        else:
            lines = ["<p>" + _("<b>The bidding is over.</b>")]
            if state.auction and state.contract is not None and state.contractor is not None:
                lines.append(_(" The contract is {call}, called by {name}; play would now begin.")
                             .format(call=call_label(state.contract), name=seat_label(
                                 state.contractor, self.session.seat, capital=False)))
            else:
                lines.append(_(" Play would now begin (try the play demo to play it out)."))
            lines.append("</p>")
            self.prompt_html.value = "".join(lines)
        announcement = self.session.announcement()
        if announcement:
            self.prompt_html.value += f"<p><b>{announcement}</b></p>"
        if state.is_over and not self.stop_at_play:
            self.result_html.value = result_code_html(self.play.record(), self.play.seat)

    def _on_hint(self, _button: Any) -> None:
        choice = self.session.hint()
        if choice is None:
            self.hint_html.value = message(_("No hint: it is not your turn."))
            return
        move = Move(self.session.seat, self.state.phase, choice.action, choice.reason, True)
        text = action_text(move, show=True, four_colour=self._four, advice=True)
        self.hint_html.value = '<p role="status">' + _(
            "<b>Hint</b> from the heuristic bot: {action} — <i>{reason}</i>").format(
            action=text, reason=choice.reason) + "</p>"

    def _on_undo(self, _button: Any) -> None:
        if self.session.undo():
            self.message_html.value = message(_("Your last action was taken back."))
        self._pending_joker = None
        self.hint_html.value = ""
        self.refresh()

    def _draw_seats(self) -> None:
        play = self.play
        self._busy = True
        try:
            options = [(label, seat) for seat, label in play.seat_choices()]
            if list(self.seat_dropdown.options) != options:
                self.seat_dropdown.options = options
            self.seat_dropdown.value = play.seat
        finally:
            self._busy = False
        self.seat_dropdown.disabled = not play.seat_open

    def _draw_match(self) -> None:
        """The score sheet of the match and its total (the play demo only)."""
        self.match_html.value = "" if self.stop_at_play else match_words(self.play)

    def _restart(self) -> None:
        for pool in self._pools():
            for widget in pool.values():
                widget.close()
            pool.clear()
        self._pending_joker = None
        self.reviewing = None
        self.hint_html.value = ""
        self.refresh()

    def _tricks_done(self) -> int:
        return len(self.play.session.state.tricks)

    def _on_seat(self, change: dict[str, Any]) -> None:
        if self._busy or change["new"] is None:
            return
        if self.play.choose_seat(int(change["new"])):
            self.message_html.value = message(
                _("You sit in {seat}'s seat; the deal starts again.").format(
                    seat=SEAT_NAMES[self.play.seat]))
        self._restart()

    def _on_strength(self, change: dict[str, Any]) -> None:
        if change["new"] != self.play.strength:
            self.play.set_strength(change["new"])

    def _on_start_match(self, _button: Any) -> None:
        self.play.start_match()
        self._restart()
        self.message_html.value = message(_("The whole match from deal 1: every score is 0."))

    def _on_restart(self, _button: Any) -> None:
        self.play.restart()
        self._restart()
        self.message_html.value = message(_("Dealt again from the start."))

    def _on_next(self, button: Any) -> None:
        if button.disabled:
            return
        new_match = self.play.match_over
        if not self.play.next_deal():
            return
        self._restart()
        self.message_html.value = message(
            _("A new match: deal code {code}.").format(
                code=f"<code>{html.escape(self.play.setup.code)}</code>")
            if new_match else "")

    def _on_code(self, change: dict[str, Any]) -> None:
        if change["new"].strip():
            self._on_load(self.code_input)

    def _on_load(self, _widget: Any) -> None:
        code = self.code_input.value.strip()
        try:
            setup = DealSetup.from_code(code)
        except TrickcoreError as error:  # the refusal repeats the text: shown as text only
            self.message_html.value = message(shown(error, REFUSAL_LONGEST), error=True)
            return
        self.play.load(setup)
        self._restart()
        self.message_html.value = message(
            _("Playing deal code {code}.").format(code=f"<code>{html.escape(setup.code)}</code>"))


def _setup(variant: str, players: int | None, seed: int, deal: int,
           code: str | None) -> DealSetup:
    """The deal a demo's arguments name: the variant is resolved (or the code read) here, once."""
    if code is not None:
        return DealSetup.from_code(code)
    ruleset = get_variant(variant)
    return DealSetup.of(ruleset, players_for(ruleset, players), seed, deal)


def bid_demo(variant: str = "oh-hell", players: int | None = None, seed: int = 1, deal: int = 1,
             *, seat: int | None = None, code: str | None = None, teacher: bool = False,
             strength: str = DEFAULT_STRENGTH) -> HandDemo:
    """A bidding demo: you bid (or call, and take the kitty) for one seat, bots for the rest.

    ``code`` (a deal code) overrides ``variant``, ``players``, ``seed`` and ``deal``.  ``seat``
    defaults to the dealer, who bids last and so meets the hook.  ``teacher`` adds the
    teacher's "Show all hands" toggle (the book's teacher edition passes it).

    >>> demo = bid_demo(code="oh-hell-4-2718-9")
    >>> sorted(b for b, button in demo.bid_buttons.items() if not button.disabled)
    [0, 2]
    >>> "The hook binds" in demo.hook_html.value
    True
    """
    return HandDemo(_setup(variant, players, seed, deal, code), seat=seat, stop_at_play=True,
                    teacher=teacher, strength=strength)


def play_demo(variant: str = "oh-hell", players: int | None = None, seed: int = 1, deal: int = 1,
              *, seat: int | None = None, code: str | None = None, teacher: bool = False,
              strength: str = DEFAULT_STRENGTH) -> HandDemo:
    """A playing demo: a whole deal against bots, with hints, undo and the score; at the end
    of a deal, its result code (:mod:`trickcore.notation.result_codes`) for the teacher.
    ``teacher`` adds the teacher's "Show all hands" toggle; ``strength`` is the bots' strength
    (``"beginner"``, ``"standard"`` or ``"strong"``), which the reader may change.  A deal after
    the first (``deal`` or ``code``) is played as practice, on its own: no match score.

    >>> demo = play_demo(code="humbug-2-7")
    >>> demo.state.phase.value, len(demo.card_buttons) > 0, demo.show_all is None
    ('playing', True, True)
    >>> play_demo(code="humbug-2-7", teacher=True).show_all.description
    'Show all hands (teacher)'
    """
    return HandDemo(_setup(variant, players, seed, deal, code), seat=seat, stop_at_play=False,
                    teacher=teacher, strength=strength)
