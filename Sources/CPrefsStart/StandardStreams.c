// A program started with a standard stream closed (`prefs import s - <&-`) would see the next descriptor anything
// opens take that number: libdispatch's event descriptor as standard input, read as the document, or a suite's file
// as standard output, written with what prefs prints. Swift code runs too late to prevent it, since an async `main`
// starts libdispatch's threads first; a constructor runs before all of them.
#include "CPrefsStart.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

static int cprefs_closed_streams = 0;

__attribute__((constructor(101))) static void cprefs_reserve_standard_streams(void) {
    for (int descriptor = 0; descriptor <= 2; descriptor++) {
        if (fcntl(descriptor, F_GETFD) != -1 || errno != EBADF) continue;
        // The lowest free number is the one just found closed, so the open lands on it.
        int opened = open("/dev/null", O_RDWR);
        if (opened < 0) continue;
        if (opened != descriptor) close(opened);
        cprefs_closed_streams |= 1 << descriptor;
    }
}

int cprefs_start_closed_streams(void) { return cprefs_closed_streams; }
