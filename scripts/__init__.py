"""The project's scripts (benchmarks, screenshots, generators), a package so that they import
one another and `editor` without editing `sys.path`: run them from the repository root as
``python -m scripts.NAME`` (``./dev python -m scripts.bench_read``)."""
