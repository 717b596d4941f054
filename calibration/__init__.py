"""Behaviour calibration: every tool call checked, classified, corrected and counted."""
