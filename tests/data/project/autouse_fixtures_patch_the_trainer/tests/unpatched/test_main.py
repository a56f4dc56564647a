# expect: clean
# No fixture patches the trainer here: the real optimizer's loop runs for two epochs, its bug found through this test
# too (reported in trainer.py).
from recipes.finetune import main


def test_main_trains():
    main(epochs=2, lr=0.1)
