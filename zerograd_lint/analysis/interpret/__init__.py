"""The fixpoint engine and the domains it interprets."""
