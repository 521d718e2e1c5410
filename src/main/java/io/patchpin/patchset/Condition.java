package io.patchpin.patchset;

import io.patchpin.core.Version;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The versions of its component an entry is for, in Spack's syntax: {@code @5.7} (5.7 and its sub-versions),
 * {@code @6.0:6} (6.0 up to every 6.x), {@code @:5.6}, {@code @6.1:}, several joined by commas. Empty: every
 * version (an unconditional entry).
 *
 * @param text as written in patchset.toml's {@code when}, "" for none
 */
public record Condition(String text) {
    public static final Condition ALWAYS = new Condition("");

    private static final Pattern SPACK_VERSION = Pattern.compile("@([^\\s+~%^=]+)");

    /** One range; a null end is open. */
    private record Range(Version low, Version high) {
        boolean holds(Version v) {
            return (low == null || v.compareTo(low) >= 0)
                    && (high == null || v.compareTo(high) <= 0 || v.startsWith(high));
        }
    }

    public Condition {
        text = text == null ? "" : text.strip();
        ranges(text); // refuses what does not parse
    }

    public boolean always() {
        return text.isEmpty();
    }

    /** Whether {@code v} is in the range; an unconditional entry holds at every version, a known one or not. */
    public boolean holds(Version v) {
        return always() || ranges(text).stream().anyMatch(r -> r.holds(v));
    }

    /**
     * What a Spack {@code when=} asks besides the package's own version (a variant {@code +cuda}, {@code ~x},
     * {@code x=y}, a dependency {@code ^hip}, a compiler {@code %gcc}), which patchpin cannot weigh; empty when
     * it names the version alone.
     */
    public static Optional<String> beyondVersion(String when) {
        String rest =
                SPACK_VERSION.matcher(when.replace("@=", "@")).replaceFirst("").strip();
        return rest.isEmpty() ? Optional.empty() : Optional.of(rest);
    }

    /**
     * The version part of a Spack {@code when=} spec: the {@code @...} of the package itself (before any
     * {@code ^dependency}); empty when it names none ({@code +rocm}, {@code ^hip@6:}).
     */
    public static Optional<Condition> ofSpackWhen(String when) {
        String own = when.contains("^") ? when.substring(0, when.indexOf('^')) : when;
        Matcher m = SPACK_VERSION.matcher(own.replace("@=", "@"));
        return m.find() ? Optional.of(new Condition("@" + m.group(1))) : Optional.empty();
    }

    private static List<Range> ranges(String text) {
        List<Range> out = new ArrayList<>();
        if (text.isEmpty()) {
            return out;
        }
        if (!text.startsWith("@") || text.length() == 1) {
            throw new IllegalArgumentException(
                    "'when' must be a version range as Spack writes it (@5.7, @6.0:6, @:5.6, @6.1:), not '" + text
                            + "'");
        }
        for (String one : text.substring(1).split(",", -1)) {
            String r = one.strip();
            int colon = r.indexOf(':');
            if (r.isEmpty() || colon != r.lastIndexOf(':') || r.equals(":")) {
                throw new IllegalArgumentException("'" + r + "' in 'when' is not a version or a range A:B");
            }
            out.add(
                    colon < 0
                            ? new Range(Version.parse(r, "when"), Version.parse(r, "when"))
                            : new Range(end(r.substring(0, colon)), end(r.substring(colon + 1))));
        }
        return out;
    }

    private static Version end(String s) {
        return s.isBlank() ? null : Version.parse(s.strip(), "when");
    }
}
