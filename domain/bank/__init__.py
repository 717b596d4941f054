"""Rho Bank: the bank's data layer (tables, import/export, demo data) and its tools.

The pack object (``PACK``), intents, replies and policy are added separately.
"""
