# expect: clean
# Each run builds its own model, loader and optimizer (a project class derived from torch's `Optimizer` in half
# precision): what the first run left in its gradients is not the second's.
from recipes.finetune import main


def test_main_trains_each_optimizer():
    kwargs = {"use_fp16": True, "low_precision": True}
    main(**kwargs)
    kwargs = {"use_fp16": False, "low_precision": True}
    main(**kwargs)
