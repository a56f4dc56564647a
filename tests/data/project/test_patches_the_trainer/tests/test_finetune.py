# expect: clean
# The trainer is a mock while these tests run: they check what `main` hands it (its optimizer, its loader).
import unittest
from unittest import mock
from unittest.mock import patch

from recipes.finetune import main


@patch("recipes.finetune.train")
@patch("recipes.finetune.optim.AdamW")
def test_main_hands_the_trainer_its_optimizer(adamw, train):
    kwargs = {"epochs": 2}
    main(**kwargs)
    assert train.call_args.args[2] is adamw.return_value


@mock.patch("recipes.finetune.train")
class TestLoader(unittest.TestCase):
    def test_main_hands_the_trainer_a_loader(self, train):
        kwargs = {"lr": 0.1}
        main(**kwargs)
        loader = train.call_args.args[1]
        self.assertEqual(len(loader), 4)
