// What the tests need from libc that Swift's Glibc module does not export: a pseudo-terminal (posix_openpt and its
// companions are declared only under _XOPEN_SOURCE), and a home of the tests' own (PrivateHome.c).
#ifndef CTESTSUPPORT_H
#define CTESTSUPPORT_H

/// Opens a pseudo-terminal: `*controller` is the side a test reads and types on, `*device` the terminal a program
/// opens, 80 columns by 24 rows. Returns 0, or -1 with errno set and nothing left open.
int cts_open_pseudo_terminal(int *controller, int *device);

/// The home this test process made for itself before any test ran (HOME and the XDG folders point into it), or NULL
/// in a child run of the tests, which keeps its parent's.
const char *cts_private_home(void);

#endif
