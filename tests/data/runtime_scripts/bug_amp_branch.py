"""The clear is only in the non-AMP branch; AMP is on."""
import torch
from torch import nn

USE_AMP = True


def main():
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(12, 24), nn.GELU(), nn.Linear(24, 4))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    scaler = torch.amp.GradScaler("cpu", enabled=USE_AMP)
    for step in range(4):
        x, y = torch.randn(8, 12), torch.randint(0, 4, (8,))
        if USE_AMP:
            with torch.autocast("cpu", dtype=torch.bfloat16):
                loss = nn.functional.cross_entropy(model(x), y)
            scaler.scale(loss).backward()
            scaler.step(optimizer)  # <- ZG101
            scaler.update()
        else:
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()


if __name__ == "__main__":
    main()
