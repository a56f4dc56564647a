# expect: clean
# pytest's own fixture replaces the trainer with a fake that keeps what `main` hands it (its optimizer).
from recipes import finetune
from recipes.finetune import main


def test_main_hands_the_trainer_its_optimizer(monkeypatch):
    handed = []
    monkeypatch.setattr("recipes.finetune.train", lambda *args: handed.append(args))
    kwargs = {"epochs": 2}
    main(**kwargs)
    assert handed[0][2].param_groups


def test_main_hands_the_trainer_its_loader(monkeypatch):
    handed = []
    monkeypatch.setattr(finetune, "train", lambda *args: handed.append(args))
    kwargs = {"lr": 0.1}
    main(**kwargs)
    assert len(handed[0][1]) == 4
