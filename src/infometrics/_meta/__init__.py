"""Meta-measures: which measures behave as people expect (Hu, He & Yuan §3, §7)."""
