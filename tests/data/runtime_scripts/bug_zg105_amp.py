"""AMP accumulation with GradScaler("cpu"): the clear runs every micro-batch."""
import torch
from torch import nn

GRAD_ACCUM = 2


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(10, 10), nn.ReLU(), nn.Linear(10, 1))
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    scaler = torch.amp.GradScaler("cpu")
    for i in range(6):
        optimizer.zero_grad(set_to_none=True)  # <- ZG105
        with torch.autocast("cpu", dtype=torch.bfloat16):
            loss = model(torch.randn(4, 10)).float().pow(2).mean() / GRAD_ACCUM
        scaler.scale(loss).backward()
        if (i + 1) % GRAD_ACCUM == 0:
            scaler.unscale_(optimizer)
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            scaler.step(optimizer)
            scaler.update()


if __name__ == "__main__":
    main()
