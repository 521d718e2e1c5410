package io.patchpin.core;

import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A name made from free text (a mail subject, a path, a file name) that is safe as a file name and as an entry id:
 * each run of other characters becomes one '-', a name never starts with '-' or '.', and a long one is cut to a
 * width. Its users differ in ways their users see (the file names export writes, the ids capture, add and import
 * give), so the differences are parameters rather than three copies: an exported file keeps case and '_' as
 * {@code git format-patch} names do, ids are lower case; a captured path keeps its end, the file name, when cut,
 * and its dots as they are (ids captured before must stay what they were).
 *
 * @param letters which letters stay
 * @param tidyDots runs of dots become one and a name never ends with a dot ("in-comgr.." must not give
 *     "in-comgr..patch")
 * @param cut which end of a name longer than {@code width} stays
 * @param fallback the name when nothing of the text is left
 */
public record Slug(Letters letters, boolean tidyDots, Cut cut, int width, String fallback) {
    /** Which letters stay; all others become '-'. */
    public enum Letters {
        /** ASCII letters in their case, digits, '.' and '_', as {@code git format-patch} names its files. */
        AS_WRITTEN,
        /** Lower-cased first, then ASCII letters, digits and '.'. */
        LOWER_CASE
    }

    /** Which end of a long name stays. */
    public enum Cut {
        KEEP_START,
        KEEP_END
    }

    /** An exported patch file's name, {@code NNNN-<name>.patch}. */
    public static final Slug PATCH_FILE = new Slug(Letters.AS_WRITTEN, true, Cut.KEEP_START, 52, "patch");

    /** The id capture gives a component or file path; the prefix it goes after stands in for an empty one. */
    public static final Slug CAPTURED_PATH = new Slug(Letters.LOWER_CASE, false, Cut.KEEP_END, 60, "");

    private static final Pattern OTHER_AS_WRITTEN = Pattern.compile("[^A-Za-z0-9._]+");
    private static final Pattern OTHER_LOWER_CASE = Pattern.compile("[^a-z0-9.]+");
    private static final Pattern DOTS = Pattern.compile("\\.{2,}");
    private static final Pattern LEADING = Pattern.compile("^[-.]+");
    private static final Pattern TRAILING = Pattern.compile("[-.]+$");
    private static final Pattern TRAILING_DASHES = Pattern.compile("-+$");

    public Slug {
        Objects.requireNonNull(letters, "letters");
        Objects.requireNonNull(cut, "cut");
        Objects.requireNonNull(fallback, "fallback");
        if (width < 1) {
            throw new IllegalArgumentException("width must be positive: " + width);
        }
    }

    /** An entry id (add, import) of at most {@code width} characters. */
    public static Slug entryId(int width, String fallback) {
        return new Slug(Letters.LOWER_CASE, true, Cut.KEEP_START, width, fallback);
    }

    /** {@code text} as a name of this kind. */
    public String of(String text) {
        String s = letters == Letters.AS_WRITTEN
                ? OTHER_AS_WRITTEN.matcher(text).replaceAll("-")
                : OTHER_LOWER_CASE.matcher(text.toLowerCase(Locale.ROOT)).replaceAll("-");
        if (tidyDots) {
            s = DOTS.matcher(s).replaceAll(".");
        }
        s = trimEnd(LEADING.matcher(s).replaceAll(""));
        if (s.length() > width) {
            s = cut == Cut.KEEP_START
                    ? trimEnd(s.substring(0, width))
                    : LEADING.matcher(s.substring(s.length() - width)).replaceAll("");
        }
        return s.isEmpty() ? fallback : s;
    }

    private String trimEnd(String s) {
        return (tidyDots ? TRAILING : TRAILING_DASHES).matcher(s).replaceAll("");
    }
}
