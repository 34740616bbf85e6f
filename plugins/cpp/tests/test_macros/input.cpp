// Macro-heavy code: test macros, export and lock-annotation macros, a
// namespace opened by a macro line.
#include "gtest/gtest.h"
#include "mutex.h"

class GTEST_API_ Registry : public Base {
 public:
  Registry();
  int size() const { return count_; }
  static const int kCapacity = 64;

 private:
  int count_;
};

void Registry::Reset() GTEST_LOCK_EXCLUDED_(mutex_) {
  MutexLock lock(&mutex_);
  count_ = 0;
}

void Registry::Flush()
    GTEST_EXCLUSIVE_LOCK_REQUIRED_(mutex_) {
  Reset();
}

class RegistryTest : public ::testing::Test {
 protected:
  Registry registry_;
};

TEST_F(RegistryTest, StartsEmpty) {
  EXPECT_EQ(0, registry_.size());
}

TEST(RegistryStaticTest, CapacityIsFixed) {
  EXPECT_EQ(64, Registry::kCapacity);
}

ACTION_P(ReturnTwice, value) { return value * 2; }

// Not a macro: a constructor of a class named in capitals.
class URL {
 public:
  URL(Parser) {}
};

MYLIB_NAMESPACE_BEGIN
namespace detail
{
int helper(int x) { return x + 1; }
}
MYLIB_NAMESPACE_END
