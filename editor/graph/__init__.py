"""The attached model's network as a drawing, coloured by what the record says. No Qt here.

`network` picks the layers to draw and the edges between them from an `editor.models.Model`;
`layout` places them in rows (a layered drawing, computed on a worker thread by the window);
`figures` is what a layer's colour means (`LayerFigure`: one number per record entry, with
which end is bad) and maps record entries to the drawn layers; `model_explorer` writes a
figure as Google Model Explorer's node data. The window's view is `editor.ui.graph`.
"""
