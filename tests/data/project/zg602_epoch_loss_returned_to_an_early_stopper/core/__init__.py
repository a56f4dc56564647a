# expect: clean
"""The package of the trainer and its early stopper."""
