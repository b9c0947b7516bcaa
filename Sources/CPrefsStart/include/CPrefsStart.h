// What the prefs programs do before any Swift code runs. Linked into the executables only: a library must not reopen
// the descriptors of the program that uses it.
#ifndef CPREFS_START_H
#define CPREFS_START_H

/// The standard streams (bit 0 for input, 1 for output, 2 for error) that were closed when the process started; each
/// was given `/dev/null` before the Swift runtime or libdispatch could open anything on its number.
int cprefs_start_closed_streams(void);

#endif
