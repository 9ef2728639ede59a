"""Tests of trickcore.widgets (tests/widgets/test_<module>.py beside trickcore/widgets/<module>.py)."""
