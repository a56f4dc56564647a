"""The language server, `zerograd-lint server`: the engine's reports, fixes and rule pages in the editor.

pygls is an optional dependency (`pip install "zerograd-lint[lsp]"`), and only
the `server` command imports this package. Its types (lsprotocol) cost more to
import than a check: `server.py` and `convert.py` import them, in a thread, while the
opening (`opening.py`, which needs only pygls's `uris`) checks the documents the editor
opens and changes.
"""

from __future__ import annotations

import sys
from typing import NoReturn

EXIT_ERROR = 2  # the command line's status for what cannot be done (`cli.EXIT_ERROR`)


def start() -> NoReturn:
    """`zerograd-lint server`: serve over stdin/stdout; without pygls, say what to install and exit 2."""
    from zerograd_lint.files import dataclass_methods

    dataclass_methods.install()  # before any class is made: the opening's, the analysis's, LibCST's
    try:
        from zerograd_lint.doors.lsp.opening import serve
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] not in ("pygls", "lsprotocol"):
            raise
        print(f"zerograd-lint: `server` needs pygls ({error}): pip install 'zerograd-lint[lsp]'", file=sys.stderr)
        sys.exit(EXIT_ERROR)
    serve()
