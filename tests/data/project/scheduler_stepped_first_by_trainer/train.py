# expect: clean
"""The script's loop (module level, as MUNIT's train.py): the trainer is one of two unrelated classes, picked by the
command line before the loop, so one class for the whole run, and either's schedules are stepped first in each
iteration (reported in trainer.py, where their steps are)."""

import sys

from trainer import GANTrainer, UNITTrainer

config = {"lr": 1e-4, "lr_policy": "step", "step_size": 100000, "gamma": 0.5, "gan_w": 1.0, "max_iter": 1000}
loader = [(None, None)] * 10
if sys.argv[1] == "MUNIT":
    trainer = GANTrainer(config)
elif sys.argv[1] == "UNIT":
    trainer = UNITTrainer(config)
else:
    sys.exit("Only support MUNIT|UNIT")
iterations = 0
while True:
    for it, (images_a, images_b) in enumerate(loader):
        trainer.update_learning_rate()
        trainer.dis_update(images_a, images_b, config)
        trainer.gen_update(images_a, config)
        if iterations + 1 >= config["max_iter"]:
            sys.exit("Finish training")
        iterations += 1
