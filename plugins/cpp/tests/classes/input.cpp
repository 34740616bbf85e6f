// Classes, structs and unions: members, access sections, defaults.
#include <cstdint>
#include <string>

/// A connection to one peer.
class Connection {
    int fd_ = -1;  // private by default in a class

public:
    static constexpr int kBacklog = 128;
    static const int kRetries = 3;
    std::string host;
    void (*on_close)(Connection *);

protected:
    std::uint16_t port_ : 16;
    bool open_;

private:
    class Buffer {
    public:
        char *data;
        std::size_t size;
    };
    Buffer *buffers_[4];
    const int timeout_ms_;
};

struct Header {
    std::uint32_t length;  // public by default in a struct
    std::uint8_t flags;
    struct Extension {
        std::uint16_t kind;
    } extension;
    struct {
        int major, minor;
    } version;

private:
    int checksum_;
};

union Value {
    std::int64_t integer;
    double real;
    const char *text;
};

class Empty final {};
