// Includes (system and local) and using-declarations and -directives.
#include <algorithm>
#include <unordered_map>
#include "config/settings.hpp"
#include "util.h"

using namespace std::chrono_literals;
using std::string;
using std::unordered_map;
namespace views = std::ranges::views;

namespace app {
using namespace std;

class Store : public Base {
public:
    using Base::Base;
    using Base::lookup;
};

string normalize(const string &input) {
    using std::transform;
    string out = input;
    transform(out.begin(), out.end(), out.begin(), ::tolower);
    return out;
}
}  // namespace app
