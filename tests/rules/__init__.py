"""Tests of trickcore.rules (tests/rules/test_<module>.py beside trickcore/rules/<module>.py)."""
