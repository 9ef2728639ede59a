"""The engine: one deal as a state machine, and a match of deals.

:mod:`~trickcore.engine.events` (phases, tricks, events), :mod:`~trickcore.engine.dealing`
(shuffling and dealing from a seed), :mod:`~trickcore.engine.calls` (Five Hundred's calls and
ladder), the parts of a deal (:mod:`~trickcore.engine.bidding`, :mod:`~trickcore.engine.auction`,
:mod:`~trickcore.engine.kitty`, :mod:`~trickcore.engine.play`,
:mod:`~trickcore.engine.contract_play`, :mod:`~trickcore.engine.scoring`), the state that holds
them (:mod:`~trickcore.engine.view`, :mod:`~trickcore.engine.state`), bots' turns
(:mod:`~trickcore.engine.turns`) and the match (:mod:`~trickcore.engine.match`).
"""
