package io.patchpin.core;

import java.util.Locale;

/**
 * Text from patchsets, patches and {@code .gitmodules} shown on a terminal:
 * control characters (an id holding {@code ESC ] 0 ;} retitles the terminal,
 * {@code ESC [ 2 J} clears it) are shown escaped, never sent raw.
 */
public final class Printable {
    private Printable() {}

    /** {@code s} with every control or invisible formatting character written as {@code \xNN} or {@code \x{N}}. */
    public static String of(String s) {
        if (s == null || s.codePoints().noneMatch(Printable::unsafe)) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length() + 8);
        s.codePoints().forEach(cp -> {
            if (!unsafe(cp)) {
                b.appendCodePoint(cp);
            } else if (cp < 0x100) {
                b.append(String.format(Locale.ROOT, "\\x%02x", cp));
            } else {
                b.append(String.format(Locale.ROOT, "\\x{%x}", cp));
            }
        });
        return b.toString();
    }

    /** True when {@code s} holds a character {@link #of} would escape. */
    public static boolean hasControl(String s) {
        return s != null && s.codePoints().anyMatch(Printable::unsafe);
    }

    private static boolean unsafe(int cp) {
        int type = Character.getType(cp);
        return type == Character.CONTROL
                || type == Character.FORMAT
                || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR
                || type == Character.SURROGATE;
    }
}
