"""The analysis in the window (`editor.analysis` run against the session's record): `state`
keeps the figures beside the live record and runs on a worker thread, `plots` shows them in
the Layers table, the overview and the Channels plot, `dialogs` and `controller` are the
Tools menu's entries."""
