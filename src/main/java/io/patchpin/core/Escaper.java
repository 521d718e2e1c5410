package io.patchpin.core;

import java.util.Objects;
import java.util.function.IntFunction;
import java.util.stream.Collectors;

/** The one loop behind the markup and TOML escapes: each character replaced by its escape, or kept. */
final class Escaper {
    private Escaper() {}

    /** {@code s} with each character {@code c} replaced by {@code escape.apply(c)}, or kept where that is null. */
    static String replace(String s, IntFunction<String> escape) {
        return s.chars()
                .mapToObj(c -> Objects.requireNonNullElse(escape.apply(c), String.valueOf((char) c)))
                .collect(Collectors.joining());
    }
}
