"""The second half of tests/data/project's trees, by name, checked in one run: each file gets the reports its header
says (project_trees.py; the other half is test_project_headers_first.py, so two workers share the trees)."""

from __future__ import annotations

from project_trees import SECOND_HALF as CHECKED_TREES  # noqa: F401 (read by project_trees)
from project_trees import (  # noqa: F401 (the header checks, run here over CHECKED_TREES)
    pytest_generate_tests,
    test_each_file_gets_the_reports_its_header_says,
    test_the_trees_give_the_same_reports_under_another_hash_seed,
    trees_run,
)
