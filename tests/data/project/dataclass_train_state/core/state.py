# expect: clean
"""What a step needs, carried in one dataclass: the model, its optimizer and an optional scaler."""

from dataclasses import dataclass
from typing import Optional

import torch


@dataclass
class TrainState:
    model: torch.nn.Module
    optimizer: torch.optim.Optimizer
    scaler: Optional[torch.amp.GradScaler] = None
    step: int = 0


def create_state(model, lr, amp):
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    scaler = torch.amp.GradScaler("cuda") if amp else None
    return TrainState(model=model, optimizer=optimizer, scaler=scaler)
