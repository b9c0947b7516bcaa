// GIO, loaded when the GSettings store first needs it (`cgio_load`), or GLib alone for Xfconf (`cgio_load_glib`), and
// called through the same names as GLib's own functions: each wrapper below is a static inline function that calls the
// symbol the loader resolved. GLib's headers are not included; CGioFunctions.h declares what is used.
// PrefsGSettings/GLib and PrefsGLib wrap these in Swift, one thin function per call, and load the library before they
// make any.
#ifndef CGIO_H
#define CGIO_H

#include "CGioFunctions.h"

#include <CPrefsSystem.h>

#define CGIO_INDEX(type, name, parameters, arguments) CGIO_INDEX_##name,
#define CGIO_INDEX_VOID(name, parameters, arguments) CGIO_INDEX_##name,
enum { CGIO_GLIB_FUNCTIONS(CGIO_INDEX, CGIO_INDEX_VOID) CGIO_GLIB_FUNCTION_COUNT };
enum { CGIO_FUNCTIONS(CGIO_INDEX, CGIO_INDEX_VOID) CGIO_FUNCTION_COUNT };
enum { CGIO_DCONF_FUNCTIONS(CGIO_INDEX, CGIO_INDEX_VOID) CGIO_DCONF_FUNCTION_COUNT };
#undef CGIO_INDEX
#undef CGIO_INDEX_VOID

/// The resolved functions of GLib, by `CGIO_INDEX_<name>`; all NULL until `cgio_load_glib` or `cgio_load` succeeds.
extern void *cgio_glib_slots[CGIO_GLIB_FUNCTION_COUNT];
/// The resolved functions of GObject and GIO, by `CGIO_INDEX_<name>`; all NULL until `cgio_load` succeeds.
extern void *cgio_slots[CGIO_FUNCTION_COUNT];
/// The resolved functions of libdconf, by `CGIO_INDEX_<name>`; all NULL until `cgio_load_dconf` succeeds.
extern void *cgio_dconf_slots[CGIO_DCONF_FUNCTION_COUNT];

/// Loads GIO (libgio-2.0, which brings GObject and GLib) and resolves every function of CGIO_GLIB_FUNCTIONS and
/// CGIO_FUNCTIONS. Returns 0, or -1 with one line in `message`; thread-safe, and later calls give the first outcome.
int cgio_load(char *message, size_t capacity);

/// Loads GLib alone (libglib-2.0) and resolves every function of CGIO_GLIB_FUNCTIONS, for a store that only holds
/// GVariants: a millisecond and more less than GIO, whose libraries (GObject, libmount, libselinux…) it never needs.
/// Returns 0, or -1 with one line in `message`; thread-safe, and later calls give the first outcome.
int cgio_load_glib(char *message, size_t capacity);

/// Loads dconf's client library (libdconf.so.1, which needs GIO: load that first) and resolves every function of
/// CGIO_DCONF_FUNCTIONS. Returns 0, or -1 with one line in `message`; thread-safe, and later calls give the first
/// outcome.
int cgio_load_dconf(char *message, size_t capacity);

/// A resolved function of one of the tables, or a stop naming it when its library was never loaded.
static inline void *cgio_resolved(void *const *slots, int index, const char *name) {
    void *function = slots[index];
    if (function == NULL) cprefs_unloaded_symbol(name);
    return function;
}

// One wrapper per function, calling through its table's slot: each table passes its slots to these.
#define CGIO_WRAPPER_IN(slots, type, name, parameters, arguments)                                                      \
    static inline type name parameters {                                                                               \
        return ((type(*) parameters)cgio_resolved(slots, CGIO_INDEX_##name, #name)) arguments;                         \
    }
#define CGIO_WRAPPER_VOID_IN(slots, name, parameters, arguments)                                                       \
    static inline void name parameters {                                                                               \
        ((void(*) parameters)cgio_resolved(slots, CGIO_INDEX_##name, #name)) arguments;                                \
    }
#define CGIO_GLIB_WRAPPER(type, name, parameters, arguments)                                                           \
    CGIO_WRAPPER_IN(cgio_glib_slots, type, name, parameters, arguments)
#define CGIO_GLIB_WRAPPER_VOID(name, parameters, arguments)                                                            \
    CGIO_WRAPPER_VOID_IN(cgio_glib_slots, name, parameters, arguments)
#define CGIO_WRAPPER(type, name, parameters, arguments) CGIO_WRAPPER_IN(cgio_slots, type, name, parameters, arguments)
#define CGIO_WRAPPER_VOID(name, parameters, arguments) CGIO_WRAPPER_VOID_IN(cgio_slots, name, parameters, arguments)
#define CGIO_DCONF_WRAPPER(type, name, parameters, arguments)                                                          \
    CGIO_WRAPPER_IN(cgio_dconf_slots, type, name, parameters, arguments)
#define CGIO_DCONF_WRAPPER_VOID(name, parameters, arguments)                                                           \
    CGIO_WRAPPER_VOID_IN(cgio_dconf_slots, name, parameters, arguments)
CGIO_GLIB_FUNCTIONS(CGIO_GLIB_WRAPPER, CGIO_GLIB_WRAPPER_VOID)
CGIO_FUNCTIONS(CGIO_WRAPPER, CGIO_WRAPPER_VOID)
CGIO_DCONF_FUNCTIONS(CGIO_DCONF_WRAPPER, CGIO_DCONF_WRAPPER_VOID)
#undef CGIO_GLIB_WRAPPER
#undef CGIO_GLIB_WRAPPER_VOID
#undef CGIO_WRAPPER
#undef CGIO_WRAPPER_VOID
#undef CGIO_DCONF_WRAPPER
#undef CGIO_DCONF_WRAPPER_VOID
#undef CGIO_WRAPPER_IN
#undef CGIO_WRAPPER_VOID_IN

// What GLib writes as macros: signal connection, type casts and type names.

/// The callback of a GSettings object's "changed" signal, with the changed key's name.
typedef void (*cgio_changed_callback)(GSettings *settings, const gchar *key, gpointer user_data);

static inline gulong cgio_connect_changed(GSettings *settings, cgio_changed_callback callback, gpointer user_data) {
    return g_signal_connect_data(settings, "changed", (GCallback)callback, user_data, NULL, 0);
}
/// The callback of a dconf client's "changed" signal: the prefix of the changed paths, the changed paths after it
/// (one empty string when the prefix itself is the one key or directory changed), and the writer's tag.
typedef void (*cgio_dconf_changed_callback)(DConfClient *client, const gchar *prefix, const gchar *const *changes,
                                             const gchar *tag, gpointer user_data);

static inline gulong cgio_connect_dconf_changed(DConfClient *client, cgio_dconf_changed_callback callback,
                                                gpointer user_data) {
    return g_signal_connect_data(client, "changed", (GCallback)callback, user_data, NULL, 0);
}
/// `G_VARIANT_TYPE`: a type string is its own GVariantType.
static inline const GVariantType *cgio_variant_type(const gchar *text) { return (const GVariantType *)text; }
static inline const gchar *cgio_backend_type_name(GSettingsBackend *backend) {
    return g_type_name_from_instance((GTypeInstance *)backend);
}

#endif
