package io.patchpin.rewrite;

import java.util.List;
import java.util.stream.Collectors;

/** Short, one-line renderings for details: of file text, of line numbers, of counts. */
final class Show {
    static final int MAX = 100;

    private Show() {}

    /** The text without a final "\n". */
    static String chompNewline(String s) {
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }

    /** The text without its last line terminator. */
    static String chomp(String s) {
        String out = chompNewline(s);
        return out.endsWith("\r") ? out.substring(0, out.length() - 1) : out;
    }

    /** The text on one line ("\n" shown as "\\n"), cut to {@value #MAX} characters. */
    static String clip(String s) {
        String one = s.replace("\r", "").replace("\n", "\\n");
        return one.length() <= MAX ? one : one.substring(0, MAX - 3) + "...";
    }

    /** The first five line numbers, comma-separated, with ", ..." when there are more. */
    static String lineNumbers(List<Integer> lines) {
        return lines.stream().limit(5).map(String::valueOf).collect(Collectors.joining(", "))
                + (lines.size() > 5 ? ", ..." : "");
    }

    static String plural(int n, String word) {
        return n + " " + word + (n == 1 ? "" : word.endsWith("ch") ? "es" : "s");
    }
}
