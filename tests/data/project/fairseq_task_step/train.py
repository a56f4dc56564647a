# expect: clean
"""The entry point: the task, the trainer, and the epoch loop handing each group of samples to the trainer."""

from nmt.clean_trainer import CleanTrainer
from nmt.tasks import TranslationTask
from nmt.trainer import Trainer


def main(cfg, model, criterion, src_dict, tgt_dict, epoch_itr):
    task = TranslationTask(cfg, src_dict, tgt_dict)
    trainer = Trainer(cfg, task, model, criterion)
    for epoch in range(cfg.max_epoch):
        for samples in epoch_itr.next_epoch_itr():
            trainer.train_step(samples)


def clean_main(cfg, model, criterion, src_dict, tgt_dict, epoch_itr):
    task = TranslationTask(cfg, src_dict, tgt_dict)
    trainer = CleanTrainer(cfg, task, model, criterion)
    for epoch in range(cfg.max_epoch):
        for samples in epoch_itr.next_epoch_itr():
            trainer.train_step(samples)
