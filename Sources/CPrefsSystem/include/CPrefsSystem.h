// System calls that the C library only declares under _GNU_SOURCE, which a Clang module cannot turn on for the
// already-built Glibc module, and a signal handler Swift cannot write. Each is one thin function; the Swift wrappers
// (PrefsFileStore/Internals/Syscalls.swift, PrefsNcurses/Ncurses.swift) turn -1 and errno into typed errors.
#ifndef CPREFS_SYSTEM_H
#define CPREFS_SYSTEM_H

#include <errno.h>
#include <stdio.h>

#include <sys/types.h>

#include <stddef.h>

/// Opens the first of `files` the dynamic loader can load (RTLD_NOW, RTLD_LOCAL) and resolves every one of `names`
/// into `slots`, all or none: a library GIO or ncurses loads only when a program first needs it, so that a program
/// that never does starts without loading it. Returns 0, or -1 with one line saying why in `message`, and `slots`
/// untouched.
int cprefs_load_library(const char *const *files, int fileCount, const char *const *names, void **slots, int count,
                        char *message, size_t capacity);

/// Stops the process, naming a symbol of a library that was called before it was loaded: a program error that
/// `cprefs_load_library` callers rule out by loading first.
_Noreturn void cprefs_unloaded_symbol(const char *name);

#include <stdint.h>

/// The snapshot of a suite's values a thread last read from, kept by that thread, so that its next read of the same
/// suite, unchanged, takes no lock (FileSuite's typed reads). `owner` names the suite, `generation` the snapshot
/// (unique among all snapshots of the process), and `snapshot` holds a reference the thread owns.
typedef struct {
    const void *owner;
    uint64_t generation;
    void *snapshot;
    int registered;
} cprefs_read_cache;

/// Arranges for `release` to be called with the snapshot this thread's cache holds when the thread ends, and marks the
/// cache `registered`; it stays 0 when that cannot be arranged, and then no snapshot may be kept in it.
void cprefs_register_read_cache(void (*release)(void *));

// The default model, not initial-exec: a library built with initial-exec is marked STATIC_TLS, and a program that
// loads it with dlopen (an app's plug-in holding PrefsKit) fails once the static TLS reserve is spent. Linked into an
// executable, the linker relaxes the access to one instruction all the same.
extern __thread cprefs_read_cache cprefs_thread_cache;

/// This thread's cache, registered on its first use (`cprefs_register_read_cache`).
static inline cprefs_read_cache *cprefs_thread_read_cache(void (*release)(void *)) {
    cprefs_read_cache *cache = &cprefs_thread_cache;
    if (__builtin_expect(!cache->registered, 0)) cprefs_register_read_cache(release);
    return cache;
}

#if defined(__linux__)
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif
#include <sys/ioctl.h>

/// Makes each of `signals` write its number, as one byte, to `descriptor` (a pipe's writing end, non-blocking), so
/// that a program's main loop reads signals as input; the editor turns Ctrl-C, SIGTERM and SIGHUP into questions and
/// a saved recovery file instead of dying with its pending changes. Returns -1 with errno when `sigaction` fails.
int cprefs_forward_signals(int descriptor, const int *signals, int count);

/// Gives `signals` their default action again. Returns -1 with errno when `sigaction` fails.
int cprefs_default_signals(const int *signals, int count);

/// Starts `path` with `argv` and `envp` in a process group of its own that is the terminal's foreground group, as a
/// shell starts a job: a program such as vim then reads the terminal, and Ctrl-C goes to it. Returns the child's pid,
/// or -1 with errno when `fork` fails; a child that cannot `execve` exits with 127.
pid_t cprefs_spawn_in_foreground(const char *path, char *const argv[], char *const envp[], int terminal);

/// Waits for a child started by `cprefs_spawn_in_foreground` to end, then takes the terminal's foreground back for
/// this process's group. Returns 0 with the child's wait status in `status`, or -1 with errno.
int cprefs_wait_and_take_terminal(pid_t child, int terminal, int *status);

/// Reads a terminal's size (`ioctl` with `TIOCGWINSZ`, which Swift cannot call: `ioctl` is variadic). Returns 0 with
/// the rows and columns, or -1 with errno.
static inline int cprefs_window_size(int descriptor, unsigned short *rows, unsigned short *columns) {
    struct winsize size;
    if (ioctl(descriptor, TIOCGWINSZ, &size) != 0) return -1;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 0;
}

/// Atomically swaps two paths (Linux `renameat2` with `RENAME_EXCHANGE`). Fails with ENOSYS elsewhere, and with
/// EINVAL on file systems that cannot do it; callers fall back to `rename`.
static inline int cprefs_rename_exchange(const char *first, const char *second) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, 1u << 1 /* RENAME_EXCHANGE */);
#else
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
}

/// Starts writing a file's dirty pages to the disk without waiting for them (Linux `sync_file_range` with
/// `SYNC_FILE_RANGE_WRITE`). A no-op that succeeds where the call does not exist.
static inline int cprefs_start_writeback(int descriptor) {
#if defined(__linux__) && defined(SYS_sync_file_range) && (defined(__x86_64__) || defined(__aarch64__))
    return (int)syscall(SYS_sync_file_range, descriptor, (long long)0, (long long)0, 2u /* SYNC_FILE_RANGE_WRITE */);
#else
    (void)descriptor;
    return 0;
#endif
}

#endif
