// A typed read of a file-store suite costs about as much as a dictionary lookup; a mutex around it, two atomic
// operations, was a third more. Each thread keeps the last snapshot it read from instead, and checks one atomic
// number to know it is still current. C, because Swift has no thread-local storage nor thread-exit callbacks.
#include "CPrefsSystem.h"

#include <pthread.h>

__thread cprefs_read_cache cprefs_thread_cache;

static pthread_key_t cprefs_cache_key;
static pthread_once_t cprefs_cache_once = PTHREAD_ONCE_INIT;
static void (*cprefs_cache_release)(void *);

static void cprefs_cache_thread_ended(void *value) {
    cprefs_read_cache *cache = value;
    void *snapshot = cache->snapshot;
    cache->snapshot = NULL;
    cache->owner = NULL;
    void (*release)(void *) = __atomic_load_n(&cprefs_cache_release, __ATOMIC_ACQUIRE);
    if (snapshot != NULL && release != NULL) release(snapshot);
}

static void cprefs_cache_make_key(void) { pthread_key_create(&cprefs_cache_key, cprefs_cache_thread_ended); }

void cprefs_register_read_cache(void (*release)(void *)) {
    cprefs_read_cache *cache = &cprefs_thread_cache;
    pthread_once(&cprefs_cache_once, cprefs_cache_make_key);
    __atomic_store_n(&cprefs_cache_release, release, __ATOMIC_RELEASE);
    // The key's value must not be NULL for its destructor to run at the thread's end.
    if (pthread_setspecific(cprefs_cache_key, cache) == 0) cache->registered = 1;
}
