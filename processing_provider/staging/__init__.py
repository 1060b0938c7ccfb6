"""Outputs written under hidden names inside a database (a layer added to a GeoPackage, a
PostGIS table) and renamed to their own names once the run is complete (``hidden_tables``).
"""
