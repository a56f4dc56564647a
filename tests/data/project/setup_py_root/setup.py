# expect: clean
"""The package is installed from this checkout (`pip install -e .`): its scripts in tools/ import it from here."""

from setuptools import find_packages, setup

setup(name="detbench", version="0.1", packages=find_packages(exclude=("tools",)))
