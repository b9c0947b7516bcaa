// The storage of CGio.h's function table and its loader.
#include "CGio.h"

void *cgio_slots[CGIO_FUNCTION_COUNT];

#define CGIO_NAME(type, name, parameters, arguments) #name,
#define CGIO_NAME_VOID(name, parameters, arguments) #name,
static const char *const cgio_names[CGIO_FUNCTION_COUNT] = {CGIO_FUNCTIONS(CGIO_NAME, CGIO_NAME_VOID)};

int cgio_load(char *message, size_t capacity) {
    // The soname Debian and Fedora install, then macOS's (Homebrew).
    static const char *const files[] = {"libgio-2.0.so.0", "libgio-2.0.0.dylib"};
    return cprefs_load_library(files, 2, cgio_names, cgio_slots, CGIO_FUNCTION_COUNT, message, capacity);
}
