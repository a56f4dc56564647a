# expect: clean
"""A folder of notebooks and scripts that is also a package (fatchord/WaveRNN's notebooks/ holds an `__init__.py`)."""
