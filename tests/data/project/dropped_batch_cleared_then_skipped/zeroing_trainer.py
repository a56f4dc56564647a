# expect: ZG102 27:17
"""trainer.py's buggy twin: the dropped batch's gradients are zeroed in place (`set_to_none=False`) and the loop goes
on to the step, which applies the zeros (AdamW's moments and weight decay still move the weights)."""

import torch


class ZeroingTrainer:
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
                self.optimizer.zero_grad(set_to_none=False)
                skip_flag = False
            self.optimizer.step()
            self.optimizer.zero_grad()
