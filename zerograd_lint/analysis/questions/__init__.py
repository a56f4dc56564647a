"""Questions answered without the interpreter."""
