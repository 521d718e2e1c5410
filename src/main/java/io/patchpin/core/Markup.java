package io.patchpin.core;

/** Text made safe inside HTML or XML: one escaper for the HTML history page and the JUnit report. */
public final class Markup {
    private Markup() {}

    /**
     * Escapes the markup characters; other control characters but tab become a space.
     *
     * @param attribute XML attribute text: a newline becomes {@code &#10;} and an apostrophe stays; otherwise
     *                  (HTML text) a newline stays and an apostrophe becomes {@code &#39;}
     */
    public static String escape(String s, boolean attribute) {
        return Escaper.replace(s, c -> switch (c) {
            case '&' -> "&amp;";
            case '<' -> "&lt;";
            case '>' -> "&gt;";
            case '"' -> "&quot;";
            case '\'' -> attribute ? "'" : "&#39;";
            case '\n' -> attribute ? "&#10;" : "\n";
            default -> c < 0x20 && c != '\t' ? " " : null;
        });
    }
}
