// The GLib and GIO functions PrefsGSettings calls, declared here instead of taken from <gio/gio.h>, so that building
// needs no GLib headers and `prefs` loads GIO only when the GSettings store is used (CGio.h). Each entry gives the
// return type, the name, the parameters and the arguments; Verify/Declarations.c checks every entry, and every type
// below, against GLib's own headers, so that a mismatch fails the build in CI instead of a call at run time.
#ifndef CGIO_FUNCTIONS_H
#define CGIO_FUNCTIONS_H

#include <stddef.h>
#include <stdint.h>

// GLib's base types, spelled as glibconfig.h spells them on a 64-bit Linux: the same types, so that a file including
// both headers compiles only if they agree.
typedef char gchar;
typedef unsigned char guchar;
typedef int gint;
typedef gint gboolean;
typedef unsigned int guint;
typedef unsigned long gulong;
typedef double gdouble;
typedef void *gpointer;
typedef const void *gconstpointer;
typedef unsigned char guint8;
typedef signed short gint16;
typedef unsigned short guint16;
typedef signed int gint32;
typedef unsigned int guint32;
typedef signed long gint64;
typedef unsigned long guint64;
typedef unsigned long gsize;
typedef gsize GType;
typedef guint32 GQuark;

// Opaque to Swift, as pointers; only GError's fields are read. Verify/Declarations.c checks its layout against
// GLib's, which it cannot see defined twice.
typedef struct _GError GError;
#ifndef CGIO_VERIFYING
struct _GError {
    GQuark domain;
    gint code;
    gchar *message;
};
#endif
typedef struct _GVariant GVariant;
typedef struct _GVariantType GVariantType;
typedef struct _GVariantBuilder GVariantBuilder;
typedef struct _GMainContext GMainContext;
typedef struct _GSettings GSettings;
typedef struct _GSettingsBackend GSettingsBackend;
typedef struct _GSettingsSchema GSettingsSchema;
typedef struct _GSettingsSchemaKey GSettingsSchemaKey;
typedef struct _GSettingsSchemaSource GSettingsSchemaSource;
typedef struct _GTypeInstance GTypeInstance;
typedef struct _GClosure GClosure;
typedef struct _GCancellable GCancellable;
typedef struct _GQueue GQueue;
// dconf's client library (libdconf), loaded apart from GIO (cgio_load_dconf).
typedef struct _DConfClient DConfClient;
typedef struct _DConfChangeset DConfChangeset;

#ifndef CGIO_VERIFYING
// Enumerations GLib and dconf declare as enum types; here, their values.
typedef unsigned int GLogLevelFlags;
typedef unsigned int GConnectFlags;
typedef unsigned int DConfReadFlags;
#endif
enum {
    CGIO_LOG_LEVEL_CRITICAL = 1 << 3,
    CGIO_LOG_LEVEL_WARNING = 1 << 4,
    CGIO_LOG_LEVEL_MESSAGE = 1 << 5,
    CGIO_DCONF_READ_DEFAULT_VALUE = 1 << 0,
    CGIO_DCONF_READ_USER_VALUE = 1 << 1,
};

typedef void (*GLogFunc)(const gchar *log_domain, GLogLevelFlags log_level, const gchar *message, gpointer user_data);
typedef void (*GCallback)(void);
typedef void (*GClosureNotify)(gpointer data, GClosure *closure);
typedef void (*GDestroyNotify)(gpointer data);

