# expect: clean
"""The script: the task names the trainer; timm's optimizer factory builds the optimizer."""

from timm.optim import create_optimizer_v2

from trainers.classifier import ClassifierTrainer
from trainers.segmenter import SegmenterTrainer


def main(model, loader, cfg):
    optimizer = create_optimizer_v2(model, opt=cfg.opt, lr=cfg.lr, weight_decay=cfg.weight_decay)
    trainer = (SegmenterTrainer if cfg.task == "segmentation" else ClassifierTrainer)(model, optimizer, cfg)
    for epoch in range(cfg.epochs):
        trainer.train_epoch(loader)
