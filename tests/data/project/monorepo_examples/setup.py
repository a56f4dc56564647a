# expect: clean
"""The root of a repository of several example projects, each run as `python examples/NAME/train.py`."""

from setuptools import setup

setup(name="monorepo", version="0.1", packages=[])
