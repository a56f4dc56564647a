# expect: ZG104 11:5
# expect: ZG101 18:5
"""The project's step helpers (ku2482/sac-discrete.pytorch's sacd/utils.py, written here). `update_params` clears,
backpropagates and steps one optimizer: its clear follows the forward the caller ran to build the loss (ZG104, opt-in).
`step_params` has no clear: a caller that never clears applies every earlier update's gradients again (ZG101 at its
step, for stale_agent.py)."""


def update_params(optim, loss, retain_graph=False):
    # The clear runs after the caller's forward: correct, but fragile.
    optim.zero_grad()
    loss.backward(retain_graph=retain_graph)
    optim.step()


def step_params(optim, loss):
    loss.backward()
    optim.step()
