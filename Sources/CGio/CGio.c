// The storage of CGio.h's function table and its loader.
#include "CGio.h"

#include <pthread.h>
#include <stdio.h>

void *cgio_glib_slots[CGIO_GLIB_FUNCTION_COUNT];
void *cgio_slots[CGIO_FUNCTION_COUNT];

#define CGIO_NAME(type, name, parameters, arguments) #name,
#define CGIO_NAME_VOID(name, parameters, arguments) #name,
static const char *const cgio_glib_names[CGIO_GLIB_FUNCTION_COUNT] = {
    CGIO_GLIB_FUNCTIONS(CGIO_NAME, CGIO_NAME_VOID)};
static const char *const cgio_names[CGIO_FUNCTION_COUNT] = {CGIO_FUNCTIONS(CGIO_NAME, CGIO_NAME_VOID)};

void *cgio_dconf_slots[CGIO_DCONF_FUNCTION_COUNT];
static const char *const cgio_dconf_names[CGIO_DCONF_FUNCTION_COUNT] = {
    CGIO_DCONF_FUNCTIONS(CGIO_NAME, CGIO_NAME_VOID)};

// The first outcome, which every later call gives: two stores (GSettings, Xfconf) load GLib, perhaps from two threads
// at once.
static pthread_mutex_t cgio_lock = PTHREAD_MUTEX_INITIALIZER;
static int cgio_glib_outcome = 1;
static char cgio_glib_reason[512];
static int cgio_outcome = 1;
static char cgio_reason[512];

// Called with the lock held.
static int cgio_load_glib_locked(void) {
    // The soname Debian and Fedora install, then macOS's (Homebrew).
    static const char *const files[] = {"libglib-2.0.so.0", "libglib-2.0.0.dylib"};
    if (cgio_glib_outcome == 1) {
        cgio_glib_outcome = cprefs_load_library(files, 2, cgio_glib_names, cgio_glib_slots, CGIO_GLIB_FUNCTION_COUNT,
                                                cgio_glib_reason, sizeof cgio_glib_reason);
    }
    return cgio_glib_outcome;
}

int cgio_load_glib(char *message, size_t capacity) {
    pthread_mutex_lock(&cgio_lock);
    int outcome = cgio_load_glib_locked();
    if (outcome != 0 && capacity > 0) snprintf(message, capacity, "%s", cgio_glib_reason);
    pthread_mutex_unlock(&cgio_lock);
    return outcome;
}

int cgio_load(char *message, size_t capacity) {
    static const char *const files[] = {"libgio-2.0.so.0", "libgio-2.0.0.dylib"};
    pthread_mutex_lock(&cgio_lock);
    if (cgio_outcome == 1) {
        // GIO brings GLib: loaded first, the same library GIO then finds already in the process.
        if (cgio_load_glib_locked() != 0) {
            cgio_outcome = -1;
            snprintf(cgio_reason, sizeof cgio_reason, "%s", cgio_glib_reason);
        } else {
            cgio_outcome = cprefs_load_library(files, 2, cgio_names, cgio_slots, CGIO_FUNCTION_COUNT, cgio_reason,
                                               sizeof cgio_reason);
        }
    }
    int outcome = cgio_outcome;
    if (outcome != 0 && capacity > 0) snprintf(message, capacity, "%s", cgio_reason);
    pthread_mutex_unlock(&cgio_lock);
    return outcome;
}

static int cgio_dconf_outcome = 1;
static char cgio_dconf_reason[512];

int cgio_load_dconf(char *message, size_t capacity) {
    // Debian's and Fedora's soname; dconf is not built for macOS.
    static const char *const files[] = {"libdconf.so.1"};
    pthread_mutex_lock(&cgio_lock);
    if (cgio_dconf_outcome == 1) {
        cgio_dconf_outcome = cprefs_load_library(files, 1, cgio_dconf_names, cgio_dconf_slots,
                                                 CGIO_DCONF_FUNCTION_COUNT, cgio_dconf_reason,
                                                 sizeof cgio_dconf_reason);
    }
    int outcome = cgio_dconf_outcome;
    if (outcome != 0 && capacity > 0) snprintf(message, capacity, "%s", cgio_dconf_reason);
    pthread_mutex_unlock(&cgio_lock);
    return outcome;
}
