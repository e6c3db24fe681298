"""Tables for people: tidy pandas reports of the measures."""
