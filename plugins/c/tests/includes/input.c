#include <stdio.h>
#include <sys/types.h>
#include "util.h"
#include "net/socket.h"
#include "../common/log.h"

#ifdef USE_SSL
#include <openssl/ssl.h>
#endif

int main(void)
{
    puts("a message that is prose");
    return 0;
}