// F(return type, name, parameters, arguments) for functions that return a value; V(name, parameters, arguments) for
// those that return nothing.
// GLib's own functions (libglib-2.0): all a store that only holds GVariants needs, loaded alone by
// `cgio_load_glib`, without GIO and the libraries GIO brings.
#define CGIO_GLIB_FUNCTIONS(F, V)                                                                                      \
    V(g_error_free, (GError * error), (error))                                                                         \
    V(g_free, (gpointer mem), (mem))                                                                                   \
    V(g_strfreev, (gchar * *str_array), (str_array))                                                                   \
    F(gboolean, g_str_equal, (gconstpointer v1, gconstpointer v2), (v1, v2))                                           \
    F(guint, g_log_set_handler,                                                                                        \
      (const gchar *log_domain, GLogLevelFlags log_levels, GLogFunc log_func, gpointer user_data),                     \
      (log_domain, log_levels, log_func, user_data))                                                                   \
    F(gboolean, g_main_context_iteration, (GMainContext * context, gboolean may_block), (context, may_block))          \
    V(g_main_context_wakeup, (GMainContext * context), (context))                                                      \
    V(g_variant_builder_add_value, (GVariantBuilder * builder, GVariant * value), (builder, value))                    \
    F(GVariant *, g_variant_builder_end, (GVariantBuilder * builder), (builder))                                       \
    F(GVariantBuilder *, g_variant_builder_new, (const GVariantType *type), (type))                                    \
    V(g_variant_builder_unref, (GVariantBuilder * builder), (builder))                                                 \
    F(gboolean, g_variant_equal, (gconstpointer one, gconstpointer two), (one, two))                                   \
    F(gboolean, g_variant_get_boolean, (GVariant * value), (value))                                                    \
    F(guint8, g_variant_get_byte, (GVariant * value), (value))                                                         \
    F(gconstpointer, g_variant_get_data, (GVariant * value), (value))                                                  \
    F(GVariant *, g_variant_get_child_value, (GVariant * value, gsize index_), (value, index_))                        \
    F(gdouble, g_variant_get_double, (GVariant * value), (value))                                                      \
    F(gconstpointer, g_variant_get_fixed_array, (GVariant * value, gsize * n_elements, gsize element_size),            \
      (value, n_elements, element_size))                                                                               \
    F(gint16, g_variant_get_int16, (GVariant * value), (value))                                                        \
    F(gint32, g_variant_get_int32, (GVariant * value), (value))                                                        \
    F(gint64, g_variant_get_int64, (GVariant * value), (value))                                                        \
    F(GVariant *, g_variant_get_normal_form, (GVariant * value), (value))                                              \
    F(gsize, g_variant_get_size, (GVariant * value), (value))                                                          \
    F(const gchar *, g_variant_get_string, (GVariant * value, gsize * length), (value, length))                        \
    F(const gchar *, g_variant_get_type_string, (GVariant * value), (value))                                           \
    F(guint16, g_variant_get_uint16, (GVariant * value), (value))                                                      \
    F(guint32, g_variant_get_uint32, (GVariant * value), (value))                                                      \
    F(guint64, g_variant_get_uint64, (GVariant * value), (value))                                                      \
    F(GVariant *, g_variant_get_variant, (GVariant * value), (value))                                                  \
    F(gboolean, g_variant_is_object_path, (const gchar *string), (string))                                             \
    F(gboolean, g_variant_is_of_type, (GVariant * value, const GVariantType *type), (value, type))                     \
    F(gboolean, g_variant_is_signature, (const gchar *string), (string))                                               \
    F(gsize, g_variant_n_children, (GVariant * value), (value))                                                        \
    F(GVariant *, g_variant_new_boolean, (gboolean value), (value))                                                    \
    F(GVariant *, g_variant_new_byte, (guint8 value), (value))                                                         \
    F(GVariant *, g_variant_new_dict_entry, (GVariant * key, GVariant * value), (key, value))                          \
    F(GVariant *, g_variant_new_double, (gdouble value), (value))                                                      \
    F(GVariant *, g_variant_new_from_data,                                                                             \
      (const GVariantType *type, gconstpointer data, gsize size, gboolean trusted, GDestroyNotify notify,              \
       gpointer user_data),                                                                                            \
      (type, data, size, trusted, notify, user_data))                                                                  \
    F(GVariant *, g_variant_new_fixed_array,                                                                           \
      (const GVariantType *element_type, gconstpointer elements, gsize n_elements, gsize element_size),                \
      (element_type, elements, n_elements, element_size))                                                              \
    F(GVariant *, g_variant_new_int16, (gint16 value), (value))                                                        \
    F(GVariant *, g_variant_new_int32, (gint32 value), (value))                                                        \
    F(GVariant *, g_variant_new_int64, (gint64 value), (value))                                                        \
    F(GVariant *, g_variant_new_object_path, (const gchar *object_path), (object_path))                                \
    F(GVariant *, g_variant_new_signature, (const gchar *signature), (signature))                                      \
    F(GVariant *, g_variant_new_string, (const gchar *string), (string))                                               \
    F(GVariant *, g_variant_new_uint16, (guint16 value), (value))                                                      \
    F(GVariant *, g_variant_new_uint32, (guint32 value), (value))                                                      \
    F(GVariant *, g_variant_new_uint64, (guint64 value), (value))                                                      \
    F(GVariant *, g_variant_new_tuple, (GVariant * const *children, gsize n_children), (children, n_children))         \
    F(GVariant *, g_variant_new_variant, (GVariant * value), (value))                                                  \
    F(GVariant *, g_variant_parse,                                                                                     \
      (const GVariantType *type, const gchar *text, const gchar *limit, const gchar **endptr, GError **error),         \
      (type, text, limit, endptr, error))                                                                              \
    F(gchar *, g_variant_print, (GVariant * value, gboolean type_annotate), (value, type_annotate))                    \
    F(GVariant *, g_variant_take_ref, (GVariant * value), (value))                                                     \
    F(GVariant *, g_variant_ref, (GVariant * value), (value))                                                          \
    V(g_variant_unref, (GVariant * value), (value))                                                                    \
    F(gchar *, g_variant_type_dup_string, (const GVariantType *type), (type))                                          \
    F(gboolean, g_variant_type_string_is_valid, (const gchar *type_string), (type_string))

