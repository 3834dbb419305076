"""Entry point of the frozen program: the same `concom-desk` command."""

import sys

from concom_desk.cli import main

if __name__ == "__main__":
    sys.exit(main())
