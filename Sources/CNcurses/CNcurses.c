// The storage of CNcurses.h's symbol table and its loader.
#include "CNcurses.h"

void *cncurses_slots[CNCURSES_SYMBOL_COUNT];

#define CNCURSES_NAME(type, name, parameters, arguments) #name,
#define CNCURSES_NAME_DATA(name) #name,
static const char *const cncurses_names[CNCURSES_SYMBOL_COUNT] = {CNCURSES_SYMBOLS(CNCURSES_NAME, CNCURSES_NAME_DATA)};

int cncurses_load(char *message, size_t capacity) {
    // Debian's and Fedora's soname, then macOS's system library, whose ncurses has the wide-character calls.
    static const char *const files[] = {"libncursesw.so.6", "libncursesw.so.5", "libncurses.dylib"};
    return cprefs_load_library(files, 3, cncurses_names, cncurses_slots, CNCURSES_SYMBOL_COUNT, message, capacity);
}
