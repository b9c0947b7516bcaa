// Signal forwarding needs a handler and the descriptor it writes to shared across calls, so it lives here rather than
// in the header-only part of the shim.
#include "CPrefsSystem.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile int cprefs_signal_descriptor = -1;

// Async-signal-safe: one write(2) of the signal's number, errno kept as the interrupted code had it.
static void cprefs_forward_signal(int signal) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal;
    ssize_t written = write(cprefs_signal_descriptor, &byte, 1);
    (void)written;
    errno = saved;
}

int cprefs_forward_signals(int descriptor, const int *signals, int count) {
    cprefs_signal_descriptor = descriptor;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = cprefs_forward_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int index = 0; index < count; index++) {
        if (sigaction(signals[index], &action, NULL) != 0) return -1;
    }
    return 0;
}

int cprefs_default_signals(const int *signals, int count) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    for (int index = 0; index < count; index++) {
        if (sigaction(signals[index], &action, NULL) != 0) return -1;
    }
    return 0;
}
