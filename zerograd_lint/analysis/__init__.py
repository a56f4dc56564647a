"""Pure analysis: CST in, facts out. No I/O, no printing."""
