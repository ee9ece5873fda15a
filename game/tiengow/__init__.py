"""Tien Gow: Chinese dominoes in tricks, where the last trick decides."""
