// Compiled by .ci/run against GLib's own headers, never into a product: every declaration in CGioFunctions.h must name
// the same type GLib gives it, so that a wrong parameter fails CI instead of corrupting a call at run time.
//
//   cc -fsyntax-only -Werror $(pkg-config --cflags gio-2.0 dconf) -I Sources/CGio/include \
//       Sources/CGio/Verify/Declarations.c
#define G_SETTINGS_ENABLE_BACKEND 1
#include <gio/gio.h>
#include <gio/gsettingsbackend.h>
#include <dconf.h>
#include <stddef.h>

#define CGIO_VERIFYING 1
#include "CGioFunctions.h"

#define CGIO_CHECK(type, name, parameters, arguments)                                                                 \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), type(*) parameters), #name " differs from GLib's");
#define CGIO_CHECK_VOID(name, parameters, arguments)                                                                   \
    _Static_assert(__builtin_types_compatible_p(__typeof__(&name), void(*) parameters), #name " differs from GLib's");
CGIO_GLIB_FUNCTIONS(CGIO_CHECK, CGIO_CHECK_VOID)
CGIO_FUNCTIONS(CGIO_CHECK, CGIO_CHECK_VOID)
CGIO_DCONF_FUNCTIONS(CGIO_CHECK, CGIO_CHECK_VOID)

_Static_assert(CGIO_LOG_LEVEL_CRITICAL == G_LOG_LEVEL_CRITICAL, "G_LOG_LEVEL_CRITICAL");
_Static_assert(CGIO_LOG_LEVEL_WARNING == G_LOG_LEVEL_WARNING, "G_LOG_LEVEL_WARNING");
_Static_assert(CGIO_LOG_LEVEL_MESSAGE == G_LOG_LEVEL_MESSAGE, "G_LOG_LEVEL_MESSAGE");
_Static_assert(CGIO_DCONF_READ_DEFAULT_VALUE == DCONF_READ_DEFAULT_VALUE, "DCONF_READ_DEFAULT_VALUE");
_Static_assert(CGIO_DCONF_READ_USER_VALUE == DCONF_READ_USER_VALUE, "DCONF_READ_USER_VALUE");
_Static_assert(sizeof(DConfReadFlags) == sizeof(unsigned int), "DConfReadFlags");
_Static_assert(sizeof(GLogLevelFlags) == sizeof(unsigned int), "GLogLevelFlags");
_Static_assert(sizeof(GConnectFlags) == sizeof(unsigned int), "GConnectFlags");

// CGioFunctions.h's own GError, which this file cannot see: the same fields at the same offsets.
struct cgio_error_layout {
    GQuark domain;
    gint code;
    gchar *message;
};
_Static_assert(sizeof(struct cgio_error_layout) == sizeof(GError), "GError's size");
_Static_assert(offsetof(struct cgio_error_layout, message) == offsetof(GError, message), "GError's message");
_Static_assert(offsetof(struct cgio_error_layout, code) == offsetof(GError, code), "GError's code");
