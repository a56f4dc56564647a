"""One clear per batch, then the batch's micro-batches backpropagated, counting those that ran out of memory; the step
is skipped when as many failed as there are workers (then the clear drops what the others left). `skipped = 0` at the
top of every iteration: the count starts again each batch, so its test counts no iterations of the loop and is no
accumulation guard (RULES.md); the clear at the top throws nothing away (fairseq's `train_step` in SpanBERT counts its
OOMs so, in a helper: `tests/data/project/out_of_memory_count_of_each_step/`). The twin whose count is reset only
after its test is `zg105_window_count_reset_after_its_test.py`.
"""
# expect: clean
import torch


def train(model, loader, workers=1, lr=0.1):
    optimizer = torch.optim.Adam(model.parameters(), lr=lr)
    for micro_batches in loader:
        optimizer.zero_grad()
        skipped = 0
        for x, y in micro_batches:
            try:
                loss = torch.nn.functional.mse_loss(model(x), y) / len(micro_batches)
                loss.backward()
            except RuntimeError:
                skipped += 1
        if skipped == workers:
            optimizer.zero_grad()
            continue
        optimizer.step()
