int main(void) { return run(); }
