package io.patchpin.sed;

import java.util.Locale;

/**
 * One sed {@code s} command, split but not yet translated.
 *
 * @param pattern     the pattern as written (BRE or ERE), delimiter escapes resolved
 * @param replacement the replacement as written, delimiter escapes resolved
 * @param nth         numeric flag, 0 when absent
 */
record SedSubstitution(String pattern, String replacement, boolean global, int nth, boolean ignoreCase) {

    /** Parses {@code s<d>pattern<d>replacement<d>flags}; throws with the reason when it is not one plain s command. */
    static SedSubstitution parse(String script) {
        String s = script.strip();
        if (s.length() < 4 || s.charAt(0) != 's') {
            throw reasonFor(s);
        }
        char d = s.charAt(1);
        if (d == '\\' || d == '\n' || Character.isWhitespace(d)) {
            throw new Unconvertible(Reason.UNUSUAL_DELIMITER);
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
                    throw new Unconvertible(Reason.OCCURRENCE_OUT_OF_RANGE, flags.substring(i, j));
                }
                n = Integer.parseInt(flags.substring(i, j));
                i = j - 1;
            } else {
                throw c == ';' || c == '\n'
                        ? new Unconvertible(Reason.SEVERAL_COMMANDS)
                        : new Unconvertible(Reason.FLAG, c);
            }
        }
        if (g && n > 0) {
            throw new Unconvertible(Reason.NTH_AND_GLOBAL);
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
        throw new Unconvertible(Reason.UNTERMINATED);
    }

    private static Unconvertible reasonFor(String s) {
        if (s.endsWith("d") && (s.startsWith("/") || Character.isDigit(s.charAt(0)) || s.startsWith("$"))) {
            return new Unconvertible(Reason.DELETE_COMMAND, s);
        }
        if (s.matches("(?s)^[0-9$/].*\\s*[ia]\\b.*") || s.matches("(?s)^[0-9]+\\s*[ia].*")) {
            return new Unconvertible(Reason.INSERT_AT_ADDRESS);
        }
        return new Unconvertible(Reason.NOT_AN_S_COMMAND, s.length() > 30 ? s.substring(0, 30) + "..." : s);
    }

    /** Why a sed command cannot be turned into an entry; each reads its values, in order, into its words. */
    enum Reason {
        DELETE_COMMAND("delete command (%s)"),
        INSERT_AT_ADDRESS("insert/append at a line address"),
        NOT_AN_S_COMMAND("not an s command (%s)"),
        UNUSUAL_DELIMITER("unusual delimiter"),
        OCCURRENCE_OUT_OF_RANGE("occurrence number %s is out of range"),
        SEVERAL_COMMANDS("several commands in one sed script"),
        FLAG("flag '%s'"),
        NTH_AND_GLOBAL("flags 'Ng' (every match from the Nth on)"),
        UNTERMINATED("unterminated s command"),
        NTH_OF_EACH_LINE("occurrence %s of each line (without -z)"),
        BACK_REFERENCE("back-reference \\%s in a pattern (RE2 has none)"),
        UNTERMINATED_BRACKET("unterminated bracket expression"),
        NO_SUCH_GROUP("\\%s names a group the pattern does not have"),
        CASE_CONVERSION("case conversion \\%s in the replacement"),
        GROUP_WITHOUT_GROUPS("\\%s without groups"),
        NOT_IN_WORKSPACE("'%s' is not in the workspace at the base"
                + " (a checkout of its own? give it a patchset with that checkout as --repo)");

        private final String words;

        Reason(String words) {
            this.words = words;
        }
    }

    /** A sed command that cannot be turned into an entry, and why, as data: its message is rendered from it. */
    static final class Unconvertible extends RuntimeException {
        private static final long serialVersionUID = 1L;

        private final Reason reason;

        Unconvertible(Reason reason, Object... values) {
            super(String.format(Locale.ROOT, reason.words, values), null, false, false);
            this.reason = reason;
        }

        Reason reason() {
            return reason;
        }
    }
}
