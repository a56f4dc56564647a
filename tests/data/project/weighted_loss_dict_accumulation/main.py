# expect: clean
import torch

from engine import train_one_epoch
from models import SetCriterion


def main(model, loader, epochs):
    criterion = SetCriterion({"loss_ce": 1.0, "loss_bbox": 5.0})
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=1e-4)
    history = []
    for epoch in range(epochs):
        train_one_epoch(model, criterion, loader, optimizer, accum_steps=4, history=history)
