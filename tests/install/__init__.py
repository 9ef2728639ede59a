"""Tests of the builds and installs: the pure and compiled builds, and JupyterLab (make install-check)."""
