# expect: clean
# The real loops run, each handed literal settings: the one of `main` never clears, found through this test too
# (reported in loops.py).
from recipes.train import main, main_cleared


def test_main_runs_an_epoch():
    main(epochs=1, lr=0.1, optimizer_name="sgd")


def test_main_cleared_runs_an_epoch():
    main_cleared(1, 0.1, optimizer_name="adamw")
