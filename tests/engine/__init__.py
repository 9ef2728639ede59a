"""Tests of trickcore.engine (tests/engine/test_<module>.py beside trickcore/engine/<module>.py)."""
