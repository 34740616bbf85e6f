int helper(int x);

int main() { return helper(1) + twice(2); }
