# expect: clean
import torch

from callbacks import GradientClipping, GradNormLogger, LossHistory
from trainer.base import Trainer


def main(model, loader, loss_fn, epochs):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    callbacks = [GradientClipping(1.0), GradNormLogger(), LossHistory()]
    trainer = Trainer(model, optimizer, loss_fn, callbacks=callbacks)
    trainer.fit(loader, epochs)
