# expect: clean
# The trainer is a fake here (conftest.py's autouse fixture): `main` builds its model and optimizer for two epochs.
from recipes.finetune import main


def test_main_builds():
    main(epochs=2, lr=0.1)
