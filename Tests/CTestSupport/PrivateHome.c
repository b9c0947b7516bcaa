// The test process's home, made before any test runs: no test reads or writes the real one.
//
// A store opened on a folder of a test's own still keeps its journal under $XDG_STATE_HOME, the editor its recovery
// files and bookmarks, the KConfig store its .kcfg index under $XDG_CACHE_HOME: before this, a run of the tests left
// about 30 journals in the runner's ~/.local/state. Made in a constructor, before Foundation or any test reads the
// environment, so that every path derived from it, and every child process, is inside it. A child run of the tests
// (ChildTestRun) inherits PREFS_TEST_HOME and keeps the HOME its parent gave it; the folder goes at exit.
#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include "CTestSupport.h"
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char home[4096];

const char *cts_private_home(void) { return home[0] ? home : NULL; }

static int remove_entry(const char *path, const struct stat *status, int type, struct FTW *walk) {
    (void)status;
    (void)type;
    (void)walk;
    remove(path);
    return 0;
}

static void remove_home(void) {
    if (home[0]) nftw(home, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

static void set_below(const char *name, const char *below) {
    char path[4096 + 64];
    snprintf(path, sizeof path, "%s/%s", home, below);
    setenv(name, path, 1);
}

__attribute__((constructor)) static void cts_make_private_home(void) {
    const char *given = getenv("PREFS_TEST_HOME");
    if (given && *given) return;
    const char *temporary = getenv("TMPDIR");
    if (!temporary || !*temporary) temporary = "/tmp";
    if (snprintf(home, sizeof home, "%s/prefs-test-home.XXXXXX", temporary) >= (int)sizeof home || !mkdtemp(home)) {
        home[0] = 0;
        fprintf(stderr, "cannot make the tests' own home under %s; they would use the real one\n", temporary);
        exit(70);
    }
    setenv("PREFS_TEST_HOME", home, 1);
    setenv("HOME", home, 1);
    set_below("XDG_CONFIG_HOME", ".config");
    set_below("XDG_STATE_HOME", ".local/state");
    set_below("XDG_DATA_HOME", ".local/share");
    set_below("XDG_CACHE_HOME", ".cache");
    atexit(remove_home);
}
