// Object-like and function-like macros, include guards, conditionals.
#ifndef NET_SOCKET_HPP
#define NET_SOCKET_HPP

#include <cerrno>

#define NET_DEFAULT_PORT 8080
#define NET_UNUSED(x) (void)(x)
#define NET_CHECK(expr)                       \
    do {                                      \
        if (!(expr)) net::fail(#expr, errno); \
    } while (0)

#if defined(_WIN32)
#define NET_API __declspec(dllexport)
#else
#define NET_API
#endif

namespace net {

/// Reports a failed check and aborts.
void fail(const char *expression, int code);

inline int open_socket(int port) {
    NET_CHECK(port > 0);
    NET_UNUSED(port);
    return port;
}

}  // namespace net

#endif  // NET_SOCKET_HPP
