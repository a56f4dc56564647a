# expect: clean
# pytest-mock's fixture makes the trainer a mock from the patch on: the tests check what `main` hands it (its
# optimizer, its loader).
from recipes import finetune
from recipes.finetune import main


def test_main_hands_the_trainer_its_optimizer(mocker):
    train = mocker.patch("recipes.finetune.train")
    kwargs = {"epochs": 2}
    main(**kwargs)
    assert train.call_args.args[2].param_groups


def test_main_hands_the_trainer_its_loader(mocker):
    train = mocker.patch.object(finetune, "train")
    kwargs = {"lr": 0.1}
    main(**kwargs)
    assert len(train.call_args.args[1]) == 4
