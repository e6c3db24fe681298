"""``python -m infometrics`` runs the command line."""

import sys

from ._cli.main import main

sys.exit(main())
