# expect: clean
"""The forward helper: it stores the loss in the settings dict and hands the same dict back."""


def forward(model, batch, state):
    state["loss"] = model(batch)
    return state
