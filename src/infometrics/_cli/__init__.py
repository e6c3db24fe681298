"""The command line (``infometrics report|plot|demo``) and the demo."""
