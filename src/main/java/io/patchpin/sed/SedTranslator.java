package io.patchpin.sed;

import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Occurrence;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.rewrite.DecodedText;
import io.patchpin.rewrite.Finder;
import io.patchpin.rewrite.LineIndex;
import io.patchpin.rewrite.Match;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Translates a sed pattern (POSIX BRE as GNU sed reads it, or ERE with -E) and replacement into patchpin's terms: a
 * literal find/replace when the pattern has no special characters, else an RE2 expression and a template ({@code &}
 * becomes {@code ${0}}, {@code \1} becomes {@code ${1}}, {@code \n} a newline, {@code \)} or {@code \$} the plain
 * character); and a whole substitution into a rewrite entry ({@link #entry}).
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

    /**
     * Maps one sed substitution on one file to a rewrite entry with the same effect on the file at the base
     * ({@code base}: null when its objects are not here).
     * <ul>
     * <li>{@code g}: every match ({@code occurrence = "all"}).</li>
     * <li>{@code -z} (whole file is one line): no flag = the 1st match in the file, {@code N} = the Nth match in
     * the file.</li>
     * <li>no flag, line mode (first match per line): when no line holds two matches at the base this is {@code all},
     * which edits the same places; a later second match on a line then changes the match count and verify says
     * AMBIGUOUS instead of silently diverging. Otherwise the regex {@code ^(.*?)(PATTERN)} with replacement
     * {@code ${1}...}, which edits exactly the first match of each line.</li>
     * <li>{@code N} without {@code -z} (Nth match per line) and {@code Ng} are not converted.</li>
     * </ul>
     */
    static RewriteEntry entry(
            String id,
            String component,
            String file,
            SedSubstitution s,
            boolean wholeFile,
            boolean ere,
            byte[] base,
            long regexWork,
            String why) {
        Pattern p = pattern(s.pattern(), ere, wholeFile);
        String regex = s.ignoreCase() ? "(?i)" + p.regex() : p.regex();
        String literal = s.ignoreCase() ? null : p.literal();
        Entry.Common common = Entry.Common.of(id, component, why, List.of());
        Occurrence occ;
        if (s.global()) {
            occ = Occurrence.ALL;
        } else if (wholeFile) {
            occ = new Occurrence(Math.max(1, s.nth()));
        } else if (s.nth() > 1) {
            throw new SedSubstitution.Unconvertible(SedSubstitution.Reason.NTH_OF_EACH_LINE, s.nth());
        } else if (base != null
                && atMostOnePerLine(base, literal != null ? Finder.literal(literal) : Finder.regex(regex, regexWork))) {
            occ = Occurrence.ALL;
        } else {
            String find = "^(.*?)(" + (literal != null ? quoteAll(literal) : regex) + ")";
            String replace = "${1}" + template(s.replacement(), 2, p.groups());
            return new RewriteEntry(common, file, find, replace, true, Occurrence.ALL, Optional.empty());
        }
        String replace = literal != null
                ? literalReplacement(s.replacement(), literal)
                : template(s.replacement(), 0, p.groups());
        String find = literal != null ? literal : regex;
        return new RewriteEntry(common, file, find, replace, literal == null, occ, Optional.empty());
    }

    private static boolean atMostOnePerLine(byte[] base, Finder f) {
        DecodedText t = DecodedText.decode(base);
        LineIndex lines = new LineIndex(t.value());
        List<Match> matches = f.locate(t.value());
        return matches.stream().map(m -> lines.lineOf(m.start())).distinct().count() == matches.size();
    }

    private static String quoteAll(String literal) {
        return literal.chars()
                .mapToObj(c -> c == '\n' ? "\\n" : quote((char) c))
                .collect(Collectors.joining());
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
