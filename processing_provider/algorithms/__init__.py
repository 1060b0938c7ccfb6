"""The Processing algorithms, one module each (their ids and parameter names are frozen)."""
