"""A policy phase that never clears after its step, then an accumulating auxiliary phase.

Seen in vwxyzjn/cleanrl cleanrl/ppg_procgen.py: each update runs a policy
phase (clear, forward, `loss.backward()`, clip, `optimizer.step()` per
minibatch, no clear after the last step), then an auxiliary phase that
accumulates `(loss / n_aux_grad_accum).backward()` and steps/clears under
`if (i + 1) % n_aux_grad_accum == 0`. The first auxiliary window starts from
the policy phase's last gradients, which its step already applied, so the
first auxiliary step applies them again (RULES.md ZG101, at that step). The
linter reports this one correctly; the case keeps it that way.
"""
# expect: ZG101 35:17
import torch

agent = torch.nn.Linear(4, 2)
optimizer = torch.optim.Adam(agent.parameters(), lr=2.5e-4)
n_aux_grad_accum = 2
batches = [torch.randn(8, 4)] * 4

for update in range(3):
    for x in batches:
        optimizer.zero_grad()
        loss = agent(x).pow(2).mean()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
        optimizer.step()

    for aux_epoch in range(2):
        for i, x in enumerate(batches):
            loss = agent(x).abs().mean() / n_aux_grad_accum
            loss.backward()

            if (i + 1) % n_aux_grad_accum == 0:
                torch.nn.utils.clip_grad_norm_(agent.parameters(), 0.5)
                optimizer.step()
                optimizer.zero_grad()
