# expect: clean
"""Puts lib/ on the path, as the repository's tools do."""

import os.path as osp
import sys

sys.path.insert(0, osp.join(osp.dirname(__file__), "..", "lib"))
