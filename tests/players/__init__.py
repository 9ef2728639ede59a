"""Tests of trickcore.players (tests/players/test_<module>.py beside trickcore/players/<module>.py)."""
