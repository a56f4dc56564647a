# expect: clean
"""align-anything's text_image_to_text/saferlhf.py: `SafeTrainer(PPOTrainer)` binds `self.actor_model` to the engine
the base's `_init_train_engine` returns, and its loop runs its own `rl_step` (engine backward and step) and the
inherited `ptx_step`. The inherited method runs on `SafeTrainer`'s instance: its `self.actor_model` is the subclass's
binding (the engine), as `rl_step` sees it, so its backward and step are the engine's, self-managed. Read with
`PPOTrainer`'s bindings alone, its step was dropped and its backward leaked into `rl_step`'s step (a false ZG101
there)."""

import torch

from base import PPOTrainer


class SafeTrainer(PPOTrainer):
    def init_engines(self, path):
        self.init_models(path)
        optimizer = torch.optim.AdamW(self.actor_model.parameters())
        self.actor_model = self._init_train_engine(self.actor_model, optimizer)

    def rl_step(self, batch):
        actor_loss = self.actor_model(**batch).loss
        self.actor_model.backward(actor_loss)
        self.actor_model.step()

    def train(self, loader):
        for batch in loader:
            self.rl_step(batch)
            self.ptx_step(batch)
