# expect: ZG104 23:17
# expect: ZG101 32:21
"""trainer.py's buggy twin: the accumulating branch steps and never clears, so each window's step applies again the
gradients of every window before it (nothing else clears them while `params.amp` stays on)."""

import apex
import torch


class LeakyTrainer:
    def __init__(self, model, params):
        self.model = model
        self.params = params
        self.n_iter = 0
        self.optimizers = {"model": torch.optim.Adam(model.parameters(), lr=1e-4)}

    def optimize(self, loss):
        params = self.params
        names = self.optimizers.keys()
        optimizers = [self.optimizers[k] for k in names]
        if params.amp == -1:
            for optimizer in optimizers:
                optimizer.zero_grad()
            loss.backward()
            for optimizer in optimizers:
                optimizer.step()
        else:
            if self.n_iter % params.accumulate_gradients == 0:
                with apex.amp.scale_loss(loss / params.accumulate_gradients, optimizers) as scaled_loss:
                    scaled_loss.backward()
                for optimizer in optimizers:
                    optimizer.step()
            else:
                with apex.amp.scale_loss(loss / params.accumulate_gradients, optimizers, delay_unscale=True) as scaled_loss:
                    scaled_loss.backward()

    def iter(self):
        self.n_iter += 1

    def clm_step(self, batch):
        loss = self.model(batch).mean()
        self.optimize(loss)
