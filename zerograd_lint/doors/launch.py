"""The `zerograd-lint` program's start: `zerograd-lint server` goes straight to the language server, anything
else to the command line (`cli.py`). Either way the dataclasses' methods are made from the code kept by an
earlier run (`files/dataclass_methods.py`: the tool's own compiled code, as its `.pyc` files are, never the
checked tree's), before any class is made.

An editor starts the server and waits for its first diagnostics; the server takes no options, so click and
the modules behind `check`'s options (about 25 ms of CPU, of the ~400 ms to the first diagnostics) are left
off that path. `zerograd-lint server --help` and the like are the command line's."""

from __future__ import annotations

import sys


def program() -> None:
    """`zerograd-lint` and `python -m zerograd_lint`."""
    from zerograd_lint.files import dataclass_methods

    dataclass_methods.install()
    if sys.argv[1:] == ["server"]:
        from zerograd_lint.doors.lsp import start

        start()
    from zerograd_lint.doors.cli import program as command_line

    command_line()
