"""Type stub for the old path ``trickcore.match``, now ``trickcore.engine.match``.

Only for mypy, until nothing imports ``trickcore.match`` any more (trickcore._moved answers it
at run time)."""

from trickcore.engine.match import (
    Bot as Bot,
    Choice as Choice,
    Match as Match,
    bot_action as bot_action,
    five_hundred_end as five_hundred_end,
    play_deal as play_deal,
    register_record_writer as register_record_writer,
    winners_of_subset as winners_of_subset,
)
