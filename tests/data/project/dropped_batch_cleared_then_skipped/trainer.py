# expect: clean
"""A TTS trainer (jasonppy/VoiceCraft's `Trainer.train`, written here): each batch is split into micro-batches, a
micro-batch whose model returns nothing is skipped, one whose loss is NaN sets `skip_flag`; after the micro-batches a
set flag drops the batch (clear, then `continue` past the step). The step never follows that clear in its iteration:
only an iteration whose every micro-batch returned nothing reaches the step with nothing since the clear, and there
the step has no backward of its own to lose (no ZG102)."""

import torch


class Trainer:
    def __init__(self, model, loader, accum_steps):
        self.model = model
        self.loader = loader
        self.accum_steps = accum_steps
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)

    def train(self):
        skip_flag = False
        for batch in self.loader:
            for j in range(self.accum_steps):
                out = self.model(batch[j::self.accum_steps])
                if out is None:
                    continue
                if torch.isnan(out["loss"]).any():
                    skip_flag = True
                    continue
                (out["loss"] / self.accum_steps).backward()
            if skip_flag:
                self.optimizer.zero_grad()
                skip_flag = False
                continue
            self.optimizer.step()
            self.optimizer.zero_grad()
