"""A clear under a counter test that fails every other iteration (a window of two).

The twin of clean101_clear_under_a_window_of_one.py: the counter set back to 0 when it reaches 2, so on the first
iteration of each window the test fails and nothing clears after the step; the next iteration's backward adds to
the gradients already applied, and its step applies them again (RULES.md ZG101).
"""
# expect: ZG101 17:13


def train(model, criterion, optimizer, loader, epochs):
    for epoch in range(epochs):
        num_iter = 0
        for x, y in loader:
            num_iter += 1
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            if num_iter == 2:
                num_iter = 0
                optimizer.zero_grad()
