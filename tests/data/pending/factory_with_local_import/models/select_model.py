# expect: clean
"""The model the settings name, its class imported inside the factory (only the chosen module is loaded)."""


def define_model(settings):
    if settings.model != "plain":
        raise NotImplementedError(settings.model)
    from models.model_plain import ModelPlain as Model
    return Model(settings)
