"""`python -m editor` — same as the `record-editor` command."""
import sys

from editor.cli import main

sys.exit(main())
