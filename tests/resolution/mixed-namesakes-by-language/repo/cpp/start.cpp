int start() { return run(); }
