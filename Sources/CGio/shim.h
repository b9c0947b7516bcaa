// What Swift cannot import from GIO directly: signal connection and type casts are macros, and a C callback must not
// capture. Each shim is one line; PrefsGSettings/GLib/GIO.swift wraps them.
#ifndef CGIO_SHIM_H
#define CGIO_SHIM_H

#define G_SETTINGS_ENABLE_BACKEND 1
#include <gio/gio.h>
#include <gio/gsettingsbackend.h>

/// The callback of a GSettings object's "changed" signal, with the changed key's name.
typedef void (*cgio_changed_callback)(GSettings *settings, const gchar *key, gpointer user_data);

static inline gulong cgio_connect_changed(GSettings *settings, cgio_changed_callback callback, gpointer user_data) {
    return g_signal_connect(settings, "changed", G_CALLBACK(callback), user_data);
}
static inline const GVariantType *cgio_variant_type(const gchar *text) { return G_VARIANT_TYPE(text); }
static inline gboolean cgio_is_memory_backend(GSettingsBackend *backend) {
    return g_str_equal(G_OBJECT_TYPE_NAME(backend), "GMemorySettingsBackend");
}
static inline const gchar *cgio_backend_type_name(GSettingsBackend *backend) { return G_OBJECT_TYPE_NAME(backend); }

#endif
