"""Which layer of a record costs accuracy: quantization error per layer and per channel, from
the weights and from real inputs. Qt-free, beside `records` and `models`.

- `weights`: the weights quantized with the record's scale_w (SQNR, clipped fraction,
  rmse/scale per channel and per layer), recomputed at once after an edit;
- `inputs`: the user's samples (.npz, .npy, raw .bin, folders), read one at a time;
- `plans`, `graph`: what is run for each entry, as ONNX graphs; `run`: onnxruntime (the only
  module importing it); `activations`: clipped fraction, SQNR, AMCT's similarity, the
  observed range, a bounded histogram sample, the whole-model check;
- `analyzer`: `Analyzer` ties them to a record and a model, `AnalysisResult` ranks layers;
- `config`: the roll-back plan as AMCT's quant config; `imports`: other tools' results;
- `metrics`: the formulas.

Importing this package imports none of them: each is imported where it is used.
"""
