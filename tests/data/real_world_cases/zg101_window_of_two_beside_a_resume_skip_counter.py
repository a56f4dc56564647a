"""A clear under a window of two, in a loop that also skips the batches a resumed run already trained.

The twin of clean101_window_of_one_beside_a_resume_skip_counter.py: `num_iter` is set back to 0 when it reaches 2,
so on the first iteration of each window the test fails and nothing clears after the step; the next iteration's
backward adds to the gradients already applied, and its step applies them again (RULES.md ZG101). The skip counter
beside it, counted down from where a checkpoint stopped, changes nothing of that.
"""
# expect: ZG101 24:13


def train(model, criterion, optimizer, loader, epochs, resume_step=None):
    to_skip = 0
    if resume_step is not None:
        to_skip = resume_step % len(loader)
    for epoch in range(epochs):
        num_iter = 0
        for x, y in loader:
            if to_skip > 0:
                to_skip -= 1
                continue
            num_iter += 1
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            if num_iter == 2:
                num_iter = 0
                optimizer.zero_grad()