// GObject's and GIO's (libgio-2.0, which brings GObject and GLib), loaded by `cgio_load`.
#define CGIO_FUNCTIONS(F, V)                                                                                           \
    V(g_object_unref, (gpointer object), (object))                                                                     \
    F(const gchar *, g_type_name_from_instance, (GTypeInstance * instance), (instance))                                \
    F(gulong, g_signal_connect_data,                                                                                   \
      (gpointer instance, const gchar *detailed_signal, GCallback c_handler, gpointer data,                            \
       GClosureNotify destroy_data, GConnectFlags connect_flags),                                                      \
      (instance, detailed_signal, c_handler, data, destroy_data, connect_flags))                                       \
    F(GSettingsBackend *, g_settings_backend_get_default, (void), ())                                                  \
    F(GSettings *, g_settings_new_full, (GSettingsSchema * schema, GSettingsBackend * backend, const gchar * path),    \
      (schema, backend, path))                                                                                         \
    V(g_settings_apply, (GSettings * settings), (settings))                                                            \
    V(g_settings_delay, (GSettings * settings), (settings))                                                            \
    F(GVariant *, g_settings_get_default_value, (GSettings * settings, const gchar * key), (settings, key))            \
    F(GVariant *, g_settings_get_user_value, (GSettings * settings, const gchar * key), (settings, key))               \
    F(GVariant *, g_settings_get_value, (GSettings * settings, const gchar * key), (settings, key))                    \
    F(gboolean, g_settings_is_writable, (GSettings * settings, const gchar * name), (settings, name))                  \
    V(g_settings_reset, (GSettings * settings, const gchar * key), (settings, key))                                    \
    F(gboolean, g_settings_set_value, (GSettings * settings, const gchar * key, GVariant * value),                     \
      (settings, key, value))                                                                                          \
    V(g_settings_sync, (void), ())                                                                                     \
    F(GSettingsSchemaKey *, g_settings_schema_get_key, (GSettingsSchema * schema, const gchar * name),                 \
      (schema, name))                                                                                                  \
    F(const gchar *, g_settings_schema_get_id, (GSettingsSchema * schema), (schema))                                   \
    F(const gchar *, g_settings_schema_get_path, (GSettingsSchema * schema), (schema))                                 \
    F(gboolean, g_settings_schema_has_key, (GSettingsSchema * schema, const gchar * name), (schema, name))             \
    F(gchar **, g_settings_schema_list_keys, (GSettingsSchema * schema), (schema))                                     \
    V(g_settings_schema_unref, (GSettingsSchema * schema), (schema))                                                   \
    F(GVariant *, g_settings_schema_key_get_default_value, (GSettingsSchemaKey * key), (key))                          \
    F(const gchar *, g_settings_schema_key_get_description, (GSettingsSchemaKey * key), (key))                         \
    F(const gchar *, g_settings_schema_key_get_name, (GSettingsSchemaKey * key), (key))                                \
    F(GVariant *, g_settings_schema_key_get_range, (GSettingsSchemaKey * key), (key))                                  \
    F(const gchar *, g_settings_schema_key_get_summary, (GSettingsSchemaKey * key), (key))                             \
    F(const GVariantType *, g_settings_schema_key_get_value_type, (GSettingsSchemaKey * key), (key))                   \
    F(gboolean, g_settings_schema_key_range_check, (GSettingsSchemaKey * key, GVariant * value), (key, value))         \
    V(g_settings_schema_key_unref, (GSettingsSchemaKey * key), (key))                                                  \
    F(GSettingsSchemaSource *, g_settings_schema_source_get_default, (void), ())                                       \
    V(g_settings_schema_source_list_schemas,                                                                           \
      (GSettingsSchemaSource * source, gboolean recursive, gchar * **non_relocatable, gchar * **relocatable),          \
      (source, recursive, non_relocatable, relocatable))                                                               \
    F(GSettingsSchema *, g_settings_schema_source_lookup,                                                              \
      (GSettingsSchemaSource * source, const gchar *schema_id, gboolean recursive), (source, schema_id, recursive))    \
    F(GSettingsSchemaSource *, g_settings_schema_source_new_from_directory,                                            \
      (const gchar *directory, GSettingsSchemaSource *parent, gboolean trusted, GError **error),                       \
      (directory, parent, trusted, error))                                                                             \
    V(g_settings_schema_source_unref, (GSettingsSchemaSource * source), (source))

