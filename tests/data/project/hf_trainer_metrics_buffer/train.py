# expect: clean
from transformers import TrainingArguments

from distill.detached_trainer import DetachedDistillationTrainer
from distill.trainer import DistillationTrainer


def main(student, teacher, dataset, cfg):
    args = TrainingArguments(output_dir=cfg.out, gradient_accumulation_steps=cfg.accum, learning_rate=cfg.lr)
    trainer_cls = DetachedDistillationTrainer if cfg.detached else DistillationTrainer
    trainer = trainer_cls(model=student, args=args, train_dataset=dataset, teacher=teacher)
    trainer.train()
