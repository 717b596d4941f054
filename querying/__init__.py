"""Asking the data: the pure logic of the Plan-Tool-Active-Validate text-to-SQL loop (seed 004).

The catalogue of a database, the resource pool and its light context memory, SQL
validation with sqlglot, error diagnosis and the repair strategies, the smart-exit
patterns, table selection and the offline SQL generator. No LangGraph, no database
connections: the tools (``tools/``) do the I/O and the graph (``graph/ask.py``) drives it.
"""
