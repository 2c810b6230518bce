"""Un pour un in the window (issue 31): the band builder, the table designer and the match, drawn
with pygame like the rest of ``paintcheck.ui``; the rules are asked of ``paintcheck.unpourun``."""
