# expect: clean
# The class is patched where it is defined, after `finetune` bound its own name to it: `run` builds the real runner,
# whose optimizer steps without a clear: found through this test too (reported in runner.py).
from unittest.mock import patch

from recipes.finetune import run


@patch("recipes.runner.Runner")
def test_run_fits_the_real_runner(runner):
    kwargs = {"epochs": 2}
    run(**kwargs)
