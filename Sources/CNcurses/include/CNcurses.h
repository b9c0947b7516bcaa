// ncursesw, loaded when the editor first opens a terminal (`cncurses_load`), so that every other `prefs` command
// starts without mapping it, and what Swift cannot import from it directly: the wide-character API needs
// NCURSES_WIDECHAR before the header (SwiftPM drops pkg-config's defines), and stdscr, LINES, COLS and several calls
// are macros or mutable globals that strict concurrency rejects. Each wrapper is one line, calling the symbol
// `cncurses_load` resolved through ncurses's own declared type; PrefsNcurses/Ncurses.swift wraps them in Swift.
#ifndef CNCURSES_H
#define CNCURSES_H

#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <wchar.h>
#include <stdio.h>
#include <unistd.h>

#include <CPrefsSystem.h>

// F(return type, name, parameters, arguments): the functions called through `cncurses_<name>`; D(name): the
// variables read through `cncurses_<name>()`.
#define CNCURSES_SYMBOLS(F, D)                                                                                         \
    F(int, cbreak, (void), ())                                                                                         \
    F(int, clearok, (WINDOW * window, bool on), (window, on))                                                          \
    F(int, curs_set, (int visibility), (visibility))                                                                   \
    F(void, delscreen, (SCREEN * screen), (screen))                                                                    \
    F(int, endwin, (void), ())                                                                                         \
    F(int, getmouse, (MEVENT * event), (event))                                                                        \
    F(bool, has_colors, (void), ())                                                                                    \
    F(int, init_pair, (short pair, short foreground, short background), (pair, foreground, background))                \
    F(int, keypad, (WINDOW * window, bool on), (window, on))                                                           \
    F(mmask_t, mousemask, (mmask_t mask, mmask_t * old), (mask, old))                                                  \
    F(SCREEN *, newterm, (const char *type, FILE *out, FILE *in), (type, out, in))                                     \
    F(int, nodelay, (WINDOW * window, bool on), (window, on))                                                          \
    F(int, noecho, (void), ())                                                                                         \
    F(int, resizeterm, (int lines, int columns), (lines, columns))                                                     \
    F(int, nonl, (void), ())                                                                                           \
    F(int, wrefresh, (WINDOW * window), (window))                                                                      \
    F(int, set_escdelay, (int milliseconds), (milliseconds))                                                           \
    F(int, setcchar, (cchar_t * cell, const wchar_t *text, attr_t attributes, short pair, void *options),              \
      (cell, text, attributes, pair, options))                                                                         \
    F(int, start_color, (void), ())                                                                                    \
    F(int, use_default_colors, (void), ())                                                                             \
    F(int, wadd_wch, (WINDOW * window, const cchar_t *cell), (window, cell))                                           \
    F(int, wget_wch, (WINDOW * window, wint_t * value), (window, value))                                               \
    F(int, wmove, (WINDOW * window, int y, int x), (window, y, x))                                                     \
    D(stdscr)                                                                                                          \
    D(curscr)                                                                                                          \
    D(LINES)                                                                                                           \
    D(COLS)

#define CNCURSES_INDEX(type, name, parameters, arguments) CNCURSES_INDEX_##name,
#define CNCURSES_INDEX_DATA(name) CNCURSES_INDEX_##name,
enum { CNCURSES_SYMBOLS(CNCURSES_INDEX, CNCURSES_INDEX_DATA) CNCURSES_SYMBOL_COUNT };
#undef CNCURSES_INDEX
#undef CNCURSES_INDEX_DATA

/// The resolved symbols, by `CNCURSES_INDEX_<name>`; all NULL until `cncurses_load` succeeds.
extern void *cncurses_slots[CNCURSES_SYMBOL_COUNT];

/// Loads ncursesw and resolves every symbol above. Returns 0, or -1 with one line in `message`. Not thread-safe:
/// PrefsNcurses calls it once, from a Swift `static let`.
int cncurses_load(char *message, size_t capacity);

static inline void *cncurses_symbol(int index, const char *name) {
    void *symbol = cncurses_slots[index];
    if (symbol == NULL) cprefs_unloaded_symbol(name);
    return symbol;
}

