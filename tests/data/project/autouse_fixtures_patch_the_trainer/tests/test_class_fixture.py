# expect: clean
# A test class's autouse fixture (pytest-mock's `mocker`) replaces the trainer for the class's tests only: the test
# outside the class runs the real optimizer's loop for two epochs, its bug found through it too (reported in
# trainer.py).
import pytest

from recipes.finetune import main


class TestWithFakeTrainer:
    @pytest.fixture(autouse=True)
    def fake_trainer(self, mocker):
        self.train = mocker.patch("recipes.finetune.train")

    def test_main_hands_the_trainer_its_epochs(self):
        main(epochs=2, lr=0.1)
        assert self.train.call_args.args[3] == 2


def test_main_trains():
    main(epochs=2, lr=0.1)
