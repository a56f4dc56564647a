# expect: clean
# The trainer is a mock here (conftest.py's autouse fixture): the test checks that `main` builds its optimizer and
# hands it over, for two epochs.
from recipes import finetune
from recipes.finetune import main


def test_main_hands_the_trainer_its_optimizer():
    main(epochs=2, lr=0.1)
    assert finetune.train.call_args.args[2].param_groups
