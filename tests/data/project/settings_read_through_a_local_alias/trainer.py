# expect: ZG104 25:17
"""A translation model's trainer (facebookresearch/XLM's `Trainer.optimize`, written here): each step method hands its
loss to `optimize`, which reads the run's settings through a local alias (`params = self.params`) and either clears,
backpropagates and steps every call (`params.amp == -1`) or accumulates through apex and steps, then clears, every
`accumulate_gradients` calls. `params.amp` is the same setting in every iteration, so the window's step never follows
the plain branch's step: no ZG101 (the clear after the forward is the opt-in ZG104)."""

import apex
import torch


class Trainer:
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
                    optimizer.zero_grad()
            else:
                with apex.amp.scale_loss(loss / params.accumulate_gradients, optimizers, delay_unscale=True) as scaled_loss:
                    scaled_loss.backward()

    def iter(self):
        self.n_iter += 1

    def clm_step(self, batch):
        loss = self.model(batch).mean()
        self.optimize(loss)


class SingleTrainer(Trainer):
    def __init__(self, model, params):
        self.model_names = ["model"]
        super().__init__(model, params)
