"""From text to reports: parsing, the gate, the reached code, rules run, selection, noqa."""
