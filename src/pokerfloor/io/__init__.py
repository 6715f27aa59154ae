"""Hand histories in and out: PHH (``phh``), replay on the engine (``replay``), Open Hand History (``ohh``)."""
