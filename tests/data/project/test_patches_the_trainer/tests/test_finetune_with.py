# expect: clean
# The trainer is a mock while the `with` block runs: the test checks what `main` hands it (its optimizer, its loader).
from unittest.mock import patch

from recipes import finetune
from recipes.finetune import main


def test_main_hands_the_trainer_its_optimizer():
    kwargs = {"epochs": 2}
    with patch.object(finetune, "train") as train:
        main(**kwargs)
    optimizer, loader = train.call_args.args[2], train.call_args.args[1]
    assert optimizer.param_groups and len(loader) == 4
