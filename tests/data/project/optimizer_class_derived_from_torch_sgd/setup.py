# expect: clean
from setuptools import find_packages, setup

setup(name="kit", packages=find_packages("src"), package_dir={"": "src"})
