# expect: clean
"""Installed from this checkout (`pip install -e .`); the scripts import `diffkit` from here."""

from setuptools import setup

setup(name="diffkit", packages=["diffkit"])
