"""Type stub for the old path ``trickcore.trumps``, now ``trickcore.cards.ranking``.

Only for mypy, until nothing imports ``trickcore.trumps`` any more (trickcore._moved answers it
at run time)."""

from trickcore.cards.ranking import (
    TrumpContext as TrumpContext,
    trump_context as trump_context,
)
