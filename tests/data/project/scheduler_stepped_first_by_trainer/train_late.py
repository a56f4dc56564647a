# expect: clean
"""The clean twin's loop: the schedules are stepped after both updates of the iteration."""

from late_trainer import LateTrainer


def main(loader, config):
    trainer = LateTrainer(config)
    for images_a, images_b in loader:
        trainer.dis_update(images_a, images_b)
        trainer.gen_update(images_a)
        trainer.update_learning_rate()
