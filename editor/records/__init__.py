"""The domain layer: record dialects, lossless I/O, rules, formulas. No Qt below this line."""
