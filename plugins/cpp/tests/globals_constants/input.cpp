// Variables and constants at namespace scope; locals are not symbols.
#include <array>
#include <string>

const int kMaxUsers = 100;
constexpr double kPi = 3.14159;
constexpr const char *kVersion = "1.4.2";
const char *const kGreeting = "Hello there, friend";
const char *motd = "Welcome to the server";
static int request_count = 0;
extern int external_flag;
std::string server_name = "main";
int *cursor = nullptr, limits[4];
const std::array<int, 3> kPorts = {80, 443, 8080};
static const int kInternal = 5;

/// Compares two scores, higher first.
auto by_score = [](int a, int b) {
    int diff = b - a;
    return diff < 0;
};

struct Config {
    int threads;
} default_config = {4};

int handle(int id) {
    static int calls = 0;
    const int doubled = id * 2;
    ++calls;
    return doubled + request_count;
}
