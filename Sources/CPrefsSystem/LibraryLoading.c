// Loading a library at first use: the dynamic loader maps and relocates every library a program names at its start,
// and GIO with its dependencies cost `prefs` more than a millisecond of a two-millisecond command that never uses
// them. Kept in C because `dlerror` and the loader's messages are C strings the caller copies at once.
#include "CPrefsSystem.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

int cprefs_load_library(const char *const *files, int fileCount, const char *const *names, void **slots, int count,
                        char *message, size_t capacity) {
    void *handle = NULL;
    const char *file = NULL;
    for (int index = 0; index < fileCount && handle == NULL; index++) {
        file = files[index];
        handle = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    }
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(message, capacity, "%s", reason != NULL ? reason : "the library could not be loaded");
        return -1;
    }
    void **found = calloc((size_t)count, sizeof(void *));
    if (found == NULL) {
        snprintf(message, capacity, "out of memory while loading %s", file);
        return -1;
    }
    for (int index = 0; index < count; index++) {
        found[index] = dlsym(handle, names[index]);
        if (found[index] == NULL) {
            snprintf(message, capacity, "%s has no symbol %s", file, names[index]);
            free(found);
            // The handle stays open: closing a library GLib may have started threads in is not safe.
            return -1;
        }
    }
    for (int index = 0; index < count; index++) slots[index] = found[index];
    free(found);
    return 0;
}

void cprefs_unloaded_symbol(const char *name) {
    fprintf(stderr, "prefs: %s was called before its library was loaded\n", name);
    abort();
}
