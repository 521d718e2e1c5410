package io.patchpin.core;

import java.util.Locale;
import java.util.stream.Collectors;

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
        return s.codePoints()
                .mapToObj(cp -> !unsafe(cp)
                        ? Character.toString(cp)
                        : String.format(Locale.ROOT, cp < 0x100 ? "\\x%02x" : "\\x{%x}", cp))
                .collect(Collectors.joining());
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
