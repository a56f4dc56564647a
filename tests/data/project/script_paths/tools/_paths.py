# expect: clean
"""Imported first by the scripts beside it: puts ../lib, where `engine` and `helpers` live, on sys.path."""

import os.path as osp
import sys


def add_path(path):
    if path not in sys.path:
        sys.path.insert(0, path)


here = osp.dirname(__file__)
add_path(osp.join(here, "..", "lib"))
