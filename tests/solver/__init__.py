"""Tests of trickcore.solver (tests/solver/test_<module>.py beside trickcore/solver/<module>.py)."""
