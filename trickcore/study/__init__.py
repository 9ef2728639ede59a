"""The numbers behind the games: statistics, simulation, the numpy batch path, experiments with
bots, and one module per analysis of the book's part "The numbers".

Importing this package imports none of its modules: ``import trickcore`` (which needs
:mod:`~trickcore.study.sim` and :mod:`~trickcore.study.experiment`) stays light, and numpy is
imported only by :mod:`~trickcore.study.batch`, inside its functions.
"""
