# expect: ZG104 20:17
"""undivided_trainer.py's clean twin: each micro-batch's loss is divided by `accumulate_gradients`."""

import apex
import torch


class DividedTrainer:
    def __init__(self, model, params):
        self.model = model
        self.params = params
        self.n_iter = 0
        self.optimizers = {"model": torch.optim.Adam(model.parameters(), lr=1e-4)}

    def optimize(self, loss):
        names = self.optimizers.keys()
        optimizers = [self.optimizers[k] for k in names]
        if self.params.amp == -1:
            for optimizer in optimizers:
                optimizer.zero_grad()
            loss.backward()
            for optimizer in optimizers:
                optimizer.step()
        else:
            if self.n_iter % self.params.accumulate_gradients == 0:
                with apex.amp.scale_loss(loss / self.params.accumulate_gradients, optimizers) as scaled_loss:
                    scaled_loss.backward()
                for optimizer in optimizers:
                    optimizer.step()
                    optimizer.zero_grad()
            else:
                with apex.amp.scale_loss(loss / self.params.accumulate_gradients, optimizers, delay_unscale=True) as scaled_loss:
                    scaled_loss.backward()

    def iter(self):
        self.n_iter += 1

    def clm_step(self, batch):
        loss = self.model(batch).mean()
        self.optimize(loss)
