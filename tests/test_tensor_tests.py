"""Which arm of a branch says a name holds no tensor (ZG602's reaching definitions drop what it held there): the false
arm of `isinstance(value, torch.Tensor)` and its spellings, never an arm a compound test may reach with a tensor."""

from __future__ import annotations

import libcst as cst
import pytest

from zerograd_lint.analysis.interpret.kept_values import no_tensor_in_arm


@pytest.mark.parametrize(
    ("test", "truth", "name"),
    [
        ("isinstance(value, torch.Tensor)", False, "value"),
        ("isinstance(value, Tensor)", False, "value"),
        ("isinstance(v, (float, torch.Tensor))", False, "v"),
        ("torch.is_tensor(self.last)", False, "self.last"),
        ("not isinstance(value, torch.Tensor)", True, "value"),
        ("isinstance(value, torch.Tensor)", True, None),  # the arm that may hold one
        ("not isinstance(value, torch.Tensor)", False, None),
        ("isinstance(value, (float, int))", False, None),  # not a number: a tensor, maybe
        ("isinstance(value, torch.Tensor) and value.dim() == 0", False, None),  # a tensor of another shape
        ("isinstance(values[0], torch.Tensor)", False, None),  # an entry, not a name the definitions key
    ],
)
def test_the_arm_where_a_name_holds_no_tensor(test: str, truth: bool, name: str | None) -> None:
    assert no_tensor_in_arm(cst.parse_expression(test), truth) == name
