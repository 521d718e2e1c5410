package io.patchpin.core;

import java.util.function.IntFunction;

/** The one loop behind the markup and TOML escapes: each character replaced by its escape, or kept. */
final class Escaper {
    private Escaper() {}

    /** {@code s} with each character {@code c} replaced by {@code escape.apply(c)}, or kept where that is null. */
    static String replace(String s, IntFunction<String> escape) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            String e = escape.apply(c);
            b.append(e == null ? String.valueOf(c) : e);
        }
        return b.toString();
    }
}
