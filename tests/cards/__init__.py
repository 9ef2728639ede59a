"""Tests of trickcore.cards (tests/cards/test_<module>.py beside trickcore/cards/<module>.py)."""
