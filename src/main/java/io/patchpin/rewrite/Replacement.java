package io.patchpin.rewrite;

import io.patchpin.core.BadInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A replacement template. Literal rewrites take it verbatim. Regex rewrites expand {@code $N} (one digit), {@code ${N}}
 * (any group number) and {@code $$} (a dollar sign); any other '$' is an error, so a typo never silently becomes text.
 */
public record Replacement(List<Object> parts) {
    /** Each part a String literal or an Integer group. */
    public Replacement {
        parts = List.copyOf(parts);
    }

    public static Replacement of(String template, boolean regex, int groupCount) {
        return regex ? parse(template, groupCount) : new Replacement(List.of(template));
    }

    /** Parses a regex replacement template; groups above {@code groupCount} are bad input. */
    public static Replacement parse(String template, int groupCount) {
        List<Object> parts = new ArrayList<>();
        StringBuilder lit = new StringBuilder();
        for (int i = 0; i < template.length(); i++) {
            char c = template.charAt(i);
            if (c != '$') {
                lit.append(c);
                continue;
            }
            Reference ref = reference(template, i)
                    .orElseThrow(() -> bad(template, "'$' must be followed by a digit, {N} or '$'"));
            if (ref.group() < 0) {
                lit.append('$');
            } else {
                if (ref.group() > groupCount) {
                    throw bad(
                            template, "group $" + ref.group() + " but the expression has " + groupCount + " group(s)");
                }
                if (lit.length() > 0) {
                    parts.add(lit.toString());
                    lit.setLength(0);
                }
                parts.add(ref.group());
            }
            i = ref.end() - 1;
        }
        if (lit.length() > 0 || parts.isEmpty()) {
            parts.add(lit.toString());
        }
        return new Replacement(parts);
    }

    /** A {@code $} reference: its group ({@code -1} for {@code $$}) and the index just past it. */
    private record Reference(int group, int end) {}

    /** The reference at {@code i}, empty when the {@code $} starts none. */
    private static Optional<Reference> reference(String t, int i) {
        if (i + 1 >= t.length()) {
            return Optional.empty();
        }
        char n = t.charAt(i + 1);
        if (n == '$') {
            return Optional.of(new Reference(-1, i + 2));
        }
        if (n >= '0' && n <= '9') {
            return Optional.of(new Reference(n - '0', i + 2));
        }
        if (n == '{') {
            int close = t.indexOf('}', i + 2);
            String num = close < 0 ? "" : t.substring(i + 2, close);
            return num.matches("[0-9]{1,3}")
                    ? Optional.of(new Reference(Integer.parseInt(num), close + 1))
                    : Optional.empty();
        }
        return Optional.empty();
    }

    private static BadInputException bad(String template, String why) {
        return new BadInputException(null, 0, "bad replacement '" + template + "': " + why);
    }

    /** Whether the text does not depend on the match (no group references). */
    public boolean isConstant() {
        return parts.stream().allMatch(p -> p instanceof String);
    }

    /** The length of {@link #expand}'s text for one match, computed without building it. */
    public long length(Match m) {
        return parts.stream().mapToLong(p -> part(p, m).length()).sum();
    }

    public String expand(Match m) {
        return parts.stream().map(p -> part(p, m)).collect(Collectors.joining());
    }

    private static String part(Object p, Match m) {
        return p instanceof Integer group ? m.groups().get(group) : (String) p;
    }

    /** The constant text (only when {@link #isConstant()}). */
    public String constantText() {
        return parts.stream().map(String::valueOf).collect(Collectors.joining());
    }
}
