"""Tests of trickcore.study (tests/study/test_<module>.py beside trickcore/study/<module>.py)."""
