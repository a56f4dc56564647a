# expect: clean
"""A helper of the project's (pfrl's `pack_and_forward`): it runs the model it is handed on the packed sequences and
returns the outputs with the model's next recurrent state."""


def pack_and_forward(model, sequences, recurrent_state):
    outputs = model(sequences)
    return outputs, recurrent_state
