# expect: clean
"""The same folder put on sys.path directly, once."""

import os
import sys

LIB = os.path.realpath(os.path.join(os.path.dirname(__file__), "..", "lib"))
if LIB not in sys.path:
    sys.path.insert(0, LIB)
