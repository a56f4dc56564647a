# expect: ZG101 27:9
"""The twin of clean101_inherited_step_of_an_engine_the_subclass_builds/ (align-anything's trainers, the shape written
here): `PPOTrainer` binds `self.actor_updater` to what `load_updater` returns (no optimizer, read in its own words),
and its `ptx_step` backpropagates and steps `self.actor_updater`, with no clear. The subclass binds
`self.actor_updater` to an AdamW optimizer and runs the inherited `ptx_step` every batch: each step applies the
gradients of every batch before (ZG101 at the step, in the base's method)."""

import torch


def load_updater(path):
    return torch.load(path)


class TrainerBase:
    pass


class PPOTrainer(TrainerBase):
    def init_models(self, path):
        self.actor_model = torch.load(path)
        self.actor_updater = load_updater(path)

    def ptx_step(self, batch):
        ptx_loss = self.actor_model(**batch).loss
        (self.ptx_coeff * ptx_loss).backward()
        self.actor_updater.step()
        return ptx_loss.item()
