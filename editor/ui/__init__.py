"""The Qt layer: models, undo commands, panels, plots and the main window."""
