"""Where users come in: the CLI, flake8, pytest, the language server, explain."""
