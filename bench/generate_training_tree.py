"""Writes a tree of realistic training scripts, for the benchmark and the Ctrl-C test.

    python bench/generate_training_tree.py OUT_DIR [--scripts N] [--seed S]

Each project folder holds a training script in one of several loop shapes
(plain, clear at the end, accumulation, AMP, GAN, LBFGS closure, a trainer
class with helpers, Accelerate), some with a bug the rules report, beside the
modules a real project has and that never train (models, data, metrics,
config). The same seed writes the same tree.
"""

from __future__ import annotations

import argparse
import random
import textwrap
from pathlib import Path

HEADER = '''\
"""{title}"""

import argparse
import math
import os

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader

from .data import make_dataset
from .model import build_model
from .metrics import accuracy


def parse_args():
    parser = argparse.ArgumentParser()
    parser.add_argument("--epochs", type=int, default={epochs})
    parser.add_argument("--lr", type=float, default={lr})
    parser.add_argument("--batch-size", type=int, default={batch})
    parser.add_argument("--accum", type=int, default={accum})
    parser.add_argument("--clip", type=float, default=1.0)
    parser.add_argument("--out", default="checkpoints")
    return parser.parse_args()


def evaluate(model, loader, device):
    model.eval()
    correct = total = 0
    with torch.no_grad():
        for x, y in loader:
            x, y = x.to(device), y.to(device)
            logits = model(x)
            correct += (logits.argmax(-1) == y).sum().item()
            total += y.numel()
    model.train()
    return correct / max(total, 1)


def save_checkpoint(model, optimizer, epoch, path):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    torch.save({{"model": model.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch}}, path)
'''

LOOPS = {
    "plain": '''
def train(args, model, loader, device):
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=args.epochs)
    for epoch in range(args.epochs):
        for step, (x, y) in enumerate(loader):
            x, y = x.to(device), y.to(device)
            optimizer.zero_grad()
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip)
            optimizer.step()
            if step % 100 == 0:
                print(f"epoch {{epoch}} step {{step}} loss {{loss.item():.4f}}")
        scheduler.step()
        save_checkpoint(model, optimizer, epoch, os.path.join(args.out, f"{{epoch}}.pt"))
''',
    "clear_at_end": '''
def train(args, model, loader, device):
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9)
    model.train()
    for epoch in range(args.epochs):
        running = 0.0
        for x, y in loader:
            logits = model(x.to(device))
            loss = F.cross_entropy(logits, y.to(device))
            loss.backward()
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
            running += loss.item()
        print(epoch, running / len(loader))
''',
    "accumulation": '''
def train(args, model, loader, device):
    optimizer = torch.optim.Adam(model.parameters(), lr=args.lr)
    optimizer.zero_grad()
    for epoch in range(args.epochs):
        for i, (x, y) in enumerate(loader):
            loss = F.mse_loss(model(x.to(device)), y.to(device)) / args.accum
            loss.backward()
            if (i + 1) % args.accum == 0:
                torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip)
                optimizer.step()
                optimizer.zero_grad()
''',
    "amp": '''
def train(args, model, loader, device):
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    scaler = torch.amp.GradScaler("cuda", enabled=torch.cuda.is_available())
    for epoch in range(args.epochs):
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            with torch.autocast(device_type="cuda", dtype=torch.float16):
                loss = F.cross_entropy(model(x.to(device)), y.to(device))
            scaler.scale(loss).backward()
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), args.clip)
            scaler.step(optimizer)
            scaler.update()
''',
    "gan": '''
def train(args, generator, discriminator, loader, device):
    opt_g = torch.optim.Adam(generator.parameters(), lr=args.lr, betas=(0.5, 0.999))
    opt_d = torch.optim.Adam(discriminator.parameters(), lr=args.lr, betas=(0.5, 0.999))
    for epoch in range(args.epochs):
        for real, _ in loader:
            real = real.to(device)
            noise = torch.randn(real.size(0), 64, device=device)
            fake = generator(noise)
            opt_d.zero_grad()
            loss_real = F.binary_cross_entropy_with_logits(discriminator(real), torch.ones(real.size(0), 1, device=device))
            loss_fake = F.binary_cross_entropy_with_logits(discriminator(fake.detach()), torch.zeros(real.size(0), 1, device=device))
            loss_real.backward()
            loss_fake.backward()
            opt_d.step()
            opt_g.zero_grad()
            loss_g = F.binary_cross_entropy_with_logits(discriminator(fake), torch.ones(real.size(0), 1, device=device))
            loss_g.backward()
            opt_g.step()
''',
    "lbfgs": '''
def train(args, model, loader, device):
    optimizer = torch.optim.LBFGS(model.parameters(), lr=args.lr, history_size=10)
    for epoch in range(args.epochs):
        for x, y in loader:
            x, y = x.to(device), y.to(device)

            def closure():
                optimizer.zero_grad()
                loss = F.mse_loss(model(x), y)
                loss.backward()
                return loss

            optimizer.step(closure)
''',
    "trainer_class": '''
class Trainer:
    def __init__(self, args, model, loader, device):
        self.args = args
        self.model = model
        self.loader = loader
        self.device = device
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=10)

    def _run_batch(self, x, y):
        self.optimizer.zero_grad()
        loss = F.cross_entropy(self.model(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def _run_epoch(self, epoch):
        total = 0.0
        for x, y in self.loader:
            total += self._run_batch(x.to(self.device), y.to(self.device))
        self.scheduler.step()
        return total / len(self.loader)

    def fit(self):
        for epoch in range(self.args.epochs):
            print(epoch, self._run_epoch(epoch))


def train(args, model, loader, device):
    Trainer(args, model, loader, device).fit()
''',
    "accelerate": '''
def train(args, model, loader, device):
    from accelerate import Accelerator

    accelerator = Accelerator(gradient_accumulation_steps=args.accum)
    optimizer = torch.optim.AdamW(model.parameters(), lr=args.lr)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(args.epochs):
        for x, y in loader:
            with accelerator.accumulate(model):
                loss = F.cross_entropy(model(x), y)
                accelerator.backward(loss)
                if accelerator.sync_gradients:
                    accelerator.clip_grad_norm_(model.parameters(), args.clip)
                optimizer.step()
                optimizer.zero_grad()
''',
}

