// Doc comments: `///`, `/** */`, `//!` and `//` blocks above a definition.

/**
 * A fixed-size ring buffer.
 *
 * Overwrites the oldest element when full.
 */
template <typename T, size_t N>
class Ring {
public:
    /// Appends one value.
    /// Drops the oldest one when the ring is full.
    void push(const T &value);

    int size() const;  ///< number of stored values

    // Removes everything.
    void clear() { head_ = tail_ = 0; }

private:
    T items_[N];  // storage
    size_t head_ = 0;
};

// Not a doc: a blank line follows.

int unrelated();

/*! Qt-style block doc. */
struct Point { int x, y; };

//! Qt-style line doc.
enum class Axis { X, Y };

/// Sums two numbers.
template <typename T>
T add(T a, T b) { return a + b; }
