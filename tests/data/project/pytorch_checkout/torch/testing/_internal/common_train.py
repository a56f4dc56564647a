# expect: ZG101 9:5
"""A test helper of the checkout: code that trains, as a project's helper does (read where a test calls it)."""


def one_step(model, optimizer, batch):
    """One step of the loop of test_steps.py, which clears nothing between steps."""
    loss = model(batch).sum()
    loss.backward()
    optimizer.step()
