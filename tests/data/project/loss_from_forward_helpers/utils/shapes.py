# expect: clean
"""A helper of the project's handed the model that reads its settings and runs nothing of it."""


def reduction_of(model):
    return model.reduction_factor
