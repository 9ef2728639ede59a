"""trickcore's version, in one place (``pyproject.toml`` says the same; a test checks it)."""

#: trickcore's version.
__version__ = "0.1.0"
