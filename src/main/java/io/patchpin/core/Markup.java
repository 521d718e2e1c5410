package io.patchpin.core;

/** Text made safe inside HTML or XML: one escaper for the HTML history page and the JUnit report. */
public final class Markup {
    private Markup() {
    }

    /**
     * Escapes the markup characters; other control characters but tab become a space.
     *
     * @param attribute XML attribute text: a newline becomes {@code &#10;} and an apostrophe stays; otherwise
     *                  (HTML text) a newline stays and an apostrophe becomes {@code &#39;}
     */
    public static String escape(String s, boolean attribute) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append(attribute ? "'" : "&#39;");
                case '\n' -> b.append(attribute ? "&#10;" : "\n");
                default -> b.append(c < 0x20 && c != '\t' ? ' ' : c);
            }
        }
        return b.toString();
    }
}
