"""One backward before the training loop, whose iterations clear only after their step.

Seen in karpathy/llm.c train_gpt2.py before 54ec686 ("Fix zero grads bug"):
to write a reference state for the C code, the script does one forward and
`loss.backward()` before the loop; the loop then does its micro-step
backwards, `optimizer.step()` and `optimizer.zero_grad(set_to_none=True)`
at the end of each iteration (DESIGN.md pattern 1). The first step applies
the stray backward's gradients on top of the first iteration's: the
maintainers' fix clears right after writing the state.

A RULE QUESTION for the lead, not yet RULES.md: ZG101 speaks of gradients
"from a backward of an earlier iteration"; a backward before the loop is not
one. The expectation below is what the fix commit says the bug is (ZG101 at
the step); mark it disputed if RULES.md keeps its wording.
"""
# expect: ZG101 33:5
import torch
from debug_state import write_state

model = torch.nn.Linear(8, 8)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
x, y = torch.randn(4, 8), torch.randn(4, 8)

loss = torch.nn.functional.mse_loss(model(x), y)
loss.backward()
write_state(model, x, y, loss, "debug_state.bin")

for step in range(10):
    for micro_step in range(4):
        loss = torch.nn.functional.mse_loss(model(x), y) / 4
        loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
