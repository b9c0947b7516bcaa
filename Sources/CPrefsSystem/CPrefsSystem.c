// Signal forwarding needs a handler and the descriptor it writes to shared across calls, and starting a program in
// the terminal's foreground needs code between fork and exec, which Swift cannot run safely; both live here rather
// than in the header-only part of the shim.
#include "CPrefsSystem.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile int cprefs_signal_descriptor = -1;

// Async-signal-safe: one write(2) of the signal's number, errno kept as the interrupted code had it.
static void cprefs_forward_signal(int signal) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal;
    int descriptor = cprefs_signal_descriptor;
    if (descriptor >= 0) {
        ssize_t written = write(descriptor, &byte, 1);
        (void)written;
    }
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
    cprefs_signal_descriptor = -1;
    return 0;
}

#include <sys/wait.h>

pid_t cprefs_spawn_in_foreground(const char *path, char *const argv[], char *const envp[], int terminal) {
    pid_t child = fork();
    if (child != 0) return child;  // the parent, or -1 with errno
    // The child: only async-signal-safe calls until execve. A group of its own, made the terminal's foreground group,
    // so that it reads the terminal and Ctrl-C reaches it, not the editor; SIGTTOU is ignored while it takes the
    // terminal (a background group may not), and every signal the parent handles is given its default back.
    struct sigaction ignore;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    setpgid(0, 0);
    sigaction(SIGTTOU, &ignore, NULL);
    tcsetpgrp(terminal, getpid());
    struct sigaction standard;
    memset(&standard, 0, sizeof standard);
    standard.sa_handler = SIG_DFL;
    sigemptyset(&standard.sa_mask);
    const int reset[] = {SIGTTOU, SIGTTIN, SIGTSTP, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGPIPE, SIGCHLD};
    for (unsigned index = 0; index < sizeof reset / sizeof reset[0]; index++) sigaction(reset[index], &standard, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execve(path, argv, envp);
    _exit(127);
}

int cprefs_wait_and_take_terminal(pid_t child, int terminal, int *status) {
    // The child's group may not have the terminal yet when the parent gets here, so the parent gives it too; both
    // calls ask for the same thing, whichever comes first.
    setpgid(child, child);
    sigset_t blocked, previous;
    sigemptyset(&blocked);
    sigaddset(&blocked, SIGTTOU);
    pthread_sigmask(SIG_BLOCK, &blocked, &previous);
    tcsetpgrp(terminal, child);
    int result;
    do {
        result = waitpid(child, status, 0);
    } while (result == -1 && errno == EINTR);
    // Back to this process's group; SIGTTOU stays blocked meanwhile, since this group is in the background now.
    tcsetpgrp(terminal, getpgrp());
    pthread_sigmask(SIG_SETMASK, &previous, NULL);
    return result == -1 ? -1 : 0;
}
