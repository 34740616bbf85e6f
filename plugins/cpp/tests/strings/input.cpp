// Strings: prose literals are texts; keys, identifiers and short codes
// are not. Raw strings count by their content.
#include <cstdio>
#include <string>

static const char *kUsage =
    "usage: tool [--verbose] FILE\n"
    "Reads FILE and prints a summary.";

const std::string kQuery = R"sql(
    SELECT name, email FROM users WHERE active = 1
)sql";

int report(int errors) {
    const char *key = "error_count";
    std::printf("%s=%d\n", key, errors);
    if (errors > 0) {
        std::fprintf(stderr, "Found %d problems in the input file\n", errors);
    }
    std::puts(u8"Done with the report");
    return errors == 0 ? 0 : 1;  // non-zero on failure
}
