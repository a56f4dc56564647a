# expect: ZG101 10:5
"""Step functions of this tree: `forgetful_step` never clears the optimizer it is handed (checked alone, this
module has no loop: silent)."""


def forgetful_step(model, batch, opt):
    inputs, targets = batch
    loss = model(inputs, targets)
    loss.backward()
    opt.step()


def clearing_step(model, batch, opt):
    opt.zero_grad()
    inputs, targets = batch
    loss = model(inputs, targets)
    loss.backward()
    opt.step()
