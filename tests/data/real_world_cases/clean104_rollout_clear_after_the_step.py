"""A rollout trainer that clears at the end of the iteration, after the step.

Modelled on an autoregressive weather-model trainer: each iteration runs a
rollout of forecast steps, the model's forward and optional post-processing
modules (each under its own flag) on every step, a backward only on the steps
chosen for it, and after the rollout the step and `optimizer.zero_grad()`.
The clear is at the end of the iteration (RULES.md: a clear after the step is
correct, and ZG104's conventional alternative); the next backward's forward
runs after it, in the next iteration. The rollout's paths are many (every
flag, every step with or without its backward): too many to keep apart, they
are taken together, and a forward pending only on the paths whose last step
skipped its backward is not pending on all of them.
"""
# expect: clean
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
                    scaler.scale(loss).backward(retain_graph=True)
                done = batch["last"]
                if done:
                    break
                x = pred
            scaler.unscale_(optimizer)
            nn.utils.clip_grad_norm_(self.model.parameters(), 1.0)
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()


def main(loader, batches):
    model = nn.Linear(8, 8)
    fixes = [nn.Identity(), nn.Identity(), nn.Identity()]
    optimizer = torch.optim.Adam(model.parameters())
    scaler = torch.cuda.amp.GradScaler()
    trainer = Trainer(model, *fixes, {"mass": True, "water": False, "energy": True}, {1, 2})
    trainer.train_one_epoch(loader, optimizer, nn.MSELoss(reduction="none"), scaler, batches)
