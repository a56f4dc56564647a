# expect: clean
"""Closures for `optimizer.step(closure)`, made by factories: LBFGS evaluates the closure several times per step,
so each evaluation must start from cleared gradients. `forgetful_closure`'s does not clear."""


def make_closure(model, optimizer, inputs, targets, loss_fn):
    def closure():
        optimizer.zero_grad()
        loss = loss_fn(model(inputs), targets)
        loss.backward()
        return loss

    return closure


def forgetful_closure(model, inputs, targets, loss_fn):
    def closure():
        loss = loss_fn(model(inputs), targets)
        loss.backward()
        return loss

    return closure
