"""The loss comes from a model passed in as an argument, then the clear, then the backward.

Seen in Lightning-AI/pytorch-lightning examples/fabric/reinforcement_learning/
train_fabric.py and train_fabric_decoupled.py (`def train(fabric, agent,
optimizer, data, ...)`: `loss = agent.training_step(batch)`, then
`optimizer.zero_grad(set_to_none=True)`, `fabric.backward(loss)`, step) and
microsoft/Semi-supervised-learning cossl/utils.py (`classifier_train(...,
model, optimizer, ...)`: `outputs = model.module.classifier(inputs_x)`, the
loss, then `optimizer.zero_grad(); loss.backward(); optimizer.step()`).
The forward runs before the clear and the backward after it: ZG104 (opt-in).
c45dce4 to 97ffad4 reported both; since 4ab1308 the call is not recognised
as a model call when the model is a function parameter (a forward through a
module-level `agent = Agent()` is, see rl_ppo_forward_through_agent_method.py).
"""
# expect: ZG104 25:13
# expect: ZG104 35:9
import torch
import torch.nn.functional as F


def train(agent, optimizer, data, update_epochs=2):
    for epoch in range(update_epochs):
        for idx in range(0, 64, 16):
            loss = agent.training_step({k: v[idx : idx + 16] for k, v in data.items()})
            optimizer.zero_grad(set_to_none=True)
            loss.backward()
            optimizer.step()


def classifier_train(loader, model, optimizer):
    for inputs_x, targets_x in loader:
        outputs = model.module.classifier(inputs_x)
        loss = (-F.log_softmax(outputs, dim=1) * targets_x).sum(dim=1)
        loss = loss.mean()
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
