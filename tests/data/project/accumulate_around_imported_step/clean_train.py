# expect: clean
import torch
from accelerate import Accelerator

from training import clean_step


def main(model, loader, epochs):
    accelerator = Accelerator(gradient_accumulation_steps=8)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
    for epoch in range(epochs):
        for batch in loader:
            with accelerator.accumulate(model):
                clean_step(accelerator, model, optimizer, batch)
