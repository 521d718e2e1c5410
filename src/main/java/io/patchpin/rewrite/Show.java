package io.patchpin.rewrite;

/** Short, one-line renderings of file text for details. */
final class Show {
    static final int MAX = 100;

    private Show() {}

    /** The text without its last line terminator. */
    static String chomp(String s) {
        String out = s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
        return out.endsWith("\r") ? out.substring(0, out.length() - 1) : out;
    }

    /** The text on one line ("\n" shown as "\\n"), cut to {@value #MAX} characters. */
    static String clip(String s) {
        String one = s.replace("\r", "").replace("\n", "\\n");
        return one.length() <= MAX ? one : one.substring(0, MAX - 3) + "...";
    }
}
