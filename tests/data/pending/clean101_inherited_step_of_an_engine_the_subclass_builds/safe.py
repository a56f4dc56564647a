# expect: clean
"""align-anything's text_image_to_text/saferlhf.py: `SafeTrainer(PPOTrainer)` binds `self.actor_model` to the engine
the base's `_init_train_engine` returns, and its loop runs its own `rl_step` (engine backward and step) and the
inherited `ptx_step`. ZG101 is reported at `rl_step`'s step, as if `ptx_step`'s backward leaked into it: the inherited
method is read with `PPOTrainer`'s bindings of `self.actor_model` (the subclass's engine binding is not an alias, so
`index.InheritedAliases` leaves it out), and its step is dropped. What it needs: an inherited method run for a
subclass seeing the subclass's own bindings of `self.x` (a value, not only an alias)."""

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
