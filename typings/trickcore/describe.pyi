"""Type stub for the old path ``trickcore.describe``, now ``trickcore.rules.describe``.

Only for mypy, until nothing imports ``trickcore.describe`` any more (trickcore._moved answers it
at run time)."""

from trickcore.rules.describe import (
    describe as describe,
    rule_lines as rule_lines,
)
