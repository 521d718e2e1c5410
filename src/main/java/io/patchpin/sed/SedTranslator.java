package io.patchpin.sed;

/**
 * Translates a sed pattern (POSIX BRE as GNU sed reads it, or ERE with -E) and replacement into patchpin's terms: a
 * literal find/replace when the pattern has no special characters, else an RE2 expression and a template ({@code &}
 * becomes {@code ${0}}, {@code \1} becomes {@code ${1}}, {@code \n} a newline, {@code \)} or {@code \$} the plain
 * character).
 */
final class SedTranslator {
    private SedTranslator() {}

    /** A translated pattern: {@code literal} is non-null when the pattern matches only itself. */
    record Pattern(String regex, String literal, int groups) {}

    static Pattern pattern(String p, boolean ere, boolean wholeFile) {
        StringBuilder re = new StringBuilder();
        StringBuilder lit = new StringBuilder();
        boolean literal = true;
        int groups = 0;
        boolean anchored = false; // the previous character was a '^' anchor: in a BRE a '*' after it is a plain star
        for (int i = 0; i < p.length(); i++) {
            char c = p.charAt(i);
            boolean atStart = i == 0 || p.startsWith("\\(", i - 2) && !ere || p.charAt(i - 1) == '(' && ere;
            boolean plainStar = atStart || anchored && !ere;
            anchored = false;
            if (c == '\\' && i + 1 < p.length()) {
                char n = p.charAt(++i);
                String t = escape(n, ere);
                if (t == null) {
                    re.append('\\').append(n);
                    lit.append(n);
                } else if (t.equals("\n")) {
                    re.append("\\n");
                    lit.append('\n');
                } else {
                    literal = false;
                    groups += n == '(' && !ere ? 1 : 0;
                    re.append(t);
                }
            } else if (c == '[') {
                int close = bracketEnd(p, i);
                re.append(bracket(p.substring(i, close + 1), wholeFile));
                literal = false;
                i = close;
            } else if (c == '.' || c == '*' && !plainStar || c == '^' && atStart || c == '$' && atEnd(p, i, ere)) {
                literal = false;
                anchored = c == '^';
                re.append(
                        c == '^'
                                ? (wholeFile ? "\\A" : "^")
                                : c == '$' ? (wholeFile ? "\\z" : "$") : String.valueOf(c));
            } else if (ere && "+?(){}|".indexOf(c) >= 0) {
                literal = false;
                groups += c == '(' ? 1 : 0;
                re.append(c);
            } else {
                re.append(quote(c));
                lit.append(c);
            }
        }
        String regex = (wholeFile ? "(?s)" : "") + re;
        return new Pattern(regex, literal ? lit.toString() : null, groups);
    }

    /** The RE2 for an escaped character, "\n" for a newline, or null when it stands for itself. */
    private static String escape(char n, boolean ere) {
        return switch (n) {
            case 'n' -> "\n";
            case 't' -> "\\t";
            case '<', '>', 'b' -> "\\b";
            case 'w', 'W', 'S' -> "\\" + n;
            case 's' -> "[\\t\\f\\r ]";
            default -> plainEscape(n, ere);
        };
    }

    /** An escaped character without a class or anchor of its own: a literal, or null when it stands for itself. */
    private static String plainEscape(char n, boolean ere) {
        if (!ere && "(){}+?|".indexOf(n) >= 0) {
            return String.valueOf(n);
        }
        if (Character.isDigit(n)) {
            throw new SedSubstitution.Unconvertible(SedSubstitution.Reason.BACK_REFERENCE, n);
        }
        return null;
    }

    private static boolean atEnd(String p, int i, boolean ere) {
        return i == p.length() - 1
                || !ere && p.startsWith("\\)", i + 1)
                || !ere && p.startsWith("\\|", i + 1)
                || ere && (p.charAt(i + 1) == ')' || p.charAt(i + 1) == '|');
    }

    private static int bracketEnd(String p, int open) {
        int i = open + 1;
        if (i < p.length() && p.charAt(i) == '^') {
            i++;
        }
        if (i < p.length() && p.charAt(i) == ']') {
            i++;
        }
        for (; i < p.length(); i++) {
            if (p.startsWith("[:", i)) {
                int close = p.indexOf(":]", i + 2);
                i = close < 0 ? i : close + 1;
            } else if (p.charAt(i) == ']') {
                return i;
            }
        }
        throw new SedSubstitution.Unconvertible(SedSubstitution.Reason.UNTERMINATED_BRACKET);
    }

    /** A POSIX bracket expression for RE2: backslashes are literal, and in line mode a negated set never spans lines. */
    private static String bracket(String b, boolean wholeFile) {
        String body = b.replace("\\", "\\\\");
        if (!wholeFile && body.startsWith("[^")) {
            body = "[^\\n" + body.substring(2);
        }
        return body;
    }

    static String quote(char c) {
        return "\\.+*?()|[]{}^$".indexOf(c) >= 0 ? "\\" + c : String.valueOf(c);
    }

    /** The replacement for a literal rewrite ({@code &} is the literal find). */
    static String literalReplacement(String r, String find) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < r.length(); i++) {
            char c = r.charAt(i);
            if (c == '&') {
                b.append(find);
            } else if (c == '\\' && i + 1 < r.length()) {
                b.append(unescape(r.charAt(++i), -1));
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    /** An RE2 template; sed group k becomes {@code ${k + shift}} and {@code &} group {@code shift}. */
    static String template(String r, int shift, int groups) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < r.length(); i++) {
            char c = r.charAt(i);
            if (c == '&') {
                b.append("${").append(shift).append('}');
            } else if (c == '$') {
                b.append("$$");
            } else if (c == '\\' && i + 1 < r.length()) {
                char n = r.charAt(++i);
                if (Character.isDigit(n)) {
                    if (n - '0' > groups) {
                        throw new SedSubstitution.Unconvertible(SedSubstitution.Reason.NO_SUCH_GROUP, n);
                    }
                    b.append("${").append(n - '0' + shift).append('}');
                } else {
                    String u = unescape(n, groups);
                    b.append(u.equals("$") ? "$$" : u);
                }
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }

    private static String unescape(char n, int groups) {
        return switch (n) {
            case 'n' -> "\n";
            case 't' -> "\t";
            case 'L', 'U', 'l', 'u', 'E' ->
                throw new SedSubstitution.Unconvertible(SedSubstitution.Reason.CASE_CONVERSION, n);
            default -> {
                if (Character.isDigit(n) && groups < 0) {
                    throw new SedSubstitution.Unconvertible(SedSubstitution.Reason.GROUP_WITHOUT_GROUPS, n);
                }
                yield String.valueOf(n);
            }
        };
    }
}
