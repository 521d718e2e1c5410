package io.patchpin.report;

import io.patchpin.core.Printable;
import java.util.Collections;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * Text from upstream and from patchsets (commit subjects, authors, entry ids, details) in GitHub-flavoured Markdown
 * meant to be pasted into pull requests: it renders as the same visible text and as nothing else.
 *
 * <p>Markdown syntax ({@code * _ ~ ` [ ] | $ \}) is backslash-escaped, {@code < > &} become entities, so no emphasis,
 * strike-through, math, code, link, image, autolink, HTML or entity comes from the text, and a {@code |} does not end a
 * table cell; with {@code [} escaped, {@code ( ) !} make no link or image and stay as they are, so the source reads
 * well too. Line breaks and tabs become spaces, other control and invisible formatting characters are shown as {@code
 * \xNN} (as on the terminal), leading spaces are dropped and a leading {@code -}, {@code +}, {@code =} or {@code 1.} or
 * {@code 1)} is escaped, so the text never starts a block (list, heading, fence, code).
 *
 * <p>GitHub also links text after rendering: {@code @name} and {@code @org/team} mention people, {@code #1}, {@code
 * GH-1} and {@code org/repo#1} reference issues, {@code https://...}, {@code www.} and e-mail addresses become links;
 * backslash escapes do not stop that, as it works on the rendered text. A U+2060 WORD JOINER is put after each {@code
 * @} and {@code #}, after {@code GH-} before a digit, and inside {@code ://} and {@code www.}: it is invisible and
 * keeps the line from breaking there, so the text reads and copies the same, but the patterns GitHub links (a letter or
 * digit right after {@code @} or {@code #}, a scheme followed by {@code //}) no longer match. It is written as the
 * entity {@code &#8288;} so the Markdown source stays printable (the terminal shows invisible characters escaped). A
 * zero-width space would do the same, but it is a line-break opportunity, and GitHub's own guidance for an unlinked
 * {@code @} is a code span, which changes how the text looks.
 */
public final class Markdown {
    private static final String JOINER = "&#8288;";
    private static final Pattern BACKTICKS = Pattern.compile("`+");

    private Markdown() {}

    /** {@code text} as inline Markdown that shows exactly that text, on one line, linking and mentioning nothing. */
    public static String inert(String text) {
        String flat = Printable.of(oneLine(text).stripLeading());
        StringBuilder b = new StringBuilder(flat.length() + 16);
        for (int i = 0; i < flat.length(); i++) {
            char c = flat.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '@', '#' -> b.append(c).append(JOINER);
                case '\\', '`', '*', '_', '~', '[', ']', '|', '$' ->
                    b.append('\\').append(c);
                case ':' -> b.append(c).append(flat.startsWith("//", i + 1) ? JOINER : "");
                case '-' ->
                    b.append(i == 0 ? "\\-" : "-")
                            .append(
                                    i >= 2 && flat.regionMatches(true, i - 2, "GH", 0, 2) && digitAt(flat, i + 1)
                                            ? JOINER
                                            : "");
                case '+', '=' -> b.append(i == 0 ? "\\" : "").append(c);
                case '.', ')' ->
                    b.append(afterLeadingDigits(flat, i) ? "\\" : "").append(c);
                default ->
                    b.append(c)
                            .append(
                                    (c == 'w' || c == 'W') && flat.regionMatches(true, i - 2, "www.", 0, 4)
                                            ? JOINER
                                            : "");
            }
        }
        return b.toString();
    }

    /**
     * {@code text} as a code span, shown literally (ids, paths, hunk headers): GitHub links nothing inside code.
     * The span's backtick run is longer than any inside the text, and a {@code |} is escaped, which GitHub
     * undoes inside table cells (where these spans go).
     */
    public static String code(String text) {
        String flat = Printable.of(oneLine(text)).replace("|", "\\|");
        if (flat.isEmpty()) {
            return "";
        }
        String ticks = "`".repeat(longestBacktickRun(flat) + 1);
        String pad = flat.startsWith("`") || flat.endsWith("`") || flat.isBlank() ? " " : "";
        return ticks + pad + flat + pad + ticks;
    }

    /** A table's header row and its separator, for cells given in Markdown. */
    public static String header(String... names) {
        return row(names) + row(Collections.nCopies(names.length, "---").toArray(String[]::new));
    }

    /** One table row of cells already in Markdown (from {@link #inert}, {@link #code} or patchpin's own words). */
    public static String row(String... cells) {
        return "| " + String.join(" | ", cells) + " |\n";
    }

    private static String oneLine(String text) {
        return text.replace("\r\n", " ").replaceAll("[\r\n\t\u2028\u2029]", " ");
    }

    private static boolean digitAt(String s, int i) {
        return i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9';
    }

    /** Whether {@code s} starts with digits that end at {@code i}: "1." or "1)" there would start a list. */
    private static boolean afterLeadingDigits(String s, int i) {
        return i > 0 && i <= 9 && IntStream.range(0, i).allMatch(k -> digitAt(s, k));
    }

    private static int longestBacktickRun(String s) {
        return BACKTICKS
                .matcher(s)
                .results()
                .mapToInt(r -> r.group().length())
                .max()
                .orElse(0);
    }
}
