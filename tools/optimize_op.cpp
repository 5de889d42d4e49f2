// Placeholder entry point replaced by the real driver in this change series.
int main() { return 2; }
