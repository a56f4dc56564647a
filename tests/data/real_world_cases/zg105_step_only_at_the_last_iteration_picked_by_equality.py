# expect: ZG105 20:17
# expect: ZG105 21:17
# expect: ZG501 24:17
# expect: ZG501 25:17
"""The twin of clean_step_skipped_at_one_iteration_picked_by_equality.py: the steps sit only in the arm of the equality
with the loop's own counter (`i == iterations - 1`, the last micro-batch of each run, nanoGPT's `micro_step ==
gradient_accumulation_steps - 1`), and no other arm steps. Each run sums its micro-batches for that one step, which
the clear at the top of every iteration throws away (ZG105), and the losses are not divided by their count (ZG501)."""

import torch


def accumulate_runs(make_model, x, iterations=3):
    for which_iter in (0, 1):
        for which_backward in (0, 1):
            model0, model1 = make_model(), make_model()
            optimizer0 = torch.optim.SGD(model0.parameters(), lr=0.25, momentum=0.125)
            optimizer1 = torch.optim.SGD(model1.parameters(), lr=0.5, momentum=0.25)
            for i in range(iterations):
                optimizer0.zero_grad()
                optimizer1.zero_grad()
                loss0 = model0(x)
                loss1 = model1(x)
                loss0.backward()
                loss1.backward()
                if i == iterations - 1:
                    optimizer0.step()
                    optimizer1.step()
