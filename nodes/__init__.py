"""Nodes of the dialogue graph, one function per state of the dialogue state machine."""
