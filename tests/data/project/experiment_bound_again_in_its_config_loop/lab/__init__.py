# expect: clean
"""The package of the project's batch loop."""
