# expect: clean
"""The forward of the model's two branches, summed (the aggregation of incremental_lucir.py's `process_inputs_fp`)."""


def run_branches(model, x):
    return model.plastic(x) + model.stable(x)
