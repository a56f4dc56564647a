# expect: ZG104 25:17
# expect: ZG501 38:21
"""A translation model's trainer under apex (facebookresearch/XLM's `Trainer.optimize` with `--amp` on, written here):
a call whose `self.n_iter % accumulate_gradients == 0` backpropagates and steps, the others only backpropagate with
`delay_unscale=True`; `self.n_iter` moves once per outer iteration (`iter()`, called by the script). The window's
micro-batches add their gradients, and the loss is never divided by `accumulate_gradients`: the update is that many
times larger (and clipped, where clipping is on, at a threshold meant for one batch)."""

import apex
import torch


class UndividedTrainer:
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
                with apex.amp.scale_loss(loss, optimizers) as scaled_loss:
                    scaled_loss.backward()
                for optimizer in optimizers:
                    optimizer.step()
                    optimizer.zero_grad()
            else:
                with apex.amp.scale_loss(loss, optimizers, delay_unscale=True) as scaled_loss:
                    scaled_loss.backward()

    def iter(self):
        self.n_iter += 1

    def clm_step(self, batch):
        loss = self.model(batch).mean()
        self.optimize(loss)
