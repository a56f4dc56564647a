# expect: clean
# The real trainer and runner run: the bugs of the optimizer's loops are found through the test too (reported in
# trainer.py and runner.py).
from recipes.finetune import main, run


def test_main_trains():
    kwargs = {"epochs": 2}
    main(**kwargs)


def test_run_trains():
    kwargs = {"epochs": 2}
    run(**kwargs)
