"""A rollout trainer that clears after a last forward pass, before its backward.

The twin of `clean104_rollout_clear_after_the_step.py`: the same rollout of
forecast steps (the model's forward and optional post-processing modules, each
under its own flag, a backward on the steps chosen for it), too many paths to
keep apart; after it, a last forward pass on the rollout's input, and only then
`optimizer.zero_grad()` before that loss's backward and the step. That forward
is pending on every path at the clear: ZG104's Pattern A (RULES.md: the clear
runs after the forward pass and before backward); moved above the last forward
it drops the same gradients, so it is not placed where it must be.
"""
# expect: ZG104 52:13
import torch
from torch import nn


class Trainer:
    def __init__(self, model, fix_mass, fix_water, fix_energy, flags, steps_with_backward):
        self.model = model
        self.fix_mass = fix_mass
        self.fix_water = fix_water
        self.fix_energy = fix_energy
        self.flags = flags
        self.steps_with_backward = steps_with_backward

    def train_one_epoch(self, loader, optimizer, criterion, scaler, batches):
        data = iter(loader)
        for _ in range(batches):
            done = False
            total = 0.0
            while not done:
                batch = next(data)
                step = batch["step"]
                if step == 1:
                    x = batch["x"]
                pred = self.model(x)
                if self.flags["mass"]:
                    pred = self.fix_mass({"pred": pred, "x": x})["pred"]
                if self.flags["water"]:
                    pred = self.fix_water({"pred": pred, "x": x})["pred"]
                if self.flags["energy"]:
                    pred = self.fix_energy({"pred": pred, "x": x})["pred"]
                if step in self.steps_with_backward:
                    loss = criterion(pred, batch["y"]).mean()
                    total = total + loss.detach()
                    scaler.scale(loss).backward(retain_graph=True)
                done = batch["last"]
                if done:
                    break
                x = pred.detach()
            final = criterion(self.model(x), batch["y"]).mean()
            optimizer.zero_grad()
            scaler.scale(final).backward()
            scaler.unscale_(optimizer)
            nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            scaler.step(optimizer)
            scaler.update()


def main(loader, batches):
    model = nn.Linear(8, 8)
    fixes = [nn.Identity(), nn.Identity(), nn.Identity()]
    optimizer = torch.optim.Adam(model.parameters())
    scaler = torch.cuda.amp.GradScaler()
    trainer = Trainer(model, *fixes, {"mass": True, "water": False, "energy": True}, {1, 2})
    trainer.train_one_epoch(loader, optimizer, nn.MSELoss(reduction="none"), scaler, batches)
