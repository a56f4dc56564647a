# expect: clean
"""A package whose submodules load on first use (PEP 562's module `__getattr__`)."""

import importlib


def __getattr__(name):
    return importlib.import_module(f".{name}", __name__)
