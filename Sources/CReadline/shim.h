#ifndef TALLY_CREADLINE_SHIM_H
#define TALLY_CREADLINE_SHIM_H
// GNU readline (Debian: libreadline-dev). stdio.h first: readline.h uses FILE without it.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE  // ppoll
#endif
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

// Waits until `fd` can be read, with the signal mask `mask` while waiting: a signal blocked
// outside is delivered only here, so it can neither be missed nor arrive between a check and
// the wait. Returns poll's result (-1 with errno EINTR after a signal).
static inline int tally_wait_readable(int fd, const sigset_t *mask) {
  struct pollfd descriptor = {fd, POLLIN, 0};
  return ppoll(&descriptor, 1, NULL, mask);
}

// The C library's standard input stream, which Swift 6 cannot name (a mutable global).
static inline FILE *tally_standard_input(void) { return stdin; }
#endif