# Bugs RULES.md describes, each a small edit of a correct loop.
BUGS = {
    "plain": [("            optimizer.zero_grad()\n", "")],  # ZG101: no clear
    "clear_at_end": [("            optimizer.zero_grad(set_to_none=True)\n", "            optimizer.zero_grad\n")],  # ZG202
    "accumulation": [("            loss = F.mse_loss(model(x.to(device)), y.to(device)) / args.accum\n",
                      "            optimizer.zero_grad()\n            loss = F.mse_loss(model(x.to(device)), y.to(device))\n")],  # ZG105, ZG501
    "amp": [("            scaler.unscale_(optimizer)\n", "")],  # ZG401
    "trainer_class": [("        loss.backward()\n        self.optimizer.step()\n",
                       "        loss.backward()\n        self.optimizer.zero_grad()\n        self.optimizer.step()\n")],  # ZG102
}

MAIN = '''

def main():
    args = parse_args()
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = build_model({width}).to(device)
    loader = DataLoader(make_dataset({size}), batch_size=args.batch_size, shuffle=True)
    train(args, {models}, loader, device)
    print("accuracy", evaluate(model, loader, device))


if __name__ == "__main__":
    main()
'''

MODEL = '''\
"""Model definitions."""

import torch
import torch.nn as nn


class Block(nn.Module):
    def __init__(self, width, dropout={dropout}):
        super().__init__()
        self.norm = nn.LayerNorm(width)
        self.fc1 = nn.Linear(width, {hidden})
        self.fc2 = nn.Linear({hidden}, width)
        self.drop = nn.Dropout(dropout)

    def forward(self, x):
        return x + self.drop(self.fc2(torch.relu(self.fc1(self.norm(x)))))


class Net(nn.Module):
    def __init__(self, width, depth={depth}, classes=10):
        super().__init__()
        self.embed = nn.Linear(32, width)
        self.blocks = nn.ModuleList(Block(width) for _ in range(depth))
        self.head = nn.Linear(width, classes)

    def forward(self, x):
        x = self.embed(x)
        for block in self.blocks:
            x = block(x)
        return self.head(x)


def build_model(width):
    return Net(width)
'''

