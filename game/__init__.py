"""The rules engine: pure Python, no pygame, no clock, no files (but records)."""
