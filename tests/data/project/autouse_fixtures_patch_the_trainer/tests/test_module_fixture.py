# expect: clean
# The module's own autouse fixture replaces the trainer around each of its tests: the test checks that `main` runs
# its two epochs through the mock (the optimizer is only handed over).
from unittest.mock import patch

import pytest

from recipes import finetune
from recipes.finetune import main


@pytest.fixture(autouse=True)
def fake_trainer():
    with patch.object(finetune, "train"):
        yield


def test_main_hands_the_trainer_its_epochs():
    main(epochs=2, lr=0.1)
    assert finetune.train.call_args.args[3] == 2
