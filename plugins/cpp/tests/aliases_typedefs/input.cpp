// Type aliases: using, typedef of structs, pointers, functions.
#include <functional>
#include <map>
#include <string>

using Callback = std::function<void(int status)>;
using Registry = std::map<std::string, Callback>;
using RawHandler = void (*)(int, void *);

typedef unsigned long Ticks;
typedef struct Timer {
    Ticks deadline;
} Timer;
typedef struct {
    int width, height;
} Size;
typedef int (*Comparator)(const void *, const void *);
typedef void Handler(int signal);
typedef char Name[32];

namespace net {
/// Bytes on the wire.
using Buffer = std::basic_string<unsigned char>;
}  // namespace net

class Scheduler {
public:
    using TaskId = unsigned;
    typedef std::map<TaskId, Callback> Tasks;

private:
    Tasks tasks_;
};
