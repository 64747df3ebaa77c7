"""AMCT Record Editor: view, check, edit and plot Ascend AMCT record files."""

__version__ = "0.1.0"