// The functions of dconf's own client library, libdconf, which reads and writes any dconf path (GSettings reaches only
// the paths of installed schemas): the same form as CGIO_FUNCTIONS.
#define CGIO_DCONF_FUNCTIONS(F, V)                                                                                     \
    F(DConfClient *, dconf_client_new, (void), ())                                                                     \
    F(GVariant *, dconf_client_read_full,                                                                              \
      (DConfClient * client, const gchar *key, DConfReadFlags flags, const GQueue *read_through),                     \
      (client, key, flags, read_through))                                                                              \
    F(gchar **, dconf_client_list, (DConfClient * client, const gchar *dir, gint *length), (client, dir, length))      \
    F(gchar **, dconf_client_list_locks, (DConfClient * client, const gchar *dir, gint *length),                       \
      (client, dir, length))                                                                                           \
    F(gboolean, dconf_client_is_writable, (DConfClient * client, const gchar *key), (client, key))                     \
    F(gboolean, dconf_client_change_sync,                                                                              \
      (DConfClient * client, DConfChangeset * changeset, gchar * *tag, GCancellable * cancellable, GError * *error),  \
      (client, changeset, tag, cancellable, error))                                                                    \
    V(dconf_client_watch_sync, (DConfClient * client, const gchar *path), (client, path))                              \
    V(dconf_client_unwatch_sync, (DConfClient * client, const gchar *path), (client, path))                            \
    F(DConfChangeset *, dconf_changeset_new, (void), ())                                                               \
    V(dconf_changeset_set, (DConfChangeset * changeset, const gchar *path, GVariant *value), (changeset, path, value)) \
    V(dconf_changeset_unref, (DConfChangeset * changeset), (changeset))                                                \
    F(gboolean, dconf_is_dir, (const gchar *string, GError **error), (string, error))                                 \
    F(gboolean, dconf_is_key, (const gchar *string, GError **error), (string, error))

#endif
