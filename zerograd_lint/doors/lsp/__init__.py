"""The language server, `zerograd-lint server`: the engine's reports, fixes and rule pages in the editor.

pygls is an optional dependency (`pip install "zerograd-lint[lsp]"`): only
`server.py` and `convert.py` import it, and only the `server` command imports them.
"""
