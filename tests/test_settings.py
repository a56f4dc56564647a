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


def test_a_conditional_expression_assigns_each_value_under_its_test() -> None:
    """`self.x = a if t else b` is `if t: self.x = a` and `else: self.x = b` (zsyOAOA/ResShift's scaler)."""
    chosen = TRAINER + "\n    def setup(self):\n        self.grad_scaler = GradScaler() if self.args.amp else None\n"
    assert implications(chosen)["self.grad_scaler"] == ({("self.args.amp", True)}, {("self.args.amp", True)})
    nested = chosen.replace("GradScaler() if self.args.amp else None", "(GradScaler() if self.args.amp else None) if self.args.fp16 else None")
    assert implications(nested)["self.grad_scaler"][1] == {("self.args.amp", True), ("self.args.fp16", True)}
    either = chosen.replace("if self.args.amp else None", "if self.args.amp or self.args.fp16 else None")
    assert "self.grad_scaler" not in implications(either)  # `a or b` true says neither
    arm_named = TRAINER.replace("        self.args = args\n", "        self.args = args if args.ok else fallback\n")
    assert "self.use_amp" not in implications(arm_named)  # `args.fp16` below need not read `self.args.fp16`


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
    assert implications(searched) == implications(TRAINER)  # a key only the run knows names no attribute in view
    named_key = TRAINER + "\n    def turn_on(self):\n        setattr(self.args, 'engine', True)\n"
    assert "self.engine" not in implications(named_key)
    assert implications(named_key)["self.use_amp"][0] == {("self.args.fp16", True)}


HANDED = """
class Trainer:
    def __init__(self, model, args):
        self.args = args
        self.engine = None
        self.use_amp = False
        if args.fp16 and not args.engine:
            self.use_amp = True

    def train(self, loader):
        args = self.args
        return self._loop(args=args, loader=loader)

    def _loop(self, batch_size=None, args=None, loader=None):
        model = self.model
        if args.engine:
            model = wrap(model)
            self.engine = model
        for batch in loader:
            self.step(model, batch)
"""
ENGINE_ON = ({("self.args.engine", True)}, {("self.args.engine", True)})


def test_a_parameter_every_call_hands_a_chain_of_self_reads_that_chain() -> None:
    assert implications(HANDED)["self.engine"] == ENGINE_ON
    by_position = HANDED.replace("self._loop(args=args, loader=loader)", "self._loop(None, args, loader)")
    assert implications(by_position)["self.engine"] == ENGINE_ON
    forwarded = HANDED.replace(
        "        return self._loop(args=args, loader=loader)",
        "        inner = find_executable_batch_size(self._loop, 8)\n        return inner(args=args, loader=loader)",
    )
    assert implications(forwarded)["self.engine"] == ENGINE_ON
    directly = HANDED.replace("        args = self.args\n        return self._loop(args=args,", "        return self._loop(args=self.args,")
    assert implications(directly)["self.engine"] == ENGINE_ON
    evaluated = HANDED + (
        "\n    def evaluate(self):\n        args = self.args\n        if args.engine and not self.engine:\n            self.engine = wrap(self.model)\n"
    )
    assert implications(evaluated)["self.engine"] == ENGINE_ON
    reloaded = HANDED + "\n    def _load_best(self):\n        if self.engine:\n            self.engine = wrap(self.model)\n"
    assert implications(reloaded)["self.engine"] == ENGINE_ON  # a true engine replaced: made under the same tests


def test_a_parameter_some_call_may_hand_anything_else_is_unknown() -> None:
    unknown = {
        "another caller": HANDED + "\n    def train_with(self, loader, other):\n        return self._loop(args=other, loader=loader)\n",
        "a public method": HANDED.replace("_loop", "loop"),
        "the default": HANDED + "\n    def resume(self, loader):\n        return self._loop(loader=loader)\n",
        "by **kwargs": HANDED + "\n    def resume(self, **kwargs):\n        return self._loop(**kwargs)\n",
        "by position through a forwarder": HANDED.replace(
            "        return self._loop(args=args, loader=loader)",
            "        inner = find_executable_batch_size(self._loop, 8)\n        return inner(args, loader=loader)",
        ),
        "handed elsewhere": HANDED + "\n    def register(self, hooks):\n        hooks.append(self._loop)\n",
        "rebound": HANDED.replace("        model = self.model\n", "        model = self.model\n        args = args or default_args()\n"),
        "a caller's name bound twice": HANDED.replace("        args = self.args\n", "        args = self.args\n        args = copy(args)\n"),
        "a local bound in an arm": HANDED + (
            "\n    def evaluate(self, other):\n        if other:\n            args = self.args\n"
            "        if args.engine:\n            self.engine = wrap(self.model)\n"
        ),
    }
    for why, source in unknown.items():
        assert "self.engine" not in implications(source), why
    changed_through_a_name = HANDED + "\n    def prepare(self):\n        args = self.args\n        args.engine = None\n"
    assert "self.engine" not in implications(changed_through_a_name)
    assert implications(changed_through_a_name)["self.use_amp"][0] == {("self.args.fp16", True)}
