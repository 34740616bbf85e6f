/* The Go plugin's build constraints: whether a file is in Go's default build. */
#ifndef CORTEX_PLUGIN_GO_CONSTRAINTS_H
#define CORTEX_PLUGIN_GO_CONSTRAINTS_H

#include <stddef.h>

/* 1 when the default build context (linux/amd64, cgo, gc, the release tags
 * up to CORTEX_GO_RELEASE, no custom tags) leaves the file out: its name's
 * _GOOS/_GOARCH suffix or its //go:build line (or, without one, its
 * // +build lines) does not match. 0 when it is built, or when its
 * constraint does not parse (never left out without proof). */
int cortex_go_file_variant(const char *path, const char *source, size_t len);

#endif