// Each call goes through ncurses's own declaration of the function (`__typeof__`), so the compiler checks it.
#define CNCURSES_WRAPPER(type, name, parameters, arguments)                                                            \
    static inline type cncurses_##name parameters {                                                                    \
        return ((__typeof__(&name))cncurses_symbol(CNCURSES_INDEX_##name, #name)) arguments;                           \
    }
#define CNCURSES_WRAPPER_DATA(name)                                                                                    \
    static inline __typeof__(name) cncurses_##name(void) {                                                             \
        return *(__typeof__(&name))cncurses_symbol(CNCURSES_INDEX_##name, #name);                                     \
    }
CNCURSES_SYMBOLS(CNCURSES_WRAPPER, CNCURSES_WRAPPER_DATA)
#undef CNCURSES_WRAPPER
#undef CNCURSES_WRAPPER_DATA

static inline int cncurses_lines(void) { return cncurses_LINES(); }
static inline int cncurses_cols(void) { return cncurses_COLS(); }
static inline int cncurses_err(void) { return ERR; }
static inline int cncurses_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cncurses_color_pair(int pair) { return (int)COLOR_PAIR(pair); }
static inline attr_t cncurses_attr_bold(void) { return A_BOLD; }
static inline attr_t cncurses_attr_dim(void) { return A_DIM; }
static inline attr_t cncurses_attr_reverse(void) { return A_REVERSE; }
static inline attr_t cncurses_attr_underline(void) { return A_UNDERLINE; }
static inline mmask_t cncurses_mouse_mask(void) { return BUTTON1_CLICKED | BUTTON4_PRESSED | BUTTON5_PRESSED; }
static inline int cncurses_mouse_is_click(mmask_t state) { return (state & BUTTON1_CLICKED) != 0; }
static inline int cncurses_mouse_wheel(mmask_t state) {
    if (state & BUTTON4_PRESSED) return -1;
    if (state & BUTTON5_PRESSED) return 1;
    return 0;
}
// An X/Open function, which <wchar.h> declares only for programs that ask for X/Open, as a Clang module cannot.
extern int wcwidth(wchar_t character);
static inline int cncurses_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }

/// Draws one grapheme (up to 7 code points, NUL-terminated) with attributes at a position: `mvadd_wch`.
static inline int cncurses_put(int y, int x, const wchar_t *text, attr_t attributes, short pair) {
    cchar_t cell;
    if (cncurses_setcchar(&cell, text, attributes, pair, NULL) == ERR) return ERR;
    WINDOW *screen = cncurses_stdscr();
    if (cncurses_wmove(screen, y, x) == ERR) return ERR;
    return cncurses_wadd_wch(screen, &cell);
}

/// Opens a terminal on two descriptors (duplicated, so the caller keeps its own), as `newterm` does: unlike `initscr`,
/// which prints and exits when the terminal type is unknown, this returns -1 and leaves nothing open.
static inline int cncurses_open_terminal(const char *type, int output, int input, SCREEN **screen, FILE **out,
                                         FILE **in) {
    int outputCopy = dup(output);
    if (outputCopy < 0) return -1;
    int inputCopy = dup(input);
    if (inputCopy < 0) { close(outputCopy); return -1; }
    *out = fdopen(outputCopy, "w");
    if (*out == NULL) { close(outputCopy); close(inputCopy); return -1; }
    *in = fdopen(inputCopy, "r");
    if (*in == NULL) { fclose(*out); close(inputCopy); return -1; }
    *screen = cncurses_newterm(type, *out, *in);
    if (*screen == NULL) { fclose(*out); fclose(*in); return -1; }
    return 0;
}

/// Frees a terminal `cncurses_open_terminal` opened, after `endwin`, and closes its streams.
static inline void cncurses_close_terminal(SCREEN *screen, FILE *out, FILE *in) {
    cncurses_delscreen(screen);
    fclose(out);
    fclose(in);
}

/// Reads one key or character without blocking: returns ERR, OK (a character in *out) or KEY_CODE_YES (a key).
static inline int cncurses_get(unsigned int *out) {
    wint_t value = 0;
    int result = cncurses_wget_wch(cncurses_stdscr(), &value);
    *out = (unsigned int)value;
    return result;
}

#endif