DATA = '''\
"""Datasets and transforms."""

import random

import torch
from torch.utils.data import Dataset


class RandomDataset(Dataset):
    def __init__(self, size, features=32, classes=10, seed={seed}):
        generator = torch.Generator().manual_seed(seed)
        self.x = torch.randn(size, features, generator=generator)
        self.y = torch.randint(0, classes, (size,), generator=generator)

    def __len__(self):
        return len(self.x)

    def __getitem__(self, index):
        return self.x[index], self.y[index]


def normalize(batch, eps=1e-6):
    mean = batch.mean(dim=0, keepdim=True)
    std = batch.std(dim=0, keepdim=True)
    return (batch - mean) / (std + eps)


def split(items, fraction={fraction}):
    items = list(items)
    random.shuffle(items)
    cut = int(len(items) * fraction)
    return items[:cut], items[cut:]


def make_dataset(size):
    return RandomDataset(size)
'''

METRICS = '''\
"""Metrics and logging."""

import json
import time


def accuracy(logits, labels):
    return (logits.argmax(-1) == labels).float().mean().item()


class AverageMeter:
    def __init__(self, name):
        self.name = name
        self.reset()

    def reset(self):
        self.total = 0.0
        self.count = 0

    def update(self, value, n=1):
        self.total += value * n
        self.count += n

    @property
    def average(self):
        return self.total / max(self.count, 1)


class JsonLogger:
    def __init__(self, path):
        self.path = path
        self.start = time.time()

    def log(self, **values):
        values["elapsed"] = time.time() - self.start
        with open(self.path, "a") as handle:
            handle.write(json.dumps(values) + "\\n")
'''

CONFIG = '''\
"""Experiment configuration."""

from dataclasses import dataclass, field


@dataclass
class Config:
    name: str = "{name}"
    epochs: int = {epochs}
    lr: float = {lr}
    batch_size: int = {batch}
    tags: list = field(default_factory=lambda: {tags!r})
'''


def training_script(shape: str, buggy: bool, rng: random.Random, title: str) -> str:
    source = HEADER.format(
        title=title, epochs=rng.choice([1, 3, 10, 90]), lr=rng.choice([1e-3, 3e-4, 0.1]),
        batch=rng.choice([16, 32, 64, 256]), accum=rng.choice([2, 4, 8]),
    ) + textwrap.dedent(LOOPS[shape]).replace("{{", "{").replace("}}", "}")
    if buggy and shape in BUGS:
        for old, new in BUGS[shape]:
            source = source.replace(old, new, 1)
    models = "model, model" if shape == "gan" else "model"
    return source + MAIN.format(width=rng.choice([64, 128, 256]), size=rng.choice([512, 4096]), models=models)


def write_project(folder: Path, index: int, rng: random.Random) -> None:
    shape = sorted(LOOPS)[index % len(LOOPS)]
    buggy = rng.random() < 0.3
    folder.mkdir(parents=True, exist_ok=True)
    files = {
        "__init__.py": "",
        "train.py": training_script(shape, buggy, rng, f"Training script {index} ({shape})"),
        "model.py": MODEL.format(dropout=rng.choice([0.0, 0.1]), hidden=rng.choice([256, 512]), depth=rng.choice([2, 4, 6])),
        "data.py": DATA.format(seed=index, fraction=rng.choice([0.8, 0.9])),
        "metrics.py": METRICS,
        "config.py": CONFIG.format(name=f"exp{index}", epochs=rng.randint(1, 100), lr=rng.choice([1e-3, 3e-4]),
                                   batch=rng.choice([16, 32]), tags=rng.sample(["vision", "nlp", "baseline", "ablation"], 2)),
    }
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


def generate(out: Path, scripts: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for index in range(scripts):
        write_project(out / f"group{index // 100:03d}" / f"project{index:05d}", index, rng)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--scripts", type=int, default=1000, help="training scripts (each with 5 other modules)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    generate(args.out, args.scripts, args.seed)


if __name__ == "__main__":
    main()
