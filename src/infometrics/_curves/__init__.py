"""Curves over a confidence threshold, from one sort of the confidences."""
