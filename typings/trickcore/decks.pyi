"""Type stub for the old path ``trickcore.decks``, now ``trickcore.cards.packs``.

Only for mypy, until nothing imports ``trickcore.decks`` any more (trickcore._moved answers it
at run time)."""

from trickcore.cards.packs import (
    Pack as Pack,
    pack_cards as pack_cards,
    pack_mask as pack_mask,
)
