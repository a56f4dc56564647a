# expect: clean
# The real trainer runs: the bug of the optimizer's loop that `main` reaches is found through the test too (reported in
# trainer.py).
from recipes.finetune import main


def test_main_trains():
    kwargs = {"epochs": 2}
    main(**kwargs)
