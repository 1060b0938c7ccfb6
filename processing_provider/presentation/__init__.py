"""What users see besides the numbers: styles with value legends, plotly chart
pages, and the example models the provider serves.
"""
