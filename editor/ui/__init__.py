"""The Qt layer: models, undo commands, panels, plots and the main window."""
from editor.ui._pyside_fix import pin_singletons

pin_singletons()
