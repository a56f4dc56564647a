# expect: clean
from lmtrain.lite_trainer import LiteTrainer
from lmtrain.trainer import LMTrainer


def main(model, loader, cfg):
    trainer = LiteTrainer(model, cfg) if cfg.lite else LMTrainer(model, cfg)
    trainer.train(loader, cfg.epochs)
