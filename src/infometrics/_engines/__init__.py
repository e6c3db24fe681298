"""Counts of tables that live in a dataframe engine or database."""
