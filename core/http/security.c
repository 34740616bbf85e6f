/*
 * Who may talk to the service: the listening address (loopback or not), the
 * bearer token compared in constant time, the Origin rule against DNS
 * rebinding, and the roots repositories must live under.
 */
#define _GNU_SOURCE
#include "internal.h"

#include "../util/error.h"

#include <arpa/inet.h>
#include <ctype.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

int http_listen_parse(struct sockaddr_storage *out, int *loopback, const char *listen)
{
    memset(out, 0, sizeof *out);
    char host[128];
    const char *colon = strrchr(listen, ':');
    if (!colon || colon == listen || (size_t)(colon - listen) >= sizeof host)
        return cortex_error_set(CORTEX_EINVALID, "--listen \"%s\": give ADDRESS:PORT, e.g. 127.0.0.1:7878", listen);
    memcpy(host, listen, (size_t)(colon - listen));
    host[colon - listen] = '\0';
    char *end;
    long port = strtol(colon + 1, &end, 10);
    if (*end || colon[1] == '\0' || port < 0 || port > 65535)
        return cortex_error_set(CORTEX_EINVALID, "--listen \"%s\": the port must be 0 to 65535", listen);
    size_t hl = strlen(host);
    if (host[0] == '[' && hl > 2 && host[hl - 1] == ']') {
        host[hl - 1] = '\0';
        struct sockaddr_in6 *a = (struct sockaddr_in6 *)out;
        a->sin6_family = AF_INET6;
        a->sin6_port = htons((uint16_t)port);
        if (inet_pton(AF_INET6, host + 1, &a->sin6_addr) != 1)
            return cortex_error_set(CORTEX_EINVALID, "--listen \"%s\": not an IPv6 address", listen);
        *loopback = IN6_IS_ADDR_LOOPBACK(&a->sin6_addr);
        return 0;
    }
    struct sockaddr_in *a = (struct sockaddr_in *)out;
    a->sin_family = AF_INET;
    a->sin_port = htons((uint16_t)port);
    if (strcmp(host, "localhost") == 0) snprintf(host, sizeof host, "127.0.0.1");
    if (inet_pton(AF_INET, host, &a->sin_addr) != 1)
        return cortex_error_set(CORTEX_EINVALID, "--listen \"%s\": not an IPv4 address (IPv6: [::1]:7878)", listen);
    *loopback = (ntohl(a->sin_addr.s_addr) >> 24) == 127;
    return 0;
}

char *http_token_load(const char *path)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        cortex_error_set(CORTEX_EIO, "--token-file %s: cannot be read", path);
        return NULL;
    }
    char buf[512];
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n < 0) n = 0;
    buf[n] = '\0';
    buf[strcspn(buf, "\r\n")] = '\0';
    size_t len = strlen(buf);
    /* A short token is guessed; one with spaces does not survive a header. */
    int printable = 1;
    for (size_t i = 0; i < len; i++)
        if (!isgraph((unsigned char)buf[i])) printable = 0;
    if (len < 16 || !printable) {
        cortex_error_set(CORTEX_EINVALID,
                         "--token-file %s: the token (its first line) must be at least 16 printable characters "
                         "without spaces (e.g. head -c 32 /dev/urandom | base64 > %s)",
                         path, path);
        return NULL;
    }
    return cortex_xstrdup(buf);
}

int http_token_ok(const http_service *svc, const char *authorization)
{
    if (!svc->token) return 1;
    if (!authorization || strncmp(authorization, "Bearer ", 7) != 0) return 0;
    const char *given = authorization + 7;
    size_t n = strlen(given);
    /* Every byte of the token is compared whatever the given one's length:
     * the time tells nothing of where they differ. */
    unsigned char diff = n != svc->token_len;
    for (size_t i = 0; i < svc->token_len; i++) diff |= (unsigned char)(svc->token[i] ^ (i < n ? given[i] : 0));
    return diff == 0;
}

/* "http://127.0.0.1:7878" -> host "127.0.0.1" (brackets kept for IPv6). */
static int origin_host(const char *origin, char *host, size_t size)
{
    const char *p = strstr(origin, "://");
    if (!p) return 0;
    p += 3;
    size_t n = p[0] == '[' ? strcspn(p, "]") + 1 : strcspn(p, ":/");
    if (n == 0 || n >= size) return 0;
    memcpy(host, p, n);
    host[n] = '\0';
    return 1;
}

int http_origin_ok(const http_service *svc, const char *origin, const char *host)
{
    (void)host;
    if (!origin) return 1; /* not a browser: the token (off loopback) is what guards */
    for (size_t i = 0; i < svc->norigins; i++)
        if (strcmp(svc->origins[i], origin) == 0) return 1;
    /* A page of a loopback origin is the user's own; any other page is the
     * DNS-rebinding attack the MCP specification names. */
    char h[128];
    if (!origin_host(origin, h, sizeof h)) return 0;
    /* 127.x only as an address: "127.0.0.1.attacker.test" is a name anyone can point anywhere */
    struct in_addr a4;
    if (inet_pton(AF_INET, h, &a4) == 1) return (ntohl(a4.s_addr) >> 24) == 127;
    return strcmp(h, "localhost") == 0 || strcmp(h, "[::1]") == 0;
}

int http_under_roots(const http_service *svc, const char *path)
{
    for (size_t i = 0; i < svc->nroots; i++) {
        size_t n = strlen(svc->roots[i]);
        if (strncmp(path, svc->roots[i], n) != 0) continue;
        if (path[n] == '\0' || path[n] == '/' || (n == 1 && svc->roots[i][0] == '/')) return 1;
    }
    return 0;
}

void http_random_id(char out[33])
{
    unsigned char bytes[16];
    size_t got = 0;
    while (got < sizeof bytes) {
        ssize_t n = getrandom(bytes + got, sizeof bytes - got, 0);
        if (n > 0) got += (size_t)n;
    }
    for (size_t i = 0; i < sizeof bytes; i++) snprintf(out + 2 * i, 3, "%02x", bytes[i]);
}
