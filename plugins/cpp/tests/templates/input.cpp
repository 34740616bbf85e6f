// Class and function templates, specializations, member templates,
// alias templates and concepts.
#include <cstddef>
#include <vector>

/// A growable array with a small inline buffer.
template <typename T, std::size_t N = 8>
class SmallVector {
public:
    void push_back(const T &value);

    /// Converts every element.
    template <typename U>
    SmallVector<U, N> map() const;

    T &operator[](std::size_t i) { return data_[i]; }

private:
    T data_[N];
    std::size_t size_ = 0;
};

template <typename T, std::size_t N>
void SmallVector<T, N>::push_back(const T &value) {
    data_[size_++] = value;
}

template <typename T, std::size_t N>
template <typename U>
SmallVector<U, N> SmallVector<T, N>::map() const {
    return SmallVector<U, N>();
}

/// Hashes a key.
template <typename Key>
struct Hash {
    std::size_t operator()(const Key &key) const;
};

template <>
struct Hash<int> {
    std::size_t operator()(int key) const { return static_cast<std::size_t>(key); }
};

/// The larger of two values.
template <typename T>
const T &max_of(const T &a, const T &b) {
    return a < b ? b : a;
}

template <>
const int &max_of<int>(const int &a, const int &b) {
    return a < b ? b : a;
}

template <typename T>
using Stack = std::vector<T>;

template <typename T>
concept Hashable = requires(T value) { Hash<T>{}(value); };

template <typename T>
constexpr bool is_small_v = sizeof(T) <= 8;
