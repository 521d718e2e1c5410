package io.patchpin.sed;

/**
 * One sed {@code s} command, split but not yet translated.
 *
 * @param pattern     the pattern as written (BRE or ERE), delimiter escapes resolved
 * @param replacement the replacement as written, delimiter escapes resolved
 * @param global      flag g
 * @param nth         numeric flag, 0 when absent
 */
record SedSubstitution(String pattern, String replacement, boolean global, int nth, boolean ignoreCase) {

    /** Parses {@code s<d>pattern<d>replacement<d>flags}; throws with the reason when it is not one plain s command. */
    static SedSubstitution parse(String script) {
        String s = script.strip();
        if (s.length() < 4 || s.charAt(0) != 's') {
            throw new Unconvertible(reasonFor(s));
        }
        char d = s.charAt(1);
        if (d == '\\' || d == '\n' || Character.isWhitespace(d)) {
            throw new Unconvertible("unusual delimiter");
        }
        int[] at = {2};
        String pattern = part(s, d, at);
        String replacement = part(s, d, at);
        String flags = s.substring(at[0]).strip();
        boolean g = false;
        boolean ic = false;
        int n = 0;
        for (int i = 0; i < flags.length(); i++) {
            char c = flags.charAt(i);
            if (c == 'g') {
                g = true;
            } else if (c == 'I' || c == 'i') {
                ic = true;
            } else if (Character.isDigit(c)) {
                int j = i;
                while (j < flags.length() && Character.isDigit(flags.charAt(j))) {
                    j++;
                }
                if (j - i > 9) {
                    throw new Unconvertible("occurrence number " + flags.substring(i, j) + " is out of range");
                }
                n = Integer.parseInt(flags.substring(i, j));
                i = j - 1;
            } else {
                throw new Unconvertible(c == ';' || c == '\n' ? "several commands in one sed script" : "flag '" + c + "'");
            }
        }
        if (g && n > 0) {
            throw new Unconvertible("flags 'Ng' (every match from the Nth on)");
        }
        return new SedSubstitution(pattern, replacement, g, n, ic);
    }

    /** The text up to the next unescaped delimiter; "\d" becomes d, other escapes stay for translation. */
    private static String part(String s, char d, int[] at) {
        StringBuilder b = new StringBuilder();
        int i = at[0];
        for (; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(i + 1);
                if (n == d && "&.*[]^$+?(){}|".indexOf(d) < 0) {
                    b.append(d);
                } else {
                    b.append(c).append(n);
                }
                i++;
            } else if (c == d) {
                at[0] = i + 1;
                return b.toString();
            } else {
                b.append(c);
            }
        }
        throw new Unconvertible("unterminated s command");
    }

    private static String reasonFor(String s) {
        if (s.endsWith("d") && (s.startsWith("/") || Character.isDigit(s.charAt(0)) || s.startsWith("$"))) {
            return "delete command (" + s + ")";
        }
        if (s.matches("(?s)^[0-9$/].*\\s*[ia]\\b.*") || s.matches("(?s)^[0-9]+\\s*[ia].*")) {
            return "insert/append at a line address";
        }
        return "not an s command (" + (s.length() > 30 ? s.substring(0, 30) + "..." : s) + ")";
    }

    /** Why a sed command cannot be turned into an entry. */
    static final class Unconvertible extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unconvertible(String reason) {
            super(reason, null, false, false);
        }
    }
}
