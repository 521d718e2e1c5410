package io.patchpin.recipe;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The variables a recipe defines that patch names use ({@code ${PN}}, {@code $pkgver}, {@code %{version}}):
 * a name with every variable known is resolved; one left unknown is reported with its line, never guessed.
 */
final class Vars {
    private static final Pattern REF = Pattern.compile(
            "\\$\\{([A-Za-z_][A-Za-z0-9_]*)}|\\$([A-Za-z_][A-Za-z0-9_]*)" + "|%\\{\\??([A-Za-z_][A-Za-z0-9_]*)}");
    private final Map<String, String> values = new TreeMap<>();

    Vars put(String name, String value) {
        values.put(name, value);
        return this;
    }

    /** {@code text} with every variable replaced, or empty when one is unknown. */
    Optional<String> expand(String text) {
        return unknown(text).isEmpty() ? Optional.of(known(text)) : Optional.empty();
    }

    /** The first variable in {@code text} this recipe does not define, for the message; "" when none. */
    String unknown(String text) {
        return REF.matcher(text)
                .results()
                .filter(m -> !values.containsKey(name(m)))
                .map(MatchResult::group)
                .findFirst()
                .orElse("");
    }

    /** {@code text} with the variables this recipe defines replaced, the others left as written. */
    String known(String text) {
        return REF.matcher(text).replaceAll(m -> Matcher.quoteReplacement(values.getOrDefault(name(m), m.group())));
    }

    private static String name(MatchResult m) {
        return m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
    }
}
