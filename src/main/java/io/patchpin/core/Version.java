package io.patchpin.core;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A component's version as Spack orders them: dot-separated parts, numbers compared as numbers, a word part
 * ({@code develop}) after every number, a shorter version before a longer one it starts ({@code 6.0 < 6.0.0}).
 *
 * @param parts the parts, e.g. {@code [6, 2, 2]}
 * @param from  where it was read, for messages: {@code tag rocm-6.2.2}, {@code --version}
 */
public record Version(List<String> parts, String from) implements Comparable<Version> {
    private static final Pattern PARTS = Pattern.compile("[A-Za-z0-9]+(\\.[A-Za-z0-9]+)*");

    public Version {
        parts = List.copyOf(parts);
        if (parts.isEmpty()) {
            throw new IllegalArgumentException("a version has at least one part");
        }
    }

    /** {@code text} as a version; IllegalArgumentException when it is not one ({@code 6.2.2}, {@code develop}). */
    public static Version parse(String text, String from) {
        if (!PARTS.matcher(text).matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a version (dot-separated numbers or words)");
        }
        return new Version(List.of(text.split("\\.")), from);
    }

    /** Whether this version is {@code prefix} or one of its sub-versions ({@code 6.2.2} starts with {@code 6.2}). */
    public boolean startsWith(Version prefix) {
        return parts.size() >= prefix.parts.size()
                && parts.subList(0, prefix.parts.size()).equals(prefix.parts);
    }

    @Override
    public int compareTo(Version o) {
        for (int i = 0; i < Math.min(parts.size(), o.parts.size()); i++) {
            int c = comparePart(parts.get(i), o.parts.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(parts.size(), o.parts.size());
    }

    private static int comparePart(String a, String b) {
        boolean na = a.chars().allMatch(Character::isDigit);
        boolean nb = b.chars().allMatch(Character::isDigit);
        if (na && nb) {
            String x = a.replaceFirst("^0+(?=.)", "");
            String y = b.replaceFirst("^0+(?=.)", "");
            return x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
        }
        return na ? -1 : nb ? 1 : a.compareTo(b);
    }

    /** {@code 6.2.2 (tag rocm-6.2.2)}. */
    public String describe() {
        return text() + " (" + from + ")";
    }

    public String text() {
        return String.join(".", parts);
    }
}
