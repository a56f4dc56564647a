# expect: clean
from transformers import TrainingArguments

from prefs.detached_trainer import DetachedPreferenceTrainer
from prefs.trainer import PreferenceTrainer


def main(model, dataset, cfg):
    args = TrainingArguments(output_dir=cfg.out, gradient_accumulation_steps=cfg.accum, learning_rate=cfg.lr)
    trainer_cls = DetachedPreferenceTrainer if cfg.detached else PreferenceTrainer
    trainer = trainer_cls(model=model, args=args, train_dataset=dataset)
    trainer.train()
