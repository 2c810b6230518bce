"""The instruments as exact geometry (shapely 2 + numpy; no pygame, no rules).

Modules: ``ruler`` (distance, band, line of fire), ``protractor`` (θ, φ), ``fov`` (field of
vision), ``path`` (move paths), ``sweep`` (sweep and run readings), ``template`` (prebunk strip),
``lock`` (priority-lock wedge, safe move), ``measurer`` (``FieldMeasurer``, the rules' Measurer).
"""
