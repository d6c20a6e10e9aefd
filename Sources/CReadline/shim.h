#ifndef TALLY_CREADLINE_SHIM_H
#define TALLY_CREADLINE_SHIM_H
// GNU readline (Debian: libreadline-dev). stdio.h first: readline.h uses FILE without it.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
#endif
