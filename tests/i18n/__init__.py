"""Tests of trickcore.i18n: the language switch, the catalogues, and trickcore in French."""
