"""A clear under a counter test that holds in every iteration (a window of one).

The shape of Point-MAE's segmentation loop, the clear alone under the test: the counter starts at 0, is incremented at
the top of each iteration and set back to 0 inside the test `num_iter == 1`, so the test holds every time and every
iteration clears after its step. No path keeps an earlier iteration's gradients for a step (RULES.md ZG101 needs
one; "Correlated conditions": the path where the test fails does not exist). The twin
zg101_clear_under_a_window_of_two.py compares with 2: the test then fails every other iteration.
"""
# expect: clean


def train(model, criterion, optimizer, loader, epochs):
    for epoch in range(epochs):
        num_iter = 0
        for x, y in loader:
            num_iter += 1
            loss = criterion(model(x), y)
            loss.backward()
            optimizer.step()
            if num_iter == 1:
                num_iter = 0
                optimizer.zero_grad()
