# expect: clean
# The twin: only the entry point whose loop clears runs, with literal settings.
from recipes.train import main_cleared


def test_main_cleared_runs_an_epoch():
    main_cleared(epochs=1, lr=0.1, optimizer_name="sgd")
