int run() { return 3; }
