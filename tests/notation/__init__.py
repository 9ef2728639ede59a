"""Tests of trickcore.notation (tests/notation/test_<module>.py beside trickcore/notation/<module>.py)."""
