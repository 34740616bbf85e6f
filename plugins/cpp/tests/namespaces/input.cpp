// Namespaces: named, nested, inline, anonymous, aliased.
#include <filesystem>

namespace storage {

/// Where blobs are kept on disk.
constexpr const char *kRoot = "/var/lib/storage";

namespace detail {
int open_count = 0;
}  // namespace detail

inline namespace v2 {
/// Opens a blob by its key.
int open(const char *key);
}  // namespace v2

}  // namespace storage

namespace storage::cache {
struct Entry {
    int hits;
};
void evict(Entry &entry);
}  // namespace storage::cache

namespace {
// Only this file sees these.
int local_counter = 0;
const int kLimit = 16;
void bump() { ++local_counter; }
struct Scratch {
    char buffer[64];
};
}  // namespace

namespace fs = std::filesystem;

void storage::cache::evict(Entry &entry) {
    entry.hits = 0;
    bump();
}
