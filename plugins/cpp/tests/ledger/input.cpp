#include <string>
#include <vector>
#include "notes.hpp"

#define LEDGER_VERSION 2

namespace accounting {

using std::string;
constexpr int kMaxEntries = 1000;
static int counter = 0;

/// One line of the ledger.
struct Entry {
    long amount;
    string note;
};

enum class Kind { Credit, Debit };

/// Keeps entries in order.
class Ledger : public Base {
public:
    explicit Ledger(const string &file);
    ~Ledger();
    int add(long amount, const string &note);
    size_t size() const { return entries_.size(); }

private:
    std::vector<Entry> entries_;
    string file_;
};

using Entries = std::vector<Entry>;

Ledger::Ledger(const string &file) : file_(file) {}

Ledger::~Ledger() { save(); }

// Records one entry after cleaning its note.
int Ledger::add(long amount, const string &note) {
    entries_.push_back(Entry{amount, notes::normalize(note)});
    ++counter;
    return static_cast<int>(entries_.size());
}

}  // namespace accounting

int main() {
    auto *ledger = new accounting::Ledger("ledger.json");
    ledger->add(10, "first entry of the ledger");
    delete ledger;
    return 0;
}
