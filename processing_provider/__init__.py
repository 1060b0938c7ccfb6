"""Processing glue: the provider, its algorithms and their help, icons and styles."""
