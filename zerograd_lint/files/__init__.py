"""Files in and out: discovery, decoding, notebooks, settings, the cache and the one runner."""
