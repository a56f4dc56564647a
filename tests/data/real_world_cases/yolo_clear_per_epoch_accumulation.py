"""Clear once per epoch before the batch loop, then step + clear under a counter guard.

Seen in ultralytics/yolov5 train.py and segment/train.py: the epoch loop calls
`optimizer.zero_grad()` once, then the batch loop accumulates with
`scaler.scale(loss).backward()` and steps/updates/clears when
`ni - last_opt_step >= accumulate`. The per-epoch clear is DESIGN.md section 3
pattern 2 (clear before the loop and after each conditional update); it does
not run every micro-batch, so accumulation is not defeated (no ZG105).
"""
# expect: clean
import torch

model = torch.nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")
loader = [torch.randn(8, 4) for _ in range(8)]
accumulate, last_opt_step = 4, -1

for epoch in range(3):
    optimizer.zero_grad()
    for i, x in enumerate(loader):
        ni = i + len(loader) * epoch
        loss = model(x).pow(2).mean() / accumulate
        scaler.scale(loss).backward()
        if ni - last_opt_step >= accumulate:
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad()
            last_opt_step = ni
