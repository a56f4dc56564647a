# expect: ZG501 19:9
"""KellerJordan/modded-nanogpt's warm-up and training loops (a record's train_gpt.py): on even steps only the second
optimizer steps and clears its own parameters; on odd steps every optimizer steps, then the whole model is cleared.
The first optimizer's gradients add up over two backwards and are applied and cleared on the odd step: a window of
two kept on purpose, every step cleared after (RULES.md ZG101 wants a clear between a step and the backwards of later
iterations: here each optimizer's parameters are cleared after its every step). `step % 2 == 0` holds in every second
iteration, not in one only (speed23's one-iteration tests took it for `i == which_iter`). The window's loss is not
divided by its two backwards: ZG501 by the letter. Twin: zg101_parity_guard_odd_arm_never_clears.py.
"""
import torch


def train(model, loader, warmup_steps):
    adam = torch.optim.Adam(model.head.parameters(), lr=1e-3)
    sgd = torch.optim.SGD(model.body.parameters(), lr=0.1)
    optimizers = [adam, sgd]
    for step in range(warmup_steps):
        inputs, targets = next(loader)
        model(inputs, targets).backward()
        if step % 2 == 0:
            optimizers[1].step()
            optimizers[1].zero_grad(set_to_none=True)
        else:
            for opt in optimizers:
                opt.step()
            model.zero_grad(set_to_none=True)
