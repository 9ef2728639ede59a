"""HTML for cards, hands, tricks, deals and tables: the one renderer of trickcore.

Everything that shows a card (a notebook, the book's pages, the demos, the analyses) draws it
here, so a card looks and reads the same everywhere:

* :mod:`trickcore.display.cards`: one card, a row of cards, face-down backs, suit colours and
  the words a screen reader says;
* :mod:`trickcore.display.tables`: a table with a caption and headers (:func:`table_html`);
* :mod:`trickcore.display.game`: deals, tricks, a deal in progress, table piles;
* :mod:`trickcore.display.seats`: the seats' names (Ann, Ben, Cleo... or "You");
* :mod:`trickcore.display.safe`: text from outside (a paste, a URL) shown as text, never as
  markup (:func:`shown`: escaped, invisible controls written out, cut to a sane length).

Suits always carry their symbol, so colour is never the only cue.  The default is the two-colour
pack (black spades and clubs, red hearts and diamonds); :func:`set_four_colour` switches to the
four-colour pack (spades black, hearts red, diamonds blue, clubs green), which is easier to read
for many colour-blind readers.

Importing this package registers the notebook renderers (:mod:`trickcore.notebook`), so that
cards, hands, deals, tricks and hand states show as cards in Jupyter.

>>> from trickcore.cards import Card
>>> print(card_html(Card.parse("TH")))
<span class="tc-card tc-h" style="color:#c0001a" role="img" aria-label="10 of hearts">10♥</span>
"""

from __future__ import annotations

from trickcore.cards import Card, Hand
from trickcore.display.cards import (
    COLOUR_ORDER,
    STYLE,
    SUIT_WORDS,
    back_html,
    backs_html,
    card_css,
    card_html,
    card_name,
    cards_html,
    colour_order,
    set_four_colour,
    suit_colour,
    suit_order,
)
from trickcore.display.cards import _settings as _settings  # the four-colour switch
from trickcore.display.game import (
    cards_each,
    deal_html,
    piles_html,
    play_html,
    state_html,
    trick_html,
    trick_line_html,
    trick_plays_html,
)
from trickcore.display.safe import neutral, shown
from trickcore.display.seats import SEAT_NAMES, YOU, seat_label, seats_label
from trickcore.display.tables import table_html
from trickcore.engine.dealing import Deal
from trickcore.engine.events import Trick
from trickcore.engine.state import HandState
from trickcore.notebook import register_html

__all__ = [
    "COLOUR_ORDER",
    "SEAT_NAMES",
    "STYLE",
    "SUIT_WORDS",
    "YOU",
    "back_html",
    "backs_html",
    "card_css",
    "card_html",
    "card_name",
    "cards_each",
    "cards_html",
    "colour_order",
    "deal_html",
    "neutral",
    "piles_html",
    "play_html",
    "seat_label",
    "seats_label",
    "set_four_colour",
    "shown",
    "state_html",
    "suit_colour",
    "suit_order",
    "table_html",
    "trick_html",
    "trick_line_html",
    "trick_plays_html",
]

def _register() -> None:
    register_html(Card, card_html)
    register_html(Hand, cards_html)
    register_html(Deal, deal_html)
    register_html(Trick, trick_html)
    register_html(HandState, state_html)


_register()
