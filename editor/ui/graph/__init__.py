"""The Graph tab: the attached model's network drawn in layers, coloured by a figure of the
record (`view.GraphView`); its pieces on the scene (`items`), the zooming view (`canvas`) and
the layout thread (`worker`). The layout itself is Qt-free: `editor.graph`."""
