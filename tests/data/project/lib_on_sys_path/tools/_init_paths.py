# expect: clean
"""Imported first by the scripts of tools/: puts ../lib on sys.path, where `core` and `utils` live."""

import os.path
import sys

LIB = os.path.join(os.path.dirname(__file__), "..", "lib")
if LIB not in sys.path:
    sys.path.insert(0, LIB)
