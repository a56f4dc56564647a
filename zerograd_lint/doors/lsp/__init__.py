"""The language server, `zerograd-lint server`: the engine's reports, fixes and rule pages in the editor.

pygls is an optional dependency (`pip install "zerograd-lint[lsp]"`), and only
the `server` command imports this package. Its types (lsprotocol) cost more to
import than a check: `server.py` and `convert.py` import them, in a thread, while the
opening (`opening.py`, which needs only pygls's `uris`) checks the documents the editor
opens and changes.
"""
