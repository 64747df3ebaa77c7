"""The figures the editor shows about a record, computed once for every view: Qt-free.

The window's plots and tables (`editor.ui.plots`) draw them, and the HTML report
(`editor.report`) prints and draws the same numbers, so the two never disagree.

- `series`: one layer's per-channel vectors (scale_w, tensor_balance_factor, shift_bit),
  their weight range, dequant scales and outliers; the worst outlier and how far out it is;
- `overview`: per-layer numbers of the whole record in file order (scale_d, offset_d,
  scale_w min/median/max, clip range, outlier counts) and problems by layer;
- `prune`: prune records as bars over their channel ranges, with what is wrong with each;
- `review`: per layer, the worst scale_w / ARQ ratio of the attached model's weights;
- `columns`: the one list of per-layer figures (`LAYER_FIGURES`) the report's Layers table
  takes its columns from — adding a figure there adds it to the report.
"""
