package io.patchpin.recipe;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
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
        Matcher m = REF.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            String v = values.get(name);
            if (v == null) {
                return Optional.empty();
            }
            m.appendReplacement(out, Matcher.quoteReplacement(v));
        }
        m.appendTail(out);
        return Optional.of(out.toString());
    }

    /** The first variable in {@code text} this recipe does not define, for the message. */
    String unknown(String text) {
        Matcher m = REF.matcher(text);
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            if (!values.containsKey(name)) {
                return m.group();
            }
        }
        return "";
    }

    /** {@code text} with the variables this recipe defines replaced, the others left as written. */
    String known(String text) {
        Matcher m = REF.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
            m.appendReplacement(out, Matcher.quoteReplacement(values.getOrDefault(name, m.group())));
        }
        m.appendTail(out);
        return out.toString();
    }
}
