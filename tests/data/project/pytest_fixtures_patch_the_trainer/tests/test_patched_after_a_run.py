# expect: clean
# The first run comes before the patch: it runs the real trainer, whose bug is found through this test too (reported
# in trainer.py); the second hands its optimizer to the mock.
from recipes.finetune import main


def test_main_trains_then_hands_the_trainer_its_optimizer(mocker):
    kwargs = {"epochs": 2}
    main(**kwargs)
    train = mocker.patch("recipes.finetune.train")
    main(**kwargs)
    assert train.call_args.args[2].param_groups
