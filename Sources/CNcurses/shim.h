// What Swift cannot import from ncursesw directly: the wide-character API needs NCURSES_WIDECHAR defined before the
// header (SwiftPM drops pkg-config's defines), and stdscr, LINES, COLS and several calls are macros or mutable
// globals that strict concurrency rejects. Each shim is one line; PrefsNcurses/Ncurses.swift wraps them.
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <wchar.h>
#include <stdio.h>
#include <unistd.h>

static inline WINDOW *cncurses_stdscr(void) { return stdscr; }
static inline int cncurses_lines(void) { return LINES; }
static inline int cncurses_cols(void) { return COLS; }
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
static inline int cncurses_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }

/// Draws one grapheme (up to 7 code points, NUL-terminated) with attributes at a position.
static inline int cncurses_put(int y, int x, const wchar_t *text, attr_t attributes, short pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attributes, pair, NULL) == ERR) return ERR;
    return mvadd_wch(y, x, &cell);
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
    *screen = newterm(type, *out, *in);
    if (*screen == NULL) { fclose(*out); fclose(*in); return -1; }
    return 0;
}

/// Frees a terminal `cncurses_open_terminal` opened, after `endwin`, and closes its streams.
static inline void cncurses_close_terminal(SCREEN *screen, FILE *out, FILE *in) {
    delscreen(screen);
    fclose(out);
    fclose(in);
}

/// Reads one key or character without blocking: returns ERR, OK (a character in *out) or KEY_CODE_YES (a key).
static inline int cncurses_get(unsigned int *out) {
    wint_t value = 0;
    int result = get_wch(&value);
    *out = (unsigned int)value;
    return result;
}
#endif
