"""Tien Gow at the table: tricks, columns, payments, summaries and reviews."""
