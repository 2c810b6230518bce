"""The study of a field: exposure and threat maps, the pieces ranked (docs/analysis.md).

Read from the geometry's sight table (``paintcheck.geometry.sight``) with numpy; the rules'
numbers (what a posture may not shoot through) come from ``paintcheck.rules.tables``."""
