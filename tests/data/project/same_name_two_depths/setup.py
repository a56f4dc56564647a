# expect: clean
"""A src/ layout: the package pkg is installed from src/ (`pip install -e .`); the root also holds scripts and a
module of its own named as one of the package's."""

from setuptools import find_packages, setup

setup(name="pkg", version="0.1", package_dir={"": "src"}, packages=find_packages("src"))
