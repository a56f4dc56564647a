# expect: clean
# Every test of this package runs with the trainer replaced by a mock, started before the test and stopped after it.
from unittest.mock import patch

import pytest


@pytest.fixture(autouse=True)
def fake_trainer():
    patcher = patch("recipes.finetune.train")
    patcher.start()
    yield
    patcher.stop()
