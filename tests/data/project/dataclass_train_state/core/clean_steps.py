# expect: clean
import torch


def train_step(state, batch):
    inputs, targets = batch
    state.optimizer.zero_grad(set_to_none=True)
    with torch.autocast("cuda", enabled=state.scaler is not None):
        loss = torch.nn.functional.cross_entropy(state.model(inputs), targets)
    if state.scaler is None:
        loss.backward()
        state.optimizer.step()
    else:
        state.scaler.scale(loss).backward()
        state.scaler.unscale_(state.optimizer)
        torch.nn.utils.clip_grad_norm_(state.model.parameters(), 1.0)
        state.scaler.step(state.optimizer)
        state.scaler.update()
    state.step += 1
    return loss.detach()
