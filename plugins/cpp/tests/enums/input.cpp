// Enumerations: plain, scoped, with a base type, nested in a class.
#include <cstdint>

/// Log levels, most verbose first.
enum Level { kTrace, kDebug, kInfo = 10, kError };

enum class Color : std::uint8_t {
    Red,    // first
    Green,
    Blue = 4,
};

class Parser {
public:
    enum class State { Start, Body, Done };
    State state() const { return state_; }

private:
    enum Flag : unsigned { kStrict = 1u << 0, kLenient = 1u << 1 };
    State state_ = State::Start;
};

enum : int { kAnonymousValue = 7 };

const char *name_of(Color color) {
    switch (color) {
    case Color::Red:
        return "red as a rose";
    default:
        return "another colour";
    }
}
