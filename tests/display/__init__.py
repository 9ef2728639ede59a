"""Tests of trickcore.display (tests/display/test_<module>.py beside trickcore/display/<module>.py)."""
