"""Readers and writers: layers to arrays and arrays to sinks (``layers``), bulk
GeoPackage and SQLite writing, and counting pushed down to PostGIS (``postgis*``).
"""
