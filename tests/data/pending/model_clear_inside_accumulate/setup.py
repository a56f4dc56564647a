# expect: clean
from setuptools import setup

setup(name="farm", packages=["farm", "farm.rl"])
