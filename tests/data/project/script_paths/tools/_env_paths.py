# expect: clean
"""Puts a folder the environment names on sys.path: not known here, so nothing is looked for there."""

import os
import sys

sys.path.append(os.environ.get("TRAINING_LIB", ""))
