# expect: clean
"""The model the settings name, its class imported inside the factory (only the chosen module is loaded)."""


def define_model(settings):
    if settings.model != "plain":
        raise NotImplementedError(settings.model)
    from models.model_plain import ModelPlain as Model
    return Model(settings)


def define_either(settings):
    if settings.model == "plain":
        from models.model_plain import ModelPlain as Model
    else:
        from models.model_cleared import ModelCleared as Model
    return Model(settings)


def define_cleared(settings):
    from models.model_cleared import ModelCleared as Model
    return Model(settings)
