"""pytest plugin (`pytest --zerograd`); filled in by the runtime work."""
