"""The program as the analysis sees it: IR nodes, the builder, names, roles, the words."""
