"""The twin of `clean105_out_of_memory_handler_clears_under_accumulation.py`: the same runner also clears at the top of
every micro-batch, so only the last micro-batch of each window reaches the guarded step.
"""
# expect: ZG105 11:9
import torch


def train(model, loader, optimizer, accumulation):
    backward_steps = 0
    for batch in loader:
        optimizer.zero_grad()
        try:
            loss = model(batch).mean() / accumulation
            loss.backward()
        except RuntimeError as error:
            if "out of memory" in str(error):
                torch.cuda.empty_cache()
                optimizer.zero_grad()
                continue
            raise
        backward_steps += 1
        if backward_steps % accumulation > 0:
            continue
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        optimizer.zero_grad()
