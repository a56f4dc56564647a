# expect: clean
"""The package of the pair's helpers."""
