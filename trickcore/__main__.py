"""``python -m trickcore``: the command line.

The call is guarded: a worker process of ``study --jobs 2`` (started by the forkserver)
imports this module by its name, and must not run the command line again.
"""

import sys

from trickcore.cli import main

if __name__ == "__main__":
    sys.exit(main())
