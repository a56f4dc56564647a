"""What a setting's truth says about how its object was built (zerograd_lint/analysis/ir/settings.py)."""

from __future__ import annotations

import libcst as cst

from zerograd_lint.analysis.ir.settings import truth_implications

TRAINER = """
class Trainer:
    def __init__(self, model, args):
        if args is None:
            args = default_args()
        self.args = args
        self.engine = None
        self.use_amp = False
        self.args.fp16_note = "set"
        if args.fp16 and not args.engine:
            if backend == "amp":
                self.use_amp = True
                self.scaler = GradScaler()

    def train(self, loader):
        model = self.model
        if self.args.engine:
            model = wrap(model)
            self.engine = model
        for batch in loader:
            self.step(model, batch)
        self.engine = None
"""


def implications(source: str, own: bool = True) -> dict:
    module = cst.parse_module(source)
    classes = [(None, statement) for statement in module.body if isinstance(statement, cst.ClassDef)]
    return truth_implications(classes, own)


def test_a_setting_assigned_under_the_construction_tests_implies_them() -> None:
    found = implications(TRAINER)
    assert found["self.use_amp"][0] == {("self.args.fp16", True), ("self.args.engine", False)}
    assert found["self.engine"] == ({("self.args.engine", True)}, {("self.args.engine", True)})
    assert found["self.scaler"][1] == {("self.args.fp16", True), ("self.args.engine", False)}


def test_nothing_is_known_of_a_setting_assigned_unseen_or_of_tests_that_may_change() -> None:
    assert implications(TRAINER, own=False) == {}  # a library base may assign anything
    in_a_tuple = TRAINER.replace("        self.use_amp = False\n", "        self.use_amp, self.x = False, 1\n")
    assert "self.use_amp" not in implications(in_a_tuple)
    by_a_nested_def = TRAINER.replace("        for batch in loader:", "        def turn_on():\n            self.use_amp = True\n        for batch in loader:")
    assert "self.use_amp" not in implications(by_a_nested_def)
    augmented = TRAINER + "        self.use_amp |= flag\n"
    assert "self.use_amp" not in implications(augmented)
    changed_in_place = TRAINER.replace('self.args.fp16_note = "set"', "self.args.engine = False")
    assert "self.engine" not in implications(changed_in_place)
    assert implications(changed_in_place)["self.use_amp"][0] == {("self.args.fp16", True)}
    name_bound_again = TRAINER.replace(
        "        self.engine = None\n        self.use_amp = False", "        args = other_args()\n        self.engine = None\n        self.use_amp = False"
    )
    assert "self.use_amp" not in implications(name_bound_again)
    bound_outside_init = TRAINER + "\n    def configure(self, args):\n        self.args = args\n"
    assert "self.use_amp" not in implications(bound_outside_init) and "self.engine" not in implications(bound_outside_init)


def test_class_level_values_fields_and_attributes_set_by_name_are_never_settings() -> None:
    truthy_default = TRAINER.replace("class Trainer:\n", "class Trainer:\n    use_amp = True\n")
    assert "self.use_amp" not in implications(truthy_default) and "self.engine" in implications(truthy_default)
    falsy_default = TRAINER.replace("class Trainer:\n", "class Trainer:\n    use_amp = False\n")
    assert implications(falsy_default)["self.use_amp"] == implications(TRAINER)["self.use_amp"]
    field = TRAINER.replace("class Trainer:\n", "class Trainer:\n    use_amp: bool = False\n")
    assert "self.use_amp" not in implications(field)
    by_name = TRAINER + "\n    def configure(self, **options):\n        for key, value in options.items():\n            setattr(self, key, value)\n"
    assert implications(by_name) == {}
    by_dict = TRAINER + "\n    def configure(self, **options):\n        self.__dict__.update(options)\n"
    assert implications(by_dict) == {}
    searched = TRAINER + "\n    def search(self, trial):\n        for key, value in trial.items():\n            setattr(self.args, key, value)\n"
    assert implications(searched) == {}  # every test read `self.args`, whose attributes a search may set
