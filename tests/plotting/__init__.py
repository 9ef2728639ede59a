"""Tests of trickcore.plotting (tests/plotting/test_<module>.py beside trickcore/plotting/<module>.py)."""
