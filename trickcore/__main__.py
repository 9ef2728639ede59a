"""``python -m trickcore``: the command line."""

import sys

from trickcore.cli import main

sys.exit(main())
