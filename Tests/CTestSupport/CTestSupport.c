#define _XOPEN_SOURCE 700
#define _DEFAULT_SOURCE
#include "CTestSupport.h"
#include <fcntl.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

int cts_open_pseudo_terminal(int *controller, int *device) {
    int primary = posix_openpt(O_RDWR | O_NOCTTY);
    if (primary < 0) return -1;
    if (grantpt(primary) != 0 || unlockpt(primary) != 0) { close(primary); return -1; }
    const char *name = ptsname(primary);
    int secondary = name ? open(name, O_RDWR | O_NOCTTY) : -1;
    if (secondary < 0) { close(primary); return -1; }
    struct winsize size = {.ws_row = 24, .ws_col = 80};
    ioctl(secondary, TIOCSWINSZ, &size);
    *controller = primary;
    *device = secondary;
    return 0;
}
