package io.patchpin.core;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes TOML in a fixed, human-diffable layout: the caller decides key order,
 * strings use basic escapes (or a multi-line literal when that is exact), no
 * timestamps. Jackson's TOML writer emits dotted keys and inline arrays, which
 * diff badly for patchsets and lockfiles.
 */
public final class TomlWriter {
    private final StringBuilder out = new StringBuilder();

    public TomlWriter comment(String text) {
        for (String line : text.split("\n", -1)) {
            out.append("# ").append(line).append('\n');
        }
        return this;
    }

    public TomlWriter blank() {
        out.append('\n');
        return this;
    }

    public TomlWriter table(String name) {
        out.append("[" + name + "]\n");
        return this;
    }

    public TomlWriter arrayTable(String name) {
        out.append("[[" + name + "]]\n");
        return this;
    }

    public TomlWriter string(String key, String value) {
        return assign(key, quote(value));
    }

    /** Writes nothing for a null or empty value. */
    public TomlWriter optionalString(String key, String value) {
        return value == null || value.isEmpty() ? this : string(key, value);
    }

    public TomlWriter integer(String key, long value) {
        return assign(key, String.valueOf(value));
    }

    public TomlWriter bool(String key, boolean value) {
        return assign(key, String.valueOf(value));
    }

    /** An array on one line when it is short, else one element a line. */
    public TomlWriter strings(String key, List<String> values) {
        List<String> quoted = values.stream().map(TomlWriter::basic).toList();
        boolean tall =
                values.size() > 2 || values.stream().mapToInt(String::length).sum() > 60;
        return assign(
                key,
                tall
                        ? quoted.stream().map(v -> "  " + v + ",\n").collect(Collectors.joining("", "[\n", "]"))
                        : "[" + String.join(", ", quoted) + "]");
    }

    private TomlWriter assign(String key, String value) {
        out.append(key(key) + " = " + value + "\n");
        return this;
    }

    /** Writes each pair of a (sorted) map as {@code key = "value"}. */
    public TomlWriter stringMap(Map<String, String> values) {
        values.forEach(this::string);
        return this;
    }

    @Override
    public String toString() {
        return out.toString();
    }

    /** A bare key when it can be one, else a quoted key. */
    public static String key(String key) {
        return key.matches("[A-Za-z0-9_-]+") ? key : basic(key);
    }

    /** A multi-line literal string for text with newlines when that is exact, else a basic string. */
    public static String quote(String value) {
        if (value.indexOf('\n') >= 0
                && !value.contains("'''")
                && value.chars().allMatch(TomlWriter::literalSafe)
                && !value.endsWith("'")) {
            return "'''\n" + value + "'''";
        }
        return basic(value);
    }

    private static boolean literalSafe(int c) {
        return c == '\n' || c == '\t' || (c >= 0x20 && c != 0x7f);
    }

    public static String basic(String value) {
        return '"'
                + Escaper.replace(value, c -> switch (c) {
                    case '"' -> "\\\"";
                    case '\\' -> "\\\\";
                    case '\n' -> "\\n";
                    case '\t' -> "\\t";
                    case '\r' -> "\\r";
                    case '\b' -> "\\b";
                    case '\f' -> "\\f";
                    default -> c < 0x20 || c == 0x7f ? String.format("\\u%04X", c) : null;
                })
                + '"';
    }
}
